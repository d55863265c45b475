/**
 * Author pages' addresses (docs/product.md#profiles-and-author-pages): `/authors/<segment>`, the segment
 * lower-case letters, digits and single hyphens, made from the person's name (never their e-mail).
 */
export const SEGMENT_MAX = 60;
export const SEGMENT_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const FALLBACK_SEGMENT = 'author';

export const authorUrl = (segment: string) => `/authors/${encodeURIComponent(segment)}`;
export const authorRssUrl = (segment: string) => `${authorUrl(segment)}/rss.xml`;

/** `Ana María O'Neil` → `ana-maria-o-neil`; a name with no letters or digits → `author`. */
export function segmentFromName(name: string): string {
  const segment = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SEGMENT_MAX)
    .replace(/^-+|-+$/g, '');
  return segment || FALLBACK_SEGMENT;
}

/** `base`, or `base-2`, `base-3` … : the first that `taken` does not hold. */
export function uniqueSegment(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = base.slice(0, SEGMENT_MAX - suffix.length).replace(/-+$/, '') + suffix;
    if (!taken.has(candidate)) return candidate;
  }
}
