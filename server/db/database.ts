import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '#server/config.ts';
import type { Database } from './schema';

export type Db = Kysely<Database>;
export type DbKind = DatabaseConfig['kind'];

/**
 * `onIdleError` hears about pooled PostgreSQL connections that fail while idle (a server restart, a
 * terminated backend). Without a listener node-postgres re-throws such an error and ends the process; the
 * pool drops the broken connection and opens a new one on the next query, so logging it is enough.
 */
export function createDb(config: DatabaseConfig, onIdleError: (err: Error) => void = () => {}): Db {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: 10 });
    pool.on('error', onIdleError);
    // A connection can also fail while checked out but between queries (inside a transaction), when the
    // pool's idle listener is detached: keep that from ending the process too. The next query on it fails
    // as a normal error and the pool discards the connection when it comes back.
    pool.on('connect', (client) => client.on('error', () => {}));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  fs.mkdirSync(path.dirname(config.file), { recursive: true });
  const sqlite = new SQLite(config.file);
  // WAL lets readers go on while a write commits; NORMAL sync is durable across process crashes in WAL.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

export const now = () => new Date().toISOString();
export const newId = () => crypto.randomUUID();

let lastMs = 0;
let sequence = 0;
/**
 * An id that sorts by creation: the millisecond, a counter for ids made within one millisecond, then
 * randomness (36 characters, like `newId`). Rows ordered by it keep the order they were written in.
 */
export function newSortableId(): string {
  const ms = Date.now();
  sequence = ms === lastMs ? sequence + 1 : 0;
  lastMs = ms;
  const random = crypto.randomUUID().replace(/-/g, '').slice(0, 20);
  return `${ms.toString(36).padStart(10, '0')}-${sequence.toString(36).padStart(4, '0')}-${random}`;
}
