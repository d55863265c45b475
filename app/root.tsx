import { Links, Meta, Outlet, Scripts, useMatches, useRouteError, useRouteLoaderData } from 'react-router';
import { mediaSrc } from '#shared/paths.ts';
import { faviconUrl } from '#shared/schemas/site-identity.ts';
import type { SiteInfo } from '#server/services.ts';
import { TOAST_AUTO_CLOSE_MS } from '#shared/messages.ts';
import { ErrorScreen } from './components/ui/ErrorScreen';
import { useEffect } from 'react';
import { useNonce } from '#app/ssr/nonce.ts';
import { isAdminPage } from '#app/ssr/page-kind.ts';
import { isScriptless, ScriptlessContext } from '#app/ssr/scriptless.ts';
import { siteStylesheetHref } from '#app/ssr/site-stylesheet.ts';
import { Toasts } from './lib/toast';
import { ScrollMemory } from '#app/components/ScrollMemory.tsx';
import { COUNT_PIXEL, COUNT_SCRIPT } from '#shared/analytics.ts';

/** Whether an admin screen has been drawn in this tab (set by an effect: the browser only). */
let adminScreenShown = false;

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // Admin screens are drawn by scripts (nothing to paint early) and their own stylesheet must follow the
  // site's in the cascade: there the site stylesheet stays a normal link in the head.
  const matches = useMatches();
  const admin = isAdminPage(matches.map((match) => match.id));
  // Only the server's render of a page is sent without scripts: in a live app (a page reached by a link
  // from another page) the scripts are there, and their scroll restoration must keep working.
  const scriptless = !admin && typeof document === 'undefined' && isScriptless(matches);
  // Once an admin screen has put the link in the head, it stays through navigations to public pages: they
  // then have no inline rules of their own, and removing it would leave them unstyled for a moment. A module
  // flag, not state: an error screen that remounts the layout keeps it too.
  const adminSeen = admin || adminScreenShown;
  useEffect(() => {
    if (admin) adminScreenShown = true;
  }, [admin]);
  const siteStylesheet = <link rel="stylesheet" href={siteStylesheetHref} />;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1d33" />
        <SiteIcons />
        <Meta />
        {admin || adminSeen ? siteStylesheet : null}
        <Links />
      </head>
      <body>
        <ScriptlessContext.Provider value={scriptless}>{children}</ScriptlessContext.Provider>
        {/* On public pages the server has inlined the rules this page's HTML uses into the head
            (ssr/inline-critical-css.server.ts), so the first paint needs no stylesheet. The whole one is fetched by
            the client entry after that paint, before it hydrates (entry.client.tsx); without scripts, this
            link is what loads it: in a <noscript> for a browser that runs none, as it is for a page sent
            without scripts (ssr/scriptless.ts), at the end of the body so that it holds up no paint. */}
        {admin ? null : scriptless ? siteStylesheet : <noscript>{siteStylesheet}</noscript>}
        {/* Counts the visit once the page has loaded (docs/decisions/0040-analytics.md), never on admin screens.
            A page sent without scripts (decision 0037) keeps none: an image asks to be counted instead, sending
            the page's address as its Referer (the site's pages otherwise send none). */}
        {admin ? null : scriptless ? (
          <img src={COUNT_PIXEL} alt="" width={1} height={1} hidden referrerPolicy="same-origin" />
        ) : (
          <script src={COUNT_SCRIPT} defer />
        )}
        {scriptless ? null : (
          <>
            <ScrollMemory />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

/**
 * The spec's favicons, or on public pages the ones made from Site identity's favicon image, with the
 * apple-touch-icon and the web manifest (/site.webmanifest). None of them holds up the first paint.
 */
function SiteIcons() {
  const site = (useRouteLoaderData('routes/public/layout') as { site?: SiteInfo } | undefined)?.site;
  const favicon = site?.look?.favicon;
  if (!site || !favicon) {
    return (
      <>
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      </>
    );
  }
  const icon = (size: 32 | 180) => mediaSrc(faviconUrl(favicon, size), site.mediaUrl);
  return (
    <>
      <link rel="icon" href={icon(32)} sizes="32x32" type="image/png" />
      <link rel="apple-touch-icon" href={icon(180)} sizes="180x180" />
      <link rel="manifest" href="/site.webmanifest" />
    </>
  );
}

export default function App() {
  return (
    <>
      <Outlet />
      <Toasts autoClose={TOAST_AUTO_CLOSE_MS} />
    </>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />;
}
