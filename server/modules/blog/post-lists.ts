import type { Db } from '#server/db/database.ts';
import { keysetOf, pageOf, type ListSource, type PageQuery } from '#server/lib/paging.ts';
import { toPost } from './mapping';
import { countPosts, listPosts, sortKeyOf, type PostFilter, type PostRow } from './posts-repository';

const ALL_POSTS_CAP = 1000;
const DEFAULT_PAGE_SIZE = 10;

/** The posts a filter holds, as server/lib/paging.ts reads a list. */
const postsOf = (db: Db, filter: PostFilter): ListSource<PostRow> => ({
  list: (slice) => listPosts(db, filter, slice),
  count: () => countPosts(db, filter),
  cursorOf: (row) => ({ key: row[sortKeyOf(filter)]!, id: row.id }),
});

/** The `limit` posts after `cursor` (from the start without one), and the cursor of the page after. */
export async function keysetOfPosts(db: Db, filter: PostFilter, limit: number, cursor?: string) {
  const { rows, pageInfo } = await keysetOf(postsOf(db, filter), limit, cursor);
  return { posts: rows.map(toPost), pageInfo };
}

/**
 * One list as asked: without parameters all of it up to 1000 posts (the spec's "all posts"); with
 * `page`/`limit` a numbered page with its total; with `cursor` (empty for the first page) the page after
 * it (keyset, no total) and the cursor of the next.
 */
export async function pageOfPosts(db: Db, filter: PostFilter, page: PageQuery = {}) {
  const { rows, pageInfo } = await pageOf(postsOf(db, filter), page, { all: ALL_POSTS_CAP, page: DEFAULT_PAGE_SIZE });
  return { posts: rows.map(toPost), pageInfo };
}
