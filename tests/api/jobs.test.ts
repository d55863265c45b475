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
    expect((await me(t, live)).status).toBe(200);
  });

  it('cleans sent mail past its retention, but keeps what a running newsletter still counts', async () => {
    const { db } = t.services;
    const old = ago(8 * 24 * HOUR);
    const row = (id: string, campaignId: string | null, status: 'sent' | 'pending', sentAt: string | null) => ({
      id,
      kind: 'test',
      to_address: `${id}@example.com`,
      subject: 's',
      text_body: 't',
      html_body: null,
      headers: null,
      status,
      attempts: 1,
      next_attempt_at: old,
      locked_until: null,
      last_error: null,
      created_at: old,
      sent_at: sentAt,
      campaign_id: campaignId,
      dedupe_key: null,
    });
    const post = await db.selectFrom('blog_posts').select('id').limit(2).execute();
    const campaign = (id: string, postId: string, status: 'done' | 'sending') => ({
      id,
      post_id: postId,
      status,
      cursor: null,
      locked_until: null,
      created_at: old,
      finished_at: status === 'done' ? old : null,
    });
    await db
      .insertInto('campaigns')
      .values([campaign(`done-${kind}`, post[0]!.id, 'done'), campaign(`live-${kind}`, post[1]!.id, 'sending')])
      .execute();
    await db
      .insertInto('mail_outbox')
      .values([
        row(`old-${kind}`, null, 'sent', old),
        row(`recent-${kind}`, null, 'sent', ago(HOUR)),
        row(`waiting-${kind}`, null, 'pending', null),
        row(`done-mail-${kind}`, `done-${kind}`, 'sent', old),
        row(`live-mail-${kind}`, `live-${kind}`, 'sent', old),
      ])
      .execute();
    await db.deleteFrom('job_runs').execute();
    expect(await t.services.jobs.runDue()).toContain('prune-sent-mail');
    const left = (await db.selectFrom('mail_outbox').select('id').execute()).map((r) => r.id);
    expect(left).not.toContain(`old-${kind}`);
    expect(left).not.toContain(`done-mail-${kind}`);
    expect(left).toEqual(expect.arrayContaining([`recent-${kind}`, `waiting-${kind}`, `live-mail-${kind}`]));
  });
});
