import { isReservedSegment, MAX_SEGMENT, SEGMENT_PATTERN } from '#shared/page-segments.ts';
import { plainTextOf } from '#server/lib/plain-text.ts';

/**
 * How an old site's text becomes this site's (docs/product.md#import): image addresses rewritten to the
 * uploads made of them, addresses made valid here, excerpts made where the old site had none.
 */

// Image addresses are rewritten in server/lib/: the blog and the pages use it too (an image replaced by hand).
export { rewriteAddresses } from '#server/lib/rewrite-addresses.ts';

/** A post's excerpt when the old site had none: its first words, cut at a word, at most `max` characters. */
export function excerptOf(html: string, max = 300): string {
  const text = leadingText(html, max);
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`;
}

/**
 * The text of the start of `html`, at least `max` characters of it when there are: a post of 50 KB is not
 * turned into text whole for its first 300 characters. The start ends after a tag, so no tag is cut; one
 * holding a script or style (its text is no text) is read whole, as plainTextOf reads those.
 */
function leadingText(html: string, max: number): string {
  for (let size = Math.max(4096, max * 8); ; size *= 4) {
    const end = html.length <= size ? html.length : html.lastIndexOf('>', size) + 1;
    const start = html.slice(0, end);
    if (end === html.length || /<(?:script|style)\b/i.test(start)) return plainTextOf(html).replace(/\s+/g, ' ').trim();
    const text = plainTextOf(start).replace(/\s+/g, ' ').trim();
    if (text.length > max) return text;
  }
}

/** Text cut to `max` code points (titles longer than this site takes are cut, and the report says so). */
export const cut = (text: string, max: number) => [...text].slice(0, max).join('');

/** A post's old slug as a custom address here: decoded (`%e2%82%ac` → `€`), anything not allowed → `-`. */
export function postSlugOf(slug: string): string {
  let decoded = slug;
  try {
    decoded = decodeURIComponent(slug);
  } catch {
    // Not percent-encoding: the slug as it is.
  }
  const cleaned = decoded
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}_.~-]+/gu, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');
  return cleaned === '.' || cleaned === '..' ? '' : cut(cleaned, 200);
}

/** A page's old slug as a segment here: lower-case ASCII letters, digits and hyphens (shared/page-segments.ts). */
export function pageSegmentOf(slug: string): string {
  const ascii = postSlugOf(slug)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SEGMENT)
    .replace(/-+$/, '');
  const segment = SEGMENT_PATTERN.test(ascii) ? ascii : 'page';
  // An address the site uses itself (`/blogs`, `/search` …) cannot be a page's: the old page moves beside it.
  return isReservedSegment(segment) ? `${segment.slice(0, MAX_SEGMENT - 5)}-page` : segment;
}

/**
 * HTML split into parts of at most `max` characters between top-level elements (a long old page becomes
 * several rich-text blocks, each within a block's limit). An element longer than `max` alone is one part.
 */
export function splitHtml(html: string, max: number): string[] {
  if (html.length <= max) return [html];
  const parts: string[] = [];
  let current = '';
  for (const piece of html.split(/(?<=<\/(?:p|h[1-6]|ul|ol|figure|blockquote|pre|table|div)>)/i)) {
    if (current && current.length + piece.length > max) {
      parts.push(current);
      current = '';
    }
    current += piece;
  }
  if (current) parts.push(current);
  return parts;
}
