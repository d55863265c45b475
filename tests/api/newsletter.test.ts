import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { linkToken } from '#server/modules/subscribers/link-tokens.ts';
import type { DeliveryReport, MailPreview } from '#shared/api/newsletter.ts';
import { PUBLISHING_MESSAGES } from '#shared/messages.ts';
import type { BlogPost } from '#shared/schemas/blog.ts';
import { createDb, newId } from '#server/db/database.ts';
import { smtpTransport, type MailTransport } from '#server/lib/mail-transport.ts';
import { createMailWorker } from '#server/modules/mail/worker.ts';
import { ADMIN, loginToken, NO_LIMIT, NO_RATE_LIMITS } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import {
  countByMessageId,
  linkIn,
  linkParams,
  parseReceived,
  startSmtp,
  type ReceivedMail,
  type SmtpSink,
} from '#tests/helpers/smtp.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import * as blog from '#shared/api/blog.ts';
import * as subscribers from '#shared/api/subscribers.ts';
import { api, type AnyAnswer } from '#tests/helpers/api.ts';
import * as newsletter from '#shared/api/newsletter.ts';

/**
 * Newsletters sent on purpose (docs/product.md#blog-posts), end to end over a real SMTP server: publishing
 * records one campaign and returns; the mail worker fans it out and sends one e-mail per confirmed
 * subscriber, once, also with two workers and a slow server; drafts, schedules, edits and the test send
 * reach no subscriber; the delivery report, the preview and the body setting.
 */

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const PUBLIC_URL = 'https://www.brightpath.test';
const SITE = 'Brightpath Labs';
const LONG_AGO = '2000-01-01T00:00:00.000Z';
const subjectOf = (title: string) => `New on the ${SITE} blog: ${title}`;
const messageIdOf = (rowId: string) => `<${rowId}@www.brightpath.test>`;
const hourAhead = () => new Date(Date.now() + 3600_000).toISOString();
let counter = 0;
const unique = (label: string) => `${label}-${Date.now().toString(36)}${++counter}`;
const emailOf = (label: string) => `${unique(label)}@example.com`;
type Status = 'confirmed' | 'pending' | 'unsubscribed';

