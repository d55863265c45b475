import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '#server/db/database.ts';
import { databaseAnswers } from '#server/plugins/health.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/** The probes of a process manager or load balancer (README, Deploying). */
describe.each(DATABASE_KINDS)('health and readiness on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('/healthz: alive, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('/readyz: ready while the database answers, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

// SQLite is a file in the process: it cannot stop answering the way a database server can.
describe('readiness when the database server does not answer', () => {
  it('a PostgreSQL server that accepts and never answers is not ready, within the check time', async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const db = createDb({ kind: 'postgres', url: `postgres://u@127.0.0.1:${port}/db`, connectTimeoutMs: 60_000 });
    try {
      await expect(databaseAnswers(db, 300)).resolves.toBe(false);
    } finally {
      silent.close();
      void db.destroy().catch(() => {});
    }
  });
});
