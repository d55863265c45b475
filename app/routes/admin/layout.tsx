import listIcon from 'bootstrap-icons/icons/list.svg?raw';
import { useEffect, useRef, useState } from 'react';
import { Outlet, redirect, useNavigate, type ShouldRevalidateFunctionArgs } from 'react-router';
import { loadAccount, useCan } from '#app/features/admin/account.ts';
import { AdminLoading } from '#app/features/admin/AdminLoading.tsx';
import { capabilityOf, firstScreenFor } from '#app/features/admin/nav.ts';
import { SetupNotices } from '#app/features/admin/SetupNotices.tsx';
import { MailTroubleNotice } from '#app/features/admin/MailTroubleNotice.tsx';
import { RequirementBanner } from '#app/features/admin/security/RequirementBanner.tsx';
import { loadRequirement, SECURITY_PATH } from '#app/features/admin/security/requirement.ts';
import { Sidebar } from '#app/features/admin/Sidebar.tsx';
import { ReauthDialog } from '#app/features/auth/ReauthDialog.tsx';
import { ReLoginDialog } from '#app/features/auth/ReLoginDialog.tsx';
import { STAYED_EVENT, UnsavedChangesGuard, useUnsavedChangesGuard } from '#app/features/unsaved/unsaved-changes.tsx';
import { logout as logoutCall } from '#shared/api/auth.ts';
import { call } from '#app/lib/api-client.ts';
import { clearSession, isLoggedIn, storedUser } from '#app/lib/session.ts';
import { can } from '#shared/roles.ts';
import type { Route } from './+types/layout';
import '#app/styles/admin.scss';

export const meta = () => [{ title: 'Admin' }, { name: 'robots', content: 'noindex' }];

/** docs/product.md#layout-and-sidebar: without the stored logged-in flag every admin page goes to `/`. The server checks the token. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  if (!isLoggedIn()) throw redirect('/');
  // The role decides which screens the person may open (docs/product.md#team-and-roles): one that is not
  // theirs goes to the first one that is, as the sidebar lists them.
  const [account, requirement] = await Promise.all([loadAccount(), loadRequirement()]);
  const pathname = new URL(request.url).pathname.replace(/\/+$/, '');
  // Past the grace period of the Owner's two-factor rule, only the set-up is open (docs/product.md#two-factor-sign-in).
  if (requirement?.blocked && pathname !== SECURITY_PATH) throw redirect(SECURITY_PATH);
  if (account && !can(account, capabilityOf(pathname))) throw redirect(firstScreenFor(account));
  return { user: storedUser(), account, requirement };
}
clientLoader.hydrate = true as const;

/** Every move to another screen checks it against the role again (the account itself stays in memory). */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;
}

export function HydrateFallback() {
  return <AdminLoading />;
}

const isLarge = () => window.matchMedia('(min-width: 992px)').matches;

export default function AdminLayout() {
  return (
    <UnsavedChangesGuard>
      <AdminShell />
    </UnsavedChangesGuard>
  );
}

function AdminShell() {
  const navigate = useNavigate();
  const guard = useUnsavedChangesGuard();
  const [collapsed, setCollapsed] = useState(false);
  const [open, setOpen] = useState(false);
  // The notices are about the site's configuration: only for those who may change its settings.
  const mayConfigure = useCan('settings');
  const mayLookAfterMail = useCan('mail');

  // The toggle collapses the sidebar on large screens and shows or hides it on small ones (docs/product.md#layout-and-sidebar).
  const toggle = () => (isLarge() ? setCollapsed((c) => !c) : setOpen((o) => !o));

  // The session ends here at once (docs/product.md#layout-and-sidebar): the revoke request has already read the token and is on
  // its way when the stored session is cleared, so a slow or failed server answer changes nothing here.
  const endSession = () => {
    void call(logoutCall, { endSessionOn401: false, keepalive: true }).catch(() => undefined);
    clearSession();
  };
  // With unsaved edits on screen, logging out asks first (app/features/unsaved/unsaved-changes.tsx): the
  // session then ends as the admin layout goes, and not at all if the administrator stays to save them.
  const loggingOut = useRef(false);
  useEffect(
    () => () => {
      if (loggingOut.current) endSession();
    },
    [],
  );
  useEffect(() => {
    const stayed = () => {
      loggingOut.current = false;
    };
    window.addEventListener(STAYED_EVENT, stayed);
    return () => window.removeEventListener(STAYED_EVENT, stayed);
  }, []);
  const logout = () => {
    if (guard.hasUnsavedChanges()) loggingOut.current = true;
    else endSession();
    void navigate('/');
  };

  return (
    <div className={`admin-shell${collapsed ? ' sidebar-collapsed' : ''}`}>
      <Sidebar collapsed={collapsed} open={open} onNavigate={() => setOpen(false)} />
      {open ? (
        <button type="button" className="admin-backdrop" aria-label="Close menu" onClick={() => setOpen(false)} />
      ) : null}
      <div className="admin-main">
        <header className="admin-topbar">
          <button
            type="button"
            className="btn btn-light admin-toggle"
            aria-label="Toggle sidebar"
            aria-controls="admin-sidebar"
            onClick={toggle}
          >
            <span aria-hidden="true" dangerouslySetInnerHTML={{ __html: listIcon }} />
          </button>
          <button type="button" className="btn btn-outline-danger" onClick={logout}>
            Logout
          </button>
        </header>
        {mayConfigure ? <SetupNotices /> : null}
        {mayLookAfterMail ? <MailTroubleNotice /> : null}
        <RequirementBanner />
        <main className="admin-content">
          <Outlet />
          <ReLoginDialog />
          <ReauthDialog />
        </main>
      </div>
    </div>
  );
}
