import type { MetaDescriptor } from 'react-router';
import { mediaSrc } from '#shared/paths.ts';
import type { SiteInfo } from '#server/services.ts';

/** Title, description, canonical URL and Open Graph / Twitter tags for a public page. */
export function pageMeta(page: {
  title: string;
  description: string;
  url: string;
  image?: string;
  type?: string;
  /** Its default social-sharing image (Site identity) stands in for a page without an image of its own. */
  site?: SiteInfo;
}): MetaDescriptor[] {
  const share = page.site?.look?.shareImage;
  const image =
    page.image ??
    (share && page.site ? new URL(mediaSrc(share, page.site.mediaUrl), page.site.publicUrl).toString() : undefined);
  page = { ...page, image };
  const tags: MetaDescriptor[] = [
    { title: page.title },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: page.url },
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: page.url },
    { name: 'twitter:card', content: page.image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: page.title },
    { name: 'twitter:description', content: page.description },
  ];
  if (page.image) {
    tags.push({ property: 'og:image', content: page.image }, { name: 'twitter:image', content: page.image });
  }
  return tags;
}

/** Plain text of stored rich text, for meta descriptions. */
export const plainText = (html: string, max = 160) => {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
};
