import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { PostFieldColumn } from '#shared/post-fields.ts';
import type { Db } from '#server/db/database.ts';
import { now } from '#server/db/database.ts';
import type { BlogPostTable, Database, PostStatus } from '#server/db/schema.ts';
import { offsetSlice, type ListSlice } from '#server/lib/paging.ts';

/** All SQL of blog posts: their rows, the trash, publishing and preview tokens. */

export type PostRow = Selectable<BlogPostTable> & { category_name: string | null; category_slug: string | null };

/**
 * Which posts a list holds. `categoryId` — undefined: every category; null: uncategorized posts; a string:
 * that category. `status` — 'public': what visitors may see (published); a status: the admin's filter;
 * undefined: every post (the admin list).
 */
export interface PostFilter {
  categoryId?: string | null;
  status?: 'public' | PostStatus;
  /** Only the posts this person is an author of (an Author's or Contributor's own list). */
  authorId?: string;
  /** Only the posts with this tag (a tag page's list, docs/product.md#tags). */
  tagId?: string;
}

const byAuthor = (authorId: string) => (eb: ExpressionBuilder<Database, 'blog_posts'>) =>
  eb.exists(
    eb
      .selectFrom('post_authors')
      .select('post_authors.post_id')
      .whereRef('post_authors.post_id', '=', 'blog_posts.id')
      .where('post_authors.user_id', '=', authorId),
  );

const byTag = (tagId: string) => (eb: ExpressionBuilder<Database, 'blog_posts'>) =>
  eb.exists(
    eb
      .selectFrom('post_tags')
      .select('post_tags.post_id')
      .whereRef('post_tags.post_id', '=', 'blog_posts.id')
      .where('post_tags.tag_id', '=', tagId),
  );

/** Every post with its category's name and slug (null when uncategorized), those in the trash too. */
const anyPostsQuery = (db: Db) =>
  db
    .selectFrom('blog_posts')
    .leftJoin('blog_categories', 'blog_categories.id', 'blog_posts.category_id')
    .selectAll('blog_posts')
    .select(['blog_categories.name as category_name', 'blog_categories.slug as category_slug']);

/** Posts that are not in the trash: the only ones any read but the trash's sees. */
const postsQuery = (db: Db) => anyPostsQuery(db).where('blog_posts.deleted_at', 'is', null);

function filtered<Q extends ReturnType<typeof postsQuery>>(query: Q, filter: PostFilter): Q {
  let q = query;
  if (filter.categoryId === null) q = q.where('blog_posts.category_id', 'is', null) as Q;
  else if (filter.categoryId !== undefined) q = q.where('blog_posts.category_id', '=', filter.categoryId) as Q;
  if (filter.status) {
    q = q.where('blog_posts.status', '=', filter.status === 'public' ? 'published' : filter.status) as Q;
  }
  if (filter.authorId) q = q.where(byAuthor(filter.authorId)) as Q;
  if (filter.tagId) q = q.where(byTag(filter.tagId)) as Q;
  return q;
}

/** Public lists are newest publication first; the admin's newest created first. */
export const sortKeyOf = (filter: PostFilter) =>
  filter.status === 'public' ? ('published_at' as const) : ('created_at' as const);

/**
 * A list in its order: all of it, a slice by `offset`, or (keyset) the `limit` rows after `after`. The
 * keyset form compares (sort key, id) as a row value, which both databases answer from the indexes of
 * migration 2026-11-27-0015 without reading the rows before the page. A slice by offset picks its ids
 * in the index first (skipping ids, not whole posts with their content), then reads those posts; given
 * the list's `total`, a slice in its second half is skipped to from the end (server/lib/paging.ts).
 */
export async function listPosts(db: Db, filter: PostFilter, page?: ListSlice): Promise<PostRow[]> {
  const key = `blog_posts.${sortKeyOf(filter)}` as const;
  let query = filtered(postsQuery(db), filter).orderBy(key, 'desc').orderBy('blog_posts.id', 'desc');
  if (page?.after) {
    const { key: at, id } = page.after;
    query = query.where((eb) => eb(eb.refTuple(key, 'blog_posts.id'), '<', eb.tuple(at, id)));
  }
  if (page?.offset) {
    const slice = offsetSlice(page.offset, page.limit, page.total);
    if (!slice) return [];
    const order = slice.backward ? 'asc' : 'desc';
    const ids = filteredIds(db, filter)
      .orderBy(sortKeyOf(filter), order)
      .orderBy('id', order)
      .limit(slice.limit)
      .offset(slice.offset);
    return query.where('blog_posts.id', 'in', ids).execute();
  }
  if (page) query = query.limit(page.limit);
  return query.execute();
}

/** The ids of a list's posts, read from the index alone. */
function filteredIds(db: Db, filter: PostFilter) {
  let query = db.selectFrom('blog_posts').select('id').where('deleted_at', 'is', null);
  if (filter.categoryId === null) query = query.where('category_id', 'is', null);
  else if (filter.categoryId !== undefined) query = query.where('category_id', '=', filter.categoryId);
  if (filter.status) query = query.where('status', '=', filter.status === 'public' ? 'published' : filter.status);
  if (filter.authorId) query = query.where(byAuthor(filter.authorId));
  if (filter.tagId) query = query.where(byTag(filter.tagId));
  return query;
}

