import { PAGE_MESSAGES } from '#shared/messages.ts';

/**
 * Where a page lives: `/{segment}` (docs/product.md#pages). A segment is lower-case letters, digits and
 * hyphens, so it can never look like a file (`rss.xml`, `favicon.ico`) or hold a slash.
 */
export const SEGMENT_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SEGMENT = 100;

/**
 * The top-level addresses the site serves itself: every top-level path of app/routes.ts, the API, the
 * static files of public/ and build/client, the sitemaps and the SEO files. The one list the pages service
 * refuses and the page editor warns with; tests/unit/page-segments.test.ts checks that every top-level
 * route and every file of public/ is covered, so a new route cannot be shadowed by a page.
 * Entries ending in `*` reserve every segment starting with what comes before it (`sitemap*`, `favicon*`).
 */
export const RESERVED_SEGMENTS = [
  'admin',
  'api',
  'blogs',
  'tags',
  'authors',
  'search',
  'uploads',
  'assets',
  'preview',
  'subscriptions',
  'about-us',
  'rss.xml',
  'sitemap*',
  'sitemaps',
  'robots.txt',
  'site.webmanifest',
  'favicon*',
  'logo.svg',
  'logo-mail.png',
  'count.js',
  'healthz',
  'readyz',
  'metrics',
] as const;

export function isReservedSegment(segment: string): boolean {
  const key = segment.toLowerCase();
  return RESERVED_SEGMENTS.some((reserved) =>
    reserved.endsWith('*') ? key.startsWith(reserved.slice(0, -1)) : key === reserved,
  );
}

/** The message for a segment that cannot be a page's, or null when its form is fine (taken is the server's). */
export function segmentProblem(segment: string): string | null {
  if (!segment) return PAGE_MESSAGES.segmentRequired;
  if (segment.length > MAX_SEGMENT || !SEGMENT_PATTERN.test(segment)) return PAGE_MESSAGES.segmentInvalid;
  if (isReservedSegment(segment)) return PAGE_MESSAGES.segmentReserved(segment);
  return null;
}

/** A segment made from a title: `Privacy & Terms!` → `privacy-terms` (the editor fills it in until changed). */
export function segmentFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SEGMENT)
    .replace(/-+$/, '');
}
