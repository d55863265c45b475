import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, sql, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '#server/config.ts';
import { poolWithDeadlines, withDeadlines } from './deadlines';
import type { Database } from './schema';

export type Db = Kysely<Database>;
export type DbKind = DatabaseConfig['kind'];

/**
 * Time limits of PostgreSQL connections. The server's `statement_timeout` cancels a slow statement cleanly
 * but only while the server speaks; the client's own deadline (`queryMs`, DATABASE_QUERY_TIMEOUT_MS, below
 * the statement limit) notices a server that went silent and drops that connection (./deadlines.ts,
 * docs/decisions/0025-database-deadlines.md). Not pg's `query_timeout`: that one leaves the connection,
 * still waiting for its answer, in the pool, and cannot be lifted for one piece of work. `keepAliveMs`: a
 * connection idle this long is probed by TCP, so one to a host that vanished is found and dropped.
 */
export const PG_TIMEOUTS = {
  connectMs: 10_000,
  statementMs: 30_000,
  idleInTransactionMs: 60_000,
  queryMs: 4_000,
  keepAliveMs: 5_000,
};

/**
 * Deadlines of long-running work that runs with the statement limit (the newsletter fan-out, the command
 * line tools): the server's limit cuts a slow statement first; the client's only catches a silent server.
 */
export const LONG_WORK_QUERY_MS = PG_TIMEOUTS.statementMs + 5_000;

/**
 * `onIdleError` hears about pooled PostgreSQL connections that fail while idle (a server restart, a
 * terminated backend). Without a listener node-postgres re-throws such an error and ends the process; the
 * pool drops the broken connection and opens a new one on the next query, so logging it is enough.
 */
export function createDb(config: DatabaseConfig, onIdleError: (err: Error) => void = () => {}): Db {
  if (config.kind === 'postgres') {
    const connectMs = config.connectTimeoutMs ?? PG_TIMEOUTS.connectMs;
    const pool = new pg.Pool({
      connectionString: config.url,
      max: 10,
      // A server that accepts the connection and then says nothing fails the connect (and start-up) in time.
      connectionTimeoutMillis: connectMs,
      // Server-side limits: a runaway query, or a transaction left open by a stuck request, ends on its
      // own. Nothing the site runs takes that long (the newsletter fans out in chunks); migrations and the
      // start-up lock's wait lift the statement limit on their connection (`withoutStatementTimeout`).
      statement_timeout: config.statementTimeoutMs ?? PG_TIMEOUTS.statementMs,
      idle_in_transaction_session_timeout: PG_TIMEOUTS.idleInTransactionMs,
      // Notices a server that went away while a connection sat in the pool (probed after keepAliveMs idle,
      // not the system's default of two hours).
      keepAlive: true,
      keepAliveInitialDelayMillis: PG_TIMEOUTS.keepAliveMs,
    });
    pool.on('error', onIdleError);
    // A connection can also fail while checked out but between queries (inside a transaction), when the
    // pool's idle listener is detached, or be destroyed by a missed deadline: keep that from ending the
    // process too. The next query on it fails as a normal error and the pool discards the connection when
    // it comes back.
    pool.on('connect', (client) => client.on('error', () => {}));
    const queryMs = config.queryTimeoutMs ?? PG_TIMEOUTS.queryMs;
    // Checkouts wait no longer than a statement may: a request never waits past its deadline for either.
    const deadlines = { checkoutMs: Math.min(queryMs, connectMs), queryMs };
    // Asks whether the server still answers while long work waits (server/db/deadlines.ts).
    const probe = () => new pg.Client({ connectionString: config.url, connectionTimeoutMillis: connectMs });
    return new Kysely<Database>({
      dialect: new PostgresDialect({ pool: poolWithDeadlines(pool, deadlines, probe) }),
    });
  }
  fs.mkdirSync(path.dirname(config.file), { recursive: true });
  const sqlite = new SQLite(config.file);
  // WAL lets readers go on while a write commits; NORMAL sync is durable across process crashes in WAL.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

/** How many distinct prepared statements a SQLite connection keeps (the site runs a few hundred shapes). */
const STATEMENT_CACHE = 500;

/**
 * Kysely prepares every query anew; preparing costs as much as running a small query (a profile of page
 * renders showed `prepare` next to `executeQuery`). Statements are kept by their SQL text and reused: Kysely
 * runs one query at a time on its one SQLite connection, and a statement still being iterated (`busy`)
 * is never handed out again.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (!statement || statement.busy) {
        statement = sqlite.prepare(text);
        if (statements.size >= STATEMENT_CACHE) statements.delete(statements.keys().next().value!);
        statements.set(text, statement);
      }
      return statement;
    },
  };
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

/** One trivial query (`select 1`): for readiness checks, which know no SQL themselves. */
export const ping = (db: Db): Promise<unknown> => sql`select 1`.execute(db);

/** Start-up cannot reach the database: the message says where and which setting points there. */
export class DatabaseUnreachableError extends Error {}

/**
 * Opens one connection before anything else, so a database that is down, refuses us or never answers
 * stops start-up with one clear line instead of a stack trace or a silent wait.
 */
export async function checkDatabaseReachable(db: Db, config: DatabaseConfig): Promise<void> {
  if (config.kind !== 'postgres') return;
  try {
    // The first connection may take as long as DATABASE_CONNECT_TIMEOUT_MS says (a server far away): the
    // pool's own connect time-out bounds it.
    const connectMs = config.connectTimeoutMs ?? PG_TIMEOUTS.connectMs;
    await withDeadlines({ checkoutMs: null, queryMs: connectMs }, () => sql`select 1`.execute(db));
  } catch (err) {
    throw new DatabaseUnreachableError(describeConnectFailure(config, err));
  }
}

function describeConnectFailure(config: Extract<DatabaseConfig, { kind: 'postgres' }>, err: unknown): string {
  let where = 'the configured address';
  try {
    const url = new URL(config.url);
    where = `${url.hostname || 'localhost'}:${url.port || '5432'}`;
  } catch {
    // A URL pg accepts but URL does not: name no address (and never print the URL, it holds the password).
  }
  const { code, message } = err as { code?: string; message?: string };
  const seconds = (config.connectTimeoutMs ?? PG_TIMEOUTS.connectMs) / 1000;
  if (/timeout|timed out/i.test(message ?? '')) {
    return `Could not reach PostgreSQL at ${where} within ${seconds} s (DATABASE_URL): it did not answer. Check the address, the port and that the server is up (DATABASE_CONNECT_TIMEOUT_MS sets the wait).`;
  }
  if (code === 'ECONNREFUSED') return `Could not reach PostgreSQL at ${where} (DATABASE_URL): connection refused.`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return `Could not reach PostgreSQL at ${where} (DATABASE_URL): no such host.`;
  }
  return `Could not use PostgreSQL at ${where} (DATABASE_URL): ${message ?? String(err)}`;
}