export async function countPosts(db: Db, filter: PostFilter): Promise<number> {
  const row = await filteredIds(db, filter)
    .clearSelect()
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findPost(db: Db, id: string): Promise<PostRow | undefined> {
  return postsQuery(db).where('blog_posts.id', '=', id).executeTakeFirst();
}

/** These posts outside the trash, in no particular order (search results, ordered by their caller). */
export async function findPostsByIds(db: Db, ids: readonly string[]): Promise<PostRow[]> {
  if (!ids.length) return [];
  return postsQuery(db).where('blog_posts.id', 'in', ids).execute();
}

/** A post by its address, whatever its status (a draft still holds its address). */
export async function findPostBySlug(db: Db, categoryId: string | null, slug: string): Promise<PostRow | undefined> {
  let query = postsQuery(db).where('blog_posts.slug', '=', slug);
  query =
    categoryId === null
      ? query.where('blog_posts.category_id', 'is', null)
      : query.where('blog_posts.category_id', '=', categoryId);
  return query.executeTakeFirst();
}

export async function findPostByPreviewToken(db: Db, token: string): Promise<PostRow | undefined> {
  return postsQuery(db).where('blog_posts.preview_token', '=', token).executeTakeFirst();
}

/** Sets or clears a post's preview token; false when there is no such post outside the trash. */
export async function setPreviewToken(db: Db, id: string, token: string | null): Promise<boolean> {
  const result = await db
    .updateTable('blog_posts')
    .set({ preview_token: token })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Gives a post a preview token unless it has one; answers the token it has then (two callers get the same).
 * Null for a post in the trash: nothing there can be shared.
 */
export async function ensurePreviewToken(db: Db, id: string, token: string): Promise<string | null> {
  await db
    .updateTable('blog_posts')
    .set({ preview_token: token })
    .where('id', '=', id)
    .where('preview_token', 'is', null)
    .where('deleted_at', 'is', null)
    .execute();
  const row = await db
    .selectFrom('blog_posts')
    .select('preview_token')
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.preview_token ?? null;
}

/**
 * Publishes every scheduled post that is due, in one statement: each is taken by exactly one caller
 * however many processes run it at once. Answers the posts it published.
 */
export async function publishDue(db: Db): Promise<Array<{ id: string; newsletter: number }>> {
  const at = now();
  return (
    db
      .updateTable('blog_posts')
      .set({ status: 'published', published_at: sql<string>`COALESCE(published_at, ${at})`, publish_at: null })
      .where('status', '=', 'scheduled')
      .where('publish_at', '<=', at)
      // A post in the trash waits there: it publishes when restored, if it is still due then.
      .where('deleted_at', 'is', null)
      .returning(['id', 'newsletter'])
      .execute()
  );
}

export type PostColumn = keyof Selectable<BlogPostTable>;

/** What a save writes: the post's fields (shared/post-fields.ts), its address and its publishing state. */
export type PostWrite = Pick<
  Selectable<BlogPostTable>,
  PostFieldColumn | 'slug' | 'status' | 'publish_at' | 'published_at' | 'newsletter'
> & { word_count: number };

/** `at`: when it is made (a post published at once is published at that same moment). */
export async function insertPost(db: Db, id: string, post: PostWrite, at: string = now()): Promise<void> {
  await db
    .insertInto('blog_posts')
    .values({ id, ...post, created_at: at, updated_at: at })
    .execute();
}

/**
 * The first step of a post's save: raises its version, only from `base` when given (the version its editor
 * opened). False when the post is at another version: someone saved it meanwhile. One UPDATE with the
 * check in its WHERE, so of two saves from one version at once the second waits for the first's row lock
 * (PostgreSQL) or its write lock (SQLite), then finds the version moved and changes nothing.
 */
export async function claimVersion(db: Db, id: string, base: number | undefined): Promise<boolean> {
  let query = db
    .updateTable('blog_posts')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', id);
  if (base !== undefined) query = query.where('version', '=', base);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function updatePost(db: Db, id: string, post: PostWrite): Promise<void> {
  await db
    .updateTable('blog_posts')
    .set({ ...post, updated_at: now() })
    .where('id', '=', id)
    .execute();
}

/** A post's image columns and content after an image moved to a new address (its other fields as they are). */
export async function setImages(
  db: Db,
  id: string,
  images: Pick<PostWrite, 'content' | 'feature_image' | 'social_image'>,
): Promise<void> {
  await db
    .updateTable('blog_posts')
    .set({ ...images, updated_at: now() })
    .where('id', '=', id)
    .execute();
}

/** Moves a post to another category (or none) under a new slug, without touching its edit time. */
export async function movePost(db: Db, id: string, categoryId: string | null, slug: string): Promise<void> {
  await db.updateTable('blog_posts').set({ category_id: categoryId, slug }).where('id', '=', id).execute();
}

/** Sets or clears the reviewer's note of a post. */
export async function setReview(db: Db, id: string, review: { note: string; by: string; at: string } | null) {
  await db
    .updateTable('blog_posts')
    .set({ review_note: review?.note ?? null, review_by: review?.by ?? null, review_at: review?.at ?? null })
    .where('id', '=', id)
    .execute();
}

/** How many posts wait for review (outside the trash). */
export async function countPending(db: Db): Promise<number> {
  const row = await db
    .selectFrom('blog_posts')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('status', '=', 'pending')
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Sends a pending post back to draft; false when it is not pending (any more). */
export async function pendingToDraft(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable('blog_posts')
    .set({ status: 'draft', updated_at: now() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Puts a post in the trash; false when there was no such post outside it. */
export async function trashPost(db: Db, id: string, by: string | null = null): Promise<boolean> {
  const result = await db
    .updateTable('blog_posts')
    // Its preview link ends with it: a restored post does not bring an old link back to life.
    .set({ deleted_at: now(), deleted_by: by, preview_token: null })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The posts in the trash, most recently deleted first. */
export function listTrashedPosts(db: Db) {
  return anyPostsQuery(db)
    .where('blog_posts.deleted_at', 'is not', null)
    .orderBy('blog_posts.deleted_at', 'desc')
    .execute();
}

/**
 * The newest posts outside the trash whose title contains `search` (any case), ids only: the navigation's
 * post picker. `lower()` on both sides: PostgreSQL's LIKE minds case.
 */
export async function findPostIdsByTitle(db: Db, search: string, limit: number): Promise<string[]> {
  let query = db.selectFrom('blog_posts').select('id').where('deleted_at', 'is', null);
  if (search) {
    const like = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(sql<boolean>`lower(title) like ${like} escape '\\'`);
  }
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => row.id);
}

/**
 * These posts' addresses and states, in the trash or not (the navigation's links, server/modules/navigation):
 * only those columns, not the posts' texts.
 */
export async function findPostTargets(db: Db, ids: readonly string[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('blog_posts')
    .leftJoin('blog_categories', 'blog_categories.id', 'blog_posts.category_id')
    .select([
      'blog_posts.id',
      'blog_posts.title',
      'blog_posts.slug',
      'blog_posts.status',
      'blog_posts.deleted_at',
      'blog_categories.slug as category_slug',
    ])
    .where('blog_posts.id', 'in', ids)
    .execute();
}

/** A post whether or not it is in the trash. */
export function findPostWithTrash(db: Db, id: string) {
  return anyPostsQuery(db).where('blog_posts.id', '=', id).executeTakeFirst();
}

/** The titles of posts by id, in the trash or not (the subscriber list names the post an address came from). */
export function findPostTitles(db: Db, ids: readonly string[]) {
  return db.selectFrom('blog_posts').select(['id', 'title']).where('id', 'in', ids).execute();
}

export function findTrashedPost(db: Db, id: string) {
  return anyPostsQuery(db)
    .where('blog_posts.id', '=', id)
    .where('blog_posts.deleted_at', 'is not', null)
    .executeTakeFirst();
}

/** Takes a post out of the trash, at `slug` (its old one when still free). */
export async function untrashPost(db: Db, id: string, slug: string): Promise<void> {
  await db.updateTable('blog_posts').set({ deleted_at: null, deleted_by: null, slug }).where('id', '=', id).execute();
}

/** Deletes for good the posts that have been in the trash since before `before`; answers their ids. */
export async function purgeTrashedPosts(db: Db, before: string): Promise<Array<{ id: string; title: string }>> {
  return db.deleteFrom('blog_posts').where('deleted_at', '<', before).returning(['id', 'title']).execute();
}

/** The posts, those in the trash too (they may come back), whose `columns` match `like`. */
export function findPostsMatching(db: Db, like: string, columns: readonly PostColumn[]) {
  return db
    .selectFrom('blog_posts')
    .select(['id', 'title', 'deleted_at'])
    .where((eb) => eb.or(columns.map((column) => eb(column, 'like', like))))
    .execute();
}

/** A category's posts, those in the trash too (they must move with it). */
export function listCategoryPostsWithTrash(db: Db, categoryId: string) {
  return anyPostsQuery(db).where('blog_posts.category_id', '=', categoryId).execute();
}

/** Posts outside the trash by id, `limit` after `afterId`: the site export reads them all a batch at a time. */
export function postsAfter(db: Db, afterId: string, limit: number): Promise<PostRow[]> {
  return postsQuery(db).where('blog_posts.id', '>', afterId).orderBy('blog_posts.id').limit(limit).execute();
}

/** Deletes posts outright (their tags' links, authors and related rows go by foreign key). */
export async function deletePosts(db: Db, ids: readonly string[]): Promise<number> {
  const result = await db.deleteFrom('blog_posts').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
