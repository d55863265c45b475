import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';

/** All SQL of the authors of posts (post_authors). */

export async function addAuthor(db: Db, postId: string, userId: string): Promise<void> {
  await db.insertInto('post_authors').values({ post_id: postId, user_id: userId, position: 0 }).execute();
}

export async function isAuthor(db: Db, postId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('post_authors')
    .select('post_id')
    .where('post_id', '=', postId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives every post without an author this one (posts the seed or a job made); answers how many. */
export async function adoptAuthorless(db: Db, userId: string): Promise<number> {
  const result = await sql`insert into post_authors (post_id, user_id, position)
    select p.id, ${userId}, 0 from blog_posts p
    where not exists (select 1 from post_authors a where a.post_id = p.id)`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** A post's authors in byline order. */
/** Of these people, those credited on no post at all (in the trash or not). */
export async function uncreditedAmong(db: Db, userIds: readonly string[]): Promise<string[]> {
  if (!userIds.length) return [];
  const credited = new Set(
    (await db.selectFrom('post_authors').select('user_id').distinct().where('user_id', 'in', userIds).execute()).map(
      (row) => row.user_id,
    ),
  );
  return userIds.filter((id) => !credited.has(id));
}

export async function authorIdsOf(db: Db, postId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('post_authors')
    .select('user_id')
    .where('post_id', '=', postId)
    .orderBy('position')
    .execute();
  return rows.map((row) => row.user_id);
}

/** Posts outside the trash each person is an author of. */
export async function countsByAuthor(db: Db, userIds: readonly string[]): Promise<Map<string, number>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .selectFrom('post_authors')
    .innerJoin('blog_posts', 'blog_posts.id', 'post_authors.post_id')
    .select(['post_authors.user_id', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('post_authors.user_id', 'in', userIds)
    .where('blog_posts.deleted_at', 'is', null)
    .groupBy('post_authors.user_id')
    .execute();
  return new Map(rows.map((row) => [row.user_id, Number(row.n)]));
}

/**
 * Hands every post of one person to another, in two statements whatever their number: where the heir
 * already is an author too, the leaver's line goes; everywhere else the line changes hands in place
 * (keeping its byline position).
 */
export async function reassignAuthor(trx: Db, fromId: string, toId: string): Promise<void> {
  await trx
    .deleteFrom('post_authors')
    .where('user_id', '=', fromId)
    .where('post_id', 'in', (eb) => eb.selectFrom('post_authors').select('post_id').where('user_id', '=', toId))
    .execute();
  await trx.updateTable('post_authors').set({ user_id: toId }).where('user_id', '=', fromId).execute();
}

/** Replaces a post's authors, in byline order. */
export async function setAuthors(trx: Db, postId: string, userIds: readonly string[]): Promise<void> {
  await trx.deleteFrom('post_authors').where('post_id', '=', postId).execute();
  await trx
    .insertInto('post_authors')
    .values(userIds.map((userId, position) => ({ post_id: postId, user_id: userId, position })))
    .execute();
}

/** Which of these people have at least one published post (the navigation's author links). */
export async function publicAuthorIdsAmong(db: Db, ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('post_authors')
    .innerJoin('blog_posts', 'blog_posts.id', 'post_authors.post_id')
    .select('post_authors.user_id')
    .distinct()
    .where('post_authors.user_id', 'in', ids)
    .where('blog_posts.status', '=', 'published')
    .where('blog_posts.deleted_at', 'is', null)
    .execute();
  return rows.map((row) => row.user_id);
}

/** The people with at least one published post (their author pages exist). */
export async function publicAuthorIds(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('post_authors')
    .innerJoin('blog_posts', 'blog_posts.id', 'post_authors.post_id')
    .select('post_authors.user_id')
    .distinct()
    .where('blog_posts.status', '=', 'published')
    .where('blog_posts.deleted_at', 'is', null)
    .execute();
  return rows.map((row) => row.user_id);
}

/** The authors of several posts, each post's in byline order (the site export). */
export function authorsOfPosts(db: Db, postIds: readonly string[]) {
  if (!postIds.length) return Promise.resolve([]);
  return db
    .selectFrom('post_authors')
    .select(['post_id', 'user_id'])
    .where('post_id', 'in', postIds)
    .orderBy('post_id')
    .orderBy('position')
    .execute();
}
