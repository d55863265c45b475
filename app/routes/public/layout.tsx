import { Outlet, useLocation, type ShouldRevalidateFunction } from 'react-router';
import { Footer } from '#app/features/layout/Footer.tsx';
import { Header, type HeaderVariant } from '#app/features/layout/Header.tsx';
import { MediaBaseContext } from '#app/lib/media.ts';
import type { Route } from './+types/layout';

export async function loader({ context }: Route.LoaderArgs) {
  return { content: await context.services.content.getContent(), site: context.site };
}

/** Content is one object shared by the public pages (docs/product.md#site-content-model): moving between them needs no refetch. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? defaultShouldRevalidate : false;

function variantFor(pathname: string): HeaderVariant {
  if (pathname === '/about-us') return 'about';
  if (pathname === '/blogs' || pathname.startsWith('/blogs/') || pathname.startsWith('/preview/')) return 'blog';
  return 'landing';
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  const { content, site } = loaderData;
  const { pathname } = useLocation();
  return (
    <MediaBaseContext.Provider value={site.mediaUrl}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header variant={variantFor(pathname)} social={content.social} siteName={site.siteName} />
      <main id="main">
        <Outlet />
      </main>
      <Footer privacyPolicy={content.privacyPolicy} siteName={site.siteName} />
    </MediaBaseContext.Provider>
  );
}