/** An SMTP server that answers each message's DATA only after 300–800 ms, like a busy relay. */
async function startSlowSmtp() {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      const answer = () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        messages.push(parseReceived(Buffer.concat(chunks).toString('utf8'), { from: '', to }));
        callback();
      };
      stream.on('end', () => setTimeout(answer, 300 + Math.random() * 500));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.on('error', () => undefined);
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(DATABASE_KINDS)('newsletters on %s', (kind) => {
  let smtp: SmtpSink;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    // A real server that refuses the mailboxes refused-…@ for good (550), as for an unknown address.
    smtp = await startSmtp(0, { refuse: (address) => address.startsWith('refused-') });
    t = await buildTestApp(kind, {
      env: { SMTP_URL: smtp.url, PUBLIC_URL },
      app: { rateLimits: { ...NO_RATE_LIMITS, subscribePerIp: NO_LIMIT } },
    });
    token = await loginToken(t);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  // Each test counts only its own subscribers and mails.
  beforeEach(async () => {
    await t.services.mailWorker.flush();
    await t.services.db.deleteFrom('mail_outbox').execute();
    await t.services.db.deleteFrom('subscribers').execute();
    await t.services.newsletter.saveSettings({ newsletterBody: 'excerpt' });
    smtp.clear();
  });

  function ok<T>(res: AnyAnswer): T {
    expect(res.status, res.text).toBe(200);
    return res.data as T;
  }
  const postFields = (title: string) => ({
    title,
    excerpt: 'What changed, in one sentence.',
    blogCategory: null,
    content: '<p>The whole story.</p>',
    featureImage: '/uploads/a.png',
  });
  const add = async (title: string, fields: Record<string, unknown> = {}) =>
    ok<BlogPost>(await api(t).callRaw(blog.createPost, { body: { ...postFields(title), ...fields }, token }));
  const edit = (post: BlogPost, fields: Record<string, unknown> = {}) =>
    api(t).callRaw(blog.updatePost, {
      params: { id: post._id },
      body: { ...postFields(post.title), _id: post._id, ...fields },
      token,
    });
  const report = async (post: BlogPost) =>
    ok<DeliveryReport | null>(await api(t).call(newsletter.deliveryReport, { params: { id: post._id }, token }));

  const idOf = new Map<string, string>();
  /** Subscribers stored as if they had signed up (confirmed ones confirmed long ago); answers their addresses. */
  async function addSubscribers(count: number, label: string, status: Status = 'confirmed') {
    const emails = Array.from({ length: count }, () => emailOf(label));
    for (const email of emails) idOf.set(email, newId());
    const at = (when: boolean) => (when ? LONG_AGO : null);
    const row = { status, blog_id: null, consent_source: null, created_at: LONG_AGO, updated_at: LONG_AGO };
    const dates = { confirmed_at: at(status !== 'pending'), unsubscribed_at: at(status === 'unsubscribed') };
    const rows = emails.map((email) => ({ ...row, ...dates, id: idOf.get(email)!, email }));
    await t.services.db.insertInto('subscribers').values(rows).execute();
    return emails;
  }

  /** Two worker passes: the first fans out and sends, the next one closes the finished campaigns. */
  async function deliver() {
    await t.services.mailWorker.flush();
    await t.services.mailWorker.flush();
  }
  const newsletterTo = (email: string, title: string) =>
    smtp.to(email).filter((m) => m.header('subject') === subjectOf(title));
  const campaignsOf = (post: BlogPost) =>
    t.services.db.selectFrom('campaigns').selectAll().where('post_id', '=', post._id).execute();
  const outbox = () => t.services.db.selectFrom('mail_outbox').selectAll().execute();
  const outboxTo = (email: string) =>
    t.services.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).executeTakeFirstOrThrow();

  /** Each of `emails` got exactly one newsletter of `title`, and nobody else got it. */
  function expectOneEach(emails: string[], title: string) {
    for (const email of emails) expect(newsletterTo(email, title), email).toHaveLength(1);
    const all = smtp.messages.filter((m) => m.header('subject') === subjectOf(title));
    expect(all.flatMap((m) => m.envelope.to).sort()).toEqual([...emails].sort());
  }

  it('publishes at once and e-mails each confirmed subscriber exactly once afterwards; pending and unsubscribed get nothing', async () => {
    const confirmed = await addSubscribers(3, 'reader');
    const [pending] = await addSubscribers(1, 'pending', 'pending');
    const [gone] = await addSubscribers(1, 'gone', 'unsubscribed');
    const title = unique('Launch');
    const post = await add(title);

    // The request recorded the campaign and returned; nothing was queued or sent yet.
    const campaigns = await campaignsOf(post);
    expect(campaigns).toMatchObject([{ status: 'fanning-out', recipients: 0 }]);
    expect(await outbox()).toEqual([]);
    expect(smtp.messages).toEqual([]);
    expect(await report(post)).toMatchObject({ status: 'fanning-out', sent: 0, pending: 0, finishedAt: null });

    await deliver();
    expectOneEach(confirmed, title);
    expect(smtp.to(pending!)).toEqual([]);
    expect(smtp.to(gone!)).toEqual([]);
    const rows = await outbox();
    expect(rows.map((r) => [r.kind, r.campaign_id, r.status])).toEqual(
      confirmed.map(() => ['new-post', campaigns[0]!.id, 'sent']),
    );
    expect(new Set(rows.map((r) => r.dedupe_key)).size).toBe(3);
    expect(Object.fromEntries(countByMessageId(smtp.messages))).toEqual(
      Object.fromEntries(rows.map((r) => [messageIdOf(r.id), 1])),
    );

    // Later passes send nothing again.
    await deliver();
    expect(smtp.messages).toHaveLength(3);
    expect(await campaignsOf(post)).toMatchObject([{ status: 'done', recipients: 3, sent: 3, failed: 0 }]);
  });

  it('sends nothing for a draft, a schedule not yet due, sendNewsletter false, or a later edit; a due schedule sends once', async () => {
    const readers = await addSubscribers(2, 'quiet');
    const draft = await add(unique('Draft'), { status: 'draft', sendNewsletter: true });
    const scheduled = await add(unique('Later'), { status: 'scheduled', publishAt: hourAhead() });
    const silent = await add(unique('Silent'), { sendNewsletter: false });
    const loud = await add(unique('Loud'));
    await deliver();
    expectOneEach(readers, loud.title);
    for (const post of [draft, scheduled, silent]) {
      expect(await campaignsOf(post), post.title).toEqual([]);
      expect(await report(post)).toBeNull();
    }
    const sent = smtp.messages.length;
    expect(sent).toBe(2);

    // Later edits e-mail nobody unless told to: with new text, with the draft still a draft.
    ok(await edit(loud, { excerpt: 'Changed.' }));
    ok(await edit(silent, { excerpt: 'Changed too.' }));
    ok(await edit(draft, { status: 'draft', sendNewsletter: true }));
    ok(await edit(scheduled, { status: 'scheduled', publishAt: hourAhead(), sendNewsletter: true }));
    expect(await t.services.blog.publishDue()).toBe(0);
    await deliver();
    expect(smtp.messages).toHaveLength(sent);

    // The schedule falls due: published and e-mailed once, however often the scheduler runs.
    const { db } = t.services;
    await db.updateTable('blog_posts').set({ publish_at: LONG_AGO }).where('id', '=', scheduled._id).execute();
    expect(await t.services.blog.publishDue()).toBe(1);
    expect(await t.services.blog.publishDue()).toBe(0);
    await deliver();
    expectOneEach(readers, scheduled.title);
  });

  it('sends each subscriber at most one mail per post when asked twice: two edits, or two parallel publications of a draft', async () => {
    const readers = await addSubscribers(3, 'twice');
    const post = await add(unique('Asked twice'), { sendNewsletter: false });
    ok(await edit(post, { sendNewsletter: true }));
    ok(await edit(post, { sendNewsletter: true }));
    await deliver();
    ok(await edit(post, { sendNewsletter: true }));
    await deliver();
    expectOneEach(readers, post.title);
    expect(await campaignsOf(post)).toHaveLength(1);

    const draft = await add(unique('Double click'), { status: 'draft' });
    const click = () => edit(draft, { status: 'published', sendNewsletter: true });
    for (const res of await Promise.all([click(), click()])) ok(res);
    await Promise.all([t.services.mailWorker.flush(), t.services.mailWorker.flush()]);
    await deliver();
    expect(await campaignsOf(draft)).toHaveLength(1);
    expectOneEach(readers, draft.title);
  });

  it('sends the newsletter once when a draft is published later by an edit', async () => {
    const readers = await addSubscribers(2, 'later');
    const draft = await add(unique('Draft first'), { status: 'draft' });
    await deliver();
    expect(smtp.messages).toEqual([]);
    expect(await report(draft)).toBeNull();

    ok(await edit(draft, { status: 'published' }));
    await deliver();
    expectOneEach(readers, draft.title);
    ok(await edit(draft, { status: 'published', excerpt: 'Fixed a typo.' }));
    await deliver();
    expect(smtp.messages).toHaveLength(2);
  });

  it('delivers one mail per subscriber with two workers on two connections and a slow SMTP server', async () => {
    const slow = await startSlowSmtp();
    const otherDb = createDb(t.config.database);
    /** A worker as another process would have one, on its own connection, counting what it sent. */
    function worker(db: typeof otherDb) {
      const inner = smtpTransport(slow.url, t.config.mailSender);
      const sent: string[] = [];
      const transport: MailTransport = {
        send: async (row) => {
          await inner.send(row);
          sent.push(row.id);
        },
        close: () => inner.close(),
      };
      const w = createMailWorker({ db, dbKind: kind, transport, log });
      w.beforeEachPass(() => t.services.newsletter.work());
      w.afterEachPass(() => t.services.newsletter.finish());
      return { sent, worker: w };
    }
    const a = worker(t.services.db);
    const b = worker(otherDb);
    try {
      const readers = await addSubscribers(30, 'busy');
      const post = await add(unique('Busy day'));
      const [campaign] = await campaignsOf(post);
      const queued = () =>
        t.services.db.selectFrom('mail_outbox').select('id').where('campaign_id', '=', campaign!.id).execute();
      // Both fan out and send at once; the second starts while the first holds its claimed batch.
      const first = a.worker.flush();
      const started = Date.now();
      while ((await queued()).length === 0 && Date.now() - started < 10_000)
        await new Promise((r) => setTimeout(r, 10));
      await Promise.all([first, b.worker.flush(), a.worker.flush()]);
      await Promise.all([a.worker.flush(), b.worker.flush()]);

      expect(a.sent.length + b.sent.length).toBe(readers.length);
      expect(a.sent.length).toBeGreaterThan(0);
      expect(b.sent.length).toBeGreaterThan(0);
      // Each outbox row reached the server once (by its stable Message-ID), each reader once.
      expect(Object.fromEntries(countByMessageId(slow.messages))).toEqual(
        Object.fromEntries((await queued()).map((r) => [messageIdOf(r.id), 1])),
      );
      expect(slow.messages.flatMap((m) => m.envelope.to).sort()).toEqual([...readers].sort());
      expect(await report(post)).toMatchObject({ status: 'done', recipients: 30, sent: 30, failed: 0, pending: 0 });
    } finally {
      await Promise.all([a.worker.stop(), b.worker.stop()]);
      await otherDb.destroy();
      await slow.close();
    }
  }, 60_000);

  it('sends a test only to its address, or to the administrator, marked [Test], with no campaign', async () => {
    const readers = await addSubscribers(2, 'not-tested');
    const draft = await add(unique('Try me'), { status: 'draft' });
    const editor = emailOf('editor');
    const testSend = (body: object, id = draft._id) =>
      api(t).callRaw(newsletter.newsletterTest, { params: { id }, body, token });
    expect(ok(await testSend({ to: editor }))).toEqual({ message: PUBLISHING_MESSAGES.testSent(editor) });
    expect(ok(await testSend({}))).toEqual({ message: PUBLISHING_MESSAGES.testSent(ADMIN.email) });
    await deliver();
    const subject = `[Test] ${subjectOf(draft.title)}`;
    const got = smtp.messages.map((m) => `${m.envelope.to.join()} ${m.header('subject')}`);
    expect(got.sort()).toEqual([`${ADMIN.email} ${subject}`, `${editor} ${subject}`].sort());
    expect(smtp.to(editor)[0]!.html).toContain(`href="${PUBLIC_URL}${draft.url}"`);
    expect((await outbox()).map((r) => `${r.kind} ${r.campaign_id}`)).toEqual(Array(2).fill('newsletter-test null'));
    expect(await campaignsOf(draft)).toEqual([]);
    expect(await report(draft)).toBeNull();
    for (const email of readers) expect(smtp.to(email)).toEqual([]);

    expect((await testSend({ to: 'not an address' })).status).toBe(400);
    expect((await testSend({ to: editor }, 'no-such-post')).status).toBe(404);
    // Publishing afterwards still e-mails the subscribers (the test did not count as the newsletter).
    ok(await edit(draft, { status: 'published' }));
    await deliver();
    expectOneEach(readers, draft.title);
  });

  it('reports the delivery: null before, counts that add up, and a refused address with its reason', async () => {
    const readers = await addSubscribers(3, 'counted');
    const [refused] = await addSubscribers(1, 'refused');
    expect(ok(await api(t).call(newsletter.newsletterAudience, { token }))).toEqual({ confirmed: 4 });
    const draft = await add(unique('Reported'), { status: 'draft' });
    expect(await report(draft)).toBeNull();
    ok(await edit(draft, { status: 'published' }));
    expect(await report(draft)).toMatchObject({ status: 'fanning-out', recipients: 0, failures: [] });

    await deliver();
    const live = (await report(draft))!;
    expect(live).toMatchObject({ status: 'sending', recipients: 4, sent: 3, failed: 0, pending: 1, finishedAt: null });
    expect(live.startedAt).toEqual(expect.any(String));
    expectOneEach(readers, draft.title);

    // The refused address's retry window has run out: its next attempt is its last, and it fails for good.
    const row = await outboxTo(refused!);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.last_error).toMatch(/550/);
    await t.services.db
      .updateTable('mail_outbox')
      .set({ give_up_at: LONG_AGO, next_attempt_at: LONG_AGO })
      .where('id', '=', row.id)
      .execute();
    await deliver();
    const done = (await report(draft))!;
    expect(done).toMatchObject({ status: 'done', recipients: 4, sent: 3, failed: 1, pending: 0 });
    expect(Date.parse(done.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(done.startedAt));
    expect(done.failures).toEqual([{ email: refused, error: expect.stringMatching(/550/) }]);
    expect(smtp.to(refused!)).toEqual([]);
  });

  it('shows the newsletter in the preview and the mail: title, excerpt or whole article, links, site name', async () => {
    const [reader] = await addSubscribers(1, 'looker');
    const title = `Fast & <safe> "builds" ${unique('')}`;
    const fields = {
      excerpt: 'Half the time, twice the fun.',
      content: '<p>The <strong>whole</strong> story, with <a href="/blogs/other">a link</a>.</p>',
    };
    const post = await add(title, fields);
    const postUrl = PUBLIC_URL + post.url;
    const escaped = 'Fast &amp; &lt;safe&gt; &quot;builds&quot;';

    /** What the preview and the mail both show: escaped title, excerpt, Read more, unsubscribe, site name. */
    function expectBody({ html, text }: { html?: string; text?: string }) {
      expect(html).toMatch(new RegExp(`<h1[^>]*>${escaped}`));
      expect(html).not.toContain('<safe>');
      expect(html).toContain(fields.excerpt);
      expect(html).not.toContain('<strong>whole</strong>');
      expect(html).toMatch(new RegExp(`href="${postUrl.replace(/[.?]/g, '\\$&')}"[^>]*>Read more</a>`));
      expect(html).toMatch(
        /href="https:\/\/www\.brightpath\.test\/subscriptions\/unsubscribe\?[^"]+"[^>]*>Unsubscribe</,
      );
      expect(html).toContain(SITE);
      expect(text).toContain(fields.excerpt);
      expect(text).toContain(`Read more: ${postUrl}`);
    }
    const preview = ok<MailPreview>(
      await api(t).call(newsletter.newsletterPreview, { params: { id: post._id }, token }),
    );
    expect(preview.subject).toBe(subjectOf(title));
    expectBody(preview);

    await deliver();
    const [mail] = newsletterTo(reader!, title);
    expectBody(mail!);
    expect(mail!.header('message-id')).toBe(messageIdOf((await outboxTo(reader!)).id));
    // The unsubscribe links are the reader's own.
    const id = idOf.get(reader!);
    expect(mail!.header('list-unsubscribe')).toContain(`<${PUBLIC_URL}/api/blogs-subscribers/unsubscribe?id=${id}&`);
    expect(mail!.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(linkParams(linkIn(mail!.text, `${PUBLIC_URL}/subscriptions/unsubscribe?`)!).id).toBe(id);

    // The whole article instead of the excerpt.
    const settings = ok<{ newsletterBody: string; timeZone: string }>(
      await api(t).call(newsletter.getSettings, { token }),
    );
    expect(settings).toEqual({ newsletterBody: 'excerpt', timeZone: expect.any(String) });
    const saved = ok(await api(t).call(newsletter.saveSettings, { body: { newsletterBody: 'full' }, token }));
    expect(saved).toEqual({ ...settings, newsletterBody: 'full' });
    const full = ok<{ html: string }>(
      await api(t).call(newsletter.newsletterPreview, { params: { id: post._id }, token }),
    );
    expect(full.html).toContain('<strong>whole</strong>');
    expect(full.html).toContain(`href="${PUBLIC_URL}/blogs/other"`);
    const second = await add(unique('Whole story'), fields);
    await deliver();
    const [fullMail] = newsletterTo(reader!, second.title);
    expect(fullMail!.html).toContain('The <strong>whole</strong> story');
    expect(fullMail!.text).toContain('The whole story, with a link.');
    expect((await api(t).callRaw(newsletter.saveSettings, { body: { newsletterBody: 'all' }, token })).status).toBe(
      400,
    );
    expect((await api(t).call(newsletter.newsletterPreview, { params: { id: 'no-such-post' }, token })).status).toBe(
      404,
    );
  });

  it('closes a campaign in the pass that sends its last mail', async () => {
    await addSubscribers(2, 'closed');
    const post = await add(unique('Closed at once'));
    await t.services.mailWorker.flush();
    expect(await report(post)).toMatchObject({ status: 'done', sent: 2, pending: 0, finishedAt: expect.any(String) });
  });

  it('e-mails no further a post taken off the site: back to draft, or deleted', async () => {
    const readers = await addSubscribers(3, 'withdrawn');
    for (const withdraw of ['draft', 'delete'] as const) {
      const post = await add(unique(`Withdrawn ${withdraw}`));
      await t.services.newsletter.work();
      expect((await outbox()).filter((r) => r.status === 'pending' && r.campaign_id)).toHaveLength(readers.length);
      if (withdraw === 'draft') ok(await edit(post, { status: 'draft' }));
      else expect((await api(t).call(blog.deletePost, { params: { id: post._id }, token })).status).toBe(200);
      await deliver();
      for (const email of readers) expect(newsletterTo(email, post.title), email).toEqual([]);
      if (withdraw === 'draft') {
        // Published again, it is still never e-mailed: a post has one newsletter.
        ok(await edit(post, { status: 'published', sendNewsletter: true }));
        await deliver();
        for (const email of readers) expect(newsletterTo(email, post.title), email).toEqual([]);
        expect(await report(post)).toMatchObject({ status: 'done', sent: 0 });
      }
    }
  });

  it('does not send a newsletter still waiting for an address whose owner unsubscribed or was removed', async () => {
    const [leaving, removed, staying] = await addSubscribers(3, 'leaving');
    const post = await add(unique('Left before it arrived'));
    await t.services.newsletter.work();
    const unsubscribeToken = linkToken(await t.services.siteMeta.linkSecret(), idOf.get(leaving!)!, 'unsubscribe');
    await t.services.subscribers.unsubscribe(idOf.get(leaving!)!, unsubscribeToken);
    await t.services.subscribers.remove(idOf.get(removed!)!);
    await deliver();
    expect(newsletterTo(leaving!, post.title)).toEqual([]);
    expect(newsletterTo(removed!, post.title)).toEqual([]);
    expect(newsletterTo(staying!, post.title)).toHaveLength(1);
  });

  it('a failed newsletter mail cannot be retried after its reader left or its post was taken off the site', async () => {
    const [leaving, staying] = await addSubscribers(2, 'failed-then');
    const post = await add(unique('Failed then left'));
    await t.services.newsletter.work();
    // As the worker leaves a mail after its last try.
    await t.services.db
      .updateTable('mail_outbox')
      .set({ status: 'failed', last_error: '550 mailbox unavailable' })
      .where('campaign_id', 'is not', null)
      .where('to_address', 'in', [leaving!, staying!])
      .execute();
    const failedTo = async (email: string) =>
      (await outbox()).filter((r) => r.to_address === email && r.status === 'failed' && r.campaign_id);
    await t.services.subscribers.unsubscribe(
      idOf.get(leaving!)!,
      linkToken(await t.services.siteMeta.linkSecret(), idOf.get(leaving!)!, 'unsubscribe'),
    );
    expect(await failedTo(leaving!)).toEqual([]);
    expect(await failedTo(staying!)).toHaveLength(1);
    ok(await edit(post, { status: 'draft' }));
    expect(await failedTo(staying!)).toEqual([]);
  });

  it('sends a test to the administrator when the request has no body at all', async () => {
    const post = await add(unique('Bodiless test'), { status: 'draft' });
    const res = await api(t).call(newsletter.newsletterTest, { params: { id: post._id }, token });
    expect(res.status, res.text).toBe(200);
    await deliver();
    expect(smtp.to(ADMIN.email).some((m) => m.header('subject') === `[Test] ${subjectOf(post.title)}`)).toBe(true);
  });

  it('does not e-mail a post to a subscriber who confirmed after it was published', async () => {
    const [early] = await addSubscribers(1, 'early');
    const late = emailOf('late');
    ok(await api(t).call(subscribers.subscribe, { body: { email: late } }));
    // The confirmation link, read from the queued mail before any worker pass.
    const link = linkParams(linkIn((await outboxTo(late)).text_body, `${PUBLIC_URL}/subscriptions/confirm?`)!);

    const before = await add(unique('Before you'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    await t.services.subscribers.confirm(link.id, link.token);
    // The fan-out runs only now, after the confirmation: still not for them.
    await deliver();
    expectOneEach([early!], before.title);
    expect(ok(await api(t).call(newsletter.newsletterAudience, { token }))).toEqual({ confirmed: 2 });
    expect(await report(before)).toMatchObject({ recipients: 1, sent: 1 });

    const after = await add(unique('After you'));
    await deliver();
    expectOneEach([early!, late], after.title);
  });

  it('refuses a schedule without a future date and an unknown status with 400, storing nothing', async () => {
    const [reader] = await addSubscribers(1, 'invalid');
    const title = unique('Invalid');
    const cases: Array<[Record<string, unknown>, object]> = [
      [{ status: 'scheduled' }, { message: PUBLISHING_MESSAGES.publishAtRequired, field: 'publishAt' }],
      [
        { status: 'scheduled', publishAt: '2001-01-01T00:00:00+02:00' },
        { message: 'The publish date must be in the future', field: 'publishAt' },
      ],
      [{ status: 'live' }, { message: PUBLISHING_MESSAGES.badStatus, field: 'status' }],
      [{ status: 'scheduled', publishAt: 'tomorrow' }, { field: 'publishAt' }],
      [{ sendNewsletter: 'yes' }, { field: 'sendNewsletter' }],
    ];
    for (const [fields, answer] of cases) {
      const res = await api(t).callRaw(blog.createPost, { body: { ...postFields(title), ...fields }, token });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body).toMatchObject(answer);
    }
    const draft = await add(unique('Valid draft'), { status: 'draft' });
    const pastEdit = await edit(draft, { status: 'scheduled', publishAt: new Date(Date.now() - 1000).toISOString() });
    expect(pastEdit.status).toBe(400);
    expect(pastEdit.body).toEqual({ message: PUBLISHING_MESSAGES.publishAtPast, field: 'publishAt' });

    const titles = (await t.services.blog.listForAdmin({})).map((p) => p.title);
    expect(titles).not.toContain(title);
    expect(await campaignsOf(draft)).toEqual([]);
    await deliver();
    expect(smtp.to(reader!)).toEqual([]);
  });
});
