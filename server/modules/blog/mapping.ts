import { blogPostUrl, UNCATEGORIZED } from '#shared/paths.ts';
import type { BlogCategory, BlogInput, PostDetails, PostLink } from '#shared/schemas/blog.ts';
import { sanitizeRichText } from '#server/lib/sanitize-html.ts';
import type { PostRow, PostWrite } from './posts-repository';

/** A post's address from its category's URL segment (none: uncategorized) and its slug. */
export const pathOf = (categorySegment: string | null, slug: string) =>
  blogPostUrl(categorySegment ?? UNCATEGORIZED, slug);

export function toPost(row: PostRow): PostDetails {
  return {
    _id: row.id,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content,
    featureImage: row.feature_image,
    blogCategory: row.category_id
      ? [{ _id: row.category_id, name: row.category_name ?? '', slug: row.category_slug ?? '' }]
      : [],
    slug: row.slug,
    url: pathOf(row.category_slug, row.slug),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    status: row.status,
    publishAt: row.publish_at,
    publishedAt: row.published_at,
    customSlug: row.custom_slug,
    metaTitle: row.meta_title,
    metaDescription: row.meta_description,
    socialImage: row.social_image,
  };
}

export const toPostLink = (row: {
  id: string;
  title: string;
  slug: string;
  category_slug: string | null;
}): PostLink => ({
  _id: row.id,
  title: row.title,
  url: pathOf(row.category_slug, row.slug),
});

export const toCategory = (row: { id: string; name: string; slug: string }): BlogCategory => ({
  _id: row.id,
  name: row.name,
  slug: row.slug,
});

/** The stored columns of a post from the validated input; rich text is sanitised here, on every write. */
export const postWrite = (
  input: BlogInput,
  placed: { categoryId: string | null; slug: string },
  publishing: Pick<PostWrite, 'status' | 'publish_at' | 'published_at' | 'newsletter'>,
): PostWrite => ({
  title: input.title,
  excerpt: input.excerpt,
  content: sanitizeRichText(input.content),
  feature_image: input.featureImage,
  category_id: placed.categoryId,
  slug: placed.slug,
  custom_slug: input.customSlug,
  meta_title: input.metaTitle,
  meta_description: input.metaDescription,
  social_image: input.socialImage,
  ...publishing,
});
