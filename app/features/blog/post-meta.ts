import type { MetaDescriptor } from 'react-router';
import type { PostDetails } from '#shared/schemas/blog.ts';
import type { SiteInfo } from '#server/services.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { postDate } from './post-date';

/**
 * A post page's head: its search-engine title and description when the administrator set them, its social
 * image (or feature image), and the article's structured data.
 */
export function postMeta(post: PostDetails, site: SiteInfo): MetaDescriptor[] {
  const url = site.publicUrl + post.url;
  const imagePath = post.socialImage || post.featureImage;
  const image = imagePath ? new URL(imagePath, site.publicUrl).toString() : undefined;
  const published = postDate(post);
  return [
    ...pageMeta({
      title: post.metaTitle || `${post.title} | ${site.siteName}`,
      description: post.metaDescription || post.excerpt || post.title,
      url,
      image,
      type: 'article',
    }),
    { property: 'article:published_time', content: published },
    { property: 'article:modified_time', content: post.updatedAt },
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: post.title,
        description: post.metaDescription || post.excerpt,
        image: image ? [image] : undefined,
        datePublished: published,
        dateModified: post.updatedAt,
        mainEntityOfPage: url,
        articleSection: post.blogCategory[0]?.name ?? 'Uncategorized',
        author: { '@type': 'Organization', name: site.siteName },
        publisher: {
          '@type': 'Organization',
          name: site.siteName,
          logo: { '@type': 'ImageObject', url: `${site.publicUrl}/logo.svg` },
        },
      },
    },
  ];
}
