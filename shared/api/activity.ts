import { z } from '#shared/schemas/zod.ts';
import { ACTIVITY_ACTIONS } from '#shared/activity.ts';
import { ACTIVITY_MESSAGES } from '#shared/messages.ts';
import { cursorPageInfoSchema, cursorQuery } from '#shared/schemas/paging.ts';
import { endpoint, idParam } from './endpoint';

/**
 * The activity log (docs/product.md#activity-log): who did what, when and from where, for the Owner and
 * Administrators. Read-only: no endpoint changes or deletes an entry (docs/decisions/0019-activity-log.md).
 */

export const activityItemSchema = z.object({
  _id: z.string(),
  at: z.string(),
  /** When the last of a folded entry's repeats happened (failed sign-ins of one e-mail in a minute). */
  lastAt: z.string(),
  count: z.number(),
  action: z.enum(ACTIVITY_ACTIONS),
  /** Who did it, by their name as it was then (null: nobody signed in, e.g. a failed sign-in). */
  actor: z.nullable(z.object({ _id: z.nullable(z.string()), name: z.string() })),
  target: z.nullable(z.object({ type: z.string(), _id: z.nullable(z.string()), label: z.string() })),
  /** Non-secret facts: the names of settings changed, a sign-in's method, a failure's reason. */
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  /** The address prefix it came from ("203.0.113.x"), or empty. */
  address: z.string(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

const instant = z.iso.datetime({ offset: true, error: ACTIVITY_MESSAGES.badDate });

/** The filters of the list and of its CSV: a person (who did it, or whom it was about), an action, a time range. */
export const activityFilters = {
  person: z.optional(idParam),
  action: z.optional(z.enum(ACTIVITY_ACTIONS, ACTIVITY_MESSAGES.badAction)),
  /** From this instant (inclusive) … */
  from: z.optional(instant),
  /** … to this one (exclusive). */
  to: z.optional(instant),
};

export const ACTIVITY_PAGE_SIZE = 50;

/** A page of the log, newest first: `limit` (default 50, at most 200) entries after `cursor`. */
export const listActivity = endpoint({
  method: 'GET',
  path: '/admin/activity',
  access: 'admin',
  allow: 'activity',
  query: z.object({ ...activityFilters, ...cursorQuery(ACTIVITY_PAGE_SIZE, 200) }),
  data: z.array(activityItemSchema),
  meta: cursorPageInfoSchema,
});

/** Every entry the filters select as CSV, newest first, streamed as it is read; the export is itself logged. */
export const exportActivity = endpoint({
  method: 'GET',
  path: '/admin/activity/export.csv',
  access: 'admin',
  allow: 'activity',
  query: z.object(activityFilters),
  data: z.string(),
  file: { contentType: 'text/csv; charset=utf-8' },
});
