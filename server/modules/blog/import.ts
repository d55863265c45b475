import type { ExportedCategory, ExportedPost, ExportedTag } from '#shared/site-export.ts';
import type { Db } from '#server/db/database.ts';
import { allPostTitles, clearBlog, insertCategoryRow, insertPostRow, insertTagRow } from './import-repository';
import type { SearchIndex } from './search-index';

/**
 * The blog's part of restoring a site export into an empty site (docs/decisions/0039-export.md): the demo's
 * posts, categories and tags go, the archive's come in with their ids, addresses, dates and authors.
 */
export function createBlogImport(deps: { db: Db; searchIndex: SearchIndex; sweepRelated: () => Promise<number> }) {
  const { db } = deps;
  return {
    /** Every post's title, those in the trash too. */
    everyPostTitle: () => allPostTitles(db),
    clearBlog: (trx: Db) => clearBlog(trx),
    async importTerms(trx: Db, categories: readonly ExportedCategory[], tags: readonly ExportedTag[]) {
      for (const category of categories) await insertCategoryRow(trx, category);
      for (const tag of tags) await insertTagRow(trx, tag);
    },
    /** A batch of posts; `authorOf` maps an exported person's id to this site's. */
    async importPosts(trx: Db, posts: readonly ExportedPost[], authorOf: (id: string) => string | undefined) {
      for (const post of posts) {
        const authors = [...new Set(post.authorIds.map(authorOf).filter((id): id is string => Boolean(id)))];
        await insertPostRow(trx, post, authors);
      }
      await deps.searchIndex.reindexPosts(
        trx,
        posts.map((post) => post.id),
      );
    },
    /** Every Read next list made again once all posts are in. */
    afterImport: () => deps.sweepRelated(),
  };
}
