import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { now } from '#server/db/database.ts';
import type { PageTable } from '#server/db/schema.ts';

/** All SQL of pages (docs/product.md#pages): the pages, their old addresses, their search and sitemap reads. */

export type PageRow = Selectable<PageTable>;

export async function findPage(db: Db, id: string): Promise<PageRow | undefined> {
  return await db.selectFrom('pages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The page outside the trash at this address (any status), by its lower-cased segment. */
export async function findBySegment(db: Db, key: string): Promise<PageRow | undefined> {
  return db
    .selectFrom('pages')
    .selectAll()
    .where('segment_key', '=', key)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Whether any page (in the trash too: it gets its address back when restored) holds this segment. */
export async function segmentHolder(
  db: Db,
  key: string,
): Promise<{ id: string; deleted_at: string | null } | undefined> {
  return db.selectFrom('pages').select(['id', 'deleted_at']).where('segment_key', '=', key).executeTakeFirst();
}

export async function findByPreviewToken(db: Db, token: string): Promise<PageRow | undefined> {
  return db
    .selectFrom('pages')
    .selectAll()
    .where('preview_token', '=', token)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export function listPages(db: Db, trash: boolean) {
  const query = db
    .selectFrom('pages')
    .select([
      'id',
      'title',
      'segment',
      'status',
      'publish_at',
      'published_at',
      'deleted_at',
      'version',
      'created_at',
      'updated_at',
    ]);
  return (trash ? query.where('deleted_at', 'is not', null) : query.where('deleted_at', 'is', null))
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function insertPage(db: Db, row: Insertable<PageTable>): Promise<void> {
  await db.insertInto('pages').values(row).execute();
}

export async function updatePage(db: Db, id: string, changes: Updateable<PageTable>): Promise<void> {
  await db
    .updateTable('pages')
    .set({ ...changes, updated_at: now() })
    .where('id', '=', id)
    .execute();
}

/** Raises the page's version by one, only from `base` when given: false when another save came first. */
export async function claimVersion(db: Db, id: string, base: number | undefined): Promise<boolean> {
  let query = db
    .updateTable('pages')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', id);
  if (base !== undefined) query = query.where('version', '=', base);
  return Number((await query.executeTakeFirst()).numUpdatedRows) > 0;
}

/** Sets the preview token unless the page has one; answers the page's token (undefined: no such page). */
export async function ensurePreviewToken(db: Db, id: string, token: string): Promise<string | undefined> {
  await db
    .updateTable('pages')
    .set({ preview_token: token })
    .where('id', '=', id)
    .where('preview_token', 'is', null)
    .execute();
  return (
    (await db.selectFrom('pages').select('preview_token').where('id', '=', id).executeTakeFirst())?.preview_token ??
    undefined
  );
}

/** Publishes the scheduled pages that are due; answers their ids and titles. */
export async function publishDue(db: Db, at: string) {
  const due = await db
    .selectFrom('pages')
    .select(['id', 'title'])
    .where('status', '=', 'scheduled')
    .where('publish_at', '<=', at)
    .where('deleted_at', 'is', null)
    .execute();
  for (const page of due) {
    await db
      .updateTable('pages')
      .set((eb) => ({
        status: 'published',
        publish_at: null,
        published_at: eb.fn.coalesce('published_at', eb.val(at)),
        updated_at: at,
      }))
      .where('id', '=', page.id)
      .where('status', '=', 'scheduled')
      .execute();
  }
  return due;
}

/** Points an old address at a page, whatever it pointed at before. */
export async function addRedirect(db: Db, path: string, pageId: string): Promise<void> {
  const at = now();
  await db
    .insertInto('page_redirects')
    .values({ path, page_id: pageId, created_at: at })
    .onConflict((oc) => oc.column('path').doUpdateSet({ page_id: pageId, created_at: at }))
    .execute();
}

export async function removeRedirect(db: Db, path: string): Promise<void> {
  await db.deleteFrom('page_redirects').where('path', '=', path).execute();
}

/** Where an old address leads now: the page's segment, when that page is public. */
export async function findRedirect(db: Db, path: string, at: string) {
  return db
    .selectFrom('page_redirects')
    .innerJoin('pages', 'pages.id', 'page_redirects.page_id')
    .select(['pages.segment'])
    .where('page_redirects.path', '=', path)
    .where('pages.deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('pages.status', '=', 'published'),
        eb.and([eb('pages.status', '=', 'scheduled'), eb('pages.publish_at', '<=', at)]),
      ]),
    )
    .executeTakeFirst();
}

const likeOf = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Old addresses of pages outside the trash (Settings → Redirects lists them read-only). */
export function listMoved(db: Db, search: string | undefined, limit: number) {
  let query = db
    .selectFrom('page_redirects')
    .innerJoin('pages', 'pages.id', 'page_redirects.page_id')
    .select(['page_redirects.path', 'page_redirects.created_at', 'pages.segment'])
    .where('pages.deleted_at', 'is', null);
  if (search)
    query = query.where(sql<string>`lower(page_redirects.path)`, 'like', sql<string>`${likeOf(search)} escape '\\'`);
  return query.orderBy('page_redirects.path').limit(limit).execute();
}

export async function countMoved(db: Db, search: string | undefined): Promise<number> {
  let query = db
    .selectFrom('page_redirects')
    .innerJoin('pages', 'pages.id', 'page_redirects.page_id')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('pages.deleted_at', 'is', null);
  if (search)
    query = query.where(sql<string>`lower(page_redirects.path)`, 'like', sql<string>`${likeOf(search)} escape '\\'`);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** Public pages' addresses and dates (the sitemap). */
export function listPublic(db: Db) {
  return db
    .selectFrom('pages')
    .select(['segment', 'updated_at'])
    .where('status', '=', 'published')
    .where('deleted_at', 'is', null)
    .orderBy('segment_key')
    .execute();
}

/**
 * Published pages whose title, description or words contain every one of `words` (lower-cased): the site
 * search's pages. A LIKE per word over the page's lower-cased text, the same on SQLite and PostgreSQL; a
 * site has tens of pages, not thousands, so no index is needed (docs/decisions/0034-pages.md).
 */
export function searchPublic(db: Db, words: string[], limit: number) {
  let query = db
    .selectFrom('pages')
    .select(['id', 'title', 'segment', 'blocks', 'meta_description', 'updated_at'])
    .where('status', '=', 'published')
    .where('deleted_at', 'is', null);
  for (const word of words) {
    const like = sql<string>`${likeOf(word)} escape '\\'`;
    query = query.where('search_text', 'like', like);
  }
  return query.orderBy('title').limit(limit).execute();
}

/** Pages by id (a menu's links). */
export function pagesByIds(db: Db, ids: readonly string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('pages')
    .select(['id', 'title', 'segment', 'status', 'publish_at', 'deleted_at'])
    .where('id', 'in', ids)
    .execute();
}

/** Ids of pages not in the trash whose title holds `search` (the navigation's picker), newest first. */
export async function findPageIdsByTitle(db: Db, search: string, limit: number): Promise<string[]> {
  let query = db.selectFrom('pages').select('id').where('deleted_at', 'is', null);
  if (search) {
    const like = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(sql<boolean>`lower(title) like ${like} escape '\\'`);
  }
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => row.id);
}

/** Pages outside the trash by id, `limit` after `afterId`, with their blocks (the site export). */
export function pagesAfter(db: Db, afterId: string, limit: number): Promise<PageRow[]> {
  return db
    .selectFrom('pages')
    .selectAll()
    .where('deleted_at', 'is', null)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function countPages(db: Db): Promise<number> {
  const row = await db
    .selectFrom('pages')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes pages outright (their old addresses go by foreign key). */
export async function deletePages(db: Db, ids: readonly string[]): Promise<number> {
  if (!ids.length) return 0;
  const result = await db.deleteFrom('pages').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
