import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type { DatabaseConfig } from '#server/config.ts';
import { withoutStatementTimeout, type Db } from './database';
import { withPoolDeadlines } from './deadlines';

/** Any fixed number: the PostgreSQL advisory lock all processes of a site take around start-up work. */
const STARTUP_LOCK_KEY = 7_316_004_211;
const WAIT_MS = 200;
const GIVE_UP_MS = 120_000;

/**
 * Runs `work` in one process at a time (docs/decisions/0009-many-processes.md): processes started
 * together would otherwise all find an empty database and seed it at once. On PostgreSQL, a session
 * advisory lock on a connection of its own, which the server drops if the process dies (kill -9 leaves
 * nothing behind). On SQLite, whose processes share one machine, an exclusive transaction on a small lock
 * database beside the site's: SQLite's file lock, which the operating system also drops with the process.
 */
export async function withStartupLock<T>(config: DatabaseConfig, db: Db, work: () => Promise<T>): Promise<T> {
  if (config.kind === 'postgres') {
    // Waiting for another process to finish its start-up may take longer than a statement may.
    return withoutStatementTimeout(db, async (conn) => {
      await sql`select pg_advisory_lock(${STARTUP_LOCK_KEY})`.execute(conn);
      try {
        // The work itself (migrations lift the limits again on their own connection; the seed, the
        // services it creates and their timers) runs under the pool's deadlines, not the wait's none.
        return await withPoolDeadlines(work);
      } finally {
        await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(conn);
      }
    });
  }
  const lock = new SQLite(`${config.file}.startup-lock`);
  try {
    await holdExclusive(lock);
    try {
      return await work();
    } finally {
      lock.exec('ROLLBACK');
    }
  } finally {
    lock.close();
  }
}

/** Waits (without blocking the event loop) until this process holds the lock database's exclusive lock. */
async function holdExclusive(lock: SQLite.Database) {
  lock.pragma('busy_timeout = 0');
  const deadline = Date.now() + GIVE_UP_MS;
  for (;;) {
    try {
      lock.exec('BEGIN EXCLUSIVE');
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== 'SQLITE_BUSY') throw err;
    }
    if (Date.now() > deadline) throw new Error('another process has held the start-up lock for two minutes');
    await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
  }
}
