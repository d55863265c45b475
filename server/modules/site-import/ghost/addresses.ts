/**
 * Addresses in a Ghost export. Ghost 5 stores its own site's address as the placeholder `__GHOST_URL__`
 * (ghost/core/core/server/models/base/plugins/... relative-urls), older exports hold relative paths
 * (`/content/images/2024/01/a.jpg`) or absolute addresses. All become absolute addresses on the old site, as
 * the contract asks (server/modules/site-import/source.ts); with no known site address the base is
 * `https://ghost.invalid`, which no network answers, so such images are only found in an uploaded ZIP.
 */
export const UNKNOWN_SITE = 'https://ghost.invalid';

/** An absolute address for `value` on the site at `base` (no trailing slash), or null when it is none. */
export function absolute(value: unknown, base: string): string | null {
  const raw = typeof value === 'string' ? value.trim() : '';
  if (!raw) return null;
  const replaced = raw.replaceAll('__GHOST_URL__', base);
  try {
    const url = new URL(replaced, `${base}/`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

const IMG = /<img\b[^>]*>/gi;
const SRC = /(\ssrc\s*=\s*)(["'])(.*?)\2/i;
const SRCSET = /(\ssrcset\s*=\s*)(["'])(.*?)\2/i;

/**
 * The HTML with every `<img>` `src`/`srcset` made absolute and `__GHOST_URL__` replaced everywhere else
 * (links), and the images it shows (the `src` of each, once). With no known site address a link becomes a
 * path (`__GHOST_URL__/about/` → `/about/`), which this site answers with the old address's 301: Ghost 5
 * exports never hold the address (tests/fixtures/import/ghost/real/README.md), and a link to
 * `ghost.invalid` would lead nowhere. Images stay on UNKNOWN_SITE: they are looked for in the ZIP.
 */
export function absoluteHtml(html: string, base: string): { html: string; images: string[] } {
  const images = new Set<string>();
  const linkBase = base === UNKNOWN_SITE ? '' : base;
  const out = html.replace(IMG, (tag) =>
    tag
      .replace(SRC, (whole, before: string, quote: string, value: string) => {
        const url = absolute(value, base);
        if (!url) return whole;
        images.add(url);
        return `${before}${quote}${url}${quote}`;
      })
      .replace(SRCSET, (_whole, before: string, quote: string, value: string) => {
        const candidates = value.split(',').map((candidate) => {
          const [address = '', ...descriptor] = candidate.trim().split(/\s+/);
          return [absolute(address, base) ?? address, ...descriptor].join(' ');
        });
        return `${before}${quote}${candidates.join(', ')}${quote}`;
      }),
  );
  const linked = out.replace(/__GHOST_URL__(\/?)/g, (_whole, slash: string) =>
    linkBase ? `${linkBase}${slash}` : '/',
  );
  return { html: linked, images: [...images] };
}

/** The `content/images/…` path of an image address (Ghost's storage), decoded; null for any other. */
export function contentImagePath(url: string): string | null {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url).pathname);
  } catch {
    return null;
  }
  const at = pathname.indexOf('/content/images/');
  return at < 0 ? null : pathname.slice(at + 1);
}
