import { REDIRECT_MESSAGES } from '#shared/messages.ts';

/**
 * What a 410 redirect rule answers (docs/product.md#redirects): the site's own look, like its 404 page
 * (app/components/ui/ErrorScreen.tsx), with status 410 set by the server.
 */
export function GonePage() {
  return (
    <div className="error-screen container">
      <h1>{REDIRECT_MESSAGES.goneTitle}</h1>
      <p className="h4">410 Gone</p>
      <p>{REDIRECT_MESSAGES.goneText}</p>
      <p>
        <a href="/">Back to the home page</a>
      </p>
    </div>
  );
}
