import { randomBytes } from 'node:crypto';
import { PostgresAdapter, sql } from 'kysely';
import type pg from 'pg';
import type { Db } from '#server/db/database.ts';

/** All SQL for `site_meta`: small facts about the whole site, shared by every process. */

const CONTENT_VERSION = 'content_version';
/** The PostgreSQL channel on which a bump announces the new version (payload: the version). */
const VERSION_CHANNEL = 'content_version';

export async function readContentVersion(db: Db): Promise<number> {
  const row = await db.selectFrom('site_meta').select('value').where('key', '=', CONTENT_VERSION).executeTakeFirst();
  return row ? Number(row.value) : 0;
}

/**
 * Any write that changes what public pages show bumps this; page caches are keyed by it. One statement,
 * so concurrent writers never lose a bump (a read-then-write did). The row is made by a migration.
 * On PostgreSQL the bump also NOTIFYs the listening processes: sent inside the writer's transaction, it is
 * delivered when (and only if) that transaction commits, so no process hears of a version before it exists.
 */
export async function bumpContentVersion(db: Db): Promise<number> {
  const row = await db
    .updateTable('site_meta')
    .set({ value: sql<string>`CAST(CAST(value AS BIGINT) + 1 AS TEXT)` })
    .where('key', '=', CONTENT_VERSION)
    .returning('value')
    .executeTakeFirstOrThrow();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`SELECT pg_notify(${VERSION_CHANNEL}, ${row.value})`.execute(db);
  }
  return Number(row.value);
}

/** Subscribes a dedicated PostgreSQL connection to version bumps; the payload of each is the new version. */
export async function listenForContentVersions(client: pg.Client): Promise<void> {
  await client.query(`LISTEN ${VERSION_CHANNEL}`);
}

/** One trivial query on the listening connection: whether it still reaches the server (its heartbeat). */
export async function pingListener(client: pg.Client): Promise<void> {
  await client.query('select 1');
}

/** Whether a notification received on a listening connection is a version bump. */
export const isContentVersionNotice = (channel: string) => channel === VERSION_CHANNEL;

/**
 * A random secret kept in the database, made on first use. Every process reads the same one; two
 * processes making it at once both end up with the one stored first.
 */
export async function secretOf(db: Db, key: string): Promise<Buffer> {
  const existing = await db.selectFrom('site_meta').select('value').where('key', '=', key).executeTakeFirst();
  if (existing) return Buffer.from(existing.value, 'hex');
  const value = randomBytes(32).toString('hex');
  await db
    .insertInto('site_meta')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const stored = await db.selectFrom('site_meta').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return Buffer.from(stored.value, 'hex');
}

/** A stored setting, or undefined when it was never set. */
export async function readMeta(db: Db, key: string): Promise<string | undefined> {
  return (await db.selectFrom('site_meta').select('value').where('key', '=', key).executeTakeFirst())?.value;
}

export async function deleteMeta(db: Db, key: string): Promise<void> {
  await db.deleteFrom('site_meta').where('key', '=', key).execute();
}

export async function writeMeta(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto('site_meta')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/** Every fact whose key starts with `prefix`, a plain word without `%` or `_` (the settings by `setting:`). */
export function readMetaPrefixed(db: Db, prefix: string) {
  return db
    .selectFrom('site_meta')
    .select(['key', 'value'])
    .where('key', 'like', `${prefix}%`)
    .orderBy('key')
    .execute();
}
