/**
 * The text of rich text (HTML already sanitised by ./sanitize-html.ts), for the search index: tags go,
 * block ends become spaces, entities are decoded. The characters U+E000 and U+E001 are removed too: the
 * search index marks its hits with them (server/modules/blog/search-snippet.ts), so text never holds one.
 */
const NAMED: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

const decodeEntity = (entity: string, name: string): string => {
  if (name.startsWith('#')) {
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
  }
  return NAMED[name.toLowerCase()] ?? entity;
};

/** Characters no indexed text may hold: the hit markers, NUL and other control characters. */
const UNINDEXED = /[\uE000\uE001\p{Cc}]/gu;

export function plainTextOf(html: string): string {
  return indexableText(
    html
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<[^>]*>/g, ' ')
      .replace(/&(#?[a-zA-Z0-9]+);/g, decodeEntity),
  );
}

/** Plain text (a title, a name) as the index keeps it: markers and control characters out, spaces folded. */
export const indexableText = (text: string) => text.replace(UNINDEXED, ' ').replace(/\s+/g, ' ').trim();
