/**
 * Small text helpers for WordPress's fields: titles are stored HTML-escaped when their author could not post
 * unfiltered HTML (`Tom &amp; Jerry`), and slugs are stored percent-encoded in lower case.
 */

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  hellip: '…',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  copy: '©',
  reg: '®',
  trade: '™',
};

/** HTML character references decoded (the common named ones and every numeric one), tags removed. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
      if (ref[0] === '#') {
        const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return NAMED[ref.toLowerCase()] ?? whole;
    })
    .trim();
}

/**
 * A slug as WordPress puts it in addresses: non-ASCII characters percent-encoded in lower case (what
 * `sanitize_title_with_dashes` stores), escapes already there kept and lower-cased.
 */
export function encodeSlug(slug: string): string {
  return slug.replace(/%[0-9a-f]{2}|[^A-Za-z0-9\-._~%]+/gi, (part) =>
    part.startsWith('%') && part.length === 3 ? part.toLowerCase() : encodeURIComponent(part).toLowerCase(),
  );
}

/** `user_nicename` as WordPress derives it from a login (`sanitize_title`): the segment of `/author/…/`. */
export function nicenameOf(login: string): string {
  return encodeSlug(
    login
      .toLowerCase()
      .replace(/\./g, '-')
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/[\s_]+/g, '-')
      .replace(/-+/g, '-')
      .replace(/^-|-$/g, ''),
  );
}

/**
 * A copy of `text` that refers to nothing else. V8 keeps a whole chunk of the file alive for any slice of it
 * (an attachment's address, a shortcode's name): what the first pass keeps until the end is detached, or a
 * 500 MB export would be held after all.
 */
export const detach = (text: string) => (text.length === 0 ? '' : Buffer.from(text, 'utf8').toString('utf8'));
