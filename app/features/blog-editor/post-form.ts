import { postFieldsIn, SEO_FIELDS, type PostFieldName } from '#shared/post-fields.ts';
import type { AdminPost, BlogInput, PostStatus } from '#shared/schemas/blog.ts';
import { isoToZoned, zonedToIso } from '#shared/zoned-time.ts';

/** What the post form holds: its fields (shared/post-fields.ts) as the inputs hold them, and the publishing choices. */
export type PostFormValues = { [N in PostFieldName]: string } & {
  status: PostStatus;
  /** `YYYY-MM-DDTHH:mm` in the site's time zone. */
  publishAtLocal: string;
  sendNewsletter: boolean;
  /** Its tags' names in order (docs/product.md#tags). */
  tags: string[];
};

/** A field's value in the form: the category as its id ('' for none), the others as stored. */
const formValueOf = (post: AdminPost | null, name: PostFieldName) =>
  name === 'blogCategory' ? (post?.blogCategory[0]?._id ?? '') : (post?.[name] ?? '');

const valuesOf = (post: AdminPost | null, group: 'post' | 'seo') =>
  Object.fromEntries(postFieldsIn(group).map((field) => [field.name, formValueOf(post, field.name)]));

/**
 * The form of a new post, or of a stored one. A new post is published on Save and e-mailed
 * (docs/product.md#blog-posts); for someone who may not publish it starts as a draft (docs/product.md#review).
 */
export function formOf(post: AdminPost | null, timeZone: string, mayPublish = true): PostFormValues {
  return {
    ...valuesOf(post, 'post'),
    status: post?.status ?? (mayPublish ? 'published' : 'draft'),
    publishAtLocal: post?.publishAt ? isoToZoned(post.publishAt, timeZone) : '',
    // On by default for a post's first publication, off for later edits; never again once e-mailed.
    sendNewsletter: post ? post.newsletter.onPublish || (!post.publishedAt && !post.newsletter.sent) : true,
    ...valuesOf(post, 'seo'),
    tags: post?.tags ?? [],
  } as PostFormValues;
}

type Body = Partial<Omit<BlogInput, 'blogCategory' | 'publishAt'>> & {
  title: string;
  blogCategory: string;
  publishAt?: string;
};

/**
 * The body of `blogs/add` or `blogs/edit`: the spec's fields, and a publishing or search field only where
 * it differs from what the API does without it, so a plain Save sends exactly what it always sent.
 */
export function bodyOf(
  values: PostFormValues,
  timeZone: string,
  options: { asDraft?: boolean; forReview?: boolean; isNew: boolean },
): Body {
  const fields = postFieldsIn('post').map((field) => [field.name, values[field.name]]);
  const body = Object.fromEntries(fields) as Record<PostFieldName, string> as Body;
  const status = options.forReview ? 'pending' : options.asDraft ? 'draft' : values.status;
  if (status !== 'published' || !options.isNew) body.status = status;
  if (status === 'scheduled') body.publishAt = zonedToIso(values.publishAtLocal, timeZone) ?? '';
  if ((status === 'published' || status === 'scheduled') && (!values.sendNewsletter || !options.isNew)) {
    body.sendNewsletter = values.sendNewsletter;
  }
  for (const field of SEO_FIELDS) {
    if (values[field] || !options.isNew) body[field] = values[field];
  }
  // An edit always sends them (all removed is a change); a new post only when it has some.
  if (values.tags.length || !options.isNew) body.tags = values.tags;
  return body;
}
