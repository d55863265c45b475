import type { PageBlock } from '#shared/page-blocks.ts';
import { sanitizeRichText } from './sanitize-html';
import { indexableText, plainTextOf } from './plain-text';

/**
 * Blocks as they are stored: every HTML field through the post sanitiser (server/lib/sanitize-html.ts),
 * so a page can never hold what a post could not. Called by the pages service before every save.
 */
export function cleanBlocks(blocks: PageBlock[]): PageBlock[] {
  return blocks.map((block) => {
    switch (block.type) {
      case 'richText':
      case 'textImage':
        return { ...block, html: sanitizeRichText(block.html) };
      default:
        return block;
    }
  });
}

/** A page's words for the search index: every heading, text, caption, question and answer. */
export function blocksText(blocks: PageBlock[]): string {
  const parts: string[] = [];
  for (const block of blocks) {
    switch (block.type) {
      case 'hero':
        parts.push(block.heading, block.text);
        break;
      case 'richText':
        parts.push(plainTextOf(block.html));
        break;
      case 'image':
        parts.push(block.caption);
        break;
      case 'textImage':
        parts.push(block.heading, plainTextOf(block.html));
        break;
      case 'cta':
        parts.push(block.heading, block.text);
        break;
      case 'features':
        parts.push(block.heading, ...block.items.flatMap((item) => [item.title, item.text]));
        break;
      case 'faq':
        parts.push(block.heading, ...block.items.flatMap((item) => [item.question, item.answer]));
        break;
      case 'posts':
      case 'contact':
      case 'subscribe':
        parts.push(block.heading, 'text' in block ? block.text : '');
        break;
      case 'landing':
        break;
    }
  }
  return indexableText(parts.filter(Boolean).join(' '));
}
