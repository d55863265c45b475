import { Outlet, useLocation } from 'react-router';
import { Footer } from '#app/features/layout/Footer.tsx';
import { Header, type HeaderVariant } from '#app/features/layout/Header.tsx';
import { accentCss, logoSrc } from '#app/features/layout/identity.ts';
import { MediaBaseContext } from '#app/lib/media.ts';
import { revalidateOnlyAfterForms } from '#app/lib/revalidate.ts';
import type { Route } from './+types/layout';

/**
 * Only what the layout itself renders: the header's social links and the site's name and addresses. Each
 * page's loader brings its own sections, and the footer's texts load when their modal opens, so a page's
 * hydration data carries what the page shows and nothing else (docs/decisions/0014-first-paint.md).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { social } = await context.services.content.getContent();
  return { social, site: context.site };
}

/** The social links and site details rarely change: moving between public pages does not refetch them. */
export const shouldRevalidate = revalidateOnlyAfterForms;

/**
 * The header is transparent over the dark banners of the landing and About pages; every other page
 * (blog, 404, subscription results) has a white top, so its header is solid from the start.
 */
function variantFor(pathname: string): HeaderVariant {
  if (pathname === '/') return 'landing';
  if (pathname === '/about-us') return 'about';
  return 'solid';
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  const { social, site } = loaderData;
  const { pathname } = useLocation();
  return (
    <MediaBaseContext.Provider value={site.mediaUrl}>
      <div className="public-page">
        {/* The accent colour of Site identity: inline, so it costs no request (absent until one is set). */}
        {site.look?.accent ? <style>{accentCss(site.look.accent)}</style> : null}
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <Header
          variant={variantFor(pathname)}
          social={social}
          siteName={site.siteName}
          logo={logoSrc(site.look, site.mediaUrl)}
        />
        <main id="main">
          <Outlet />
        </main>
        <Footer
          siteName={site.siteName}
          logo={logoSrc(site.look, site.mediaUrl)}
          firstYear={site.look?.firstYear ?? null}
          profiles={site.look?.profiles ?? []}
        />
      </div>
    </MediaBaseContext.Provider>
  );
}
