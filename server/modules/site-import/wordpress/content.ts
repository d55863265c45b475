import { autop } from '@wordpress/autop';
import type { AttachmentLookup } from './attachments';
import { embedBareUrls } from './embeds';
import { rewriteImages } from './images';
import { convertShortcodes, unautopShortcodes } from './shortcodes';

/**
 * A post's `content:encoded` made into the HTML the site stores (docs/decisions/0038-import.md): the block
 * editor's comments removed, bare video addresses embedded, the classic editor's paragraphs restored with
 * WordPress's own `autop` (WordPress adds them only when showing the post, so the export has none),
 * shortcodes converted (./shortcodes.ts), and image addresses made absolute and original (./images.ts).
 */

/** The block editor's `<!-- wp:name {…} -->` and `<!-- /wp:name -->`, found in one pass (no expression that rescans). */
function withoutBlockComments(text: string): string {
  let out = '';
  let last = 0;
  for (let at = text.indexOf('<!--'); at >= 0;) {
    const close = text.indexOf('-->', at + 4);
    if (close < 0) break;
    if (/^<!--\s{1,10}\/?wp:/.test(text.slice(at, at + 20))) {
      out += text.slice(last, at);
      last = close + 3;
    }
    at = text.indexOf('<!--', close + 3);
  }
  return out + text.slice(last);
}

export interface ConvertedContent {
  html: string;
  images: string[];
  galleryIds: string[];
  problems: string[];
}

export function convertContent(
  content: string,
  postId: string,
  base: string,
  lookup: AttachmentLookup,
): ConvertedContent {
  // WordPress runs autop only on content without blocks (has_blocks() removes the wpautop filter).
  const hasBlocks = /<!--\s+wp:/.test(content);
  const withoutBlocks = hasBlocks ? withoutBlockComments(content).replace(/\n{3,}/g, '\n\n') : content;
  // WordPress's order: auto-embeds (priority 8), autop (10), then shortcodes (11) once the paragraphs
  // around a shortcode alone are taken off again (shortcode_unautop).
  const embedded = embedBareUrls(withoutBlocks);
  const paragraphs = hasBlocks ? embedded : unautopShortcodes(autop(embedded));
  const shortcodes = convertShortcodes(paragraphs, postId, lookup);
  // A shortcode around several paragraphs leaves the paragraphs of its own tags empty.
  const html = shortcodes.html.replace(/\n?<p>\s*<\/p>/g, '').trim();
  const images = rewriteImages(html, base, lookup);
  return { html: images.html, images: images.images, galleryIds: shortcodes.galleryIds, problems: shortcodes.problems };
}
