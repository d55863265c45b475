import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { now } from '#server/db/database.ts';
import type { Cursor } from '#server/lib/cursor.ts';

/**
 * All SQL of post addresses: the slugs taken in a category, the old addresses that redirect, and the
 * reads of addresses alone (sitemaps, the sidebar's links), which never load a post's content.
 */

/** Slugs in a category that equal `base` or extend it with `-<something>`. */
export async function slugsLike(
  db: Db,
  categoryId: string | null,
  base: string,
  excludeId?: string,
): Promise<string[]> {
  let query = db
    .selectFrom('blog_posts')
    .select('slug')
    // A post in the trash frees its address; it gets it back when restored if nobody took it meanwhile.
    .where('deleted_at', 'is', null)
    // substr() counts characters (code points), not JavaScript's UTF-16 units: an emoji is one, not two.
    .where((eb) =>
      eb.or([eb('slug', '=', base), eb(sql<string>`substr(slug, 1, ${[...base].length + 1})`, '=', `${base}-`)]),
    );
  query = categoryId === null ? query.where('category_id', 'is', null) : query.where('category_id', '=', categoryId);
  if (excludeId) query = query.where('id', '!=', excludeId);
  return (await query.execute()).map((r) => r.slug);
}

/**
 * Points an old address at a post, whatever it pointed at before. One upsert rather than a delete and an
 * insert: two edits of one post at once on PostgreSQL both found nothing to delete and the second insert
 * failed on the primary key (a 500); now the second waits for the first and overwrites it.
 */
export async function addRedirect(db: Db, path: string, postId: string): Promise<void> {
  const at = now();
  await db
    .insertInto('blog_redirects')
    .values({ path, post_id: postId, created_at: at })
    .onConflict((oc) => oc.column('path').doUpdateSet({ post_id: postId, created_at: at }))
    .execute();
}

export async function removeRedirect(db: Db, path: string): Promise<void> {
  await db.deleteFrom('blog_redirects').where('path', '=', path).execute();
}

export async function findRedirect(db: Db, path: string): Promise<string | undefined> {
  return (await db.selectFrom('blog_redirects').select('post_id').where('path', '=', path).executeTakeFirst())?.post_id;
}

/** The newest published posts' titles and addresses, read without their content. */
export function listRecentPostLinks(db: Db, limit: number) {
  return db
    .selectFrom('blog_posts')
    .leftJoin('blog_categories', 'blog_categories.id', 'blog_posts.category_id')
    .select(['blog_posts.id', 'blog_posts.title', 'blog_posts.slug', 'blog_categories.slug as category_slug'])
    .where('blog_posts.status', '=', 'published')
    .where('blog_posts.deleted_at', 'is', null)
    .orderBy('blog_posts.published_at', 'desc')
    .orderBy('blog_posts.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The address columns of `limit` published posts in the public order from `after` (a sitemap file), read
 * from the covering public-list index alone (migration 2026-11-27-0015). No category join: the caller maps
 * the few category ids to slugs, and the read of 10,000 rows took half the time without it.
 */
export function listPublicAddresses(db: Db, limit: number, after?: Cursor) {
  let query = db
    .selectFrom('blog_posts')
    .select(['slug', 'updated_at', 'category_id'])
    .where('status', '=', 'published')
    .where('deleted_at', 'is', null);
  if (after) {
    query = query.where((eb) => eb(eb.refTuple('published_at', 'id'), '<', eb.tuple(after.key, after.id)));
  }
  return query.orderBy('published_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/**
 * The position just before the `offset`-th published post (0-based) in the public order: where a child
 * sitemap starts. Reads one index entry after skipping `offset` of them; undefined past the end.
 */
export async function publicPositionAt(db: Db, offset: number): Promise<Cursor | undefined> {
  const row = await db
    .selectFrom('blog_posts')
    .select(['published_at', 'id'])
    .where('status', '=', 'published')
    .where('deleted_at', 'is', null)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .offset(offset)
    .executeTakeFirst();
  return row ? { key: row.published_at!, id: row.id } : undefined;
}

const likeOf = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Old addresses of posts outside the trash, by address, with where they lead now (Settings → Redirects
 * lists them read-only as automatic rules); only those containing `search` when given.
 */
export function listMovedPosts(db: Db, search: string | undefined, limit: number) {
  let query = db
    .selectFrom('blog_redirects')
    .innerJoin('blog_posts', 'blog_posts.id', 'blog_redirects.post_id')
    .leftJoin('blog_categories', 'blog_categories.id', 'blog_posts.category_id')
    .select([
      'blog_redirects.path',
      'blog_redirects.created_at',
      'blog_posts.slug',
      'blog_categories.slug as category_slug',
    ])
    .where('blog_posts.deleted_at', 'is', null);
  if (search)
    query = query.where(sql<string>`lower(blog_redirects.path)`, 'like', sql<string>`${likeOf(search)} escape '\\'`);
  return query.orderBy('blog_redirects.path').limit(limit).execute();
}

export async function countMovedPosts(db: Db, search: string | undefined): Promise<number> {
  let query = db
    .selectFrom('blog_redirects')
    .innerJoin('blog_posts', 'blog_posts.id', 'blog_redirects.post_id')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('blog_posts.deleted_at', 'is', null);
  if (search)
    query = query.where(sql<string>`lower(blog_redirects.path)`, 'like', sql<string>`${likeOf(search)} escape '\\'`);
  return Number((await query.executeTakeFirstOrThrow()).n);
}
