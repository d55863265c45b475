import { blogPostUrl, UNCATEGORIZED } from '#shared/paths.ts';
import type { BlogCategory, BlogInput, PostDetails, PostLink } from '#shared/schemas/blog.ts';
import {
  isTextField,
  POST_FIELDS,
  postFieldsIn,
  type PostFieldColumn,
  type PostFieldGroup,
} from '#shared/post-fields.ts';
import { readingMinutes, wordCount } from '#shared/reading-time.ts';
import { sanitizeRichText } from '#server/lib/sanitize-html.ts';
import type { PostRow, PostWrite } from './posts-repository';

/** A post's address from its category's URL segment (none: uncategorized) and its slug. */
export const pathOf = (categorySegment: string | null, slug: string) =>
  blogPostUrl(categorySegment ?? UNCATEGORIZED, slug);

/** A group's fields (shared/post-fields.ts) from their columns, in the registry's order. */
const fieldsOf = (row: PostRow, group: PostFieldGroup) =>
  Object.fromEntries(
    postFieldsIn(group).flatMap((field) => (isTextField(field) ? [[field.name, row[field.column]]] : [])),
  );

/** A post as answers show it, its keys in the order of the answer schemas (shared/schemas/blog.ts). */
/** The reviewer's last note of a post, while it has one. */
export const reviewOf = (row: Pick<PostRow, 'review_note' | 'review_by' | 'review_at'>) =>
  row.review_note !== null ? { note: row.review_note, by: row.review_by ?? '', at: row.review_at ?? '' } : null;

export function toPost(row: PostRow): PostDetails {
  return {
    _id: row.id,
    ...fieldsOf(row, 'post'),
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
    ...fieldsOf(row, 'seo'),
    readingMinutes: readingMinutes(row.word_count),
  } as PostDetails;
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
export function postWrite(
  input: BlogInput,
  placed: { categoryId: string | null; slug: string },
  publishing: Pick<PostWrite, 'status' | 'publish_at' | 'published_at' | 'newsletter'>,
): PostWrite {
  const columns = Object.fromEntries(
    POST_FIELDS.filter(isTextField).map((field) => {
      const value = input[field.name];
      return [field.column, field.kind === 'rich' ? sanitizeRichText(value) : value];
    }),
  ) as Record<PostFieldColumn, string>;
  return {
    ...columns,
    category_id: placed.categoryId,
    slug: placed.slug,
    ...publishing,
    // Counted on write, so no page counts words per request (docs/product.md#reading-time).
    word_count: wordCount(columns.content),
  } as PostWrite;
}
