import { data, useRouteError } from 'react-router';
import { ErrorScreen } from '#app/components/ui/ErrorScreen.tsx';

/** Unknown URLs: a real 404 status, shown inside the public layout. */
export function loader() {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

export const meta = () => [{ title: 'Page not found' }, { name: 'robots', content: 'noindex' }];

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />;
}
