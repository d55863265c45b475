import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '#server/db/database.ts';
import { smtpTransport } from '#server/lib/mail-transport.ts';
import { enqueueMany } from '#server/modules/mail/outbox-repository.ts';
import { createMailWorker, LOCK_MS } from '#server/modules/mail/worker.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { countByMessageId, startSmtp, type SmtpSink } from '#tests/helpers/smtp.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * A slow SMTP server (every reply just inside the socket time-out) makes a send outlast the two-minute
 * claim: the sending worker keeps renewing its claim while the send is in flight, so a second worker polling
 * all the while never takes the message and sends it again (issue 30, finding 3: 1 of 4 went twice).
 * Time runs SPEED times faster for the workers than for the SMTP server: the four sends, each reply
 * 2.5 s late (the transport waits 30 s), take ~8 s real, ~6.5 minutes of the workers' time, over three
 * claims, with a renewal every 0.6 s real. A renewal may come up to 1.8 s late in real time (a busy
 * 2-core machine running the browser suite beside this one) before the claim runs out; at 200× and
 * 1 s replies that margin was 450 ms, and a busy machine missed it.
 */
const SPEED = 50;
const REPLY_DELAY_MS = 2_500;
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(DATABASE_KINDS)('a slow SMTP server on %s', (kind) => {
  let t: TestApp;
  let smtp: SmtpSink;
  let otherDb: Db;

  beforeAll(async () => {
    smtp = await startSmtp(0, { replyDelayMs: REPLY_DELAY_MS });
    t = await buildTestApp(kind, { env: { SMTP_URL: smtp.url } });
    otherDb = createDb(t.config.database);
  });
  afterAll(async () => {
    await otherDb?.destroy();
    await t?.close();
    await smtp?.close();
  });

  it('two workers, one SMTP reply after another slow: each mail is delivered once', async () => {
    const realStart = Date.now();
    const now = () => new Date(realStart + (Date.now() - realStart) * SPEED);
    const workerOn = (db: Db) =>
      createMailWorker({
        db,
        dbKind: kind,
        transport: smtpTransport(smtp.url, t.config.mailSender),
        log,
        pollMs: 3600_000,
        now,
        // A quarter of the claim in the workers' time, as in production (RENEW_EVERY_MS).
        renewEveryMs: LOCK_MS / 4 / SPEED,
      });
    const a = workerOn(t.services.db);
    const b = workerOn(otherDb);
    await enqueueMany(
      t.services.db,
      Array.from({ length: 4 }, (_, i) => ({
        kind: 'test',
        to: `slow${i}@example.com`,
        subject: `Slow ${i}`,
        text: 'x',
      })),
    );
    try {
      const first = a.flush();
      // The other worker looks for due mail all the while the first one's sends crawl along.
      let done = false;
      void first.finally(() => (done = true));
      while (!done) {
        await b.flush();
        await sleep(50);
      }
      await first;
      await b.flush();
      const rows = await t.services.db.selectFrom('mail_outbox').select(['id', 'status']).execute();
      expect(rows.map((r) => r.status)).toEqual(['sent', 'sent', 'sent', 'sent']);
      const counts = countByMessageId(smtp.messages);
      expect([...counts.values()]).toEqual([1, 1, 1, 1]);
      // The sends did outlast a claim by far in the workers' time.
      expect((Date.now() - realStart) * SPEED).toBeGreaterThan(3 * LOCK_MS);
    } finally {
      await a.stop();
      await b.stop();
    }
  }, 60_000);
});
