/**
 * Cookieless analytics (docs/product.md#analytics, docs/decisions/0040-analytics.md): what is counted and
 * how it is summed. The server's counting, its daily summaries and the dashboard all read these.
 */
import { addDays } from '#shared/zoned-time.ts';

/** What the counting script (public/count.js) sends. */
export const EVENT_KINDS = ['view', 'read'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** The counting script (public/count.js, under 1 KB), on every public page. */
export const COUNT_SCRIPT = '/count.js';

/**
 * Pages sent without scripts (decision 0037) count with this image instead: the browser asks for it with
 * the page's address as Referer (the image's own `referrerpolicy`), and nothing else is sent.
 */
export const COUNT_PIXEL = '/api/seen.gif';

/** Where the counting script sends its events. A plain name: ad blockers drop requests to "analytics" or "collect". */
export const COUNT_PATH = '/api/seen';

/**
 * The dimensions of a day's summary (`analytics_daily.dimension`): `total` has one value (''), the others
 * one per page, referrer, browser … Visitors of a range are the sum of each day's visitors: a visitor's
 * hash changes every day by design, so nobody is recognised across days.
 */
export const DIMENSIONS = [
  'total',
  'page',
  'entry',
  'referrer',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'device',
  'browser',
  'country',
  'post',
  'post-read',
  'search',
  'search-empty',
  'goal-subscription',
  'goal-subscription-referrer',
  'goal-contact',
  'goal-contact-referrer',
  'post-subscription',
] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/** The dashboard's tables, each a dimension's top values over the range (CSV export names them too). */
export const REPORT_TABLES = {
  pages: 'page',
  entries: 'entry',
  referrers: 'referrer',
  sources: 'utm_source',
  mediums: 'utm_medium',
  campaigns: 'utm_campaign',
  devices: 'device',
  browsers: 'browser',
  countries: 'country',
  searches: 'search',
  emptySearches: 'search-empty',
  subscriptionPages: 'goal-subscription',
  subscriptionReferrers: 'goal-subscription-referrer',
  contactPages: 'goal-contact',
  contactReferrers: 'goal-contact-referrer',
} as const satisfies Record<string, Dimension>;
export type ReportTable = keyof typeof REPORT_TABLES;

/** Raw events older than this are deleted (the summaries stay). */
export const RAW_EVENT_DAYS = 30;
/** The longest range the dashboard sums (about 3 years). */
export const MAX_RANGE_DAYS = 1100;
/** Rows of a dashboard table (the CSV export has them all). */
export const TABLE_ROWS = 10;
/** "Now": visitors whose last event is this recent. */
export const NOW_MINUTES = 30;

/** How long daily summaries are kept: months, or 0 for good (the default). */
export const RETENTION_CHOICES = [0, 12, 24, 36, 60] as const;

export interface AnalyticsSettings {
  /** Count visits at all (the script is still on pages, and sends nothing, when off). */
  counting: boolean;
  /** Leave out visits whose browser sends the Global Privacy Control signal (`Sec-GPC: 1`). */
  honourGpc: boolean;
  /** Months of daily summaries kept; 0: for good. */
  retentionMonths: (typeof RETENTION_CHOICES)[number];
}

export const DEFAULT_ANALYTICS_SETTINGS: AnalyticsSettings = { counting: true, honourGpc: false, retentionMonths: 0 };

/**
 * The first day whose summaries a retention of `months` keeps on `today` (null: kept for good): the retention
 * job deletes the days before it, and the dashboard counts none of them.
 */
export function firstKeptDay(today: string, months: AnalyticsSettings['retentionMonths']): string | null {
  return months > 0 ? addDays(today, -Math.round(months * 30.44)) : null;
}

/**
 * What a request's headers say about counting it: the browser string, Global Privacy Control, and whether
 * it is a prefetch or prerender nobody may look at. Read the same by the counting endpoint and the pages
 * (the search page counts searches).
 */
export function visitSignals(header: (name: string) => string | null | undefined) {
  const purpose = `${header('sec-purpose') ?? ''} ${header('purpose') ?? ''}`.toLowerCase();
  return {
    userAgent: header('user-agent') ?? undefined,
    gpc: header('sec-gpc')?.trim() === '1',
    prefetch: /prefetch|prerender/.test(purpose),
  };
}
