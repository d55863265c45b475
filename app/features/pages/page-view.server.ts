import type { AppLoadContext } from 'react-router';
import type { Page } from '#shared/api/pages.ts';
import { blockData } from '#app/features/page-blocks/block-data.server.ts';

/** What a page's public view needs: its fields, what its blocks show beyond their own, and the site. */
export async function pageViewData(context: AppLoadContext, page: Page) {
  return {
    page: {
      title: page.title,
      segment: page.segment,
      status: page.status,
      blocks: page.blocks,
      metaTitle: page.metaTitle,
      metaDescription: page.metaDescription,
      socialImage: page.socialImage,
    },
    blockData: await blockData(context, page.blocks),
    site: context.site,
  };
}
export type PageViewData = Awaited<ReturnType<typeof pageViewData>>;
