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
import { enqueueMail } from '#server/modules/mail/outbox-repository.ts';
import { smtpTransport, type MailTransport } from '#server/lib/mail-transport.ts';
import { createMailWorker, retryDelayMs } from '#server/modules/mail/worker.ts';
import { NO_LIMIT, NO_RATE_LIMITS } from '#tests/helpers/auth.ts';
import { createTestDatabase, DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { countByMessageId, freePort, linkParams, linkIn, startSmtp, type SmtpSink } from '#tests/helpers/smtp.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

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
      const contact = await t.app.inject({
        method: 'POST',
        url: '/api/send-mail',
        payload: { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Hello there' },
      });
      expect(contact.statusCode, contact.body).toBe(200);
      for (const email of ['one@example.com', 'two@example.com', 'three@example.com']) {
        const res = await t.app.inject({ method: 'POST', url: '/api/blogs-subscribers/add', payload: { email } });
        expect(res.statusCode, res.body).toBe(200);
      }
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { email: 'admin@example.com' },
      });
      expect(reset.statusCode, reset.body).toBe(200);
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

    it('retries with backoff, then marks the message failed with the error after the last attempt', async () => {
      const server = await smtpUp();
      const { db, mailWorker } = t.services;
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
      const row = () => db.selectFrom('mail_outbox').selectAll().where('id', '=', refusedId).executeTakeFirstOrThrow();

      await mailWorker.flush();
      expect(
        await db.selectFrom('mail_outbox').select('status').where('id', '=', acceptedId).executeTakeFirstOrThrow(),
      ).toEqual({ status: 'sent' });
      expect(await row()).toMatchObject({ status: 'pending', attempts: 1 });
      expect((await row()).last_error).toMatch(/550/);

      let passes = 1;
      while ((await row()).status === 'pending' && passes < 20) {
        await makeDue(db);
        await mailWorker.flush();
        passes++;
      }
      const failed = await row();
      expect(failed.status).toBe('failed');
      expect(failed.attempts).toBe(8);
      expect(passes).toBe(8);
      expect(failed.last_error).toMatch(/550/);
      expect(failed.sent_at).toBeNull();

      // A failed message is not tried again.
      await db.updateTable('mail_outbox').set({ next_attempt_at: LONG_AGO }).execute();
      await mailWorker.flush();
      expect(await row()).toMatchObject({ status: 'failed', attempts: 8 });
      expect(server.messages.map((m) => m.header('subject'))).toEqual(['Accepted']);
      expect(server.messages[0]!.header('message-id')).toBe(messageIdOf(acceptedId));
    });

    /** A worker of its own (as another process would have), counting what it sent. */
    function worker(db: Db) {
      const inner = smtpTransport(t.config.smtpUrl!, t.config.mailSender);
      const sent: string[] = [];
      const transport: MailTransport = {
        async send(row) {
          await inner.send(row);
          sent.push(row.id);
        },
        close: () => inner.close(),
      };
      return { sent, worker: createMailWorker({ db, dbKind: kind, transport, log }) };
    }

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
      expect(
        (await app1.inject({ method: 'POST', url: '/api/blogs-subscribers/add', payload: { email: reader } }))
          .statusCode,
      ).toBe(200);
      expect(
        (
          await app1.inject({
            method: 'POST',
            url: '/api/send-mail',
            payload: { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Hi' },
          })
        ).statusCode,
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
