import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { boot } from '#server/boot.ts';
import { loadConfig, type Config } from '#server/config.ts';
import { createDb, type Db } from '#server/db/database.ts';
import { enqueueMail, enqueueMany } from '#server/modules/mail/outbox-repository.ts';
import { SMTP_TIMEOUTS, smtpTransport, type MailTransport } from '#server/lib/mail-transport.ts';
import { createMailWorker, LOCK_MS, retryDelayMs, RETRY_WINDOW_MS } from '#server/modules/mail/worker.ts';
import { NO_LIMIT, NO_RATE_LIMITS } from '#tests/helpers/auth.ts';
import { createTestDatabase, DATABASE_KINDS } from '#tests/helpers/databases.ts';
import {
  countByMessageId,
  freePort,
  linkParams,
  linkIn,
  startSilentSmtp,
  startSmtp,
  type SmtpSink,
} from '#tests/helpers/smtp.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import * as auth from '#shared/api/auth.ts';
import * as contactApi from '#shared/api/contact.ts';
import * as subscribers from '#shared/api/subscribers.ts';
import { api } from '#tests/helpers/api.ts';
import { subscribe } from '#tests/helpers/factories.ts';

/**
 * The durable mail outbox: every e-mail is stored before it is sent, retried with backoff while the SMTP
 * server is down or refuses, marked sent or failed with the error, and delivered exactly once, across a
 * restart and with several workers on one database.
 */

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const RATE_LIMITS = { ...NO_RATE_LIMITS, subscribePerIp: NO_LIMIT };
const PUBLIC_URL = 'https://www.brightpath.test';
const LONG_AGO = '2000-01-01T00:00:00.000Z';

const outbox = (db: Db) => db.selectFrom('mail_outbox').selectAll().orderBy('created_at').execute();
/** Makes every waiting message due now, as if its backoff had passed. */
const makeDue = (db: Db) =>
  db.updateTable('mail_outbox').set({ next_attempt_at: LONG_AGO }).where('status', '=', 'pending').execute();
/** Message-IDs carry the site's domain (PUBLIC_URL's host). */
const messageIdOf = (rowId: string) => `<${rowId}@www.brightpath.test>`;

/** Fails with a clear message instead of hanging until the test times out. */
function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Expects that the SMTP server got each outbox row exactly once (by its stable Message-ID) and nothing else. */
async function expectEachDeliveredOnce(db: Db, smtp: SmtpSink) {
  const rows = await outbox(db);
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.map((r) => ({ id: r.id, status: r.status, last_error: r.last_error }))).toEqual(
    rows.map((r) => ({ id: r.id, status: 'sent', last_error: null })),
  );
  for (const r of rows) expect(r.sent_at).toBeTruthy();
  const counts = countByMessageId(smtp.messages);
  expect(Object.fromEntries(counts)).toEqual(Object.fromEntries(rows.map((r) => [messageIdOf(r.id), 1])));
}

