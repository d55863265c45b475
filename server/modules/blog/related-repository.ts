import type { Db } from '#server/db/database.ts';
import { now } from '#server/db/database.ts';

/** All SQL of Read next (docs/product.md#read-next): the lists (related_posts) and their stale marks. */

const CHUNK = 500;
const chunks = <T>(items: readonly T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

/**
 * Marks posts whose change may change Read next lists (theirs and others'), inside the write's
 * transaction: one short row each, so a save stays as fast with 10,000 posts as with 10. The refresh
 * (related.ts) works out which lists to compute from these.
 */
export async function markStale(trx: Db, postIds: readonly string[]): Promise<void> {
  const at = now();
  for (const ids of chunks([...new Set(postIds)])) {
    await trx
      .insertInto('related_dirty')
      .values(ids.map((id) => ({ post_id: id, marked_at: at })))
      .onConflict((oc) => oc.column('post_id').doUpdateSet({ marked_at: at }))
      .execute();
  }
}

export function staleMarks(db: Db, limit: number) {
  return db.selectFrom('related_dirty').selectAll().orderBy('marked_at').limit(limit).execute();
}

/** Clears every mark made before `before` (a sweep that recomputed every list has handled them). */
export async function clearMarksBefore(trx: Db, before: string): Promise<void> {
  await trx.deleteFrom('related_dirty').where('marked_at', '<', before).execute();
}

/** Clears marks that were not made again since they were read (a newer mark waits for the next run). */
export async function clearMarks(trx: Db, marks: ReadonlyArray<{ post_id: string; marked_at: string }>) {
  for (const mark of marks) {
    await trx
      .deleteFrom('related_dirty')
      .where('post_id', '=', mark.post_id)
      .where('marked_at', '=', mark.marked_at)
      .execute();
  }
}

/** The posts whose lists hold any of these posts. */
export async function listersOf(db: Db, postIds: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const ids of chunks(postIds)) {
    const rows = await db
      .selectFrom('related_posts')
      .select('post_id')
      .distinct()
      .where('related_id', 'in', ids)
      .execute();
    found.push(...rows.map((row) => row.post_id));
  }
  return found;
}

/** What lists are computed from: every published post outside the trash, and their tags. */
export async function publishedCorpus(db: Db) {
  const [posts, tags] = await Promise.all([
    db
      .selectFrom('blog_posts')
      .select(['id', 'title', 'excerpt', 'category_id', 'published_at'])
      .where('status', '=', 'published')
      .where('deleted_at', 'is', null)
      .execute(),
    db
      .selectFrom('post_tags')
      .innerJoin('blog_posts', 'blog_posts.id', 'post_tags.post_id')
      .select(['post_tags.post_id', 'post_tags.tag_id'])
      .where('blog_posts.status', '=', 'published')
      .where('blog_posts.deleted_at', 'is', null)
      .execute(),
  ]);
  return { posts, tags };
}

/** The posts sharing a tag with any of these (published or not: the refresh filters). */
export async function tagNeighboursOf(db: Db, postIds: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const ids of chunks(postIds)) {
    const rows = await db
      .selectFrom('post_tags as mine')
      .innerJoin('post_tags as theirs', 'theirs.tag_id', 'mine.tag_id')
      .select('theirs.post_id')
      .distinct()
      .where('mine.post_id', 'in', ids)
      .execute();
    found.push(...rows.map((row) => row.post_id));
  }
  return found;
}

export async function listsOf(db: Db, postIds: readonly string[]) {
  const rows: Array<{ post_id: string; related_id: string; position: number }> = [];
  for (const ids of chunks(postIds)) {
    rows.push(...(await db.selectFrom('related_posts').selectAll().where('post_id', 'in', ids).execute()));
  }
  return rows;
}

/** Replaces the lists of these posts (an empty list removes a post's). */
export async function replaceLists(trx: Db, lists: ReadonlyMap<string, readonly string[]>): Promise<void> {
  const ids = [...lists.keys()];
  for (const chunk of chunks(ids)) await trx.deleteFrom('related_posts').where('post_id', 'in', chunk).execute();
  const rows = ids.flatMap((postId) =>
    lists.get(postId)!.map((relatedId, position) => ({ post_id: postId, related_id: relatedId, position })),
  );
  for (const chunk of chunks(rows)) {
    // Another process refreshing the same list at once wrote the same rows: its own are kept.
    await trx
      .insertInto('related_posts')
      .values(chunk)
      .onConflict((oc) =>
        oc.columns(['post_id', 'related_id']).doUpdateSet((eb) => ({ position: eb.ref('excluded.position') })),
      )
      .execute();
  }
}

/** A post's Read next: the first `count` of its list that are published and outside the trash now. */
export function readNextOf(db: Db, postId: string, count: number) {
  return db
    .selectFrom('related_posts')
    .innerJoin('blog_posts', 'blog_posts.id', 'related_posts.related_id')
    .leftJoin('blog_categories', 'blog_categories.id', 'blog_posts.category_id')
    .select([
      'blog_posts.id',
      'blog_posts.title',
      'blog_posts.slug',
      'blog_posts.excerpt',
      'blog_posts.feature_image',
      'blog_posts.published_at',
      'blog_posts.created_at',
      'blog_posts.word_count',
      'blog_categories.slug as category_slug',
    ])
    .where('related_posts.post_id', '=', postId)
    .where('blog_posts.status', '=', 'published')
    .where('blog_posts.deleted_at', 'is', null)
    .orderBy('related_posts.position')
    .limit(count)
    .execute();
}

/** Whether a post is public now (published, outside the trash). */
export async function isPublished(db: Db, postId: string): Promise<boolean> {
  const row = await db
    .selectFrom('blog_posts')
    .select('id')
    .where('id', '=', postId)
    .where('status', '=', 'published')
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}
