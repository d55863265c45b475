/**
 * The markers the index puts around hits in a snippet (SQLite's snippet(), PostgreSQL's ts_headline):
 * private-use characters that indexed text never holds (server/lib/plain-text.ts removes them), so the
 * only ones in a snippet are the index's own.
 */
export const HIT_START = '\uE000';
export const HIT_END = '\uE001';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * A snippet as HTML: the text escaped, then the markers turned into `<mark>` (docs/api.md#search). The
 * only tags in the answer are ours, whatever the post's text holds.
 */
export function snippetHtml(marked: string): string {
  let open = false;
  let html = '';
  for (const char of marked.replace(/[&<>"']/g, (c) => ESCAPES[c]!)) {
    if (char === HIT_START && !open) {
      html += '<mark>';
      open = true;
    } else if (char === HIT_END && open) {
      html += '</mark>';
      open = false;
    } else if (char !== HIT_START && char !== HIT_END) html += char;
  }
  return open ? `${html}</mark>` : html;
}
