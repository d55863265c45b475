import { MAX_RANGE_DAYS, NOW_MINUTES, REPORT_TABLES, TABLE_ROWS, type ReportTable } from '#shared/analytics.ts';
import type { AnalyticsReport, PostRow, PostStats, RangeQuery, ReportRow } from '#shared/api/analytics.ts';
import { ANALYTICS_MESSAGES, TEAM_MESSAGES } from '#shared/messages.ts';
import { addDays } from '#shared/zoned-time.ts';
import type { Db } from '#server/db/database.ts';
import { ForbiddenError, InvalidInputError } from '#server/errors.ts';
import type { RangeSums } from './range-sums';
import { dailyValues, visitorsSince, type SummedRow } from './repository';

/** Who asks: the whole site's figures, or only these posts' (an Author's own). */
export type Viewer = { all: true } | { all: false; postIds: readonly string[] };

/** A range the dashboard can sum: real dates, from ≤ to, at most MAX_RANGE_DAYS days. */
export function checkedRange(range: RangeQuery): RangeQuery {
  const from = Date.parse(`${range.from}T00:00:00Z`);
  const to = Date.parse(`${range.to}T00:00:00Z`);
  const real = (ms: number, day: string) => !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === day;
  if (!real(from, range.from) || !real(to, range.to) || to < from || (to - from) / 86_400_000 >= MAX_RANGE_DAYS) {
    throw new InvalidInputError(ANALYTICS_MESSAGES.rangeInvalid);
  }
  return range;
}

function everyDay(from: string, to: string, known: Array<{ day: string; visitors: number; views: number }>) {
  const byDay = new Map(known.map((d) => [d.day, d]));
  const days: Array<{ day: string; visitors: number; views: number }> = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(byDay.get(day) ?? { day, visitors: 0, views: 0 });
  return days;
}

const sumOf = (rows: SummedRow[]) => rows.reduce((n, r) => n + r.visitors, 0);

/**
 * The dashboard's figures (docs/product.md#analytics), read from the daily summaries only, plus the raw
 * events of the last half hour for "now".
 */
export function createReports(deps: {
  db: Db;
  sums: RangeSums;
  titles: (ids: readonly string[]) => Promise<Map<string, string>>;
  hasCountries: boolean;
  summarizedAt: () => Promise<string | null>;
}) {
  const { db, sums } = deps;

  /**
   * The days of a range that may be counted: from the first day the retention keeps (read once a request,
   * then handed to every sum of it). The range as asked still sets the chart's and the days CSV's days.
   */
  const countedOf = async (range: RangeQuery): Promise<RangeQuery> => ({
    from: await sums.from(range.from),
    to: range.to,
  });

  async function postRows(range: RangeQuery, viewer: Viewer, limit: number | null): Promise<PostRow[]> {
    const among = viewer.all ? undefined : viewer.postIds;
    const top = await sums.top('post', range.from, range.to, limit, among);
    const ids = top.map((r) => r.value);
    const [reads, subscriptions, titles] = await Promise.all([
      sums.top('post-read', range.from, range.to, null, ids),
      sums.top('post-subscription', range.from, range.to, null, ids),
      deps.titles(ids),
    ]);
    const readsOf = new Map(reads.map((r) => [r.value, r.visitors]));
    const subsOf = new Map(subscriptions.map((r) => [r.value, r.views]));
    return top.map((r) => ({
      postId: r.value,
      title: titles.get(r.value) ?? '',
      visitors: r.visitors,
      views: r.views,
      reads: readsOf.get(r.value) ?? 0,
      subscriptions: subsOf.get(r.value) ?? 0,
    }));
  }

  async function table(name: ReportTable, range: RangeQuery, limit: number | null): Promise<ReportRow[]> {
    return sums.top(REPORT_TABLES[name], range.from, range.to, limit);
  }

  return {
    async report(raw: RangeQuery, viewer: Viewer): Promise<AnalyticsReport> {
      const range = checkedRange(raw);
      const counted = await countedOf(range);
      const [posts, summarizedAt] = await Promise.all([postRows(counted, viewer, TABLE_ROWS), deps.summarizedAt()]);
      if (!viewer.all) return { from: range.from, to: range.to, site: null, posts, summarizedAt };
      const names = Object.keys(REPORT_TABLES) as ReportTable[];
      const [series, now, ...tables] = await Promise.all([
        dailyValues(db, 'total', '', counted.from, counted.to),
        visitorsSince(db, new Date(Date.now() - NOW_MINUTES * 60_000).toISOString()),
        ...names.map((name) => table(name, counted, TABLE_ROWS)),
      ]);
      const byName = Object.fromEntries(names.map((name, i) => [name, tables[i]!])) as Record<ReportTable, ReportRow[]>;
      const [subscriptions, messages] = await Promise.all([
        sums.top('goal-subscription', counted.from, counted.to, null),
        sums.top('goal-contact', counted.from, counted.to, null),
      ]);
      return {
        from: range.from,
        to: range.to,
        site: {
          visitors: series.reduce((n, d) => n + d.visitors, 0),
          views: series.reduce((n, d) => n + d.views, 0),
          subscriptions: sumOf(subscriptions),
          messages: sumOf(messages),
          series: everyDay(range.from, range.to, series),
          tables: byName,
          now,
          countries: deps.hasCountries,
        },
        posts,
        summarizedAt,
      };
    },

    /** Every row of one table, for its CSV: its header and its lines. An Author has only the posts' table. */
    async table(name: ReportTable | 'posts' | 'days', raw: RangeQuery, viewer: Viewer): Promise<string[][]> {
      const range = checkedRange(raw);
      const counted = await countedOf(range);
      if (name === 'posts') {
        const rows = await postRows(counted, viewer, null);
        return [
          ['post', 'title', 'visitors', 'views', 'reads', 'subscriptions'],
          ...rows.map((r) => [r.postId, r.title, ...[r.visitors, r.views, r.reads, r.subscriptions].map(String)]),
        ];
      }
      if (!viewer.all) throw new ForbiddenError(TEAM_MESSAGES.forbidden);
      if (name === 'days') {
        const days = everyDay(range.from, range.to, await dailyValues(db, 'total', '', counted.from, counted.to));
        return [['day', 'visitors', 'views'], ...days.map((d) => [d.day, String(d.visitors), String(d.views)])];
      }
      const rows = await table(name, counted, null);
      return [['value', 'visitors', 'views'], ...rows.map((r) => [r.value, String(r.visitors), String(r.views)])];
    },

    /** One post's figures: all time, and each of its last 30 days up to `today`. */
    async post(postId: string, today: string): Promise<PostStats> {
      const ever = await countedOf({ from: '0000-01-01', to: today });
      const [views, reads, subscriptions, series] = await Promise.all([
        sums.top('post', ever.from, ever.to, null, [postId]),
        sums.top('post-read', ever.from, ever.to, null, [postId]),
        sums.top('post-subscription', ever.from, ever.to, null, [postId]),
        dailyValues(db, 'post', postId, addDays(today, -29), today),
      ]);
      return {
        visitors: views[0]?.visitors ?? 0,
        views: views[0]?.views ?? 0,
        reads: reads[0]?.visitors ?? 0,
        subscriptions: subscriptions[0]?.views ?? 0,
        series: everyDay(addDays(today, -29), today, series),
      };
    },
  };
}
