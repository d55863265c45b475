import type { AdminPost } from '#shared/schemas/blog.ts';
import type { Writer } from '#server/modules/blog/service.ts';
import type { Services } from '#server/services.ts';

/** A post as the editor opens it: the blog's post and review note, with the newsletter's state and its authors and tags. */
export async function adminPostOf(services: Services, id: string, writer: Writer): Promise<AdminPost> {
  const { review, version, ...post } = await services.blog.getAdminPost(id, writer);
  const authorIds = await services.blog.authorIdsOf(id);
  const names = await services.profiles.namesOf(authorIds);
  const authors = authorIds.map((authorId) => ({ _id: authorId, name: names.get(authorId) ?? '' }));
  const tags = await services.blog.tagNamesOf(id);
  return { ...(await services.newsletter.withState(post)), review, authors, tags, version };
}
