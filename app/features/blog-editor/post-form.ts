import type { AdminPost, BlogInput, PostStatus } from '#shared/schemas/blog.ts';
import { isoToZoned, zonedToIso } from '#shared/zoned-time.ts';

/** What the post form holds: strings as the inputs hold them, plus the publishing choices. */
export interface PostFormValues {
  title: string;
  excerpt: string;
  blogCategory: string;
  content: string;
  featureImage: string;
  status: PostStatus;
  /** `YYYY-MM-DDTHH:mm` in the site's time zone. */
  publishAtLocal: string;
  sendNewsletter: boolean;
  customSlug: string;
  metaTitle: string;
  metaDescription: string;
  socialImage: string;
}

/** The form of a new post, or of a stored one. A new post is published on Save and e-mailed (docs/product.md#blog-posts). */
export function formOf(post: AdminPost | null, timeZone: string): PostFormValues {
  return {
    title: post?.title ?? '',
    excerpt: post?.excerpt ?? '',
    blogCategory: post?.blogCategory[0]?._id ?? '',
    content: post?.content ?? '',
    featureImage: post?.featureImage ?? '',
    status: post?.status ?? 'published',
    publishAtLocal: post?.publishAt ? isoToZoned(post.publishAt, timeZone) : '',
    // On by default for a post's first publication, off for later edits; never again once e-mailed.
    sendNewsletter: post ? post.newsletter.onPublish || (!post.publishedAt && !post.newsletter.sent) : true,
    customSlug: post?.customSlug ?? '',
    metaTitle: post?.metaTitle ?? '',
    metaDescription: post?.metaDescription ?? '',
    socialImage: post?.socialImage ?? '',
  };
}

type Body = Partial<Omit<BlogInput, 'blogCategory' | 'publishAt'>> & {
  title: string;
  blogCategory: string;
  publishAt?: string;
};

/**
 * The body of `blogs/add` or `blogs/edit`: the spec's five fields, and a publishing field only where it
 * differs from what the API does without it, so a plain Save sends exactly what it always sent.
 */
export function bodyOf(values: PostFormValues, timeZone: string, options: { asDraft?: boolean; isNew: boolean }): Body {
  const body: Body = {
    title: values.title,
    excerpt: values.excerpt,
    blogCategory: values.blogCategory,
    content: values.content,
    featureImage: values.featureImage,
  };
  const status = options.asDraft ? 'draft' : values.status;
  if (status !== 'published' || !options.isNew) body.status = status;
  if (status === 'scheduled') body.publishAt = zonedToIso(values.publishAtLocal, timeZone) ?? '';
  if (status !== 'draft' && (!values.sendNewsletter || !options.isNew)) body.sendNewsletter = values.sendNewsletter;
  for (const field of ['customSlug', 'metaTitle', 'metaDescription', 'socialImage'] as const) {
    if (values[field] || !options.isNew) body[field] = values[field];
  }
  return body;
}
