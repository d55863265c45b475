import type { AppLoadContext } from 'react-router';
import type { PageBlock } from '#shared/page-blocks.ts';

/**
 * What a page's blocks show beyond their own fields, read on the server per render: the posts of a
 * list-of-posts block, the landing's team, services or portfolio. SKELETON (contract for the pages
 * module): the page-blocks work fills it in.
 */
export type PageBlockData = Record<string, unknown>;

export async function blockData(_context: AppLoadContext, _blocks: PageBlock[]): Promise<PageBlockData> {
  return {};
}
