import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { now } from '#server/db/database.ts';

/** All SQL of tags (blog_tags), a post's tags (post_tags) and renamed tags' old addresses (tag_redirects). */

export function findTag(db: Db, id: string) {
  return db.selectFrom('blog_tags').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every tag's id and name, by name (the navigation's tag picker). */
export function listTagChoices(db: Db) {
  return db.selectFrom('blog_tags').select(['id', 'name']).orderBy('name_key').execute();
}

/** These tags (the navigation's links). */
export async function findTagsByIds(db: Db, ids: readonly string[]) {
  if (!ids.length) return [];
  return db.selectFrom('blog_tags').selectAll().where('id', 'in', ids).execute();
}

/** A tag by its address, compared ignoring case through `slug_key` (lower-cased in JavaScript). */
export function findTagBySlugKey(db: Db, slugKey: string) {
  return db.selectFrom('blog_tags').selectAll().where('slug_key', '=', slugKey).executeTakeFirst();
}

export async function findTagsByNameKeys(db: Db, nameKeys: readonly string[]) {
  if (!nameKeys.length) return [];
  return db.selectFrom('blog_tags').selectAll().where('name_key', 'in', nameKeys).execute();
}

/** Another tag with this name or this address, ignoring case. */
export function findTagClash(db: Db, nameKey: string, slugKey: string, excludeId?: string) {
  let query = db
    .selectFrom('blog_tags')
    .selectAll()
    .where((eb) => eb.or([eb('name_key', '=', nameKey), eb('slug_key', '=', slugKey)]));
  if (excludeId) query = query.where('id', '!=', excludeId);
  return query.executeTakeFirst();
}

/** Every tag with its number of posts outside the trash, by name. */
export async function listTagsWithCounts(db: Db) {
  const rows = await db
    .selectFrom('blog_tags')
    .leftJoin('post_tags', 'post_tags.tag_id', 'blog_tags.id')
    .leftJoin('blog_posts', (join) =>
      join.onRef('blog_posts.id', '=', 'post_tags.post_id').on('blog_posts.deleted_at', 'is', null),
    )
    .selectAll('blog_tags')
    .select((eb) => eb.fn.count<string | number>('blog_posts.id').as('n'))
    .groupBy([
      'blog_tags.id',
      'blog_tags.name',
      'blog_tags.name_key',
      'blog_tags.slug',
      'blog_tags.slug_key',
      'blog_tags.description',
      'blog_tags.meta_title',
      'blog_tags.meta_description',
      'blog_tags.created_at',
      'blog_tags.updated_at',
    ])
    .orderBy('blog_tags.name_key')
    .execute();
  return rows.map((row) => ({ ...row, n: Number(row.n) }));
}

/** Every tag's name, for the editor's suggestions. */
export async function listTagNames(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('blog_tags').select('name').orderBy('name_key').execute();
  return rows.map((row) => row.name);
}

export async function insertTag(db: Db, tag: { id: string; name: string; slug: string }): Promise<void> {
  const at = now();
  await db
    .insertInto('blog_tags')
    .values({
      ...tag,
      description: '',
      meta_title: '',
      meta_description: '',
      name_key: tag.name.toLowerCase(),
      slug_key: tag.slug.toLowerCase(),
      created_at: at,
      updated_at: at,
    })
    .execute();
}

export async function updateTag(
  db: Db,
  id: string,
  tag: { name: string; slug: string; description: string; meta_title: string; meta_description: string },
): Promise<void> {
  await db
    .updateTable('blog_tags')
    .set({ ...tag, name_key: tag.name.toLowerCase(), slug_key: tag.slug.toLowerCase(), updated_at: now() })
    .where('id', '=', id)
    .execute();
}

export async function deleteTag(db: Db, id: string): Promise<void> {
  await db.deleteFrom('blog_tags').where('id', '=', id).execute();
}

/** A post's tags in order. */
export function tagsOfPost(db: Db, postId: string) {
  return db
    .selectFrom('post_tags')
    .innerJoin('blog_tags', 'blog_tags.id', 'post_tags.tag_id')
    .select(['blog_tags.id', 'blog_tags.name', 'blog_tags.slug'])
    .where('post_tags.post_id', '=', postId)
    .orderBy('post_tags.position')
    .execute();
}

/** The tags of several posts, each post's in order. */
export async function tagsOfPosts(db: Db, postIds: readonly string[]) {
  if (!postIds.length) return [];
  return db
    .selectFrom('post_tags')
    .innerJoin('blog_tags', 'blog_tags.id', 'post_tags.tag_id')
    .select(['post_tags.post_id', 'blog_tags.name', 'blog_tags.slug'])
    .where('post_tags.post_id', 'in', postIds)
    .orderBy('post_tags.post_id')
    .orderBy('post_tags.position')
    .execute();
}

