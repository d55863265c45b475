import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteError } from 'react-router';
import { TOAST_AUTO_CLOSE_MS } from '#shared/messages.ts';
import { ErrorScreen } from './components/ui/ErrorScreen';
import { useNonce } from './lib/nonce';
import { isAdminPage } from './lib/page-kind';
import { Toasts } from './lib/toast';
import appStyles from './styles/app.scss?url';

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // Admin screens are drawn by scripts (nothing to paint early) and their own stylesheet must follow the
  // site's in the cascade: there the site stylesheet stays a normal link in the head.
  const admin = isAdminPage(useMatches().map((match) => match.id));
  const siteStylesheet = <link rel="stylesheet" href={appStyles} />;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1d33" />
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        {admin ? siteStylesheet : null}
        <Links />
      </head>
      <body>
        {children}
        {/* On public pages the whole site stylesheet comes at the end of the body: the server has inlined
            the rules this page's HTML uses into the head (lib/first-paint.server.ts), so first paint does
            not wait for it. It comes before the scripts, which wait for it, so nothing hydrates (a modal,
            the phone menu) before every rule is there. */}
        {admin ? null : siteStylesheet}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
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
