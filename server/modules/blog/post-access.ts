import { SERVER_MESSAGES, TEAM_MESSAGES } from '#shared/messages.ts';
import { can, mayUseCategory, type Person } from '#shared/roles.ts';
import type { BlogInput, PostStatus } from '#shared/schemas/blog.ts';
import type { Db } from '#server/db/database.ts';
import { ForbiddenError, NotFoundError } from '#server/errors.ts';
import type { Actor } from '#server/modules/revisions/service.ts';
import { isAuthor } from './authors-repository';

/**
 * Who writes: the actor of the history, and the person whose role decides (shared/roles.ts). Without a
 * person (the seed, jobs, tests of the blog alone) every rule is open.
 */
export interface Writer extends Actor {
  person?: Person;
}

/** What a Contributor's post may be: theirs to edit while it is a draft or waits for review. */
const UNPUBLISHED: ReadonlySet<PostStatus> = new Set(['draft', 'pending']);

/** Null: every post; a user id: only the posts that person is an author of. */
export const authorScopeOf = (writer: Writer): string | undefined =>
  writer.person && !can(writer.person, 'posts.all') && writer.id ? writer.id : undefined;

/**
 * 404 for a post the writer may not see: an Author asking for someone else's post learns nothing,
 * not even that it exists.
 */
export async function requireOwnPost(db: Db, writer: Writer, postId: string): Promise<void> {
  const authorId = authorScopeOf(writer);
  if (authorId && !(await isAuthor(db, postId, authorId))) throw new NotFoundError(SERVER_MESSAGES.postNotFound);
}

/**
 * What a save may ask for: only publishers make a post public or touch one that is (a Contributor's
 * post is theirs while it is a draft or pending); only those allowed send newsletters; and a category switch
 * keeps Authors and Contributors to theirs. The input comes back with the newsletter turned off where
 * the writer may not send one.
 */
export function checkedInput(
  writer: Writer,
  input: BlogInput,
  existing?: { status: PostStatus; category_id: string | null },
): BlogInput {
  const person = writer.person;
  if (!person) return input;
  if (
    !can(person, 'posts.publish') &&
    (!UNPUBLISHED.has(input.status) || (existing && !UNPUBLISHED.has(existing.status)))
  ) {
    throw new ForbiddenError(TEAM_MESSAGES.publishNotAllowed, 'status');
  }
  if ((!existing || existing.category_id !== input.blogCategory) && !mayUseCategory(person, input.blogCategory)) {
    throw new ForbiddenError(TEAM_MESSAGES.categoryNotAllowed, 'blogCategory');
  }
  return can(person, 'newsletters') ? input : { ...input, sendNewsletter: false };
}

/** Deleting: the writer's own post (or any, with `posts.all`), and a public one only for a publisher. */
export function checkDeletable(writer: Writer, status: PostStatus): void {
  if (writer.person && !can(writer.person, 'posts.publish') && !UNPUBLISHED.has(status)) {
    throw new ForbiddenError(TEAM_MESSAGES.publishNotAllowed, 'status');
  }
}
