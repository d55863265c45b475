import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { boot } from '#server/boot.ts';
import { loadConfig, type Config, type DatabaseConfig } from '#server/config.ts';
import {
  createDb,
  DatabaseUnreachableError,
  PG_TIMEOUTS,
  withLongDeadlines,
  withoutStatementTimeout,
  type Db,
} from '#server/db/database.ts';
import { isDatabaseUnavailable } from '#server/db/unavailable.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { withStartupLock } from '#server/db/startup-lock.ts';
import { createTestDatabase, DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { tcpProxy } from '#tests/helpers/tcp-proxy.ts';

/**
 * PostgreSQL that cannot be reached stops start-up in time with a message naming DATABASE_URL, and time
 * limits on statements never cut the work that may legitimately take long (migrations, waiting for the
 * start-up lock). See server/db/database.ts.
 */
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A "PostgreSQL" that accepts connections and never says a word. */
async function stalledServer(): Promise<number> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  return (server.address() as net.AddressInfo).port;
}

async function configFor(database: DatabaseConfig): Promise<Config> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'site-pgtime-'));
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  return { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), database };
}

const silent = pino({ level: 'silent' }) as never;

describe('start-up against a PostgreSQL that cannot be reached', () => {
  it('a server that accepts and never answers fails start-up within the time-out, naming DATABASE_URL', async () => {
    const port = await stalledServer();
    const config = await configFor({
      kind: 'postgres',
      url: `postgres://site:secret-password@127.0.0.1:${port}/site`,
      connectTimeoutMs: 500,
    });
    const started = Date.now();
    const failure = await boot(config, { log: silent }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(Date.now() - started).toBeLessThan(3000);
    expect(failure).toBeInstanceOf(DatabaseUnreachableError);
    const message = (failure as Error).message;
    expect(message).toMatch(
      new RegExp(`^Could not reach PostgreSQL at 127\\.0\\.0\\.1:${port} within 0\\.5 s \\(DATABASE_URL\\)`),
    );
    expect(message).not.toContain('secret-password');
  });

  it('a port nothing listens on is named as refused', async () => {
    const port = await stalledServer();
    await cleanups.pop()!(); // closed again: nothing listens there now
    const config = await configFor({ kind: 'postgres', url: `postgres://site@127.0.0.1:${port}/site` });
    await expect(boot(config, { log: silent })).rejects.toThrow(
      new DatabaseUnreachableError(
        `Could not reach PostgreSQL at 127.0.0.1:${port} (DATABASE_URL): connection refused.`,
      ),
    );
  });
});

describe.each(DATABASE_KINDS.filter((kind) => kind === 'postgres'))('time limits on %s', (kind) => {
  /** A fresh database, opened with the given statement limit (as two processes would: call it twice). */
  async function database(statementTimeoutMs?: number, queryTimeoutMs?: number) {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'site-pgtime-'));
    const created = await createTestDatabase(kind, dataDir);
    cleanups.push(async () => {
      await created.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    });
    const config = {
      ...(created.config as Extract<DatabaseConfig, { kind: 'postgres' }>),
      statementTimeoutMs,
      queryTimeoutMs,
    };
    const open = (): Db => {
      const db = createDb(config);
      cleanups.push(() => db.destroy());
      return db;
    };
    return { config, open };
  }

  const setting = async (db: Db) =>
    (await sql<{ statement_timeout: string }>`show statement_timeout`.execute(db)).rows[0]!.statement_timeout;

  it('pooled connections have a 30 s statement limit, and a statement over the limit is cancelled', async () => {
    expect(await setting((await database()).open())).toBe('30s');
    const db = (await database(200)).open();
    await expect(sql`select pg_sleep(1)`.execute(db)).rejects.toMatchObject({ code: '57014' });
    // The connection is fine afterwards.
    expect(await setting(db)).toBe('200ms');
  });

  it('migrations run without the limit, and the pool has it again afterwards', async () => {
    // 100 ms, not 1 ms: with 1 ms PostgreSQL's own timer can fire while `set statement_timeout = 0` runs
    // and cancel the next statement (seen on a loaded CI machine).
    const { open } = await database(100);
    const [db, other] = [open(), open()];
    expect(await withoutStatementTimeout(db, async (conn) => setting(conn))).toBe('0');
    // Kysely's migrator first waits for its advisory lock (kysely/dist/esm/dialect/postgres/postgres-adapter.js):
    // held elsewhere for 400 ms, that wait is one statement four times the limit.
    const LOCK = sql.lit(BigInt('3853314791062309107'));
    await withoutStatementTimeout(other, async (conn) => {
      await sql`select pg_advisory_lock(${LOCK})`.execute(conn);
      const started = Date.now();
      const release = new Promise((resolve) => setTimeout(resolve, 400)).then(() =>
        sql`select pg_advisory_unlock(${LOCK})`.execute(conn),
      );
      await migrateToLatest(db);
      await release;
      expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    });
    const tables = await withoutStatementTimeout(db, (conn) => conn.introspection.getTables());
    expect(tables.map((t) => t.name)).toContain('blog_posts');
    const settings = await Promise.all([1, 2, 3].map(() => setting(db)));
    expect(settings).toEqual(['100ms', '100ms', '100ms']);
    // … and the pool's limit still cuts a statement that runs longer.
    await expect(sql`select pg_sleep(0.3)`.execute(db)).rejects.toMatchObject({ code: '57014' });
  });

  it('waiting for the start-up lock is not cut by the statement limit', async () => {
    const { config, open } = await database(200);
    const [first, second] = [open(), open()];
    const events: string[] = [];
    let holding: () => void = () => {};
    const held = new Promise<void>((resolve) => (holding = resolve));
    const a = withStartupLock(config, first, async () => {
      events.push('a in');
      holding();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      events.push('a out');
    });
    await held;
    const b = withStartupLock(config, second, async () => void events.push('b in'));
    await Promise.all([a, b]);
    expect(events).toEqual(['a in', 'a out', 'b in']);
  });
  // Client deadlines (server/db/deadlines.ts, docs/decisions/0025-database-deadlines.md): a slow statement
  // stands in for a server that stopped answering; tests/api/database-deadlines.test.ts cuts a real proxy.
  const pid = async (db: Db) => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid;
  const failure = (work: Promise<unknown>) =>
    work.then(
      () => null,
      (err: unknown) => err,
    );

  it('a statement past the client deadline fails as "database unavailable" and its connection is dropped', async () => {
    expect(PG_TIMEOUTS.queryMs).toBeLessThan(PG_TIMEOUTS.statementMs);
    const db = (await database(undefined, 300)).open();
    const before = await pid(db);
    const started = Date.now();
    const err = await failure(sql`select pg_sleep(3)`.execute(db));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(isDatabaseUnavailable(err)).toBe(true);
    // The pool held one connection: the statement took it, and the next query gets a new one.
    expect(await pid(db)).not.toBe(before);
  });

  it('a transaction whose statement misses its deadline ends at once, its connection not given back', async () => {
    const db = (await database(undefined, 300)).open();
    const before = await pid(db);
    const started = Date.now();
    const err = await failure(
      db.transaction().execute(async (trx) => {
        expect(await pid(trx)).toBe(before);
        await sql`select pg_sleep(3)`.execute(trx);
      }),
    );
    // The ROLLBACK on the dropped connection fails at once rather than waiting for its own deadline.
    expect(Date.now() - started).toBeLessThan(2000);
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(await pid(db)).not.toBe(before);
  });

  it('a checkout gives up after the deadline when every connection is stuck and nothing answers', async () => {
    const db = (await database(undefined, 300)).open();
    // Ten long statements without a client deadline (as migrations run) hold the whole pool.
    const busy = Array.from({ length: 10 }, () =>
      withoutStatementTimeout(db, (conn) => sql`select pg_sleep(1.5)`.execute(conn)),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    const err = await failure(sql`select 1`.execute(db));
    expect(Date.now() - started).toBeLessThan(1200);
    expect(isDatabaseUnavailable(err)).toBe(true);
    await Promise.all(busy);
    await sql`select 1`.execute(db);
  });

  it('long work keeps longer deadlines: migrations and the lock wait none, the fan-out and housekeeping long ones', async () => {
    const db = (await database(undefined, 300)).open();
    await withoutStatementTimeout(db, (conn) => sql`select pg_sleep(0.8)`.execute(conn));
    await withLongDeadlines(() => sql`select pg_sleep(0.8)`.execute(db));
    // … and outside them the pool's deadline holds again.
    expect(isDatabaseUnavailable(await failure(sql`select pg_sleep(0.8)`.execute(db)))).toBe(true);
  });
  it('long work ends within seconds when the server goes silent, not at its long deadline', async () => {
    const { config } = await database(undefined, 300);
    const proxy = await tcpProxy(new URL(config.url));
    cleanups.push(() => proxy.cut());
    // A new connection waits DATABASE_CONNECT_TIMEOUT_MS at most, a statement the probe's answer.
    const db = createDb({ ...config, url: proxy.via(new URL(config.url)), connectTimeoutMs: 1000 });
    cleanups.push(() => db.destroy());
    await sql`select 1`.execute(db);
    proxy.mode('black-hole');
    for (const work of [
      () => withLongDeadlines(() => sql`select 1`.execute(db)),
      () => withoutStatementTimeout(db, (conn) => sql`select 1`.execute(conn)),
    ]) {
      const started = Date.now();
      expect(isDatabaseUnavailable(await failure(work()))).toBe(true);
      expect(Date.now() - started).toBeLessThan(5_000);
    }
  });
});
