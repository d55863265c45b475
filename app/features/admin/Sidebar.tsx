import { NavLink } from 'react-router';
import { TEAM_UI_MESSAGES } from '#shared/messages.ts';
import { useAccount } from './account';
import { usePendingReviews } from './pending-reviews';
import { ADMIN_NAV, navFor } from './nav';

/**
 * docs/product.md#layout-and-sidebar, docs/product.md#timings-and-constants: 250 px wide, 80 px collapsed (icons only) from the lg breakpoint up; below it the sidebar
 * is hidden and the toggle slides it in over the page. Widths and the 300 ms transition live in admin.scss.
 */
export function Sidebar({
  collapsed,
  open,
  onNavigate,
}: {
  collapsed: boolean;
  open: boolean;
  onNavigate: () => void;
}) {
  // Only the screens the person's role allows (docs/product.md#team-and-roles). With the account unknown (a
  // session the server has ended) every entry shows, as before roles: the first request says the session is over.
  const account = useAccount();
  const items = account ? navFor(account) : ADMIN_NAV;
  const pending = usePendingReviews();
  return (
    <aside
      id="admin-sidebar"
      className={`admin-sidebar${collapsed ? ' is-collapsed' : ''}${open ? ' is-open' : ''}`}
      aria-label="Admin sections"
      data-testid="admin-sidebar"
    >
      <div className="admin-sidebar-brand">
        <img src="/logo.svg" alt="" width="32" height="32" />
        <span className="admin-sidebar-label">Admin</span>
      </div>
      <nav>
        <ul className="list-unstyled mb-0">
          {items.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.to === '/admin/blogs' ? false : true}
                className="admin-nav-link"
                title={item.label}
                onClick={onNavigate}
              >
                <span className="admin-nav-icon" aria-hidden="true" dangerouslySetInnerHTML={{ __html: item.icon }} />
                <span className="admin-sidebar-label">{item.label}</span>
                {item.to === '/admin/blogs' && pending > 0 ? (
                  <span
                    className="badge rounded-pill text-bg-warning admin-nav-badge"
                    title={TEAM_UI_MESSAGES.pendingBadge(pending)}
                  >
                    {pending}
                  </span>
                ) : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
