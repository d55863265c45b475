import type { PageBlock } from '#shared/page-blocks.ts';

/**
 * A page's structured data from its blocks: `FAQPage` when it has FAQ blocks, else null. SKELETON
 * (contract for the pages module): the page-blocks work fills it in.
 */
export function blocksJsonLd(_blocks: PageBlock[]): Record<string, unknown> | null {
  return null;
}
