import { postAuthorSchema } from './profile';
import { z } from './zod';
import { PUBLISHING_MESSAGES, VALIDATION_MESSAGES } from '#shared/messages.ts';
import {
  isTextField,
  postFieldsIn,
  type PostField,
  type PostFieldDef,
  type PostFieldGroup,
  type PostFieldsIn,
  type PostTextField,
} from '#shared/post-fields.ts';
import { baseVersionField, optionalLink, optionalText } from './fields';
import { cursorPageInfoSchema, cursorParam, pageSizeParam } from './paging';
import { postTagsInput, type TagLink } from './tags';

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

/** `pending`: a Contributor submitted it for review (docs/product.md#review); like a draft, it is nowhere public. */
export const POST_STATUSES = ['draft', 'scheduled', 'published', 'pending'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** A custom URL segment: letters, digits and `-_.~`, spaces becoming hyphens; never a path step. */
const CUSTOM_SLUG = /^(?!\.\.?$)[\p{L}\p{N}_.~-]+$/u;

/** The input rule of each kind of post field (shared/post-fields.ts), with the field's limits and messages. */
const requiredText = (f: { required: string; max: number; tooLong: string }) =>
  z.string({ error: f.required }).check(z.trim(), z.minLength(1, f.required), z.maxLength(f.max, f.tooLong));
const optionalTrimmedText = (f: { max: number; tooLong: string }) =>
  z._default(z.string().check(z.trim(), z.maxLength(f.max, f.tooLong)), '');
const richText = (f: { max: number; tooLong: string }) => optionalText(f.max, f.tooLong);
/** A category id, or empty for an uncategorized post. */
const categoryId = () =>
  z.pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(64))),
    z.transform((v) => v || null),
  );
/** The post's own URL segment; empty: made from the title. */
const customSlug = (f: { max: number; tooLong: string }) =>
  z
    .pipe(
      z._default(z.string().check(z.trim(), z.maxLength(f.max, f.tooLong)), ''),
      z.transform((v) => v.replace(/\s+/g, '-')),
    )
    .check(z.refine((v) => v === '' || CUSTOM_SLUG.test(v), PUBLISHING_MESSAGES.badSlug));

type InputOf<F extends PostField> = F extends { kind: 'text'; required: string }
  ? ReturnType<typeof requiredText>
  : F extends { kind: 'text' }
    ? ReturnType<typeof optionalTrimmedText>
    : F extends { kind: 'rich' }
      ? ReturnType<typeof richText>
      : F extends { kind: 'image' }
        ? ReturnType<typeof optionalLink>
        : F extends { kind: 'category' }
          ? ReturnType<typeof categoryId>
          : ReturnType<typeof customSlug>;

function inputOf(field: PostFieldDef) {
  const limits = { max: field.max ?? 0, tooLong: field.tooLong ?? '' };
  switch (field.kind) {
    case 'text':
      return field.required ? requiredText({ ...limits, required: field.required }) : optionalTrimmedText(limits);
    case 'rich':
      return richText(limits);
    case 'image':
      return optionalLink();
    case 'category':
      return categoryId();
    case 'slug':
      return customSlug(limits);
  }
}

/** The input rules of a group's fields, in the registry's order (Zod reports issues in that order). */
const inputsOf = <G extends PostFieldGroup>(group: G) =>
  Object.fromEntries(postFieldsIn(group).map((field) => [field.name, inputOf(field)])) as {
    [F in PostFieldsIn<G> as F['name']]: InputOf<F>;
  };

const blogFields = {
  ...inputsOf('post'),
  /** Without it a post is published at once (the spec's flow); a scheduled post needs `publishAt`. */
  status: z._default(z.enum(POST_STATUSES, { error: PUBLISHING_MESSAGES.badStatus }), 'published'),
  /** ISO 8601 with a time zone; only read for a scheduled post, which needs it in the future. */
  publishAt: z.nullish(z.iso.datetime({ offset: true, error: PUBLISHING_MESSAGES.badPublishAt })),
  /**
   * E-mail the post to the confirmed subscribers when it is (first) published. Without it: yes for a
   * post's first publication, no for later edits. A post is e-mailed at most once.
   */
  sendNewsletter: z.optional(z.boolean()),
  ...inputsOf('seo'),
  /** **Extension:** its tags by name, in order (docs/product.md#tags); absent: the tags it has stay. */
  tags: postTagsInput,
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
  .object({
    ...blogFields,
    _id: z.optional(z.string().check(z.maxLength(64))),
    /**
     * **Extension:** the `version` of the post the editor opened (docs/product.md#edit-conflicts): a save
     * over a newer one answers 409. Absent: the save is made whatever came before (the spec's flow).
     */
    baseVersion: baseVersionField,
  })
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

/** A group's fields as answers show them, in the registry's order: strings (the category has its own shape). */
const answersOf = <G extends PostFieldGroup>(group: G) =>
  Object.fromEntries(
    postFieldsIn(group).flatMap((field) => (isTextField(field) ? [[field.name, z.string()]] : [])),
  ) as {
    [F in Extract<PostFieldsIn<G>, PostTextField> as F['name']]: z.ZodMiniString;
  };

/** A post as every answer shows it. */
export const blogPostSchema = z.object({
  _id: z.string(),
  ...answersOf('post'),
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
  ...answersOf('seo'),
  /** Minutes to read its content at about 230 words a minute, at least 1 (docs/product.md#reading-time). */
  readingMinutes: z.number(),
});
export type PostDetails = z.infer<typeof postDetailsSchema>;

/** What a blog card shows (docs/product.md#blog-list): list pages send no post's content to the browser. */
const POST_CARD_FIELDS = [
  '_id',
  'title',
  'excerpt',
  'featureImage',
  'url',
  'createdAt',
  'publishedAt',
  'readingMinutes',
] as const;
/** `tags`: its public tags, when the page loaded them (docs/product.md#tags). */
export type PostCard = Pick<PostDetails, (typeof POST_CARD_FIELDS)[number]> & { tags?: TagLink[] };
export const toPostCard = (post: PostDetails, tags?: TagLink[]): PostCard => ({
  ...(Object.fromEntries(POST_CARD_FIELDS.map((field) => [field, post[field]])) as unknown as PostCard),
  ...(tags ? { tags } : {}),
});

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
  /** The reviewer's last "Request changes", until the post is published (docs/product.md#review). */
  review: z.nullable(z.object({ note: z.string(), by: z.string(), at: z.string() })),
  /** Its authors in byline order (docs/product.md#profiles-and-author-pages). */
  authors: z.array(postAuthorSchema),
  /** Its tags' names in order, internal ones too (docs/product.md#tags). */
  tags: z.array(z.string()),
  /** Raised by one with every save; a save names the one it opened as `baseVersion` (docs/product.md#edit-conflicts). */
  version: z.number(),
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
