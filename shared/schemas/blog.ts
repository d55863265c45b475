import { z } from './zod';
import { PUBLISHING_MESSAGES, VALIDATION_MESSAGES } from '#shared/messages.ts';
import { optionalLink, optionalText } from './fields';
import { cursorPageInfoSchema, cursorParam, pageSizeParam } from './paging';

/**
 * Blog payloads (docs/product.md#blog-entities, docs/product.md#api). The spec's forms show no validation; the server still needs a name for a
 * category and a title for a post, and caps sizes.
 */
export const categoryInputSchema = z.object({
  _id: z.optional(z.string().check(z.maxLength(64))),
  name: z
    .string({ error: VALIDATION_MESSAGES.categoryNameRequired })
    .check(
      z.trim(),
      z.minLength(1, VALIDATION_MESSAGES.categoryNameRequired),
      z.maxLength(100, VALIDATION_MESSAGES.categoryNameTooLong),
    ),
});
export type CategoryInput = z.output<typeof categoryInputSchema>;

export const POST_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** A custom URL segment: letters, digits and `-_.~`, spaces becoming hyphens; never a path step. */
const CUSTOM_SLUG = /^(?!\.\.?$)[\p{L}\p{N}_.~-]+$/u;

const blogFields = {
  title: z
    .string({ error: VALIDATION_MESSAGES.titleRequired })
    .check(
      z.trim(),
      z.minLength(1, VALIDATION_MESSAGES.titleRequired),
      z.maxLength(300, VALIDATION_MESSAGES.titleTooLong),
    ),
  excerpt: z._default(z.string().check(z.trim(), z.maxLength(1000, VALIDATION_MESSAGES.excerptTooLong)), ''),
  /** A category id, or empty for an uncategorized post. */
  blogCategory: z.pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(64))),
    z.transform((v) => v || null),
  ),
  content: optionalText(500_000, VALIDATION_MESSAGES.contentTooLong),
  featureImage: optionalLink(),
  /** Without it a post is published at once (the spec's flow); a scheduled post needs `publishAt`. */
  status: z._default(z.enum(POST_STATUSES, { error: PUBLISHING_MESSAGES.badStatus }), 'published'),
  /** ISO 8601 with a time zone; only read for a scheduled post, which needs it in the future. */
  publishAt: z.nullish(z.iso.datetime({ offset: true, error: PUBLISHING_MESSAGES.badPublishAt })),
  /**
   * E-mail the post to the confirmed subscribers when it is (first) published. Without it: yes for a
   * post's first publication, no for later edits. A post is e-mailed at most once.
   */
  sendNewsletter: z.optional(z.boolean()),
  /** The post's own URL segment; empty: made from the title. */
  customSlug: z
    .pipe(
      z._default(z.string().check(z.trim(), z.maxLength(200, PUBLISHING_MESSAGES.slugTooLong)), ''),
      z.transform((v) => v.replace(/\s+/g, '-')),
    )
    .check(z.refine((v) => v === '' || CUSTOM_SLUG.test(v), PUBLISHING_MESSAGES.badSlug)),
  metaTitle: z._default(z.string().check(z.trim(), z.maxLength(200, VALIDATION_MESSAGES.metaTitleTooLong)), ''),
  metaDescription: z._default(
    z.string().check(z.trim(), z.maxLength(500, VALIDATION_MESSAGES.metaDescriptionTooLong)),
    '',
  ),
  socialImage: optionalLink(),
};

const scheduleNeedsDate = z.superRefine((value: { status?: string; publishAt?: string | null }, ctx) => {
  if (value.status === 'scheduled' && !value.publishAt) {
    ctx.addIssue({ code: 'custom', path: ['publishAt'], message: PUBLISHING_MESSAGES.publishAtRequired, input: value });
  }
});

export const blogInputSchema = z.object(blogFields).check(scheduleNeedsDate);
export type BlogInput = z.output<typeof blogInputSchema>;

/** `POST /api/blogs/edit/:id`: the same fields, and the spec's `_id`. */
export const blogEditSchema = z
  .object({ ...blogFields, _id: z.optional(z.string().check(z.maxLength(64))) })
  .check(scheduleNeedsDate);

/**
 * `?page=&limit=` of the list endpoints; without them the whole list comes back (the spec's "all posts").
 * **Extension:** `?cursor=` pages by keyset instead (docs/api.md#paging): empty for the first page, then
 * the `meta.next` of the page before; with `limit` (default 10) and never with `page`.
 */
export const pageQuerySchema = z.object({
  page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000))),
  limit: z.optional(pageSizeParam(100)),
  cursor: z.optional(cursorParam),
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
/** A post as the product contract's endpoints answer it (docs/product.md#blog-entities); never more. */
export type BlogPost = z.infer<typeof blogPostSchema>;

/** A post with its publishing fields: what pages render and the admin lists show. */
export const postDetailsSchema = z.extend(blogPostSchema, {
  status: z.enum(POST_STATUSES),
  /** When a scheduled post is due. */
  publishAt: z.nullable(z.string()),
  /** When it first became public (the date the public pages show). */
  publishedAt: z.nullable(z.string()),
  customSlug: z.string(),
  metaTitle: z.string(),
  metaDescription: z.string(),
  socialImage: z.string(),
});
export type PostDetails = z.infer<typeof postDetailsSchema>;

/** What a blog card shows (docs/product.md#blog-list): list pages send no post's content to the browser. */
const POST_CARD_FIELDS = ['_id', 'title', 'excerpt', 'featureImage', 'url', 'createdAt', 'publishedAt'] as const;
export type PostCard = Pick<PostDetails, (typeof POST_CARD_FIELDS)[number]>;
export const toPostCard = (post: PostDetails): PostCard =>
  Object.fromEntries(POST_CARD_FIELDS.map((field) => [field, post[field]])) as PostCard;

/** A link to a post, as the sidebar's recent articles list it. */
export type PostLink = Pick<BlogPost, '_id' | 'title' | 'url'>;

const BLOG_POST_FIELDS = Object.keys(blogPostSchema.shape) as Array<keyof BlogPost>;

/** The contract's view of a post: its publishing fields left out. */
export const toBlogPost = (post: BlogPost): BlogPost =>
  Object.fromEntries(BLOG_POST_FIELDS.map((field) => [field, post[field]])) as BlogPost;

/** What the editor knows of a post: its publishing fields and its newsletter. */
export const adminPostSchema = z.extend(postDetailsSchema, {
  newsletter: z.object({
    /** A scheduled post e-mails the subscribers when it is published. */
    onPublish: z.boolean(),
    /** The post has been e-mailed (its campaign exists); it never is again. */
    sent: z.boolean(),
  }),
});
export type AdminPost = z.infer<typeof adminPostSchema>;

/** `meta` of a paged list. */
export const pageInfoSchema = z.object({
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  hasMore: z.boolean(),
});
export type PageInfo = z.infer<typeof pageInfoSchema>;

/** `meta` of a public list: a numbered page (`?page=&limit=`), or a keyset page (`?cursor=`). */
export const listMetaSchema = z.union([pageInfoSchema, cursorPageInfoSchema]);
