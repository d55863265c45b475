/**
 * The site stylesheet (app/styles/app.scss): one href for the server's markup (root.tsx) and for the client,
 * which loads it on public pages after their first paint (docs/decisions/0014-first-paint.md).
 */
import href from '#app/styles/app.scss?url';

export const siteStylesheetHref = href;

/**
 * Makes sure the site stylesheet is in the document and resolves once its rules apply (or it failed to load:
 * the page then stays styled by its inline rules, as before the stylesheet existed). A public page's HTML
 * only carries it inside <noscript>, so the browser does not fetch it before the first paint. The link goes
 * right after the page's inline rules (the first <style> of the head, ./inline-critical-css.server.ts): those stay
 * for the whole visit, and after a client-side navigation to a page with other classes the whole sheet must
 * win over them, as it did when it was linked at the end of <body> (a `.btn` reset among the inline rules
 * would otherwise undo `.btn-primary`). It stays ahead of any admin stylesheet, which must win after a
 * navigation to an admin screen.
 */
export function loadSiteStylesheet(doc: Document = document): Promise<void> {
  // An admin screen's HTML links it in the head, and module scripts run only once such a link has loaded or
  // failed: there is nothing to wait for (a failed one would never fire an event again).
  const linked = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].some(
    (link) => link.getAttribute('href') === href,
  );
  if (linked) return Promise.resolve();
  const link = doc.createElement('link');
  const settled = new Promise<void>((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
  link.rel = 'stylesheet';
  link.href = href;
  const inline = doc.head.querySelector('style');
  if (inline) inline.after(link);
  else doc.head.prepend(link);
  return settled;
}
