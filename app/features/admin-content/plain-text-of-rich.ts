/**
 * A rich-text field edited in a plain textarea (shared/sections.ts `input: 'textarea'` on a `rich` field,
 * the Portfolio description): the stored HTML is shown as its text, never as raw tags, and what is typed
 * is stored as HTML again, paragraphs on blank lines and line breaks kept (docs/product.md#section-editors).
 * Formatting other than paragraphs and line breaks is not kept once the text is edited.
 */

const BLOCKS = new Set(['P', 'DIV', 'LI', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE', 'PRE', 'TR', 'UL', 'OL']);

/** The text of stored HTML: the browser's own parser reads it; paragraphs become blank lines. */
export function richToText(html: string): string {
  if (!/[<&]/.test(html)) return html;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  let text = '';
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      text += (node.textContent ?? '').replace(/\s+/g, ' ');
      return;
    }
    if (node.nodeName === 'BR') {
      text += '\n';
      return;
    }
    const block = BLOCKS.has(node.nodeName);
    if (block && text && !text.endsWith('\n\n')) text = text.replace(/ +$/, '') + '\n\n';
    node.childNodes.forEach(walk);
    if (block && !text.endsWith('\n\n')) text = text.replace(/ +$/, '') + '\n\n';
  };
  doc.body.childNodes.forEach(walk);
  return text.replace(/^[ \n]+|[ \n]+$/g, '').replace(/ *\n */g, '\n');
}

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Typed text as HTML: a paragraph for each block between blank lines, `<br />` for single line breaks (as the server's sanitiser writes it). */
export function textToRich(text: string): string {
  if (!text.trim()) return '';
  return text
    .split(/\n[ \t]*\n/)
    .filter((paragraph) => paragraph.trim())
    .map((paragraph) => `<p>${escape(paragraph).replace(/\n/g, '<br />')}</p>`)
    .join('');
}
