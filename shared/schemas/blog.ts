import { z } from './zod';
import { optionalLink, optionalText } from './fields';

/**
 * Blog payloads (docs/product.md#blog-entities, docs/product.md#api). The spec's forms show no validation; the server still needs a name for a
 * category and a title for a post, and caps sizes.
 */
export const categoryInputSchema = z.object({
  _id: z.optional(z.string().check(z.maxLength(64))),
  name: z
    .string({ error: 'Category name is required' })
    .check(
      z.trim(),
      z.minLength(1, 'Category name is required'),
      z.maxLength(100, 'Category name must be at most 100 characters'),
    ),
});
export type CategoryInput = z.output<typeof categoryInputSchema>;

export const blogInputSchema = z.object({
  title: z
    .string({ error: 'Title is required' })
    .check(z.trim(), z.minLength(1, 'Title is required'), z.maxLength(300, 'Title must be at most 300 characters')),
  excerpt: z._default(z.string().check(z.trim(), z.maxLength(1000, 'Excerpt must be at most 1000 characters')), ''),
  /** A category id, or empty for an uncategorized post. */
  blogCategory: z.pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(64))),
    z.transform((v) => v || null),
  ),
  content: optionalText(500_000, 'Content is too long'),
  featureImage: optionalLink(),
});
export type BlogInput = z.output<typeof blogInputSchema>;
export type BlogFormValues = z.input<typeof blogInputSchema>;

/** `?page=&limit=` of the list endpoints; without them the whole list comes back (the spec's "all posts"). */
export const pageQuerySchema = z.object({
  page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000))),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
});

/** A category as every answer shows it. */
export const blogCategorySchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** URL segment: the name with spaces as hyphens. */
  slug: z.string(),
});
export type BlogCategory = z.infer<typeof blogCategorySchema>;

/** A post as every answer shows it. */
export const blogPostSchema = z.object({
  _id: z.string(),
  title: z.string(),
  excerpt: z.string(),
  content: z.string(),
  featureImage: z.string(),
  /** A list of category objects whose first is used; empty for an uncategorized post (docs/product.md#blog-entities). */
  blogCategory: z.array(blogCategorySchema),
  slug: z.string(),
  /** The post's address, e.g. /blogs/Engineering/Hello-World. */
  url: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

/** `meta` of a paged list. */
export const pageInfoSchema = z.object({
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  hasMore: z.boolean(),
});
export type PageInfo = z.infer<typeof pageInfoSchema>;
