import { z } from 'zod';

/**
 * Blog payloads (SPEC §3, §7). The spec's forms show no validation; the server still needs a name for a
 * category and a title for a post, and caps sizes.
 */
export const categoryInputSchema = z.object({
  _id: z.string().max(64).optional(),
  name: z
    .string({ error: 'Category name is required' })
    .trim()
    .min(1, 'Category name is required')
    .max(100, 'Category name must be at most 100 characters'),
});
export type CategoryInput = z.output<typeof categoryInputSchema>;

const SAFE_URL = /^(?!\s*(javascript|data|vbscript):)/i;

export const blogInputSchema = z.object({
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(300, 'Title must be at most 300 characters'),
  excerpt: z.string().trim().max(1000, 'Excerpt must be at most 1000 characters').default(''),
  /** A category id, or empty for an uncategorized post. */
  blogCategory: z.string().trim().max(64).nullish().transform((v) => v || null),
  content: z.string().max(500_000, 'Content is too long').default(''),
  featureImage: z.string().trim().max(2000).regex(SAFE_URL, 'Please enter a valid link').default(''),
});
export type BlogInput = z.output<typeof blogInputSchema>;
export type BlogFormValues = z.input<typeof blogInputSchema>;

/** `?page=&limit=` of the list endpoints; without them the whole list comes back (the spec's "all posts"). */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export interface BlogCategory {
  _id: string;
  name: string;
  /** URL segment: the name with spaces as hyphens. */
  slug: string;
}

export interface BlogPost {
  _id: string;
  title: string;
  excerpt: string;
  content: string;
  featureImage: string;
  /** SPEC §3: a list of category objects whose first is used; empty for an uncategorized post. */
  blogCategory: BlogCategory[];
  slug: string;
  /** The post's address, e.g. /blogs/Engineering/Hello-World. */
  url: string;
  createdAt: string;
  updatedAt: string;
}

export interface PageInfo {
  page: number;
  limit: number;
  total: number;
  hasMore: boolean;
}
