import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError, type LinksFunction } from 'react-router';
import { TOAST_AUTO_CLOSE_MS } from '#shared/messages.ts';
import { ErrorScreen } from './components/ui/ErrorScreen';
import { useNonce } from './lib/nonce';
import { Toasts } from './lib/toast';
import appStyles from './styles/app.scss?url';

/**
 * The site stylesheet as a React stylesheet resource (`precedence`): React then writes it into the head
 * before the module preloads of <Scripts />, so on an HTTP/1.1 connection the browser fetches the CSS
 * that first paint waits for before 20-odd script chunks instead of after them.
 */
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: appStyles, precedence: 'default' }];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1d33" />
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
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
