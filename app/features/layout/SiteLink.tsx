import { Link, useLocation, useNavigate } from 'react-router';
import type { PublicLink } from '#shared/navigation.ts';
import { sectionUrl } from '#shared/paths.ts';
import { scrollToSection } from '#app/lib/scroll.ts';

/**
 * One link of the saved navigation (docs/product.md#navigation): a landing section's keeps the spec's
 * behaviour (on the landing page it scrolls, elsewhere it goes to `/?section=`), an address of the site is
 * a client-side link, an external address a plain one. Every one is a real `href`, so it works without
 * JavaScript.
 */
export function SiteLink({
  link,
  className,
  onFollow,
  role,
}: {
  link: PublicLink;
  className: string;
  /** Called when the link is followed (closes the menus). */
  onFollow?: () => void;
  role?: 'menuitem';
}) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  if (link.section) {
    const section = link.section;
    return (
      <a
        className={className}
        role={role}
        href={sectionUrl(section)}
        onClick={(event) => {
          event.preventDefault();
          onFollow?.();
          if (pathname !== '/' || !scrollToSection(section)) navigate(sectionUrl(section));
        }}
      >
        {link.label}
      </a>
    );
  }
  if (link.external) {
    return (
      <a className={className} role={role} href={link.href} rel="noopener" onClick={onFollow}>
        {link.label}
      </a>
    );
  }
  return (
    <Link className={className} role={role} to={link.href} onClick={onFollow}>
      {link.label}
    </Link>
  );
}
