import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';

/** All SQL for `site_meta`: small facts about the whole site, shared by every process. */

const CONTENT_VERSION = 'content_version';

export async function readContentVersion(db: Db): Promise<number> {
  const row = await db.selectFrom('site_meta').select('value').where('key', '=', CONTENT_VERSION).executeTakeFirst();
  return row ? Number(row.value) : 0;
}

/**
 * Any write that changes what public pages show bumps this; page caches are keyed by it. One statement,
 * so concurrent writers never lose a bump (a read-then-write did). The row is made by a migration.
 */
export async function bumpContentVersion(db: Db): Promise<number> {
  const row = await db
    .updateTable('site_meta')
    .set({ value: sql<string>`CAST(CAST(value AS BIGINT) + 1 AS TEXT)` })
    .where('key', '=', CONTENT_VERSION)
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

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

export async function writeMeta(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto('site_meta')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
