/**
 * Image addresses in rich text moved to new ones: an import's images rewritten to the uploads made of them,
 * and later an image it could not bring, uploaded by hand (docs/product.md#import). Here, not in the import
 * module, because the blog and the pages rewrite their own text with it.
 */

const ATTRIBUTE = /(\s(?:src|href|poster)=)(["'])([^"']*)\2/gi;

/** Every `src`/`href`/`poster` whose address (entities decoded) is in `moved` points at its new address. */
export function rewriteAddresses(html: string, moved: ReadonlyMap<string, string>): string {
  if (!moved.size) return html;
  return html.replace(ATTRIBUTE, (whole, name: string, quote: string, value: string) => {
    const to = moved.get(value.replace(/&amp;/g, '&'));
    return to ? `${name}${quote}${to}${quote}` : whole;
  });
}