/** Replaces a post's tags, in order. */
export async function setPostTags(trx: Db, postId: string, tagIds: readonly string[]): Promise<void> {
  await trx.deleteFrom('post_tags').where('post_id', '=', postId).execute();
  if (!tagIds.length) return;
  await trx
    .insertInto('post_tags')
    .values(tagIds.map((tagId, position) => ({ post_id: postId, tag_id: tagId, position })))
    .execute();
}

/** The posts (those in the trash too) that have this tag. */
export async function postIdsOfTag(db: Db, tagId: string): Promise<string[]> {
  const rows = await db.selectFrom('post_tags').select('post_id').where('tag_id', '=', tagId).execute();
  return rows.map((row) => row.post_id);
}

/**
 * Gives every post of `fromId` the tag `intoId` (at the end of its tags, or where `fromId` was when it
 * did not have it), in two statements whatever their number; `fromId`'s lines go with the tag.
 */
export async function mergeTagInto(trx: Db, fromId: string, intoId: string): Promise<void> {
  await trx
    .deleteFrom('post_tags')
    .where('tag_id', '=', fromId)
    .where('post_id', 'in', (eb) => eb.selectFrom('post_tags').select('post_id').where('tag_id', '=', intoId))
    .execute();
  await trx.updateTable('post_tags').set({ tag_id: intoId }).where('tag_id', '=', fromId).execute();
}

/** The tag an old address now belongs to. */
export async function findTagRedirect(db: Db, oldSlugKey: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('tag_redirects')
    .select('tag_id')
    .where('old_slug_key', '=', oldSlugKey)
    .executeTakeFirst();
  return row?.tag_id;
}

/** Points an old address at a tag (again, when it pointed elsewhere). */
export async function addTagRedirect(trx: Db, oldSlugKey: string, tagId: string): Promise<void> {
  await trx
    .insertInto('tag_redirects')
    .values({ old_slug_key: oldSlugKey, tag_id: tagId, created_at: now() })
    .onConflict((oc) => oc.column('old_slug_key').doUpdateSet({ tag_id: tagId, created_at: now() }))
    .execute();
}

/** An address a tag takes (again) is no longer an old one. */
export async function removeTagRedirect(trx: Db, slugKey: string): Promise<void> {
  await trx.deleteFrom('tag_redirects').where('old_slug_key', '=', slugKey).execute();
}

/** A merged tag's old addresses lead to the tag it was merged into. */
export async function moveTagRedirects(trx: Db, fromId: string, intoId: string): Promise<void> {
  await trx.updateTable('tag_redirects').set({ tag_id: intoId }).where('tag_id', '=', fromId).execute();
}

/** The public tags with at least one published post: the sitemap's entries. */
export async function listPublicTagSlugs(db: Db) {
  return db
    .selectFrom('blog_tags')
    .select(['blog_tags.slug', 'blog_tags.name'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('post_tags')
          .innerJoin('blog_posts', 'blog_posts.id', 'post_tags.post_id')
          .select('post_tags.post_id')
          .whereRef('post_tags.tag_id', '=', 'blog_tags.id')
          .where('blog_posts.status', '=', 'published')
          .where('blog_posts.deleted_at', 'is', null),
      ),
    )
    .orderBy('blog_tags.name_key')
    .execute();
}

const likeOf = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Renamed or merged tags' old addresses, by address, with the tag's address now (Settings → Redirects). */
export function listMovedTags(db: Db, search: string | undefined, limit: number) {
  let query = db
    .selectFrom('tag_redirects')
    .innerJoin('blog_tags', 'blog_tags.id', 'tag_redirects.tag_id')
    .select(['tag_redirects.old_slug_key', 'tag_redirects.created_at', 'blog_tags.slug']);
  if (search) query = query.where('tag_redirects.old_slug_key', 'like', sql<string>`${likeOf(search)} escape '\\'`);
  return query.orderBy('tag_redirects.old_slug_key').limit(limit).execute();
}

export async function countMovedTags(db: Db, search: string | undefined): Promise<number> {
  let query = db.selectFrom('tag_redirects').select((eb) => eb.fn.countAll<string | number>().as('n'));
  if (search) query = query.where('old_slug_key', 'like', sql<string>`${likeOf(search)} escape '\\'`);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** The tag ids of several posts, each post's in order (the site export). */
export function tagIdsOfPosts(db: Db, postIds: readonly string[]) {
  if (!postIds.length) return Promise.resolve([]);
  return db
    .selectFrom('post_tags')
    .select(['post_id', 'tag_id'])
    .where('post_id', 'in', postIds)
    .orderBy('post_id')
    .orderBy('position')
    .execute();
}
