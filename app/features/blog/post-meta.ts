import type { MetaDescriptor } from 'react-router';
import type { PostDetails } from '#shared/schemas/blog.ts';
import { authorUrl } from '#shared/profile.ts';
import type { PublicAuthor } from '#shared/schemas/profile.ts';
import type { SiteInfo } from '#server/services.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { organizationLd } from '#app/lib/organization.ts';
import { postDate } from './post-date';

/** The article's authors as schema.org people (the site itself for a post without any). */
function authorsLd(authors: PublicAuthor[], site: SiteInfo) {
  if (authors.length === 0) return { '@type': 'Organization', name: site.siteName };
  const people = authors.map((author) => ({
    '@type': 'Person',
    name: author.name,
    ...(author.segment ? { url: site.publicUrl + authorUrl(author.segment) } : {}),
  }));
  return people.length === 1 ? people[0] : people;
}

/**
 * A post page's head: its search-engine title and description when the administrator set them, its social
 * image (or feature image), and the article's structured data with its authors.
 */
export function postMeta(post: PostDetails, site: SiteInfo, authors: PublicAuthor[] = []): MetaDescriptor[] {
  const url = site.publicUrl + post.url;
  const imagePath = post.socialImage || post.featureImage;
  const image = imagePath ? new URL(imagePath, site.publicUrl).toString() : undefined;
  const published = postDate(post);
  return [
    ...pageMeta({
      title: post.metaTitle || `${post.title} | ${site.siteName}`,
      description: post.metaDescription || post.excerpt || post.title,
      url,
      site,
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
        author: authorsLd(authors, site),
        publisher: organizationLd(site),
      },
    },
  ];
}
