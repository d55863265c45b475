import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { smtpTransport } from '#server/lib/mail-transport.ts';
import { enqueueMail } from '#server/modules/mail/outbox-repository.ts';
import { createMailWorker } from '#server/modules/mail/worker.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { countByMessageId, startSmtp, type SmtpSink } from '#tests/helpers/smtp.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * A mail worker whose database failed under a pass recovers at the next one, without waiting for its
 * claims to run out (docs/decisions/0025-database-deadlines.md): a statement past its deadline may have
 * been carried out with its answer lost, or a mail may have gone out that could not be recorded. Here the
 * database refuses the one statement (a trigger) instead of going silent; the worker cannot tell them apart.
 */
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

describe.each(DATABASE_KINDS)('mail worker recovery on %s', (kind) => {
  let t: TestApp;
  let smtp: SmtpSink;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildTestApp(kind, { env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  afterEach(async () => {
    await refuse(null);
    await t.services.db.deleteFrom('mail_outbox').execute();
    smtp.clear();
  });

  /** Makes the database refuse updates of the outbox that match `when` (SQL on `NEW`/`OLD`); null: none. */
  async function refuse(when: string | null) {
    const { db } = t.services;
    if (kind === 'postgres') {
      await sql`drop trigger if exists refuse_outbox on mail_outbox`.execute(db);
      if (!when) return;
      await sql`create or replace function refuse_outbox() returns trigger language plpgsql as $$
        begin raise exception 'refused by the test'; end $$`.execute(db);
      await sql`create trigger refuse_outbox before update on mail_outbox for each row when (${sql.raw(when)})
        execute function refuse_outbox()`.execute(db);
    } else {
      await sql`drop trigger if exists refuse_outbox`.execute(db);
      if (!when) return;
      await sql`create trigger refuse_outbox before update on mail_outbox when ${sql.raw(when)}
        begin select raise(abort, 'refused by the test'); end`.execute(db);
    }
  }

  const worker = () =>
    createMailWorker({
      db: t.services.db,
      dbKind: kind,
      transport: smtpTransport(smtp.url, t.config.mailSender),
      log,
      pollMs: 3600_000,
    });
  const statusOf = async (id: string) =>
    (await t.services.db.selectFrom('mail_outbox').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;

  it('a mail that went out but could not be marked sent is marked at the next pass, not sent again', async () => {
    const mail = worker();
    try {
      const id = await enqueueMail(t.services.db, { kind: 'test', to: 'once@example.com', subject: 'Once', text: 'x' });
      await refuse(`NEW.status = 'sent'`);
      await mail.flush();
      expect(smtp.messages).toHaveLength(1);
      expect(await statusOf(id)).toBe('sending');
      await refuse(null);
      await mail.flush();
      expect(await statusOf(id)).toBe('sent');
      expect([...countByMessageId(smtp.messages).values()]).toEqual([1]);
    } finally {
      await mail.stop();
    }
  });

  it('a claim left by a failed pass is given back and sent at the next pass, not two minutes later', async () => {
    const mail = worker();
    try {
      const id = await enqueueMail(t.services.db, {
        kind: 'test',
        to: 'later@example.com',
        subject: 'Later',
        text: 'x',
      });
      // The claim is taken, then renewing it before the send fails: the pass fails with the mail claimed.
      await refuse(`OLD.status = 'sending' AND NEW.status = 'sending'`);
      await mail.flush();
      expect(smtp.messages).toHaveLength(0);
      expect(await statusOf(id)).toBe('sending');
      await refuse(null);
      await mail.flush();
      expect(await statusOf(id)).toBe('sent');
      expect([...countByMessageId(smtp.messages).values()]).toEqual([1]);
    } finally {
      await mail.stop();
    }
  });
});
