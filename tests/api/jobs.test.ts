import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '#server/db/database.ts';
import { createJobScheduler } from '#server/modules/jobs/scheduler.ts';
import { hashToken } from '#server/modules/auth/tokens.ts';
import { ADMIN, loginToken, me } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const HOUR = 3600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/** Periodic housekeeping runs once per period across processes, and prunes what has ended. */
describe.each(DATABASE_KINDS)('periodic jobs on %s', (kind) => {
  let t: TestApp;
  let otherDb: Db;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    // A second connection pool on the same database, as a second process would have.
    otherDb = createDb(t.config.database);
  });
  afterAll(async () => {
    await otherDb.destroy();
    await t.close();
  });

  it('runs a job once per period however many processes ask at the same time', async () => {
    let runs = 0;
    const job = { name: `count-${kind}`, everyMs: HOUR, run: async () => void runs++ };
    const schedulers = [t.services.db, otherDb, t.services.db, otherDb].map((db) =>
      createJobScheduler({ db, log, jobs: [job] }),
    );
    const ran = await Promise.all(schedulers.map((s) => s.runDue()));
    expect(runs).toBe(1);
    expect(ran.flat()).toEqual([job.name]);
    // Within the period nobody runs it again; once the period has passed, one does.
    expect((await Promise.all(schedulers.map((s) => s.runDue()))).flat()).toEqual([]);
    await t.services.db
      .updateTable('job_runs')
      .set({ last_run_at: ago(2 * HOUR) })
      .where('name', '=', job.name)
      .execute();
    await Promise.all(schedulers.map((s) => s.runDue()));
    expect(runs).toBe(2);
  });

  it('prunes sessions and reset codes that ended more than a day ago, and keeps live ones', async () => {
    const live = await loginToken(t);
    const expired = await loginToken(t);
    const revoked = await loginToken(t);
    const { db } = t.services;
    await db
      .updateTable('sessions')
      .set({ expires_at: ago(2 * 24 * HOUR) })
      .where('token_hash', '=', hashToken(expired))
      .execute();
    await db
      .updateTable('sessions')
      .set({ revoked_at: ago(2 * 24 * HOUR) })
      .where('token_hash', '=', hashToken(revoked))
      .execute();
    const admin = await db.selectFrom('users').select('id').where('email', '=', ADMIN.email).executeTakeFirstOrThrow();
    await db
      .insertInto('password_resets')
      .values({
        user_id: admin.id,
        code_hash: 'x',
        expires_at: ago(2 * 24 * HOUR),
        failed_attempts: 0,
        used_at: null,
        created_at: ago(3 * 24 * HOUR),
      })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ expires_at: ago(2 * 24 * HOUR) }))
      .execute();
    await db.deleteFrom('job_runs').execute();

    expect(await t.services.jobs.runDue()).toContain('prune-auth');

    const hashes = (await db.selectFrom('sessions').select('token_hash').execute()).map((r) => r.token_hash);
    expect(hashes).toContain(hashToken(live));
    expect(hashes).not.toContain(hashToken(expired));
    expect(hashes).not.toContain(hashToken(revoked));
    expect(await db.selectFrom('password_resets').selectAll().execute()).toEqual([]);
    expect((await me(t, live)).statusCode).toBe(200);
  });
});
