import type { Kysely } from 'kysely';

/**
 * Redirects made by hand (docs/product.md#redirects, docs/decisions/0032-redirects.md): `redirects` holds
 * one rule per source address, exact (`/old`) or prefix (`/old/*`), answered with 301, 302 or 410 before
 * routing, with its hits and last hit (added in batches by each process). `not_found_log` holds the public
 * addresses that answered 404 (path without its query, count, last seen, the referring host), at most 5,000
 * rows; an ignored path stays as a row with `ignored = 1` so it is not logged again. Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('redirects')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('from_path', 'varchar(1000)', (c) => c.notNull().unique())
    .addColumn('to_path', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('hits', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_hit_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('not_found_log')
    .addColumn('path', 'varchar(1000)', (c) => c.primaryKey())
    .addColumn('hits', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_seen_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('referrer_host', 'varchar(255)')
    .addColumn('ignored', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('not_found_log_seen_idx').on('not_found_log').columns(['last_seen_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('not_found_log').execute();
  await db.schema.dropTable('redirects').execute();
}
