import { z } from '#shared/schemas/zod.ts';
import { ANALYTICS_MESSAGES } from '#shared/messages.ts';
import {
  COUNT_PATH,
  COUNT_PIXEL,
  EVENT_KINDS,
  RETENTION_CHOICES,
  REPORT_TABLES,
  type ReportTable,
} from '#shared/analytics.ts';
import { endpoint, idParams } from './endpoint';

/**
 * Cookieless analytics (docs/product.md#analytics, docs/api.md#analytics): the counting endpoint the
 * pages' script calls, the dashboard's report and its CSV, a post's figures and the settings.
 */

/** What the counting script sends (as text/plain JSON: `navigator.sendBeacon` sends a string so). */
export const countEventBody = z.object({
  k: z.enum(EVENT_KINDS, ANALYTICS_MESSAGES.badEvent),
  p: z
    .string(ANALYTICS_MESSAGES.badEvent)
    .check(z.minLength(1, ANALYTICS_MESSAGES.badEvent), z.maxLength(2000, ANALYTICS_MESSAGES.badEvent)),
  // Cut, not refused: a referrer's host is all that is kept.
  r: z.optional(z.nullable(z.string(ANALYTICS_MESSAGES.badEvent))),
});

/** Counts a page view or a read-through (public; 204 whether or not it was counted: see docs/api.md). */
export const countEvent = endpoint({
  method: 'POST',
  path: COUNT_PATH.replace(/^\/api/, ''),
  access: 'public',
  body: countEventBody,
  data: z.null(),
});

/**
 * Counts a view of a page sent without scripts (public): the page is the request's Referer. Always the
 * same 1×1 GIF, never stored by a cache.
 */
export const countPixel = endpoint({
  method: 'GET',
  path: COUNT_PIXEL.replace(/^\/api/, ''),
  access: 'public',
  data: z.string(),
  file: { contentType: 'image/gif' },
});

const day = z
  .string(ANALYTICS_MESSAGES.rangeInvalid)
  .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, ANALYTICS_MESSAGES.rangeInvalid));
export const rangeQuery = z.object({ from: day, to: day });
export type RangeQuery = z.infer<typeof rangeQuery>;

export const rowSchema = z.object({
  value: z.string(),
  label: z.optional(z.string()),
  visitors: z.number(),
  views: z.number(),
});
export type ReportRow = z.infer<typeof rowSchema>;

const postRow = z.object({
  postId: z.string(),
  title: z.string(),
  visitors: z.number(),
  views: z.number(),
  /** Visitors who reached the end of the post. */
  reads: z.number(),
  subscriptions: z.number(),
});
export type PostRow = z.infer<typeof postRow>;

const tables = z.object(
  Object.fromEntries(Object.keys(REPORT_TABLES).map((key) => [key, z.array(rowSchema)])) as Record<
    ReportTable,
    z.ZodMiniArray<typeof rowSchema>
  >,
);

export const reportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Null for an Author: they see their own posts only. */
  site: z.nullable(
    z.object({
      visitors: z.number(),
      views: z.number(),
      subscriptions: z.number(),
      messages: z.number(),
      /** One point a day, every day of the range. */
      series: z.array(z.object({ day: z.string(), visitors: z.number(), views: z.number() })),
      tables,
      /** Visitors in the last 30 minutes. */
      now: z.number(),
      /** Whether a GeoIP file is configured (GEOIP_DATABASE): countries are shown only then. */
      countries: z.boolean(),
    }),
  ),
  posts: z.array(postRow),
  /** When the summaries were last brought up to date (null: never). */
  summarizedAt: z.nullable(z.string()),
});
export type AnalyticsReport = z.infer<typeof reportSchema>;

/** The dashboard: the site's figures over the range (Owners, Administrators, Editors), posts' (Authors: their own). */
export const getAnalytics = endpoint({
  method: 'GET',
  path: '/admin/analytics',
  access: 'admin',
  allow: 'analytics',
  query: rangeQuery,
  data: reportSchema,
});

/** One table of the dashboard, every row, as CSV (`value,visitors,views`; posts: `post,title,…`). */
export const exportAnalytics = endpoint({
  method: 'GET',
  path: '/admin/analytics/export.csv',
  access: 'admin',
  allow: 'analytics',
  query: z.extend(rangeQuery, { table: z.enum([...(Object.keys(REPORT_TABLES) as ReportTable[]), 'posts', 'days']) }),
  data: z.string(),
  file: { contentType: 'text/csv; charset=utf-8' },
});

export const postStatsSchema = z.object({
  visitors: z.number(),
  views: z.number(),
  reads: z.number(),
  subscriptions: z.number(),
  /** The last 30 days, one point a day. */
  series: z.array(z.object({ day: z.string(), visitors: z.number(), views: z.number() })),
});
export type PostStats = z.infer<typeof postStatsSchema>;

/** A post's figures for the editor's stats panel (all time, and its last 30 days). */
export const postAnalytics = endpoint({
  method: 'GET',
  path: '/admin/analytics/posts/:id',
  access: 'admin',
  allow: 'analytics',
  params: idParams,
  data: postStatsSchema,
});

export const settingsSchema = z.object({
  counting: z.boolean(),
  honourGpc: z.boolean(),
  retentionMonths: z.number(),
});

export const getAnalyticsSettings = endpoint({
  method: 'GET',
  path: '/admin/analytics/settings',
  access: 'admin',
  allow: 'analytics',
  data: settingsSchema,
});

export const saveAnalyticsSettings = endpoint({
  method: 'POST',
  path: '/admin/analytics/settings',
  access: 'admin',
  allow: 'settings',
  body: z.object({
    counting: z.boolean(),
    honourGpc: z.boolean(),
    retentionMonths: z
      .number(ANALYTICS_MESSAGES.retentionInvalid)
      .check(
        z.refine((n) => (RETENTION_CHOICES as readonly number[]).includes(n), ANALYTICS_MESSAGES.retentionInvalid),
      ),
  }),
  data: settingsSchema,
});
