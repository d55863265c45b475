/**
 * React Router's default client entry, with one step first: the site stylesheet is loaded before the page
 * hydrates. Public pages leave it out of their HTML so that it does not compete with the first paint
 * (ssr/site-stylesheet.ts); waiting for it here keeps what the HTML's stylesheet link gave before, that
 * nothing interactive (a modal, the phone menu, a validation state, whose classes are not in the server's
 * HTML and so not in its inline rules) appears before every rule is there.
 */
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { loadSiteStylesheet } from '#app/ssr/site-stylesheet.ts';

void loadSiteStylesheet().then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  }),
);
