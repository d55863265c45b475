import { PROFILE_MESSAGES, SERVER_MESSAGES } from '#shared/messages.ts';
import type { Db } from '#server/db/database.ts';
import { InvalidInputError, NotFoundError } from '#server/errors.ts';
import type { PageQuery } from '#server/lib/paging.ts';
import { authorIdsOf, publicAuthorIds, setAuthors } from './authors-repository';
import { pageOfPosts } from './post-lists';
import { findPost } from './posts-repository';
import type { SearchIndex } from './search-index';
import type { BlogWrites } from './writes';

/** What the blog asks about people: given by the auth module (server/services.ts). */
export interface BlogPeople {
  /** Of these ids, those of active people. */
  activeAmong(ids: readonly string[]): Promise<Set<string>>;
  /** People's names by id, read in the caller's transaction (the search index holds authors' names). */
  namesIn?(trx: Db, ids: readonly string[]): Promise<Map<string, string>>;
}

/** The authors of posts (docs/product.md#profiles-and-author-pages): bylines and author pages' lists. */
export function createPostAuthors(deps: { db: Db; writes: BlogWrites; people?: BlogPeople; searchIndex: SearchIndex }) {
  const { db, writes } = deps;
  return {
    /** A post's authors' ids in byline order. */
    authorIdsOf: (postId: string) => authorIdsOf(db, postId),

    /**
     * Replaces a post's authors. Only the byline changes: the post keeps its `updatedAt`, but the content
     * version moves (write), so cached pages show the new byline.
     */
    async setPostAuthors(postId: string, ids: readonly string[]): Promise<string[]> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) throw new InvalidInputError(PROFILE_MESSAGES.authorsRequired, 'authorIds');
      if (unique.length > 10) throw new InvalidInputError(PROFILE_MESSAGES.authorsTooMany, 'authorIds');
      const active = deps.people ? await deps.people.activeAmong(unique) : new Set(unique);
      if (unique.some((id) => !active.has(id)))
        throw new InvalidInputError(PROFILE_MESSAGES.authorsUnknown, 'authorIds');
      return writes.write(async (trx) => {
        if (!(await findPost(trx, postId))) throw new NotFoundError(SERVER_MESSAGES.postNotFound);
        await setAuthors(trx, postId, unique);
        await deps.searchIndex.reindexPosts(trx, [postId]);
        return unique;
      });
    },

    /** An author page's list: their published posts, newest first, paged like /blogs. */
    listByAuthor: (userId: string, page?: PageQuery) => pageOfPosts(db, { authorId: userId, status: 'public' }, page),

    /** People with at least one published post. */
    publicAuthorIds: () => publicAuthorIds(db),
  };
}
