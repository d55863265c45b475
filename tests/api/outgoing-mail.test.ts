import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OutgoingMail } from '#shared/api/mail.ts';
import { SERVER_MESSAGES } from '#shared/messages.ts';
import { RETRY_WINDOW_MS } from '#server/modules/mail/worker.ts';
import { ADMIN, loginToken, NO_LIMIT, NO_RATE_LIMITS } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { buildTestApp, deliveredMail, type TestApp } from '#tests/helpers/test-app.ts';
import * as auth from '#shared/api/auth.ts';
import * as contact from '#shared/api/contact.ts';
import * as mailApi from '#shared/api/mail.ts';
import * as subscribers from '#shared/api/subscribers.ts';
import { api, type AnyAnswer } from '#tests/helpers/api.ts';

/**
 * Outgoing mail (docs/product.md#outgoing-mail): the administrator sees what failed and what waits, with
 * the last error, and retries or discards it; and a record and the mail about it are stored together or
 * not at all (contact messages, subscriptions, reset codes).
 */

const HOUR = 3600_000;

describe.each(DATABASE_KINDS)('outgoing mail on %s', (kind) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await buildTestApp(kind, { app: { rateLimits: { ...NO_RATE_LIMITS, subscribePerIp: NO_LIMIT } } });
    token = await loginToken(t);
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.services.db.deleteFrom('mail_outbox').execute();
  });

  function ok<T>(res: AnyAnswer): T {
    expect(res.status, res.text).toBe(200);
    return res.data as T;
  }
  const list = async (status?: string) =>
    ok<{ mails: OutgoingMail[]; total: number }>(
      await api(t).callRaw(mailApi.listOutgoingMail, { query: status ? { status } : undefined, token }),
    );

  /** A queued mail, then put into the state a test needs (as the worker would have left it). */
  async function mail(
    to: string,
    state: { status?: 'pending' | 'sending' | 'failed' | 'sent'; error?: string; due?: number; created?: number } = {},
  ): Promise<string> {
    const id = await t.services.mail.queue({ kind: 'test', to, subject: `To ${to}`, text: 'Hello' });
    const at = (ms: number) => new Date(ms).toISOString();
    await t.services.db
      .updateTable('mail_outbox')
      .set({
        status: state.status ?? 'pending',
        attempts: state.status ? 3 : 0,
        last_error: state.error ?? null,
        next_attempt_at: at(state.due ?? Date.now()),
        created_at: at(state.created ?? Date.now()),
        locked_until: state.status === 'sending' ? at(Date.now() + 60_000) : null,
        sent_at: state.status === 'sent' ? at(Date.now()) : null,
      })
      .where('id', '=', id)
      .execute();
    return id;
  }

  it('lists failed mail newest first and waiting mail in the order it is due, with the last error', async () => {
    const created = Date.now() - 4 * 24 * HOUR;
    const oldFailure = await mail('old@example.com', {
      status: 'failed',
      error: '550 5.1.1 mailbox unavailable',
      due: created + RETRY_WINDOW_MS,
      created,
    });
    const newFailure = await mail('new@example.com', {
      status: 'failed',
      error: 'connect ECONNREFUSED',
      due: Date.now(),
    });
    const later = await mail('later@example.com', {
      status: 'pending',
      error: 'greeting never received',
      due: Date.now() + HOUR,
    });
    const now = await mail('now@example.com', { due: Date.now() - 1000 });
    const sending = await mail('sending@example.com', { status: 'sending', due: Date.now() });
    await mail('sent@example.com', { status: 'sent' });

    const failed = await list('failed');
    expect(failed.total).toBe(2);
    expect(failed.mails.map((m) => m._id)).toEqual([newFailure, oldFailure]);
    expect(failed.mails[1]).toEqual({
      _id: oldFailure,
      kind: 'test',
      to: 'old@example.com',
      subject: 'To old@example.com',
      status: 'failed',
      attempts: 3,
      lastError: '550 5.1.1 mailbox unavailable',
      nextAttemptAt: null,
      giveUpAt: new Date(created + RETRY_WINDOW_MS).toISOString(),
      createdAt: new Date(created).toISOString(),
    });
    // Without a status: the failed ones.
    expect(await list()).toEqual(failed);

    const waiting = await list('pending');
    expect(waiting.total).toBe(3);
    expect(waiting.mails.map((m) => [m._id, m.status])).toEqual([
      [now, 'pending'],
      [sending, 'sending'],
      [later, 'pending'],
    ]);
    expect(waiting.mails[2]).toMatchObject({ lastError: 'greeting never received', nextAttemptAt: expect.any(String) });

    expect((await api(t).callRaw(mailApi.listOutgoingMail, { query: { status: 'sent' }, token })).status).toBe(400);
    expect((await api(t).call(mailApi.listOutgoingMail, { query: { status: 'failed' } })).status).toBe(401);
  });

  it('retries a failed mail now with three more days, and the worker sends it once', async () => {
    const created = Date.now() - 4 * 24 * HOUR;
    const id = await mail('retry@example.com', { status: 'failed', error: 'connect ECONNREFUSED', created });
    const before = Date.now();
    const retried = ok<OutgoingMail>(await api(t).call(mailApi.retryOutgoingMail, { params: { id }, token }));
    expect(retried).toMatchObject({ _id: id, status: 'pending', lastError: 'connect ECONNREFUSED', attempts: 3 });
    expect(Date.parse(retried.nextAttemptAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(retried.nextAttemptAt!)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(retried.giveUpAt)).toBeGreaterThanOrEqual(before + RETRY_WINDOW_MS);
    expect((await list('failed')).mails).toEqual([]);
    expect((await list('pending')).mails.map((m) => m._id)).toEqual([id]);

    await t.services.mailWorker.flush();
    const row = await t.services.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', attempts: 4, last_error: null });
    const delivered = (await deliveredMail(t.dataDir)).filter((m) => m.includes(`<${id}@`));
    expect(delivered).toHaveLength(1);
    expect((await list('pending')).mails).toEqual([]);

    // Sent: nothing more to retry or discard.
    const again = await api(t).call(mailApi.retryOutgoingMail, { params: { id }, token });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: SERVER_MESSAGES.mailAlreadySent });
    expect((await api(t).call(mailApi.discardOutgoingMail, { params: { id }, token })).status).toBe(409);
  });

  it('retries a waiting mail at once, and refuses to touch one being sent', async () => {
    const waiting = await mail('waiting@example.com', { status: 'pending', error: 'timeout', due: Date.now() + HOUR });
    const retried = ok<OutgoingMail>(await api(t).call(mailApi.retryOutgoingMail, { params: { id: waiting }, token }));
    expect(Date.parse(retried.nextAttemptAt!)).toBeLessThanOrEqual(Date.now());

    const sending = await mail('sending@example.com', { status: 'sending' });
    for (const res of [
      await api(t).call(mailApi.retryOutgoingMail, { params: { id: sending }, token }),
      await api(t).call(mailApi.discardOutgoingMail, { params: { id: sending }, token }),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: SERVER_MESSAGES.mailBeingSent });
    }
    expect(await t.services.db.selectFrom('mail_outbox').select('status').where('id', '=', sending).execute()).toEqual([
      { status: 'sending' },
    ]);
  });

  it('discards a failed or waiting mail for good', async () => {
    const failed = await mail('failed@example.com', { status: 'failed', error: '550' });
    const waiting = await mail('waiting@example.com');
    expect(ok(await api(t).call(mailApi.discardOutgoingMail, { params: { id: failed }, token }))).toEqual({
      _id: failed,
    });
    expect(ok(await api(t).call(mailApi.discardOutgoingMail, { params: { id: waiting }, token }))).toEqual({
      _id: waiting,
    });
    expect(await t.services.db.selectFrom('mail_outbox').select('id').execute()).toEqual([]);
    await t.services.mailWorker.flush();
    expect(
      (await deliveredMail(t.dataDir)).filter((m) => m.includes('@example.com>') && /failed@|waiting@/.test(m)),
    ).toEqual([]);

    for (const res of [
      await api(t).call(mailApi.discardOutgoingMail, { params: { id: failed }, token }),
      await api(t).call(mailApi.retryOutgoingMail, { params: { id: failed }, token }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: SERVER_MESSAGES.mailNotFound });
    }
    expect((await api(t).call(mailApi.discardOutgoingMail, { params: { id: failed } })).status).toBe(401);
  });

  describe('a record and the mail about it are stored together or not at all', () => {
    const db = () => t.services.db;
    const count = async (table: 'contact_messages' | 'subscribers' | 'password_resets') =>
      Number(
        (
          await db()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string | number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const requests = () => ({
      contact: () =>
        api(t).call(contact.sendMail, { body: { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Hello' } }),
      subscribe: () => api(t).call(subscribers.subscribe, { body: { email: 'reader@example.com' } }),
      reset: () => api(t).call(auth.requestReset, { body: { email: ADMIN.email } }),
      adminAdd: () =>
        api(t).call(subscribers.addSubscriber, {
          body: { email: 'added@example.com', confirmed: false, source: 'Fair' },
          token,
        }),
    });

    it('keeps no record when the mail cannot be queued in the same transaction', async () => {
      await db().deleteFrom('contact_messages').execute();
      await db().deleteFrom('subscribers').execute();
      await db().deleteFrom('password_resets').execute();
      // A real failure of the outbox insert inside the transaction: the table is not there.
      await sql`alter table mail_outbox rename to mail_outbox_away`.execute(db());
      try {
        for (const [name, request] of Object.entries(requests())) {
          const res = await request();
          expect(res.status, `${name}: ${res.text}`).toBe(500);
        }
        expect(await count('contact_messages')).toBe(0);
        expect(await count('subscribers')).toBe(0);
        expect(await count('password_resets')).toBe(0);
      } finally {
        await sql`alter table mail_outbox_away rename to mail_outbox`.execute(db());
      }

      // With the outbox back, each record is stored with its mail.
      for (const [name, request] of Object.entries(requests())) {
        const res = await request();
        expect(res.status, `${name}: ${res.text}`).toBe(200);
      }
      expect(await count('contact_messages')).toBe(1);
      expect(await count('subscribers')).toBe(2);
      expect(await count('password_resets')).toBe(1);
      const kinds = (await db().selectFrom('mail_outbox').select(['kind', 'to_address']).execute())
        .map((r) => `${r.kind} ${r.to_address}`)
        .sort();
      expect(kinds).toEqual(
        [
          `contact ${t.config.contactTo}`,
          `password-reset ${ADMIN.email}`,
          'subscription-confirm added@example.com',
          'subscription-confirm reader@example.com',
        ].sort(),
      );
    });
  });
});
