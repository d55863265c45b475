import { PUBLISHING_MESSAGES } from '#shared/messages.ts';
import { isTextField, POST_FIELDS } from '#shared/post-fields.ts';
import { blogInputSchema, type BlogInput, type PostDetails, type PostStatus } from '#shared/schemas/blog.ts';
import type { z } from '#shared/schemas/zod.ts';
import { InvalidInputError } from '#server/errors.ts';

/** What callers pass: the API's parsed body, or fewer fields from the seed and tests (defaults fill the rest). */
export type BlogInputFields = z.input<typeof blogInputSchema>;

export function validPost(raw: BlogInputFields): BlogInput {
  const parsed = blogInputSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new InvalidInputError(issue.message, issue.path.map(String).join('.') || undefined);
}

/**
 * The publishing columns of a save: when it is public and whether it e-mails the subscribers. A post
 * keeps the time of its first publication; a scheduled one needs a time in the future.
 */
export function publishingOf(input: BlogInput, publishedAt: string | null, at = new Date().toISOString()) {
  const status: PostStatus = input.status;
  const firstPublication = publishedAt === null;
  const newsletter = input.sendNewsletter ?? firstPublication;
  if (status === 'scheduled') {
    const at = new Date(input.publishAt!);
    if (at.getTime() <= Date.now()) throw new InvalidInputError(PUBLISHING_MESSAGES.publishAtPast, 'publishAt');
    return { status, publish_at: at.toISOString(), published_at: publishedAt, newsletter: newsletter ? 1 : 0 };
  }
  return {
    status,
    publish_at: null,
    published_at: status === 'published' ? (publishedAt ?? at) : publishedAt,
    newsletter: newsletter ? 1 : 0,
  };
}

/**
 * A post as its history keeps it: its fields (shared/post-fields.ts), the category, its tags as one text
 * (a tag name holds no comma; server/orchestration/restore-revision.ts splits it), and not its publishing
 * state (restoring never publishes).
 */
export const revisionDataOf = (post: PostDetails, tagNames: readonly string[]) => ({
  ...Object.fromEntries(POST_FIELDS.filter(isTextField).map((field) => [field.name, post[field.name]])),
  blogCategory: post.blogCategory[0]?._id ?? '',
  tags: tagNames.join(', '),
});