describe.each(DATABASE_KINDS)('mail outbox on %s', (kind) => {
  describe('of one app', () => {
    let t: TestApp;
    let port: number;
    let smtp: SmtpSink | undefined;
    let otherDb: Db;

    beforeAll(async () => {
      port = await freePort();
      t = await buildTestApp(kind, {
        env: { SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL },
        app: { rateLimits: RATE_LIMITS },
      });
      otherDb = createDb(t.config.database);
    });
    afterAll(async () => {
      await otherDb?.destroy();
      await t?.close();
      await smtp?.close();
    });
    beforeEach(async () => {
      await t.services.db.deleteFrom('mail_outbox').execute();
      smtp?.clear();
    });

    /** The SMTP server on the app's SMTP_URL; it refuses the mailbox nobody@. */
    async function smtpUp(): Promise<SmtpSink> {
      smtp ??= await startSmtp(port, { refuse: (address) => address.startsWith('nobody@') });
      return smtp;
    }
    async function smtpDown() {
      await smtp?.close();
      smtp = undefined;
    }

    it('keeps every message pending with its error while SMTP is down, then delivers each exactly once', async () => {
      await smtpDown();
      const { db, mailWorker } = t.services;
      await db.deleteFrom('contact_messages').execute();
      const contact = await api(t).call(contactApi.sendMail, {
        body: { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Hello there' },
      });
      expect(contact.status, contact.text).toBe(200);
      for (const email of ['one@example.com', 'two@example.com', 'three@example.com']) {
        await subscribe(t, email);
      }
      const reset = await api(t).call(auth.requestReset, { body: { email: 'admin@example.com' } });
      expect(reset.status, reset.text).toBe(200);
      const queued = await outbox(db);
      expect(queued.map((r) => r.kind).sort()).toEqual([
        'contact',
        'password-reset',
        'subscription-confirm',
        'subscription-confirm',
        'subscription-confirm',
      ]);
      // The contact message itself is stored whatever happens to the e-mail.
      expect(await db.selectFrom('contact_messages').select('name').execute()).toEqual([{ name: 'Ada Lovelace' }]);

      // First attempt: connection refused. Nothing is lost; each message waits for its retry.
      const before = Date.now();
      await mailWorker.flush();
      let rows = await outbox(db);
      expect(rows).toHaveLength(queued.length);
      for (const r of rows) {
        expect(r).toMatchObject({ status: 'pending', attempts: 1, sent_at: null, locked_until: null });
        expect(r.last_error).toMatch(/ECONNREFUSED|connect/i);
        const wait = Date.parse(r.next_attempt_at) - before;
        expect(wait).toBeGreaterThanOrEqual(retryDelayMs(1) - 1000);
        expect(wait).toBeLessThanOrEqual(retryDelayMs(1) + 60_000);
      }
      // Not due yet: another pass tries nothing.
      await mailWorker.flush();
      expect((await outbox(db)).map((r) => r.attempts)).toEqual(rows.map(() => 1));

      // Due again, still down: the attempt is counted and the backoff grows.
      await makeDue(db);
      const second = Date.now();
      await mailWorker.flush();
      rows = await outbox(db);
      for (const r of rows) {
        expect(r).toMatchObject({ status: 'pending', attempts: 2 });
        expect(Date.parse(r.next_attempt_at) - second).toBeGreaterThanOrEqual(retryDelayMs(2) - 1000);
      }

      // The server comes up on that port: the next pass delivers everything, once.
      const server = await smtpUp();
      await makeDue(db);
      await mailWorker.flush();
      await expectEachDeliveredOnce(db, server);
      expect((await outbox(db)).every((r) => r.attempts === 3)).toBe(true);
      expect(
        server.to('admin@example.com').filter((m) => /password reset code/.test(m.header('subject') ?? '')),
      ).toHaveLength(1);
      expect(server.to('three@example.com')).toHaveLength(1);

      // Later passes (even with every date in the past) send nothing again.
      await db.updateTable('mail_outbox').set({ next_attempt_at: LONG_AGO }).execute();
      await mailWorker.flush();
      await mailWorker.flush();
      await expectEachDeliveredOnce(db, server);
    });

    /** A test's clock: real time until the test sets it, then where the test moves it. */
    const testClock = () => {
      let time: number | null = null;
      return { now: () => time ?? Date.now(), set: (at: number) => void (time = at) };
    };

    /**
     * A worker of its own (as another process would have), counting what it started and sent, on a clock
     * that the test moves forward.
     */
    function worker(
      db: Db,
      options: {
        url?: string;
        timeouts?: typeof SMTP_TIMEOUTS;
        identity?: string;
        clock?: ReturnType<typeof testClock>;
      } = {},
    ) {
      const inner = smtpTransport(options.url ?? t.config.smtpUrl!, t.config.mailSender, options.timeouts);
      const started: string[] = [];
      const sent: string[] = [];
      const transport: MailTransport = {
        async send(row) {
          started.push(row.id);
          await inner.send(row);
          sent.push(row.id);
        },
        close: () => inner.close(),
      };
      const clock = options.clock ?? testClock();
      const created = createMailWorker({
        db,
        dbKind: kind,
        transport,
        log,
        pollMs: 3600_000,
        identity: options.identity,
        now: () => new Date(clock.now()),
      });
      return { started, sent, worker: created, now: clock.now, setNow: clock.set };
    }

    /** Whether `id` is among the sends a worker starts at once (CONCURRENCY, 8) in one of the `lists`. */
    const amongFirst = (id: string, lists: string[][]) => lists.some((list) => list.slice(0, 8).includes(id));

    /** When the first waiting message is due. */
    const firstDue = async (db: Db) =>
      Math.min(...(await outbox(db)).filter((r) => r.status === 'pending').map((r) => Date.parse(r.next_attempt_at)));

    it('retries a refused message with a backoff capped at 30 minutes for three days from its creation, then marks it failed', async () => {
      const server = await smtpUp();
      const { db } = t.services;
      const w = worker(db);
      try {
        const refusedId = await t.services.mail.queue({
          kind: 'test',
          to: 'nobody@example.com',
          subject: 'Refused',
          text: 'x',
        });
        const acceptedId = await t.services.mail.queue({
          kind: 'test',
          to: 'somebody@example.com',
          subject: 'Accepted',
          text: 'y',
          html: '<p>y</p>',
        });
        const row = () =>
          db.selectFrom('mail_outbox').selectAll().where('id', '=', refusedId).executeTakeFirstOrThrow();

        w.setNow(Date.now());
        await w.worker.flush();
        expect(
          await db.selectFrom('mail_outbox').select('status').where('id', '=', acceptedId).executeTakeFirstOrThrow(),
        ).toEqual({ status: 'sent' });
        expect(await row()).toMatchObject({ status: 'pending', attempts: 1 });
        expect((await row()).last_error).toMatch(/550/);

        // The clock moves to each retry in turn.
        const tries = [w.now()];
        while ((await row()).status === 'pending' && tries.length < 1000) {
          w.setNow(Date.parse((await row()).next_attempt_at));
          tries.push(w.now());
          await w.worker.flush();
        }
        const failed = await row();
        expect(failed).toMatchObject({ status: 'failed', attempts: tries.length, sent_at: null, locked_until: null });
        expect(failed.last_error).toMatch(/550/);
        const gaps = tries.slice(1).map((at, i) => at - tries[i]!);
        expect(gaps.slice(0, 8)).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map(retryDelayMs));
        expect(Math.max(...gaps)).toBe(30 * 60_000);
        // Tried far beyond the old limit of 8 attempts (about 21 minutes) …
        expect(tries.length).toBeGreaterThan(140);
        // … the last time at the end of the window, three days after the message was made.
        const created = Date.parse(failed.created_at);
        expect(tries.at(-1)).toBe(created + RETRY_WINDOW_MS);
        expect(tries.at(-2)!).toBeLessThan(created + RETRY_WINDOW_MS);

        // A failed message is not tried again.
        w.setNow(created + 10 * RETRY_WINDOW_MS);
        await db.updateTable('mail_outbox').set({ next_attempt_at: LONG_AGO }).execute();
        await w.worker.flush();
        expect(await row()).toMatchObject({ status: 'failed', attempts: tries.length });
        expect(server.messages.map((m) => m.header('subject'))).toEqual(['Accepted']);
        expect(server.messages[0]!.header('message-id')).toBe(messageIdOf(acceptedId));
      } finally {
        await w.worker.stop();
      }
    });

    it('delivers each mail exactly once when SMTP comes back after an hour down (beyond the old give-up)', async () => {
      // (Closing the SMTP server cuts idle pooled connections of earlier tests after its closeTimeout.)
      await smtpDown();
      const { db } = t.services;
      for (const email of ['four@example.com', 'five@example.com', 'six@example.com']) {
        await subscribe(t, email);
      }
      const contact = await api(t).call(contactApi.sendMail, {
        body: { name: 'Grace Hopper', email: 'grace@example.com', message: 'Still there?' },
      });
      expect(contact.status, contact.text).toBe(200);
      const reset = await api(t).call(auth.requestReset, { body: { email: 'admin@example.com' } });
      expect(reset.status, reset.text).toBe(200);
      expect(await outbox(db)).toHaveLength(5);

      const w = worker(db);
      try {
        const start = w.now();
        await w.worker.flush();
        while (w.now() < start + 60 * 60_000) {
          w.setNow(await firstDue(db));
          await w.worker.flush();
        }
        for (const r of await outbox(db)) {
          expect(r).toMatchObject({ status: 'pending', sent_at: null });
          expect(r.attempts).toBeGreaterThan(8);
          expect(r.last_error).toMatch(/ECONNREFUSED|connect/i);
        }
        expect(w.sent).toEqual([]);

        const server = await smtpUp();
        w.setNow(await firstDue(db));
        await w.worker.flush();
        w.setNow(w.now() + 31 * 60_000);
        await w.worker.flush();
        await expectEachDeliveredOnce(db, server);
        expect(w.sent).toHaveLength(5);
        // Later passes, however late, send nothing again.
        w.setNow(w.now() + RETRY_WINDOW_MS);
        await db.updateTable('mail_outbox').set({ next_attempt_at: LONG_AGO }).execute();
        await w.worker.flush();
        await expectEachDeliveredOnce(db, server);
      } finally {
        await w.worker.stop();
      }
    }, 90_000);

    it('at start-up releases at once the claims of a process of its own identity that died, and no others', async () => {
      const server = await smtpUp();
      const { db } = t.services;
      const identity = 'c1a1a5e0c1a1a5e0';
      // A process that has ended, and one that is still running.
      const deadPid = spawnSync(process.execPath, ['-e', '']).pid;
      const running = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
      const silent = await startSilentSmtp();
      const live = createMailWorker({
        db: otherDb,
        dbKind: kind,
        transport: smtpTransport(silent.url, t.config.mailSender),
        log,
        identity,
        pollMs: 3600_000,
      });
      const next = worker(db, { identity });
      try {
        const queue = (name: string) =>
          enqueueMail(db, { kind: 'test', to: `${name}@example.com`, subject: name, text: name });
        // A live worker of the same identity in this process, in the middle of a send nobody answers.
        const liveId = await queue('live');
        const liveFlush = live.flush();
        await expect
          .poll(async () => (await outbox(db)).find((r) => r.id === liveId)?.status, { timeout: 10_000 })
          .toBe('sending');
        const liveHolder = (await outbox(db)).find((r) => r.id === liveId)!.claimed_by!;
        expect(liveHolder.startsWith(`${identity}:${process.pid}:`)).toBe(true);

        const ids = {
          deadProcess: await queue('dead-process'),
          restarted: await queue('restarted'),
          otherLiveProcess: await queue('other-live-process'),
          otherHost: await queue('other-host'),
        };
        const holders = {
          deadProcess: `${identity}:${deadPid}:0000dead`,
          // The same pid as this process (a container restarts as pid 1) but an incarnation no worker has.
          restarted: `${identity}:${process.pid}:0000gone`,
          otherLiveProcess: `${identity}:${running.pid}:00000ok1`,
          otherHost: `0123456789abcdef:${deadPid}:0000else`,
        };
        const lockedUntil = new Date(Date.now() + LOCK_MS).toISOString();
        for (const name of Object.keys(ids) as Array<keyof typeof ids>) {
          await db
            .updateTable('mail_outbox')
            .set({ status: 'sending', attempts: 1, locked_until: lockedUntil, claimed_by: holders[name] })
            .where('id', '=', ids[name])
            .execute();
        }
        // The dead process had handed one message to the SMTP server before it could mark it sent.
        const direct = smtpTransport(server.url, t.config.mailSender);
        const deadRow = (await outbox(db)).find((r) => r.id === ids.deadProcess)!;
        await direct.send({
          id: deadRow.id,
          to: deadRow.to_address,
          subject: deadRow.subject,
          text: deadRow.text_body,
          createdAt: deadRow.created_at,
        });
        direct.close();

        next.worker.start();
        await next.worker.flush();
        const rows = new Map((await outbox(db)).map((r) => [r.id, r]));
        expect(rows.get(ids.deadProcess)).toMatchObject({ status: 'sent', attempts: 2, claimed_by: null });
        expect(rows.get(ids.restarted)).toMatchObject({ status: 'sent', attempts: 2, claimed_by: null });
        expect(rows.get(ids.otherLiveProcess)).toMatchObject({
          status: 'sending',
          claimed_by: holders.otherLiveProcess,
        });
        expect(rows.get(ids.otherHost)).toMatchObject({ status: 'sending', claimed_by: holders.otherHost });
        expect(rows.get(liveId)).toMatchObject({ status: 'sending', claimed_by: liveHolder });
        expect(next.sent.sort()).toEqual([ids.deadProcess, ids.restarted].sort());
        // The message sent twice carries one Message-ID, so the receiving server can drop the copy.
        expect(Object.fromEntries(countByMessageId(server.messages))).toEqual({
          [messageIdOf(ids.deadProcess)]: 2,
          [messageIdOf(ids.restarted)]: 1,
        });

        // The silent server goes away: the live worker's send fails and the message waits for a retry.
        await silent.close();
        await within(30_000, 'the live worker', liveFlush);
        expect((await outbox(db)).find((r) => r.id === liveId)).toMatchObject({ status: 'pending', claimed_by: null });
      } finally {
        running.kill();
        await live.stop();
        await next.worker.stop();
        await silent.close();
      }
    });

    it('a server that never greets: two workers try each message once, the reset code among the first, and it arrives once the server answers', async () => {
      const port2 = await freePort();
      const url = `smtp://127.0.0.1:${port2}`;
      const silent = await startSilentSmtp(port2);
      const { db } = t.services;
      await enqueueMany(
        db,
        Array.from({ length: 30 }, (_, i) => ({
          kind: 'new-post',
          to: `reader${i}@example.com`,
          subject: `News ${i}`,
          text: `News ${i}`,
          campaignId: 'silent-campaign',
          dedupeKey: `silent-campaign:${i}`,
        })),
      );
      const reset = await api(t).call(auth.requestReset, { body: { email: 'admin@example.com' } });
      expect(reset.status, reset.text).toBe(200);
      const resetId = (await outbox(db)).find((r) => r.kind === 'password-reset')!.id;
      // Short time-outs of the same kind as the production ones (those are checked on their own below).
      const timeouts = { connectionTimeout: 500, greetingTimeout: 500, socketTimeout: 1000 };
      const clock = testClock();
      clock.set(Date.now());
      const a = worker(db, { url, timeouts, clock });
      const b = worker(otherDb, { url, timeouts, clock });
      let server: SmtpSink | undefined;
      try {
        await within(60_000, 'two workers on a silent server', Promise.all([a.worker.flush(), b.worker.flush()]));
        const rows = await outbox(db);
        expect(rows).toHaveLength(31);
        for (const r of rows) {
          expect(r).toMatchObject({ status: 'pending', attempts: 1, locked_until: null, claimed_by: null });
          expect(r.last_error).toMatch(/greeting|timeout/i);
        }
        // Each message was tried by one worker, once; the reset code among the first its worker tried (the
        // first sends start together), ahead of the newsletter queued before it.
        const tried = [...a.started, ...b.started];
        expect(tried).toHaveLength(31);
        expect(new Set(tried).size).toBe(31);
        expect(amongFirst(resetId, [a.started, b.started])).toBe(true);
        expect(silent.connections()).toBeGreaterThan(0);

        // The server answers again; the next pass delivers everything once, the reset code among the first again.
        await silent.close();
        server = await startSmtp(port2);
        clock.set(clock.now() + retryDelayMs(1));
        const before = [a.started.length, b.started.length];
        await within(60_000, 'two workers delivering', Promise.all([a.worker.flush(), b.worker.flush()]));
        await expectEachDeliveredOnce(db, server);
        expect(amongFirst(resetId, [a.started.slice(before[0]), b.started.slice(before[1])])).toBe(true);
        // The code in it is still valid.
        const code = /password reset code is (\d{6})/.exec(server.to('admin@example.com')[0]!.text ?? '')![1]!;
        const verified = await api(t).call(auth.verifyOtp, {
          body: { email: 'admin@example.com', otp: code, password: 'admin-secret' },
        });
        expect(verified.status, verified.text).toBe(200);
      } finally {
        await Promise.all([a.worker.stop(), b.worker.stop()]);
        await silent.close();
        await server?.close();
      }
    }, 90_000);

    it('with the production time-outs, a send to a server that never greets fails well inside the claim', async () => {
      const { connectionTimeout, greetingTimeout, socketTimeout } = SMTP_TIMEOUTS;
      expect(connectionTimeout + greetingTimeout + socketTimeout).toBeLessThan(LOCK_MS / 2);
      const silent = await startSilentSmtp();
      const transport = smtpTransport(silent.url, t.config.mailSender);
      try {
        const sending = transport.send({
          id: 'silent-1',
          to: 'x@example.com',
          subject: 's',
          text: 't',
          createdAt: new Date().toISOString(),
        });
        await expect(within(greetingTimeout + 15_000, 'a send to a silent server', sending)).rejects.toThrow(
          /greeting/i,
        );
      } finally {
        transport.close();
        await silent.close();
      }
    }, 40_000);

    it('delivers each message once when two workers on two connections flush at the same time', async () => {
      const server = await smtpUp();
      const count = 30;
      for (let i = 0; i < count; i++)
        await enqueueMail(t.services.db, {
          kind: 'test',
          to: `reader${i}@example.com`,
          subject: `Message ${i}`,
          text: `Body ${i}`,
        });

      const a = worker(t.services.db);
      const b = worker(otherDb);
      await within(60_000, 'two workers flushing', Promise.all([a.worker.flush(), b.worker.flush()]));
      await Promise.all([a.worker.stop(), b.worker.stop()]);

      expect(a.sent.length + b.sent.length).toBe(count);
      expect(new Set([...a.sent, ...b.sent]).size).toBe(count);
      // Both took part (the first claims a batch of 20; the other takes what is left meanwhile).
      expect(a.sent.length).toBeGreaterThan(0);
      expect(b.sent.length).toBeGreaterThan(0);
      await expectEachDeliveredOnce(t.services.db, server);
      expect(server.messages).toHaveLength(count);
    });
  });

  describe('across a restart', () => {
    const cleanup: Array<() => Promise<unknown>> = [];
    afterEach(async () => {
      for (const step of cleanup.reverse()) await step().catch(() => undefined);
      cleanup.length = 0;
    });

    it('loses nothing queued while SMTP was down: the next process delivers each message once', async () => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'site-test-'));
      cleanup.push(() => fs.rm(dataDir, { recursive: true, force: true }));
      const database = await createTestDatabase(kind, dataDir);
      cleanup.push(() => database.drop());
      const port = await freePort();
      const config: Config = {
        ...loadConfig({
          NODE_ENV: 'test',
          DATA_DIR: dataDir,
          ADMIN_PASSWORD: 'admin-secret',
          LOG_LEVEL: 'silent',
          SMTP_URL: `smtp://127.0.0.1:${port}`,
          PUBLIC_URL,
        }),
        database: database.config,
      };

      // First process: a confirmed subscriber, a contact message and a new post, all while SMTP is down.
      const first = await boot(config, { log });
      const app1 = await buildApp({ services: first.services, logger: false, rateLimits: RATE_LIMITS });
      const closeFirst = async () => {
        await app1.close();
        await first.services.mailWorker.stop();
        await first.db.destroy();
      };
      cleanup.push(closeFirst);
      const seededPosts = (await first.services.blog.listPosts()).posts.length;
      const reader = 'reader@example.com';
      expect((await api(app1).call(subscribers.subscribe, { body: { email: reader } })).status).toBe(200);
      expect(
        (
          await api(app1).call(contactApi.sendMail, {
            body: { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Hi' },
          })
        ).status,
      ).toBe(200);
      // The confirmation never arrived, but its link is in the stored message.
      const confirmation = await first.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('kind', '=', 'subscription-confirm')
        .executeTakeFirstOrThrow();
      const link = linkParams(linkIn(confirmation.text_body, `${PUBLIC_URL}/subscriptions/confirm?`)!);
      await first.services.subscribers.confirm(link.id, link.token);
      await first.services.blog.createPost({
        title: 'Before the restart',
        excerpt: 'One',
        blogCategory: null,
        content: '<p>1</p>',
        featureImage: '',
      });
      await first.services.mailWorker.flush();
      const beforeRestart = await outbox(first.db);
      expect(beforeRestart.map((r) => r.kind).sort()).toEqual(['contact', 'new-post', 'subscription-confirm']);
      expect(beforeRestart.every((r) => r.status === 'pending' && r.attempts === 1 && r.last_error)).toBe(true);
      cleanup.pop();
      await closeFirst();

      // SMTP comes up; a second process starts on the same database and data folder.
      const smtp = await startSmtp(port);
      cleanup.push(() => smtp.close());
      const second = await boot(config, { log });
      const app2 = await buildApp({ services: second.services, logger: false, rateLimits: RATE_LIMITS });
      cleanup.push(async () => {
        await app2.close();
        await second.services.mailWorker.stop();
        await second.db.destroy();
      });
      // Nothing was seeded twice, nothing of the outbox was lost.
      expect((await second.services.blog.listPosts()).posts.length).toBe(seededPosts + 1);
      expect((await outbox(second.db)).map((r) => r.id)).toEqual(beforeRestart.map((r) => r.id));

      // The new process publishes too (the first thing it does with subscribers since it started).
      await within(
        10_000,
        'publishing a post after the restart',
        second.services.blog.createPost({
          title: 'After the restart',
          excerpt: 'Two',
          blogCategory: null,
          content: '<p>2</p>',
          featureImage: '',
        }),
      );
      await makeDue(second.db);
      second.services.mailWorker.start();
      const expected = beforeRestart.length + 1;
      await smtp.waitFor((messages) => messages.length >= expected, 15_000);
      await second.services.mailWorker.flush();
      await expectEachDeliveredOnce(second.db, smtp);
      expect(smtp.messages).toHaveLength(expected);

      const toReader = smtp.to(reader).map((m) => m.header('subject'));
      expect(toReader.sort()).toEqual(
        [
          'Please confirm your subscription to the Brightpath Labs blog',
          'New on the Brightpath Labs blog: Before the restart',
          'New on the Brightpath Labs blog: After the restart',
        ].sort(),
      );
      // The links of the old process's e-mails still work in the new one.
      const newPost = smtp.to(reader).find((m) => m.header('subject')?.endsWith('Before the restart'))!;
      const unsubscribe = linkParams(linkIn(newPost.text, `${PUBLIC_URL}/subscriptions/unsubscribe?`)!);
      await expect(second.services.subscribers.unsubscribe(unsubscribe.id, unsubscribe.token)).resolves.toEqual({
        email: reader,
      });
    });
  });
});
