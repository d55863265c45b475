import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boot } from '#server/boot.ts';
import * as analyticsApi from '#shared/api/analytics.ts';
import { addDays, localDayIn } from '#shared/zoned-time.ts';
import { insertEvents, summarizeDay, type EventRow } from '#server/modules/analytics/repository.ts';
import { viewRow } from '#tests/helpers/analytics.ts';
import { NO_RATE_LIMITS } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { createPost, loggedInAdmin, unique, type LoggedInAdmin } from '#tests/helpers/factories.ts';
import { createMember, type Member } from '#tests/helpers/team.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * Ranges over past days (server/modules/analytics/range-sums.ts, decision 0041): days before yesterday are
 * summed once and held, today and yesterday are read each time, and what the dashboard shows is the same
 * as summing every day in the database, in the same order, on every process; the retention setting's
 * deleted days are never counted, even before the retention job has run.
 */
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe.each(DATABASE_KINDS)('analytics over past days on %s', (kind) => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof boot>>;
  let admin: LoggedInAdmin;
  let author: Member;
  const today = localDayIn('UTC')(Date.now());
  const month = { from: addDays(today, -29), to: today };
  let ownPath: string;
  let ownId: string;

  /** `n` views of `path` on `day` by distinct visitors, referred by `referrer`. */
  const views = (day: string, path: string, n: number, referrer: string | null, postId: string | null = null) =>
    Array.from({ length: n }, (_, i) =>
      viewRow({
        day,
        visitor: `${day.replaceAll('-', '')}${path.length}${i}`.padEnd(16, '0').slice(0, 16),
        path,
        post_id: postId,
        referrer,
      }),
    );

  beforeAll(async () => {
    t = await buildTestApp(kind, { app: { rateLimits: NO_RATE_LIMITS } });
    admin = await loggedInAdmin(t);
    author = await createMember(t, 'author');
    const own = await createPost(author as unknown as LoggedInAdmin, { title: unique('Ranged') });
    ownPath = new URL(own.url, 'http://x').pathname;
    ownId = own._id;
    // Forty days back: /pricing one visitor a day, /about-us two on even days, the Author's post three on
    // the days ten and eleven days back, and one view 400 days back (past a 12-month retention).
    const rows: EventRow[] = [];
    for (let back = 0; back < 40; back++) {
      const day = addDays(today, -back);
      rows.push(...views(day, '/pricing', 1, 'news.example.com'));
      if (back % 2 === 0) rows.push(...views(day, '/about-us', 2, null));
      if (back === 10 || back === 11) rows.push(...views(day, ownPath, 3, 'mail.example.com', ownId));
    }
    rows.push(...views(addDays(today, -400), '/careers', 1, null));
    // Two pages that tie, which a collation and code points order differently ('Z' is before 'a' by code).
    for (const day of [addDays(today, -3), today])
      rows.push(...views(day, '/Zeta', 1, null), ...views(day, '/alpha', 1, null));
    await insertEvents(t.services.db, rows);
    for (const day of new Set(rows.map((r) => r.day))) await summarizeDay(t.services.db, day);
    // A second process on the same database (its own held sums), as behind a load balancer.
    second = await boot(t.config, { log: pino({ level: 'silent' }) as never });
  });
  afterAll(async () => {
    if (second) {
      await second.services.siteMeta.contentVersion.stop();
      await second.services.jobs.stop();
      await second.services.mailWorker.stop();
      await second.services.importRunner.stop();
      await second.db.destroy();
    }
    await t?.close();
  });

  /** The other process's pages table, once it has heard of every change made so far. */
  const pagesOnSecond = async (range: { from: string; to: string }) => {
    const version = await t.services.siteMeta.contentVersion.refresh();
    // PostgreSQL pushes the bump; SQLite polls each second.
    const started = Date.now();
    while ((await second.services.siteMeta.contentVersion.current()) < version) {
      if (Date.now() - started > 5000) throw new Error('the other process did not hear of the change');
      await new Promise((r) => setTimeout(r, 10));
    }
    return (await second.services.analytics.report(range, { all: true })).site!.tables.pages;
  };

  const pagesOf = async (range: { from: string; to: string }) =>
    (await admin.api.call(analyticsApi.getAnalytics, { query: range })).data!.site!.tables.pages;

  it('sums 30 days as the database would, and holds the days before yesterday', async () => {
    const expected = [
      { value: '/about-us', visitors: 30, views: 30 },
      { value: '/pricing', visitors: 30, views: 30 },
      { value: ownPath, visitors: 6, views: 6 },
      { value: '/Zeta', visitors: 2, views: 2 },
      { value: '/alpha', visitors: 2, views: 2 },
    ];
    expect(await pagesOf(month)).toEqual(expected);
    // A final day's summary changed behind the process's back (nothing in the product does this): the
    // held sums do not see it, which shows they are held.
    const fiveDaysBack = addDays(today, -5);
    const changed = () =>
      t.services.db
        .updateTable('analytics_daily')
        .set((eb) => ({ views: eb('views', '+', 100) }))
        .where('dimension', '=', 'page')
        .where('day', '=', fiveDaysBack)
        .where('value', '=', '/pricing');
    await changed().execute();
    expect(await pagesOf(month)).toEqual(expected);
    await t.services.db
      .updateTable('analytics_daily')
      .set((eb) => ({ views: eb('views', '-', 100) }))
      .where('dimension', '=', 'page')
      .where('day', '=', fiveDaysBack)
      .where('value', '=', '/pricing')
      .execute();
    const csv = await admin.api.callRaw(analyticsApi.exportAnalytics, { query: { ...month, table: 'referrers' } });
    expect(csv.text.split('\r\n').slice(1, 4)).toEqual([',34,34', 'news.example.com,30,30', 'mail.example.com,6,6']);
  });

  it('orders values that tie by code point, held or read, on both databases', async () => {
    const ties = (pages: Array<{ value: string }>) =>
      pages.map((row) => row.value).filter((v) => /^\/(Zeta|alpha|pricing)$/.test(v));
    // Three days back is final (held); today is read each time.
    expect(ties(await pagesOf({ from: addDays(today, -3), to: addDays(today, -3) }))).toEqual([
      '/Zeta',
      '/alpha',
      '/pricing',
    ]);
    expect(ties(await pagesOf({ from: today, to: today }))).toEqual(['/Zeta', '/alpha', '/pricing']);
  });

  it("adds today's new visits to what is held of the days before", async () => {
    await pagesOf(month);
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/seen',
      remoteAddress: '198.51.100.9',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': CHROME },
      payload: JSON.stringify({ k: 'view', p: ownPath }),
    });
    expect(post.statusCode).toBe(204);
    await t.services.analytics.summarize();
    const pages = await pagesOf(month);
    expect(pages.find((row) => row.value === ownPath)).toEqual({ value: ownPath, visitors: 7, views: 7 });
    // The other process, which held nothing, agrees.
    expect(await pagesOnSecond(month)).toEqual(pages);
  });

  it("gives an Author their own post's days, held or not", async () => {
    const range = { from: addDays(today, -12), to: addDays(today, -5) };
    const byAuthor = await author.api.call(analyticsApi.getAnalytics, { query: range });
    expect(byAuthor.data!.posts).toEqual([
      expect.objectContaining({ postId: ownId, visitors: 6, views: 6, reads: 0, subscriptions: 0 }),
    ]);
    const stats = await author.api.call(analyticsApi.postAnalytics, { params: { id: ownId } });
    expect(stats.data!.visitors).toBe(7);
  });

  it('never counts a day the retention deletes, in tables, totals or chart, on any process, before or after the job', async () => {
    const year = { from: addDays(today, -420), to: today };
    const retention = (retentionMonths: 0 | 12) =>
      admin.api.call(analyticsApi.saveAnalyticsSettings, {
        body: { counting: true, honourGpc: false, retentionMonths },
      });
    const siteOf = async () => (await admin.api.call(analyticsApi.getAnalytics, { query: year })).data!.site!;
    const values = (pages: Array<{ value: string }>) => pages.map((row) => row.value);
    const before = await siteOf();
    expect(values(before.tables.pages)).toContain('/careers');
    expect(values(await pagesOnSecond(year))).toContain('/careers');
    const careersDay = addDays(today, -400);
    expect(before.series.find((d) => d.day === careersDay)).toEqual({ day: careersDay, visitors: 1, views: 1 });

    // Twelve months: the day 400 days back counts nowhere, though the retention job has not run yet.
    await retention(12);
    const kept = await siteOf();
    expect(values(kept.tables.pages)).not.toContain('/careers');
    expect(kept.visitors).toBe(before.visitors - 1);
    expect(kept.views).toBe(before.views - 1);
    expect(kept.series.find((d) => d.day === careersDay)).toEqual({ day: careersDay, visitors: 0, views: 0 });
    const days = await admin.api.callRaw(analyticsApi.exportAnalytics, { query: { ...year, table: 'days' } });
    expect(days.text).toContain(`${careersDay},0,0`);
    expect(values(await pagesOnSecond(year))).not.toContain('/careers');

    // The job deletes it; made "for good" again, the deleted day stays out of what either process held.
    await t.services.analytics.prune();
    await retention(0);
    expect(values(await pagesOf(year))).not.toContain('/careers');
    expect(values(await pagesOnSecond(year))).not.toContain('/careers');
    expect((await siteOf()).visitors).toBe(before.visitors - 1);
  });
});
