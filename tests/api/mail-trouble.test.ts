import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '#shared/messages.ts';
import * as mailApi from '#shared/api/mail.ts';
import * as newsletter from '#shared/api/newsletter.ts';
import { UpstreamError } from '#server/errors.ts';
import { smtpTransport } from '#server/lib/mail-transport.ts';
import { createMailService, TROUBLE_AFTER_MS } from '#server/modules/mail/service.ts';
import { api } from '#tests/helpers/api.ts';
import { loginToken, NO_RATE_LIMITS } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { createPost, loggedInAdmin } from '#tests/helpers/factories.ts';
import { startSmtp, type SmtpSink } from '#tests/helpers/smtp.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * Mail failures speak up (docs/product.md#outgoing-mail, #newsletter-tools; issue 29, part 4): a test send
 * waits for the mail server and tells its refusal or silence; delivery failing for 15 minutes with nothing
 * sent meanwhile is reported for the notice above the admin.
 */
const MINUTE = 60_000;

describe.each(DATABASE_KINDS)('mail failures on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let smtp: SmtpSink;
  let refused = false;

  beforeAll(async () => {
    smtp = await startSmtp(0, { refuse: () => refused });
    t = await buildTestApp(kind, { env: { SMTP_URL: smtp.url }, app: { rateLimits: NO_RATE_LIMITS } });
    token = await loginToken(t);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  afterEach(async () => {
    refused = false;
    await t.services.db.deleteFrom('mail_outbox').execute();
  });

  const testSend = async (to: string) => {
    const admin = await loggedInAdmin(t.app);
    const post = await createPost(admin, { status: 'draft', sendNewsletter: false });
    return api(t).callRaw(newsletter.newsletterTest, { params: { id: post._id }, body: { to }, token });
  };
  const outboxRows = () =>
    t.services.db.selectFrom('mail_outbox').select(['to_address', 'status', 'last_error', 'kind']).execute();

  it('a test send answers once the server took it, and the outbox records it as sent', async () => {
    const res = await testSend('taken@example.com');
    expect(res.status, res.text).toBe(200);
    expect(smtp.to('taken@example.com')).toHaveLength(1);
    expect(await outboxRows()).toEqual([
      { to_address: 'taken@example.com', status: 'sent', last_error: null, kind: 'newsletter-test' },
    ]);
  });

  it("a refused test send answers 502 with the server's words, and is marked failed, never retried later", async () => {
    refused = true;
    const res = await testSend('refused@example.com');
    expect(res.status).toBe(502);
    const { message } = res.body as { message: string };
    expect(message.startsWith(SERVER_MESSAGES.mailServerRefused(''))).toBe(true);
    expect(message).toContain('mailbox unavailable');
    const [row] = await outboxRows();
    expect(row).toMatchObject({ to_address: 'refused@example.com', status: 'failed' });
    expect(row!.last_error).toContain('mailbox unavailable');
    await t.services.mailWorker.flush();
    expect(smtp.to('refused@example.com')).toEqual([]);
  });

  it('a mail server slower than the deadline makes a test send answer 502 then, and its late answer is still recorded', async () => {
    const slow = await startSmtp(0, { replyDelayMs: 700 });
    const transport = smtpTransport(slow.url, t.config.mailSender);
    const mail = createMailService({
      db: t.services.db,
      worker: t.services.mailWorker,
      transport,
      sendNowDeadlineMs: 1_000,
      doneCampaigns: async () => [],
    });
    try {
      const started = Date.now();
      const failure = await mail
        .sendNow({ kind: 'newsletter-test', to: 'late@example.com', subject: 'Hi', text: 'Hello' })
        .catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(UpstreamError);
      expect((failure as Error).message).toBe(SERVER_MESSAGES.mailServerSilent(1));
      expect(Date.now() - started).toBeLessThan(1_900);
      // The row is held while the late answer comes, then recorded as sent.
      await expect.poll(async () => (await outboxRows())[0]?.status, { timeout: 15_000 }).toBe('sent');
      expect(slow.to('late@example.com')).toHaveLength(1);
    } finally {
      transport.close();
      await slow.close();
    }
  });

  describe('delivery trouble', () => {
    const insert = async (to: string, state: { createdAgoMs: number; error?: string; sentAgoMs?: number }) => {
      const id = await t.services.mail.queue({ kind: 'test', to, subject: 'Hi', text: 'Hello' });
      await t.services.db
        .updateTable('mail_outbox')
        .set({
          created_at: new Date(Date.now() - state.createdAgoMs).toISOString(),
          status: state.sentAgoMs === undefined ? 'pending' : 'sent',
          sent_at: state.sentAgoMs === undefined ? null : new Date(Date.now() - state.sentAgoMs).toISOString(),
          last_error: state.error ?? null,
          attempts: state.error ? 3 : 0,
          next_attempt_at: new Date(Date.now() + 10 * MINUTE).toISOString(),
        })
        .where('id', '=', id)
        .execute();
    };
    const trouble = async () => {
      const res = await api(t).call(mailApi.mailTrouble, { token });
      expect(res.status, res.text).toBe(200);
      return res.data;
    };

    it('is null with nothing failing, and while failures are younger than 15 minutes', async () => {
      expect(await trouble()).toBeNull();
      await insert('young@example.com', { createdAgoMs: TROUBLE_AFTER_MS - MINUTE, error: 'connect ECONNREFUSED' });
      expect(await trouble()).toBeNull();
    });

    it('names since when, the newest error and how many wait once failures pass 15 minutes', async () => {
      const since = Date.now() - 40 * MINUTE;
      await insert('old@example.com', { createdAgoMs: 40 * MINUTE, error: 'Greeting never received' });
      await insert('newer@example.com', { createdAgoMs: 5 * MINUTE, error: 'connect ECONNREFUSED 10.0.0.5:587' });
      await insert('never-tried@example.com', { createdAgoMs: MINUTE });
      const found = await trouble();
      expect(found).toMatchObject({ lastError: 'connect ECONNREFUSED 10.0.0.5:587', waiting: 2 });
      expect(Math.abs(Date.parse(found!.since) - since)).toBeLessThan(2_000);
    });

    it('is null when mail went out after the failing mail was queued: one bad mailbox is not trouble', async () => {
      await insert('bad-mailbox@example.com', { createdAgoMs: 60 * MINUTE, error: '452 mailbox full' });
      await insert('fine@example.com', { createdAgoMs: 30 * MINUTE, sentAgoMs: 29 * MINUTE });
      expect(await trouble()).toBeNull();
    });

    it('is for those who look after mail: 401 without a session', async () => {
      expect((await api(t).call(mailApi.mailTrouble)).status).toBe(401);
    });
  });
});
