import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * `post_search.published_at`: each post's publication date in its index row, written with the rest by
 * server/modules/blog/search-index.ts, so a public search on PostgreSQL orders its matches (rank, then the
 * newest) from the index alone instead of joining every matching post: on a word in every one of 10,000
 * posts that join was most of a search's time (docs/decisions/0023-search.md, "Measured").
 *
 * On SQLite the full-text table follows an update only of the columns it indexes (the trigger of migration
 * 2026-12-01-0027-search, made again with `UPDATE OF`), so this fill, and a save that changes only the
 * date, rewrite no full-text rows. Frozen once landed.
 */
const visibility = (row: 'new' | 'old') =>
  sql.raw(
    `CASE ${row}.visibility WHEN 'public' THEN '' WHEN 'hidden' THEN 'vis0hidden' ELSE 'vis0hidden vis0trashed' END`,
  );

/** SQLite's update trigger of migration 0027, on an update of any column or (`columns`) of these only. */
async function updateTrigger(db: Kysely<unknown>, columns: string) {
  await sql`DROP TRIGGER post_search_au`.execute(db);
  await sql`CREATE TRIGGER post_search_au AFTER UPDATE ${sql.raw(columns)} ON post_search BEGIN
    INSERT INTO post_search_fts (post_search_fts, rowid, title, terms, excerpt, body, visibility)
    VALUES ('delete', old.id, old.title, old.terms, old.excerpt, old.body, ${visibility('old')});
    INSERT INTO post_search_fts (rowid, title, terms, excerpt, body, visibility)
    VALUES (new.id, new.title, new.terms, new.excerpt, new.body, ${visibility('new')});
  END`.execute(db);
}

const isSqlite = (db: Kysely<unknown>) => !(db.getExecutor().adapter instanceof PostgresAdapter);

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('post_search').addColumn('published_at', 'varchar(64)').execute();
  if (isSqlite(db)) await updateTrigger(db, 'OF visibility, title, terms, excerpt, body');
  await sql`UPDATE post_search SET published_at = (
    SELECT p.published_at FROM blog_posts p WHERE p.id = post_search.post_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) await updateTrigger(db, '');
  await db.schema.alterTable('post_search').dropColumn('published_at').execute();
}
