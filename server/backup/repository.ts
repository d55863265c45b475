import SQLite from 'better-sqlite3';
import { Kysely, sql, SqliteDialect, type Transaction } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { Database } from '#server/db/schema.ts';
import { COUNTED_TABLES, type CountedTable } from './manifest';

/** All SQL of backups and restores (server/backup). */

/**
 * A consistent copy of a live SQLite database in one statement: `VACUUM INTO` reads inside one read
 * transaction, so writes committed meanwhile (in WAL mode they go on) are either wholly in or wholly out.
 */
export async function vacuumInto(db: Db, file: string): Promise<void> {
  await sql`VACUUM INTO ${file}`.execute(db);
}

/** A SQLite snapshot opened read-only (for its counts), never changing the file. */
export function openSqliteReadOnly(file: string): Db {
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(file, { readonly: true }) }) });
}

export async function countRows(db: Db | Transaction<Database>): Promise<Record<CountedTable, number>> {
  const counts = {} as Record<CountedTable, number>;
  for (const table of COUNTED_TABLES) {
    const { rows } = await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM ${sql.table(table)}`.execute(db);
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

/** The newest migration a database has run (Kysely's own table), or null before any. */
export async function latestMigration(db: Db | Transaction<Database>): Promise<string | null> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1`
    .execute(db)
    .catch(() => ({ rows: [] as { name: string }[] }));
  return rows[0]?.name ?? null;
}

/**
 * Runs `work` inside a repeatable-read transaction whose snapshot is exported, so `pg_dump --snapshot`
 * dumps exactly what `work` counts. The transaction waits idle while pg_dump works: the pool's idle and
 * statement limits are lifted for it alone.
 */
export async function withExportedSnapshot<T>(
  db: Db,
  work: (snapshot: string, trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      await sql`SET LOCAL idle_in_transaction_session_timeout = 0`.execute(trx);
      await sql`SET LOCAL statement_timeout = 0`.execute(trx);
      const { rows } = await sql<{ id: string }>`SELECT pg_export_snapshot() AS id`.execute(trx);
      return work(rows[0]!.id, trx);
    });
}

/** The tables of the connection's schema (PostgreSQL): a database with none is empty. */
export async function postgresTables(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`.execute(db);
  return rows.map((r) => r.name);
}

/**
 * `restore --force` on PostgreSQL: every table of the schema goes, its text search configurations and the
 * extensions installed in it (the search index's `blog_search` and `unaccent`, migration
 * 2026-12-01-0027-search: the dump creates them again), and its functions (the activity log's
 * append-only trigger), so the dump lands in an empty one.
 */
export async function dropPostgresTables(db: Db, tables: string[]): Promise<void> {
  for (const table of tables) await db.schema.dropTable(table).ifExists().cascade().execute();
  const { rows: configs } = await sql<{ name: string }>`
    SELECT c.cfgname AS name FROM pg_ts_config c JOIN pg_namespace n ON n.oid = c.cfgnamespace
    WHERE n.nspname = current_schema()`.execute(db);
  for (const { name } of configs)
    await sql`DROP TEXT SEARCH CONFIGURATION IF EXISTS ${sql.id(name)} CASCADE`.execute(db);
  const { rows: extensions } = await sql<{ name: string }>`
    SELECT e.extname AS name FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
    WHERE n.nspname = current_schema() AND e.extname <> 'plpgsql'`.execute(db);
  for (const { name } of extensions) await sql`DROP EXTENSION IF EXISTS ${sql.id(name)} CASCADE`.execute(db);
  const { rows } = await sql<{ signature: string }>`
    SELECT p.oid::regprocedure::text AS signature FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = current_schema() AND p.prokind = 'f'`.execute(db);
  for (const { signature } of rows) await sql`DROP FUNCTION IF EXISTS ${sql.raw(signature)} CASCADE`.execute(db);
}

/** The tables of a SQLite file, without creating it or changing its journal mode. */
export function sqliteTables(file: string): string[] {
  const database = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return (database.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all() as { name: string }[]).map(
      (r) => r.name,
    );
  } finally {
    database.close();
  }
}
