import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as blog from '#shared/api/blog.ts';
import * as newsletter from '#shared/api/newsletter.ts';
import * as redirects from '#shared/api/redirects.ts';
import { REDIRECT_MESSAGES } from '#shared/messages.ts';
import type { BlogPost } from '#shared/schemas/blog.ts';
import type { NewsletterMessage } from '#shared/schemas/newsletter.ts';
import { buildApp } from '#server/app.ts';
import { boot } from '#server/boot.ts';
import { newId } from '#server/db/database.ts';
import { NO_LIMIT, NO_RATE_LIMITS } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { createPost, loggedInAdmin, unique, type LoggedInAdmin } from '#tests/helpers/factories.ts';
import { startSmtp, type ReceivedMail, type SmtpSink } from '#tests/helpers/smtp.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * Counting clicks on a newsletter's links (docs/product.md#newsletters, issue 28): off by default; when on,
 * every http(s) link of the e-mail (HTML and text) leads through `PUBLIC_URL/api/r/<token>` but the reader's
 * own unsubscribe links; a click answers 302 to the stored address and is counted per link (bots, HEAD
 * and a second click from one address within a minute are not), adding up across processes; an unknown
 * token is a 404; the delivery report lists the links with their clicks. Over a real SMTP server.
 */

const PUBLIC_URL = 'https://www.brightpath.test';
const LONG_AGO = '2000-01-01T00:00:00.000Z';
const BROWSER =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const GUIDE = 'https://example.org/guide?a=1&b=2';
const CONTENT =
  '<p>See <a href="https://example.org/guide?a=1&amp;b=2">the guide</a>, <a href="/blogs/other">another post</a> ' +
  'and <a href="mailto:team@example.com">write to us</a>. Also at https://example.net/plain.</p>';
const COUNTED = /^https:\/\/www\.brightpath\.test\/api\/r\/([A-Za-z0-9_-]{22})$/;

/** Every address of an `<a href>` in the HTML, unescaped. */
const hrefsOf = (html: string | undefined) =>
  [...(html ?? '').matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
/** Every http(s) address in the plain text. */
const textLinksOf = (text: string | undefined) =>
  [...(text ?? '').matchAll(/https?:\/\/[^\s]+/g)].map((m) => m[0].replace(/[.,]$/, ''));

describe.each(DATABASE_KINDS)('newsletter click counting on %s', (kind) => {
  let smtp: SmtpSink;
  let t: TestApp;
  let admin: LoggedInAdmin;

  beforeAll(async () => {
    smtp = await startSmtp(0);
    t = await buildTestApp(kind, {
      env: { SMTP_URL: smtp.url, PUBLIC_URL },
      app: { rateLimits: { ...NO_RATE_LIMITS, subscribePerIp: NO_LIMIT } },
    });
    admin = await loggedInAdmin(t);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  beforeEach(async () => {
    await t.services.mailWorker.flush();
    await t.services.db.deleteFrom('mail_outbox').execute();
    await t.services.db.deleteFrom('subscribers').execute();
    // The whole article: its links are in the e-mail.
    await t.services.newsletter.saveSettings({ newsletterBody: 'full' });
    smtp.clear();
  });

  async function addSubscribers(count: number) {
    const emails = Array.from({ length: count }, () => `${unique('reader')}@example.com`);
    const row = { status: 'confirmed' as const, blog_id: null, consent_source: null };
    const dates = { created_at: LONG_AGO, updated_at: LONG_AGO, confirmed_at: LONG_AGO, unsubscribed_at: null };
    await t.services.db
      .insertInto('subscribers')
      .values(emails.map((email) => ({ ...row, ...dates, id: newId(), email })))
      .execute();
    return emails;
  }
  const draft = () => createPost(admin, { title: unique('Clicks'), content: CONTENT, status: 'draft' });
  const publish = async (post: BlogPost) => {
    const res = await admin.api.call(blog.updatePost, {
      params: { id: post._id },
      body: { title: post.title, excerpt: post.excerpt, content: CONTENT, blogCategory: null, status: 'published' },
    });
    expect(res.status, res.text).toBe(200);
  };
  async function deliver() {
    await t.services.mailWorker.flush();
    await t.services.mailWorker.flush();
  }
  const mailOf = (email: string, post: BlogPost): ReceivedMail => {
    const mails = smtp.to(email).filter((m) => m.header('subject')?.endsWith(post.title));
    expect(mails).toHaveLength(1);
    return mails[0]!;
  };
  const report = async (post: BlogPost) => {
    const res = await admin.api.call(newsletter.deliveryReport, { params: { id: post._id } });
    expect(res.status, res.text).toBe(200);
    return res.data!;
  };
  const message = async (post: BlogPost) =>
    (await admin.api.call(newsletter.getNewsletterMessage, { params: { id: post._id } })).data as NewsletterMessage;
  const click = (token: string, options: { ip?: string; ua?: string | null; method?: 'GET' | 'HEAD' } = {}) =>
    t.app.inject({
      method: options.method ?? 'GET',
      url: `/api/r/${token}`,
      remoteAddress: options.ip ?? '203.0.113.7',
      headers: options.ua === null ? {} : { 'user-agent': options.ua ?? BROWSER },
    });

  it('is off by default: the e-mail keeps its own links, no link is stored, the report has none', async () => {
    const [reader] = await addSubscribers(1);
    const post = await draft();
    // The payload as it always was stays valid, and leaves counting off.
    const saved = await admin.api.call(newsletter.saveNewsletterMessage, {
      params: { id: post._id },
      body: { subject: '', preheader: 'Before' },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.data).not.toHaveProperty('countClicks');
    await publish(post);
    await deliver();
    const mail = mailOf(reader!, post);
    expect(hrefsOf(mail.html)).toContain(GUIDE);
    expect(hrefsOf(mail.html)).toContain(`${PUBLIC_URL}/blogs/other`);
    expect(mail.html).not.toContain('/api/r/');
    expect(mail.text).not.toContain('/api/r/');
    expect(mail.text).toContain(`Read more: ${PUBLIC_URL}${post.url}`);
    const campaign = await t.services.db
      .selectFrom('campaigns')
      .select(['id', 'count_clicks'])
      .where('post_id', '=', post._id)
      .executeTakeFirstOrThrow();
    expect(campaign.count_clicks).toBe(0);
    const links = await t.services.db
      .selectFrom('newsletter_links')
      .selectAll()
      .where('campaign_id', '=', campaign.id)
      .execute();
    expect(links).toEqual([]);
    expect((await report(post)).links).toBeNull();
    expect(await message(post)).not.toHaveProperty('countClicks');
  });

  it('when on: every http(s) link leads through /api/r/<token> but the unsubscribe links, and clicks are counted per link', async () => {
    const readers = await addSubscribers(2);
    const post = await draft();
    const on = await admin.api.call(newsletter.saveNewsletterMessage, {
      params: { id: post._id },
      body: { subject: '', preheader: '', countClicks: true },
    });
    expect(on.data).toMatchObject({ countClicks: true, sent: false });
    // Left out, it stays as it was.
    await admin.api.call(newsletter.saveNewsletterMessage, { params: { id: post._id }, body: { subject: 'Counted' } });
    expect(await message(post)).toMatchObject({ subject: 'Counted', countClicks: true });
    // The preview and a test send are not counted: they keep the links themselves.
    const preview = await admin.api.call(newsletter.newsletterPreview, { params: { id: post._id } });
    expect(preview.data.html).not.toContain('/api/r/');

    await publish(post);
    await deliver();
    const [first, second] = readers.map((r) => mailOf(r, { ...post, title: 'Counted' }));
    // Per link, not per reader: both readers' e-mails have the same counted addresses.
    const counted = (mail: ReceivedMail) => hrefsOf(mail.html).filter((h) => COUNTED.test(h));
    expect(counted(first!).length).toBeGreaterThanOrEqual(4);
    expect(counted(first!)).toEqual(counted(second!));
    for (const mail of [first!, second!]) {
      for (const href of hrefsOf(mail.html)) {
        // Counted, or the reader's own unsubscribe page, or not a web address at all.
        expect(
          COUNTED.test(href) ||
            href.startsWith(`${PUBLIC_URL}/subscriptions/unsubscribe?`) ||
            href.startsWith('mailto:'),
          href,
        ).toBe(true);
      }
      expect(hrefsOf(mail.html).filter((h) => h.includes('/subscriptions/unsubscribe?'))).toHaveLength(1);
      // Pictures are never led through the site: no pixel, no counting of opens.
      expect(mail.html).toMatch(/<img src="https:\/\/www\.brightpath\.test\/logo-mail\.png"/);
      for (const link of textLinksOf(mail.text)) {
        expect(COUNTED.test(link) || link.startsWith(`${PUBLIC_URL}/subscriptions/unsubscribe?`), link).toBe(true);
      }
      expect(mail.text).toMatch(/Read more: https:\/\/www\.brightpath\.test\/api\/r\/[A-Za-z0-9_-]{22}\n/);
      expect(mail.header('list-unsubscribe')).toContain(`<${PUBLIC_URL}/api/blogs-subscribers/unsubscribe?`);
    }

    // Each counted address leads to the address it stands for.
    const targets = new Map<string, string>();
    for (const href of new Set(counted(first!))) {
      const res = await click(COUNTED.exec(href)![1]!, { ua: GOOGLEBOT });
      expect(res.statusCode).toBe(302);
      expect(res.headers['cache-control']).toBe('no-store');
      targets.set(res.headers.location as string, COUNTED.exec(href)![1]!);
    }
    expect([...targets.keys()].sort()).toEqual(
      [`${PUBLIC_URL}/`, `${PUBLIC_URL}/blogs/other`, `${PUBLIC_URL}${post.url}`, GUIDE].sort(),
    );
    const textOnly = textLinksOf(first!.text).filter((l) => COUNTED.test(l));
    const plainTarget = await click(COUNTED.exec(textOnly.find((l) => !counted(first!).includes(l))!)![1]!, {
      method: 'HEAD',
    });
    expect(plainTarget.statusCode).toBe(302);
    expect(plainTarget.headers.location).toBe('https://example.net/plain');

    const guide = targets.get(GUIDE)!;
    const readMore = targets.get(`${PUBLIC_URL}${post.url}`)!;
    // Counted: a browser; again from the same address within the minute is not; another address is.
    expect((await click(guide)).statusCode).toBe(302);
    expect((await click(guide)).statusCode).toBe(302);
    expect((await click(guide, { ip: '198.51.100.20' })).statusCode).toBe(302);
    // Not counted: a bot, a HEAD request, a request without a user agent.
    expect((await click(readMore, { ua: GOOGLEBOT })).statusCode).toBe(302);
    expect((await click(readMore, { method: 'HEAD' })).statusCode).toBe(302);
    expect((await click(readMore, { ua: null })).statusCode).toBe(302);
    expect((await click(readMore, { ip: '198.51.100.30' })).statusCode).toBe(302);
    await t.services.newsletter.flushClicks();

    const done = await report(post);
    expect(done.links).toHaveLength(5);
    expect(done.links!.slice(0, 2)).toEqual([
      { url: GUIDE, clicks: 2 },
      { url: `${PUBLIC_URL}${post.url}`, clicks: 1 },
    ]);
    expect(done.links!.slice(2).map((l) => l.clicks)).toEqual([0, 0, 0]);
    expect(await message(post)).toMatchObject({ sent: true, countClicks: true });
  });

  it('answers 404, never 5xx, for a token that is no link, and keeps /api/r from redirect rules', async () => {
    for (const url of [
      '/api/r/AAAAAAAAAAAAAAAAAAAAAA',
      '/api/r/short',
      '/api/r/',
      '/api/r/%ZZ',
      '/api/r/..%2Fadmin',
      `/api/r/${'x'.repeat(5000)}`,
      '/api/r/AAAAAAAAAAAAAAAAAAAAAA/more',
    ]) {
      const res = await t.app.inject({ url, headers: { 'user-agent': BROWSER } });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.headers.location, url).toBeUndefined();
    }
    expect((await t.app.inject({ url: '/api/r/AAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(404);
    const rule = await admin.api.call(redirects.createRedirect, {
      body: { from: '/api/r/*', to: '/x/*', status: 301 },
    });
    expect(rule.status).toBe(400);
    expect(rule.body).toMatchObject({ message: REDIRECT_MESSAGES.fromReserved });
  });

  it('adds up the clicks of two processes, and leads on with a link already read while its database is away', async () => {
    const [reader] = await addSubscribers(1);
    const post = await draft();
    await admin.api.call(newsletter.saveNewsletterMessage, {
      params: { id: post._id },
      body: { subject: '', preheader: '', countClicks: true },
    });
    await publish(post);
    await deliver();
    // The header's link to the site comes first, then the article's: the guide.
    const hrefs = hrefsOf(mailOf(reader!, post).html).filter((h) => COUNTED.test(h));
    const token = COUNTED.exec(hrefs[1]!)![1]!;

    const other = await boot(t.config, { log: pino({ level: 'silent' }) as never });
    const otherApp = await buildApp({ services: other.services, logger: false });
    await otherApp.ready();
    try {
      const clicks = (app: typeof otherApp, from: number) =>
        Promise.all(
          Array.from({ length: 15 }, (_, i) =>
            app.inject({
              url: `/api/r/${token}`,
              remoteAddress: `192.0.2.${from + i}`,
              headers: { 'user-agent': BROWSER },
            }),
          ),
        );
      for (const res of [...(await clicks(t.app, 1)), ...(await clicks(otherApp, 100))]) {
        expect(res.statusCode).toBe(302);
      }
      // Both flush at once: each adds its own count to the row.
      await Promise.all([t.services.newsletter.flushClicks(), other.services.newsletter.flushClicks()]);
      expect((await report(post)).links![0]).toEqual({ url: GUIDE, clicks: 30 });

      // The other process's database goes away: the link it has read still leads on, and its count waits.
      await other.db.destroy();
      const away = await otherApp.inject({
        url: `/api/r/${token}`,
        remoteAddress: '192.0.2.250',
        headers: { 'user-agent': BROWSER },
      });
      expect(away.statusCode).toBe(302);
      expect(away.headers.location).toBe(GUIDE);
      await expect(other.services.newsletter.flushClicks()).rejects.toThrow();
    } finally {
      await otherApp.close();
      await other.services.jobs.stop();
      await other.services.mailWorker.stop();
      await other.db.destroy().catch(() => undefined);
    }
  });
});
