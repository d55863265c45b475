import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as analyticsApi from '#shared/api/analytics.ts';
import * as contactApi from '#shared/api/contact.ts';
import * as searchApi from '#shared/api/search.ts';
import * as subscribersApi from '#shared/api/subscribers.ts';
import { ANALYTICS_MESSAGES, TEAM_MESSAGES } from '#shared/messages.ts';
import { localDayIn } from '#shared/zoned-time.ts';
import { createVisitorHasher } from '#server/modules/analytics/visitors.ts';
import { createEventWriter } from '#server/modules/analytics/writer.ts';
import { viewRow } from '#tests/helpers/analytics.ts';
import { api } from '#tests/helpers/api.ts';
import { NO_RATE_LIMITS } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { createPost, loggedInAdmin, unique, type LoggedInAdmin } from '#tests/helpers/factories.ts';
import { createMember, type Member } from '#tests/helpers/team.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * Cookieless analytics (docs/product.md#analytics, docs/decisions/0040-analytics.md): what the counting
 * endpoint keeps and refuses, the visitor hash across restarts and processes, the daily summaries the
 * dashboard reads, goals, searches, settings, roles, and a database that is away.
 */
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe.each(DATABASE_KINDS)('analytics on %s', (kind) => {
  let t: TestApp;
  let admin: LoggedInAdmin;
  let author: Member;
  let editor: Member;
  let contributor: Member;
  const today = localDayIn('UTC')(Date.now());
  const range = { from: today, to: today };

  beforeAll(async () => {
    t = await buildTestApp(kind, { app: { rateLimits: NO_RATE_LIMITS } });
    admin = await loggedInAdmin(t);
    [author, editor, contributor] = await Promise.all([
      createMember(t, 'author'),
      createMember(t, 'editor'),
      createMember(t, 'contributor'),
    ]);
  });
  afterAll(() => t?.close());

  /** One beacon as the pages' script sends it (text/plain JSON). */
  const beacon = (
    body: unknown,
    {
      ip = '203.0.113.1',
      ua = CHROME,
      headers = {},
    }: { ip?: string; ua?: string; headers?: Record<string, string> } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/seen',
      remoteAddress: ip,
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': ua, ...headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });

  const summarized = async () => {
    await t.services.analytics.summarize();
    return (await admin.api.call(analyticsApi.getAnalytics, { query: range })).data!;
  };

  it('counts three visitors by address and browser, once each, and keeps only path, campaign and referrer host', async () => {
    const post = await createPost(admin, { title: unique('Counted') });
    const path = new URL(post.url, 'http://x').pathname;
    const views = [
      {
        ip: '198.51.100.1',
        ua: CHROME,
        p: `${path}?utm_source=Newsletter&utm_medium=email&utm_campaign=Launch&q=secret`,
        r: 'https://www.google.com/search?q=private+words',
      },
      { ip: '198.51.100.1', ua: CHROME, p: '/blogs', r: `http://localhost:3000${path}` },
      { ip: '198.51.100.2', ua: IPHONE, p: path, r: 'https://news.ycombinator.com/item?id=1' },
      { ip: '198.51.100.3', ua: FIREFOX, p: '/', r: null },
    ];
    for (const v of views) {
      const res = await beacon({ k: 'view', p: v.p, r: v.r }, { ip: v.ip, ua: v.ua });
      expect(res.statusCode, res.body).toBe(204);
    }
    // Left out, answered the same: a bot, a prefetch.
    expect((await beacon({ k: 'view', p: path }, { ip: '198.51.100.9', ua: GOOGLEBOT })).statusCode).toBe(204);
    expect(
      (await beacon({ k: 'view', p: path }, { ip: '198.51.100.8', headers: { 'sec-purpose': 'prefetch' } })).statusCode,
    ).toBe(204);
    // A read-through of the post by the second visitor.
    expect((await beacon({ k: 'read', p: path }, { ip: '198.51.100.2', ua: IPHONE })).statusCode).toBe(204);

    const report = await summarized();
    const site = report.site!;
    expect(site.visitors).toBe(3);
    expect(site.views).toBe(4);
    expect(site.now).toBe(3);
    expect(site.series).toEqual([{ day: today, visitors: 3, views: 4 }]);
    expect(site.tables.pages).toEqual(
      expect.arrayContaining([
        { value: path, visitors: 2, views: 2 },
        { value: '/blogs', visitors: 1, views: 1 },
        { value: '/', visitors: 1, views: 1 },
      ]),
    );
    // The entry page is each visitor's first page of the day.
    expect(site.tables.entries).toEqual(
      expect.arrayContaining([
        { value: path, visitors: 2, views: 2 },
        { value: '/', visitors: 1, views: 1 },
      ]),
    );
    // Hosts only (never the search words), no www., the site's own address is no referrer.
    expect(site.tables.referrers).toEqual(
      expect.arrayContaining([
        { value: 'google.com', visitors: 1, views: 1 },
        { value: 'news.ycombinator.com', visitors: 1, views: 1 },
        { value: '', visitors: 2, views: 2 },
      ]),
    );
    expect(site.tables.sources).toEqual([{ value: 'newsletter', visitors: 1, views: 1 }]);
    expect(site.tables.mediums).toEqual([{ value: 'email', visitors: 1, views: 1 }]);
    expect(site.tables.campaigns).toEqual([{ value: 'Launch', visitors: 1, views: 1 }]);
    expect(site.tables.devices).toEqual(
      expect.arrayContaining([
        { value: 'desktop', visitors: 2, views: 3 },
        { value: 'mobile', visitors: 1, views: 1 },
      ]),
    );
    expect(site.tables.browsers.map((b) => b.value).sort()).toEqual(['Chrome', 'Firefox', 'Safari']);
    expect(site.countries).toBe(false);
    expect(report.posts).toEqual([
      { postId: post._id, title: post.title, visitors: 2, views: 2, reads: 1, subscriptions: 0 },
    ]);
    // Nothing of the address, the browser string or the query's other fields is stored.
    const stored = JSON.stringify(await t.services.db.selectFrom('analytics_events').selectAll().execute());
    for (const secret of ['198.51.100', 'Mozilla', 'secret', 'private', 'item?id'])
      expect(stored).not.toContain(secret);
  });

  it('refuses what is no event of a page of this site, never with a 5xx', async () => {
    const refusals: Array<[unknown, number]> = [
      [{ k: 'view', p: '/no-such-page-here' }, 404],
      [{ k: 'view', p: '/admin/blogs' }, 404],
      [{ k: 'view', p: '/api/get-content' }, 404],
      [{ k: 'view', p: 'https://elsewhere.example/' }, 404],
      [{ k: 'view', p: '//elsewhere.example/' }, 404],
      [{ k: 'view', p: '/blogs/no-category/no-post' }, 404],
      [{ k: 'click', p: '/' }, 400],
      [{ k: 'view' }, 400],
      ['{not json', 400],
      [[1, 2, 3], 400],
      [{ k: 'view', p: '/%E0%A4%A' }, 404],
    ];
    for (const [body, status] of refusals) {
      const res = await beacon(body);
      expect(res.statusCode, `${JSON.stringify(body)} → ${res.body}`).toBe(status);
    }
    expect((await beacon({ k: 'view', p: '/no-such-page-here' })).json().message).toBe(ANALYTICS_MESSAGES.unknownPath);
    // A 100 KB referrer is over the beacon's 8 KB: refused whole. A 7 KB one is cut to its host.
    expect((await beacon({ k: 'view', p: '/', r: `https://big.example/${'x'.repeat(100_000)}` })).statusCode).toBe(413);
    expect(
      (
        await beacon(
          { k: 'view', p: '/about-us', r: `https://long.example/${'x'.repeat(7_000)}` },
          { ip: '192.0.2.77' },
        )
      ).statusCode,
    ).toBe(204);
    await t.services.analytics.flush();
    const row = await t.services.db
      .selectFrom('analytics_events')
      .select('referrer')
      .where('path', '=', '/about-us')
      .executeTakeFirstOrThrow();
    expect(row.referrer).toBe('long.example');
  });

  it('counts a page sent without scripts by its image, from the Referer, answering the same GIF whatever it was', async () => {
    const pixel = (referer: string | undefined, ip: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/seen.gif',
        remoteAddress: ip,
        headers: { 'user-agent': FIREFOX, ...(referer ? { referer } : {}) },
      });
    const counted = await pixel(`${t.config.publicUrl}/about-us?utm_campaign=Spring`, '192.0.2.90');
    expect(counted.statusCode).toBe(200);
    expect(counted.headers['content-type']).toBe('image/gif');
    expect(counted.headers['cache-control']).toBe('no-store');
    for (const referer of [
      undefined,
      'https://elsewhere.example/about-us',
      `${t.config.publicUrl}/no-such-page-at-all`,
      'not a url',
    ]) {
      const res = await pixel(referer, '192.0.2.91');
      expect(res.statusCode, String(referer)).toBe(200);
      expect(res.rawPayload.equals(counted.rawPayload)).toBe(true);
    }
    await t.services.analytics.flush();
    const rows = await t.services.db
      .selectFrom('analytics_events')
      .select(['path', 'utm_campaign', 'referrer'])
      .where('browser', '=', 'Firefox')
      .where('utm_campaign', '=', 'Spring')
      .execute();
    expect(rows).toEqual([{ path: '/about-us', utm_campaign: 'Spring', referrer: null }]);
    const strays = await t.services.db
      .selectFrom('analytics_events')
      .select('path')
      .where('path', '=', '/no-such-page-at-all')
      .execute();
    expect(strays).toEqual([]);
  });

  it('stores crafted campaign fields fitted to their columns, so one event never fails its batch', async () => {
    const ip = '192.0.2.150';
    const crafted = [
      '/about-us?utm_source=%00evil&utm_medium=a%01b',
      `/about-us?utm_source=${'İ'.repeat(100)}&utm_campaign=${'😀'.repeat(80)}`,
    ];
    for (const p of crafted) expect((await beacon({ k: 'view', p }, { ip })).statusCode).toBe(204);
    for (const p of ['/%00', '/authors/%00', '/tags/%00', '/blogs/%00', '/blogs/a/%00', '/%ED%A0%80']) {
      expect((await beacon({ k: 'view', p }, { ip })).statusCode, p).toBe(404);
    }
    const pixel = await t.app.inject({
      method: 'GET',
      url: '/api/seen.gif',
      remoteAddress: ip,
      headers: { 'user-agent': CHROME, referer: `${t.config.publicUrl}/%00?utm_campaign=%00` },
    });
    expect(pixel.statusCode).toBe(200);
    await t.services.analytics.flush();
    const rows = await t.services.db
      .selectFrom('analytics_events')
      .select(['utm_source', 'utm_medium', 'utm_campaign'])
      .where('path', '=', '/about-us')
      .where('utm_source', 'is not', null)
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual({ utm_source: 'evil', utm_medium: 'ab', utm_campaign: null });
    expect([...rows[1]!.utm_source!].length).toBeLessThanOrEqual(100);
    expect(rows[1]!.utm_source!.length).toBeLessThanOrEqual(100);
    expect(rows[1]!.utm_campaign!.length).toBeLessThanOrEqual(100);
  });

  it('caps one address at 60 events a minute', async () => {
    const ip = '192.0.2.200';
    // The cap counts by clock minute: start well inside one.
    const second = new Date().getSeconds();
    if (second >= 55) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
    for (let i = 0; i < 70; i++)
      expect((await beacon({ k: 'view', p: '/search' }, { ip, ua: `${CHROME} ${i}` })).statusCode).toBe(204);
    await t.services.analytics.flush();
    const counted = await t.services.db
      .selectFrom('analytics_events')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('path', '=', '/search')
      .executeTakeFirstOrThrow();
    expect(Number(counted.n)).toBe(60);
  });

  it('makes the same visitor hash after a restart and in another process, and a different one the next day', async () => {
    const site = 'localhost';
    const first = createVisitorHasher({ db: t.services.db, site });
    const restarted = createVisitorHasher({ db: t.services.db, site });
    const [a, b] = await Promise.all([
      first.hash('2031-01-01', '192.0.2.1', CHROME),
      restarted.hash('2031-01-01', '192.0.2.1', CHROME),
    ]);
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(b).toBe(a);
    expect(await restarted.hash('2031-01-02', '192.0.2.1', CHROME)).not.toBe(a);
    expect(await restarted.hash('2031-01-01', '192.0.2.2', CHROME)).not.toBe(a);
    // Salts older than yesterday are deleted: that day's hashes can never be made again.
    await restarted.prune('2031-01-02');
    const left = await t.services.db
      .selectFrom('analytics_salts')
      .select('day')
      .where('day', 'like', '2031-%')
      .execute();
    expect(left.map((r) => r.day)).toEqual(['2031-01-02']);
    expect(await createVisitorHasher({ db: t.services.db, site }).hash('2031-01-01', '192.0.2.1', CHROME)).not.toBe(a);
  });

  it('attributes a confirmed subscription and a contact message to the page and referrer that led to them', async () => {
    const post = await createPost(admin, { title: unique('Goal') });
    const path = new URL(post.url, 'http://x').pathname;
    const ip = '203.0.113.50';
    expect((await beacon({ k: 'view', p: path, r: 'https://www.linkedin.com/feed/' }, { ip })).statusCode).toBe(204);
    const headers = { referer: `${t.config.publicUrl}${path}`, 'user-agent': CHROME };
    const email = `${unique('goal')}@example.com`;
    const sub = await api(t).call(subscribersApi.subscribe, {
      body: { email, blogId: post._id },
      headers,
      remoteAddress: ip,
    });
    expect(sub.status).toBe(200);
    // Not confirmed yet: no goal.
    let report = await summarized();
    expect(report.site!.subscriptions).toBe(0);
    const { id } = await t.services.db
      .selectFrom('subscribers')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    await t.services.analytics.subscriptionConfirmed(id);
    await t.services.analytics.subscriptionConfirmed(id);
    const sent = await api(t).call(contactApi.sendMail, {
      body: { name: 'Ann', email: 'ann@example.com', message: 'Hello there, about the post.' },
      headers,
      remoteAddress: ip,
    });
    expect(sent.status, sent.text).toBe(200);
    report = await summarized();
    expect(report.site!.subscriptions).toBe(1);
    expect(report.site!.messages).toBe(1);
    expect(report.site!.tables.subscriptionPages).toEqual([{ value: path, visitors: 1, views: 1 }]);
    expect(report.site!.tables.subscriptionReferrers).toEqual([{ value: 'linkedin.com', visitors: 1, views: 1 }]);
    expect(report.site!.tables.contactPages).toEqual([{ value: path, visitors: 1, views: 1 }]);
    const stats = await admin.api.call(analyticsApi.postAnalytics, { params: { id: post._id } });
    expect(stats.data).toMatchObject({ visitors: 1, views: 1, subscriptions: 1 });
    expect(stats.data!.series).toHaveLength(30);
    expect(stats.data!.series.at(-1)).toEqual({ day: today, visitors: 1, views: 1 });
  });

  it('counts a subscription made twice before its confirmation once, names the post of a box posted without its page, and leaves out visits not counted', async () => {
    const post = await createPost(admin, { title: unique('Twice') });
    const path = new URL(post.url, 'http://x').pathname;
    const before = (await summarized()).site!.subscriptions;
    const email = `${unique('twice')}@example.com`;
    // No Referer (a box posted without scripts): the post it names is where it was.
    for (let i = 0; i < 2; i++) {
      const res = await api(t).call(subscribersApi.subscribe, {
        body: { email, blogId: post._id },
        headers: { 'user-agent': CHROME },
        remoteAddress: '203.0.113.90',
      });
      expect(res.status).toBe(200);
    }
    const { id } = await t.services.db
      .selectFrom('subscribers')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    await t.services.analytics.subscriptionConfirmed(id);
    let report = await summarized();
    expect(report.site!.subscriptions).toBe(before + 1);
    expect(report.site!.tables.subscriptionPages).toEqual(
      expect.arrayContaining([{ value: path, visitors: 1, views: 1 }]),
    );
    expect(report.posts.find((p) => p.postId === post._id)).toBeUndefined();
    const stats = await admin.api.call(analyticsApi.postAnalytics, { params: { id: post._id } });
    expect(stats.data!.subscriptions).toBe(1);

    // A visitor whose browser sends Global Privacy Control, on a site that honours it: no goal either.
    await admin.api.call(analyticsApi.saveAnalyticsSettings, {
      body: { counting: true, honourGpc: true, retentionMonths: 0 },
    });
    const messages = report.site!.messages;
    const sent = await api(t).call(contactApi.sendMail, {
      body: { name: 'Gia', email: 'gia@example.com', message: 'Private, please.' },
      headers: { referer: `${t.config.publicUrl}${path}`, 'user-agent': CHROME, 'sec-gpc': '1' },
      remoteAddress: '203.0.113.91',
    });
    expect(sent.status).toBe(200);
    report = await summarized();
    expect(report.site!.messages).toBe(messages);
    await admin.api.call(analyticsApi.saveAnalyticsSettings, {
      body: { counting: true, honourGpc: false, retentionMonths: 0 },
    });
  });

  it('counts searches on the site and those that found nothing', async () => {
    const word = unique('zebra').toLowerCase();
    await api(t).call(searchApi.searchPosts, {
      query: { q: `  ${word}  ` },
      headers: { 'user-agent': CHROME },
      remoteAddress: '203.0.113.60',
    });
    await api(t).call(searchApi.searchPosts, {
      query: { q: 'Text' },
      headers: { 'user-agent': CHROME },
      remoteAddress: '203.0.113.60',
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const report = await summarized();
    expect(report.site!.tables.searches).toEqual(
      expect.arrayContaining([
        { value: word, visitors: 1, views: 1 },
        { value: 'text', visitors: 1, views: 1 },
      ]),
    );
    expect(report.site!.tables.emptySearches).toEqual([{ value: word, visitors: 1, views: 1 }]);
  });

  it('stops counting when switched off and honours Global Privacy Control when asked, on every process at once', async () => {
    const before = (await summarized()).site!.views;
    const off = await admin.api.call(analyticsApi.saveAnalyticsSettings, {
      body: { counting: false, honourGpc: false, retentionMonths: 0 },
    });
    expect(off.data).toEqual({ counting: false, honourGpc: false, retentionMonths: 0 });
    expect((await beacon({ k: 'view', p: '/' }, { ip: '203.0.113.70' })).statusCode).toBe(204);
    expect((await summarized()).site!.views).toBe(before);
    await admin.api.call(analyticsApi.saveAnalyticsSettings, {
      body: { counting: true, honourGpc: true, retentionMonths: 24 },
    });
    expect((await beacon({ k: 'view', p: '/' }, { ip: '203.0.113.71', headers: { 'sec-gpc': '1' } })).statusCode).toBe(
      204,
    );
    expect((await summarized()).site!.views).toBe(before);
    expect((await beacon({ k: 'view', p: '/' }, { ip: '203.0.113.72' })).statusCode).toBe(204);
    expect((await summarized()).site!.views).toBe(before + 1);
    const bad = await admin.api.callRaw(analyticsApi.saveAnalyticsSettings, {
      body: { counting: true, honourGpc: true, retentionMonths: 7 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(ANALYTICS_MESSAGES.retentionInvalid);
    await admin.api.call(analyticsApi.saveAnalyticsSettings, {
      body: { counting: true, honourGpc: false, retentionMonths: 0 },
    });
  });

  it('shows each role what it may see: the site to Editors and above, an Author their own posts, a Contributor nothing', async () => {
    const own = await createPost(author as unknown as LoggedInAdmin, { title: unique('Own') });
    const path = new URL(own.url, 'http://x').pathname;
    expect((await beacon({ k: 'view', p: path }, { ip: '203.0.113.80' })).statusCode).toBe(204);
    await t.services.analytics.summarize();
    const byEditor = await editor.api.call(analyticsApi.getAnalytics, { query: range });
    expect(byEditor.data!.site).not.toBeNull();
    const byAuthor = await author.api.call(analyticsApi.getAnalytics, { query: range });
    expect(byAuthor.data!.site).toBeNull();
    expect(byAuthor.data!.posts.map((p) => p.postId)).toEqual([own._id]);
    expect(
      (await author.api.callRaw(analyticsApi.exportAnalytics, { query: { ...range, table: 'pages' } })).status,
    ).toBe(403);
    const csv = await author.api.callRaw(analyticsApi.exportAnalytics, { query: { ...range, table: 'posts' } });
    expect(csv.status).toBe(200);
    expect(csv.text.split('\r\n')[0]).toBe('post,title,visitors,views,reads,subscriptions');
    expect(csv.text).toContain(own._id);
    // Another's post: the blog's own-post rule (not found, as in the editor).
    const others = await createPost(admin);
    expect((await author.api.callRaw(analyticsApi.postAnalytics, { params: { id: others._id } })).status).toBe(404);
    expect((await author.api.callRaw(analyticsApi.postAnalytics, { params: { id: own._id } })).status).toBe(200);
    for (const call of [
      contributor.api.callRaw(analyticsApi.getAnalytics, { query: range }),
      contributor.api.callRaw(analyticsApi.getAnalyticsSettings),
      editor.api.callRaw(analyticsApi.saveAnalyticsSettings, {
        body: { counting: true, honourGpc: false, retentionMonths: 0 },
      }),
    ]) {
      const res = await call;
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(TEAM_MESSAGES.forbidden);
    }
    const pages = await admin.api.callRaw(analyticsApi.exportAnalytics, { query: { ...range, table: 'pages' } });
    expect(pages.headers['content-type']).toContain('text/csv');
    expect(pages.text).toContain(`${path},1,1`);
    const bad = await admin.api.callRaw(analyticsApi.getAnalytics, { query: { from: today, to: '2001-01-01' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(ANALYTICS_MESSAGES.rangeInvalid);
    expect(
      (await admin.api.callRaw(analyticsApi.getAnalytics, { query: { from: '2026-02-30', to: '2026-03-01' } })).status,
    ).toBe(400);
  });

  it('drops a batch with a log line when the database stays away, never throwing into a request', async () => {
    const dropped: number[] = [];
    const broken = { transaction: () => ({ execute: () => Promise.reject(new Error('database is down')) }) };
    const writer = createEventWriter({ db: broken as never, flushMs: 60_000, onDropped: (n) => dropped.push(n) });
    const row = viewRow({ at: new Date().toISOString(), day: today, visitor: '0123456789abcdef' });
    writer.add(row);
    writer.add(row);
    // The first failure keeps the batch for one more try; the second drops it, said once.
    await writer.flush();
    expect(dropped).toEqual([]);
    expect(writer.held).toBe(2);
    writer.add(row);
    await writer.flush();
    expect(dropped).toEqual([2]);
    expect(writer.held).toBe(1);
    await writer.stop();
    expect(dropped).toEqual([2, 1]);
  });
});