/**
 * Runs `work` on one connection with no statement time-out (migrations, waiting for the start-up lock),
 * and gives the connection back with the pool's limit restored. On SQLite it just runs `work`. No client
 * deadline either, as no statement limit (TCP keep-alive still notices a host that vanished); the
 * connection is waited for as long as a new one may take (the pool's DATABASE_CONNECT_TIMEOUT_MS).
 */
export async function withoutStatementTimeout<T>(db: Db, work: (conn: Db) => Promise<T>): Promise<T> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return work(db);
  return withDeadlines({ checkoutMs: null, queryMs: null }, () => onOneConnection(db, work));
}

function onOneConnection<T>(db: Db, work: (conn: Db) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql`set statement_timeout = 0`.execute(conn);
    try {
      return await work(conn);
    } finally {
      // Fails only on a broken connection, which the pool drops anyway; the error of `work` matters more.
      await sql`reset statement_timeout`.execute(conn).catch(() => undefined);
    }
  });
}

/**
 * Runs `work` with the deadlines of long-running work that keeps the statement limit (the newsletter
 * fan-out, imports): a statement may take up to that limit, which the server enforces; the client's
 * deadline only catches a server that went silent. The pool's connect time-out bounds the checkout.
 */
export function withLongDeadlines<T>(work: () => Promise<T>): Promise<T> {
  return withDeadlines({ checkoutMs: null, queryMs: LONG_WORK_QUERY_MS }, work);
}

/**
 * The configuration of a command line tool (backup, restore, admin): its statements may take as long as
 * the server allows (LONG_WORK_QUERY_MS), not a request's deadline.
 */
export function forLongWork(config: DatabaseConfig): DatabaseConfig {
  return config.kind === 'postgres' ? { ...config, queryTimeoutMs: LONG_WORK_QUERY_MS } : config;
}
