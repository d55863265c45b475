/**
 * docs/product.md#blog-post, decision 0029: a table written without header cells gets its first row as
 * column headers on the page, but only where that reading is unambiguous. Every condition below is one a
 * table of data meets and a layout or free-form table usually does not:
 * - no header cell (`<th>`) and no `<thead>` anywhere: an author who marked headers is never second-guessed;
 * - no nested table, no merged cell (colspan/rowspan) and at least two rows, each with the same number
 *   (at least two) of cells;
 * - every cell of the first row holds text, no two the same and none a number (a first row of figures is
 *   data, not a heading).
 * A table that fails any of these is left as written. Stored content is not changed: the editor's table tool
 * writes a header row itself (app/components/ui/RichTextEditor.tsx), this is for tables written before.
 */
export function withTableHeaders(html: string): string {
  return html.replace(/<table\b[^>]*>[\s\S]*?<\/table>/gi, (table) => promoteFirstRow(table) ?? table);
}

const ROW = /<tr\b[^>]*>[\s\S]*?<\/tr>/gi;
const CELL = /<td\b([^>]*)>([\s\S]*?)<\/td>/gi;

const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function promoteFirstRow(table: string): string | undefined {
  const inner = table.slice(table.indexOf('>') + 1, -'</table>'.length);
  if (/<(th|thead|table)\b/i.test(inner) || /\s(colspan|rowspan)=/i.test(inner)) return undefined;
  const rows = inner.match(ROW) ?? [];
  if (rows.length < 2) return undefined;
  const cells = rows.map((row) => [...row.matchAll(CELL)]);
  const width = cells[0]!.length;
  if (width < 2 || cells.some((row) => row.length !== width)) return undefined;
  const names = cells[0]!.map(([, , content]) => textOf(content!));
  if (names.some((name) => !name || /^[-+]?[\d.,\s%$€£]+$/.test(name))) return undefined;
  if (new Set(names.map((name) => name.toLowerCase())).size !== names.length) return undefined;

  const first = rows[0]!;
  const head = `<thead>${first.replace(/<td\b([^>]*)>/gi, '<th scope="col"$1>').replace(/<\/td>/gi, '</th>')}</thead>`;
  const at = table.indexOf(first);
  const before = table.slice(0, at);
  const after = table.slice(at + first.length);
  // The first row usually sits in <tbody>: the head goes before that body, which keeps the other rows.
  const body = /<tbody\b[^>]*>\s*$/i.exec(before);
  if (body) return `${before.slice(0, body.index)}${head}${body[0]}${after}`;
  return `${before}${head}${after}`;
}
