import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { HEADER_SCROLL_THRESHOLD_PX } from '#shared/messages.ts';
import { NAV_ITEMS, sectionUrl } from '#shared/paths.ts';
import type { SiteContent } from '#shared/schemas/content.ts';
import { scrollToSection } from '#app/lib/scroll.ts';
import { SearchBox } from '#app/features/blog/SearchBox.tsx';
import type { PublicNavItem } from '#shared/navigation.ts';
import { NavigationMenu } from './NavigationMenu';
import { useScriptless } from '#app/ssr/scriptless.ts';
import { SocialLinks } from './SocialLinks';

/** Transparent over the landing or About banner until scrolled, or solid from the start. */
export type HeaderVariant = 'landing' | 'about' | 'solid';

/** How far the page must scroll before the header turns black (docs/product.md#header-and-footer, docs/product.md#timings-and-constants). */
const threshold = (variant: HeaderVariant) =>
  variant === 'about' ? window.innerHeight / 2 - 100 : HEADER_SCROLL_THRESHOLD_PX;

export function Header({
  variant,
  social,
  siteName,
  navItems = NAV_ITEMS,
  menu,
  logo,
}: {
  variant: HeaderVariant;
  social: SiteContent['social'];
  siteName: string;
  /** The menu: the spec's, or the landing layout's (shared/landing-layout.ts). */
  navItems?: typeof NAV_ITEMS;
  /** The menu saved on Settings → Navigation, resolved; instead of `navItems` when given. */
  menu?: PublicNavItem[];
  /** The spec's /logo.svg, or the one of Site identity. */
  logo: string;
}) {
  const navigate = useNavigate();
  const scriptless = useScriptless();
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > threshold(variant));
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [variant]);

  const onSection = (event: React.MouseEvent, section: string) => {
    event.preventDefault();
    setMenuOpen(false);
    // On the landing page the section is here: scroll to it. Elsewhere go to the landing page with ?section.
    if (variant === 'solid' || !scrollToSection(section)) navigate(sectionUrl(section as never));
  };

  const solid = variant === 'solid' || scrolled || menuOpen;
  return (
    <header className={`site-header fixed-top${solid ? ' is-solid' : ''}`} data-testid="site-header">
      <nav className="navbar navbar-expand-xl navbar-dark container-fluid px-3 px-lg-4" aria-label="Main">
        <Link
          to="/"
          className={`navbar-brand d-flex align-items-center gap-2${logo === '/logo.svg' ? '' : ' has-site-logo'}`}
          onClick={() => setMenuOpen(false)}
        >
          {logo === '/logo.svg' ? (
            <img src="/logo.svg" alt="" width="36" height="36" />
          ) : (
            <img src={logo} alt="" height="36" className="site-logo" />
          )}
          <span>{siteName}</span>
        </Link>
        {scriptless ? (
          // A page sent without scripts (app/ssr/scriptless.ts): a checkbox opens the phone's menu by CSS
          // (.menu-toggle-input in app/styles/_layout.scss), its toggler drawn by the label.
          <>
            <input
              type="checkbox"
              id="main-menu-toggle"
              className="menu-toggle-input"
              aria-controls="main-menu"
              aria-label="Toggle navigation"
            />
            <label htmlFor="main-menu-toggle" className="navbar-toggler" aria-hidden="true">
              <span className="navbar-toggler-icon" />
            </label>
          </>
        ) : (
          <button
            type="button"
            className="navbar-toggler"
            aria-controls="main-menu"
            aria-expanded={menuOpen}
            aria-label="Toggle navigation"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span className="navbar-toggler-icon" />
          </button>
        )}
        <div id="main-menu" className={`collapse navbar-collapse${menuOpen ? ' show' : ''}`}>
          {menu ? (
            <NavigationMenu items={menu} onFollow={() => setMenuOpen(false)} />
          ) : (
            <ul className="navbar-nav ms-auto">
              {navItems.map((item) => (
                <li className="nav-item" key={item.label}>
                  {item.section ? (
                    <a
                      className="nav-link"
                      href={sectionUrl(item.section)}
                      onClick={(e) => onSection(e, item.section!)}
                    >
                      {item.label}
                    </a>
                  ) : (
                    <Link className="nav-link" to={item.to!} onClick={() => setMenuOpen(false)}>
                      {item.label}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          )}
          {/* Small screens: the blog's search in the open menu, beside Blogs (the sidebar is far below there). */}
          <SearchBox id="header-search" className="d-xl-none my-2" onSearch={() => setMenuOpen(false)} />
          <SocialLinks social={social} />
        </div>
      </nav>
    </header>
  );
}
