import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { createTestDatabase, DATABASE_KINDS } from '#tests/helpers/databases.ts';

/**
 * The database layer keeps working when a connection breaks under it: a PostgreSQL restart or a killed
 * backend must not end the server process (node-postgres throws an idle client's error when nobody
 * listens for it) and the next query gets a new connection.
 */

describe.each(DATABASE_KINDS)('database layer on %s', (kind) => {
  let dataDir: string;
  let drop: () => Promise<void>;
  let db: Db;
  const idleErrors: Error[] = [];
  let idleErrorSeen: () => void = () => {};

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'site-db-'));
    const database = await createTestDatabase(kind, dataDir);
    drop = database.drop;
    db = createDb(database.config, (err) => {
      idleErrors.push(err);
      idleErrorSeen();
    });
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db?.destroy();
    await drop?.();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('runs the migrations once: a second run finds nothing to do', async () => {
    const tables = await db.introspection.getTables();
    expect(tables.map((t) => t.name)).toEqual(
      expect.arrayContaining(['content_sections', 'contact_messages', 'mail_outbox', 'users', 'blog_posts']),
    );
    await migrateToLatest(db);
    expect((await db.introspection.getTables()).length).toBe(tables.length);
  });

  // Only PostgreSQL has a connection pool; SQLite is a file opened in this process.
  const pgOnly = kind === 'postgres' ? it : null;
  pgOnly?.('survives its idle connections being terminated by the server', async () => {
    // Open a few pooled connections and leave them idle.
    await Promise.all([1, 2, 3].map(() => sql`select pg_sleep(0.05)`.execute(db)));
    const name = (await sql<{ name: string }>`select current_database() as name`.execute(db)).rows[0]!.name;

    let killedCount = 0;
    // Every killed connection must have reported its error before a query may run: until then the pool
    // could still hand out one of them.
    const noticed = new Promise<void>(
      (resolve) => (idleErrorSeen = () => idleErrors.length >= killedCount && killedCount > 0 && resolve()),
    );
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const killed = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and backend_type = 'client backend'",
        [name],
      );
      killedCount = killed.rowCount ?? 0;
      expect(killedCount).toBeGreaterThan(0);
      idleErrorSeen();
    } finally {
      await admin.end();
    }
    await noticed;
    expect(idleErrors[0]!.message).toMatch(/terminat/i);

    // Broken connections have left the pool; the next queries open new ones.
    const rows = await db.selectFrom('content_sections').select('kind').execute();
    expect(Array.isArray(rows)).toBe(true);
    const {
      rows: [one],
    } = await sql<{ one: number }>`select 1 as one`.execute(db);
    expect(one).toEqual({ one: 1 });
  });
});
