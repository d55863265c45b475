import { Outlet, useLocation } from 'react-router';
import { DEFAULT_LANDING_LAYOUT, navItemsFor } from '#shared/landing-layout.ts';
import { NAV_ITEMS } from '#shared/paths.ts';
import { Footer } from '#app/features/layout/Footer.tsx';
import { Header, type HeaderVariant } from '#app/features/layout/Header.tsx';
import { GonePage } from '#app/features/layout/GonePage.tsx';
import { accentCss, logoSrc } from '#app/features/layout/identity.ts';
import { MediaBaseContext } from '#app/lib/media.ts';
import { revalidateOnlyAfterForms } from '#app/lib/revalidate.ts';
import type { Route } from './+types/layout';

/**
 * Only what the layout itself renders: the header's social links and the site's name and addresses. Each
 * page's loader brings its own sections, and the footer's texts load when their modal opens, so a page's
 * hydration data carries what the page shows and nothing else (docs/decisions/0014-first-paint.md).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const [{ social }, layout] = await Promise.all([
    context.services.content.getContent(),
    context.services.content.getLayout(),
  ]);
  // The spec's menu unless the owner changed the landing layout (docs/product.md#landing-layout).
  const custom = JSON.stringify(layout) !== JSON.stringify(DEFAULT_LANDING_LAYOUT);
  // A 410 redirect rule's address: the layout shows the "gone" page there (docs/product.md#redirects).
  const gonePath = context.gone ? new URL(request.url).pathname : null;
  // The saved navigation, resolved for this content version; absent (not null) while nothing is saved, so
  // that the spec's page and its hydration data stay as they were (docs/product.md#navigation).
  const navigation = context.navigation ? { navigation: context.navigation } : {};
  return { social, site: context.site, layout: custom ? layout : null, gonePath, ...navigation };
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
  const { social, site, layout, gonePath } = loaderData;
  const navigation = 'navigation' in loaderData ? loaderData.navigation : undefined;
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
          navItems={layout ? navItemsFor(layout) : NAV_ITEMS}
          menu={navigation?.header}
          logo={logoSrc(site.look, site.mediaUrl)}
        />
        <main id="main">{gonePath === pathname ? <GonePage /> : <Outlet />}</main>
        <Footer
          siteName={site.siteName}
          logo={logoSrc(site.look, site.mediaUrl)}
          firstYear={site.look?.firstYear ?? null}
          profiles={site.look?.profiles ?? []}
          columns={navigation?.footer}
        />
      </div>
    </MediaBaseContext.Provider>
  );
}
