import fs from 'node:fs';
import path from 'node:path';
import type { DatabaseConfig } from '#server/config.ts';
import {
  checkDatabaseReachable,
  createDb,
  DatabaseUnreachableError,
  forLongWork,
  type Db,
} from '#server/db/database.ts';
import { BackupError, DATABASE_DIR, type Manifest } from './manifest';
import { pgDump, pgRestore } from './postgres-tools';
import {
  countRows,
  dropPostgresTables,
  latestMigration,
  openSqliteReadOnly,
  postgresTables,
  sqliteTables,
  vacuumInto,
  withExportedSnapshot,
} from './repository';

/**
 * A consistent snapshot of the configured database, written under `staging/database/`, with the counts
 * and migration of that same snapshot. Safe while the site runs and writes.
 */
export async function snapshotDatabase(config: DatabaseConfig, staging: string): Promise<Manifest['database']> {
  fs.mkdirSync(path.join(staging, DATABASE_DIR), { recursive: true });
  // Checked before connecting: opening a SQLite file that is not there would create an empty one.
  if (config.kind === 'sqlite' && !fs.existsSync(config.file)) {
    throw new BackupError(`No SQLite database at ${config.file}: check DATABASE_URL and DATA_DIR.`);
  }
  const db = await connect(config);
  try {
    if (config.kind === 'sqlite') {
      const file = `${DATABASE_DIR}/site.db`;
      await vacuumInto(db, path.join(staging, file));
      const snapshot = openSqliteReadOnly(path.join(staging, file));
      try {
        return { kind: 'sqlite', file, counts: await countRows(snapshot), migration: await latestMigration(snapshot) };
      } finally {
        await snapshot.destroy();
      }
    }
    const file = `${DATABASE_DIR}/site.pgdump`;
    return await withExportedSnapshot(db, async (snapshot, trx) => {
      const counts = await countRows(trx);
      const migration = await latestMigration(trx);
      await pgDump(config.url, path.join(staging, file), snapshot);
      return { kind: 'postgres' as const, file, counts, migration };
    });
  } finally {
    await db.destroy();
  }
}

/** What is in the target database already: an empty list means a restore may go ahead. */
export async function existingTables(config: DatabaseConfig): Promise<string[]> {
  if (config.kind === 'sqlite') return fs.existsSync(config.file) ? sqliteTables(config.file) : [];
  const db = await connect(config);
  try {
    return await postgresTables(db);
  } finally {
    await db.destroy();
  }
}

/**
 * Puts the snapshot in place of the configured database, which the caller found empty (or `--force`):
 * its existing tables are dropped first. The site must be stopped meanwhile.
 */
export async function restoreDatabase(config: DatabaseConfig, snapshot: string, existing: string[]): Promise<void> {
  if (config.kind === 'sqlite') {
    fs.mkdirSync(path.dirname(config.file), { recursive: true });
    // The WAL and shared-memory files belong to the old database: left beside the new one they would be replayed into it.
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${config.file}${suffix}`, { force: true });
    fs.copyFileSync(snapshot, config.file);
    return;
  }
  if (existing.length) {
    const db = createDb(forLongWork(config));
    try {
      await dropPostgresTables(db, existing);
    } finally {
      await db.destroy();
    }
  }
  await pgRestore(config.url, snapshot);
}

/** A connection, or the server's own message naming DATABASE_URL when PostgreSQL cannot be reached. */
async function connect(config: DatabaseConfig): Promise<Db> {
  const db = createDb(forLongWork(config));
  try {
    await checkDatabaseReachable(db, config);
    return db;
  } catch (err) {
    await db.destroy();
    throw err instanceof DatabaseUnreachableError ? new BackupError(err.message) : err;
  }
}
