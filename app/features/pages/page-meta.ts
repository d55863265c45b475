import type { MetaDescriptor } from 'react-router';
import { mediaSrc, pagePath } from '#shared/paths.ts';
import { blocksJsonLd } from '#app/features/page-blocks/json-ld.ts';
import { pageMeta, plainText } from '#app/lib/meta.ts';
import type { PageViewData } from './page-view.server';

/**
 * A page's head (docs/product.md#pages): its SEO title (else its title) with the site's name, its meta
 * description (else the start of its text), canonical address, social image, and its blocks' structured
 * data (FAQ).
 */
export function pageHead({ page, site }: Pick<PageViewData, 'page' | 'site'>): MetaDescriptor[] {
  const firstText = page.blocks.find((block) => block.type === 'richText' || block.type === 'hero');
  const fallback = firstText
    ? firstText.type === 'richText'
      ? plainText(firstText.html)
      : plainText(firstText.text || firstText.heading)
    : page.title;
  const tags = pageMeta({
    title: `${page.metaTitle || page.title} | ${site.siteName}`,
    description: page.metaDescription || fallback,
    url: `${site.publicUrl}${pagePath(page.segment)}`,
    site,
    image: page.socialImage ? new URL(mediaSrc(page.socialImage, site.mediaUrl), site.publicUrl).toString() : undefined,
  });
  const ld = blocksJsonLd(page.blocks);
  return ld ? [...tags, { 'script:ld+json': ld }] : tags;
}

/** The 404 head: the same as the not-found page's (app/routes/public/not-found.tsx). */
export const notFoundHead: MetaDescriptor[] = [{ title: 'Page not found' }, { name: 'robots', content: 'noindex' }];
