import { isRouteErrorResponse } from 'react-router';

/** The router's error screen of docs/product.md#error-screen: 'Unexpected Application Error!' with status and text or message. */
export function ErrorScreen({ error }: { error: unknown }) {
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <main className="error-screen container">
      <h1>Unexpected Application Error!</h1>
      <h2 className="h4">{detail}</h2>
      <p>
        <a href="/">Back to the home page</a>
      </p>
    </main>
  );
}
