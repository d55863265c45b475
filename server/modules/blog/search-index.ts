import type { Db } from '#server/db/database.ts';
import { indexableText, plainTextOf } from '#server/lib/plain-text.ts';
import { documentSources, postIdsOfAuthor, postIdsOfCategory, writeDocuments } from './search-repository';

/**
 * The names of people by id, read in the caller's transaction: given by the auth module, which owns them
 * (server/services.ts). Author names are on every byline, so they are public text.
 */
export type AuthorNames = (trx: Db, userIds: readonly string[]) => Promise<Map<string, string>>;

/**
 * Keeps the search index (migration 2026-12-01-0027-search) in step with posts: every write that changes
 * a post's text or whether it is public (published, trashed, restored, taken back) calls one of these
 * inside its own transaction, so a committed change is searchable at once and a rolled-back one never
 * was (docs/decisions/0023-search.md).
 */
export function createSearchIndex(deps: { authorNames?: AuthorNames }) {
  /** Rebuilds the index rows of these posts from what they are now (posts that do not exist are skipped). */
  async function reindexPosts(trx: Db, postIds: readonly string[]): Promise<void> {
    const ids = [...new Set(postIds)];
    for (let i = 0; i < ids.length; i += 500) {
      const { posts, tags, authors } = await documentSources(trx, ids.slice(i, i + 500));
      const names = deps.authorNames
        ? await deps.authorNames(trx, [...new Set(authors.map((a) => a.user_id))])
        : new Map<string, string>();
      const terms = new Map<string, string[]>();
      const add = (postId: string, term: string | undefined) => {
        if (term) terms.set(postId, [...(terms.get(postId) ?? []), term]);
      };
      for (const author of authors) add(author.post_id, names.get(author.user_id));
      for (const tag of tags) add(tag.post_id, tag.name);
      await writeDocuments(
        trx,
        posts.map((post) => ({
          postId: post.id,
          visibility: post.deleted_at ? 'trashed' : post.status === 'published' ? 'public' : 'hidden',
          title: indexableText(post.title),
          terms: indexableText([...(terms.get(post.id) ?? []), post.category ?? ''].join(' ')),
          excerpt: indexableText(post.excerpt),
          body: plainTextOf(post.content),
          publishedAt: post.published_at,
        })),
      );
    }
  }

  return {
    reindexPosts,
    /** A category renamed: its posts' text holds its name. */
    reindexCategory: async (trx: Db, categoryId: string) => reindexPosts(trx, await postIdsOfCategory(trx, categoryId)),
    /** A person's display name changed: the posts they are an author of. */
    reindexAuthor: async (trx: Db, userId: string) => reindexPosts(trx, await postIdsOfAuthor(trx, userId)),
  };
}
export type SearchIndex = ReturnType<typeof createSearchIndex>;
