import type { ActivityAction, ActivityDetail, ActivityTargetType } from '#shared/activity.ts';
import type { ActivityItem } from '#shared/api/activity.ts';
import { ACTIVITY_MESSAGES } from '#shared/messages.ts';
import type { Db } from '#server/db/database.ts';
import { InvalidInputError } from '#server/errors.ts';
import { newSortableId } from '#server/db/database.ts';
import { decodeCursor, keysetPage, type Cursor } from '#server/lib/cursor.ts';
import {
  bumpFolded,
  countSince,
  deleteActivityBefore,
  foldActivity,
  insertActivity,
  listActivity,
  type ActivityFilter,
  type ActivityRow,
} from './repository';

/**
 * The activity log (docs/product.md#activity-log, docs/decisions/0019-activity-log.md). Other modules
 * record their events with `record(trx, entry)` inside the transaction of the change, so a change that
 * rolls back leaves no row; this module reads no other module's tables and imports none.
 */

export interface ActivityActor {
  /** Null for the system (the scheduler, the trash's purge). */
  id: string | null;
  /** The name as it is now: the row keeps it after the account is renamed or deleted. */
  name: string;
  /** The client's address when `address` is not given (what the admin routes' actor carries). */
  address?: string;
}

export interface ActivityEntry {
  action: ActivityAction;
  /** Who did it; none for something nobody signed in did (a failed sign-in, a reset request). */
  actor?: ActivityActor | null;
  /** What it was done to: a label as it is now (a post's title, a person's e-mail). */
  target?: { type: ActivityTargetType; id?: string | null; label: string } | null;
  /** Non-secret facts: names of settings changed, a sign-in's method; never a password, code or key. */
  detail?: ActivityDetail;
  /** The client's address as the route sees it (`clientInfoOf(request).address`): only its prefix is kept. */
  address?: string;
}

export type ActivityQuery = ActivityFilter & { limit: number; cursor?: string };

/** Failed sign-ins of distinct e-mails kept as rows of their own in one minute; the rest share one row. */
export const FAILED_SIGN_IN_ROWS_PER_MINUTE = 20;
/** Rows per query of the CSV export. */
const EXPORT_BATCH = 500;
const DAY_MS = 24 * 3600_000;

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** At most 20 facts, names and texts bounded: a caller's mistake cannot fill a row. */
function boundedDetail(detail: ActivityDetail | undefined): string {
  const kept: ActivityDetail = {};
  for (const [key, value] of Object.entries(detail ?? {}).slice(0, 20)) {
    kept[cut(key, 60)] = typeof value === 'string' ? cut(value, 300) : value;
  }
  return JSON.stringify(kept);
}

function toItem(row: ActivityRow): ActivityItem {
  let detail: ActivityDetail = {};
  try {
    detail = JSON.parse(row.detail) as ActivityDetail;
  } catch {
    // Written by boundedDetail only; an unreadable one shows as no facts rather than failing the page.
  }
  return {
    _id: row.id,
    at: row.at,
    lastAt: row.last_at,
    count: row.count,
    action: row.action as ActivityAction,
    actor: row.actor_name === null ? null : { _id: row.actor_id, name: row.actor_name },
    target:
      row.target_type === null ? null : { type: row.target_type, _id: row.target_id, label: row.target_label ?? '' },
    detail,
    address: row.ip_prefix,
  };
}

const cursorOf = (row: ActivityRow): Cursor => ({ key: row.at, id: row.id });

/** Instants as the rows store them (UTC, `Z`), so that text comparison is time comparison; a range that ends before it starts is a 400. */
function checkedFilter(filter: ActivityFilter): ActivityFilter {
  const utc = (text: string | undefined) => (text ? new Date(text).toISOString() : undefined);
  const from = utc(filter.from);
  const to = utc(filter.to);
  if (from && to && to <= from) throw new InvalidInputError(ACTIVITY_MESSAGES.badRange, 'to');
  return { person: filter.person, action: filter.action, from, to };
}

export function createActivity(deps: {
  db: Db;
  /** server/modules/auth/sign-in-context.ts addressPrefix, given by server/services.ts. */
  addressPrefix: (address: string) => string;
  /** ACTIVITY_RETENTION_DAYS (config): rows older than this are pruned by the periodic job. */
  retentionDays: number;
}) {
  const { db } = deps;

  function rowOf(entry: ActivityEntry, at: string) {
    const address = entry.address ?? entry.actor?.address;
    return {
      id: newSortableId(),
      at,
      last_at: at,
      action: entry.action,
      actor_id: entry.actor?.id ?? null,
      actor_name: entry.actor ? cut(entry.actor.name, 200) : null,
      target_type: entry.target?.type ?? null,
      target_id: entry.target?.id ?? null,
      target_label: entry.target ? cut(entry.target.label, 300) : null,
      detail: boundedDetail(entry.detail),
      ip_prefix: address ? deps.addressPrefix(address) : '',
      fold_key: null,
    };
  }

  return {
    retentionDays: deps.retentionDays,

    /**
     * Adds one entry inside `trx`, the transaction of the change it records (on SQLite the one
     * connection is held by it, so the entry must be written through it).
     */
    async record(trx: Db, entry: ActivityEntry): Promise<void> {
      await insertActivity(trx, rowOf(entry, new Date().toISOString()));
    },

    /**
     * A failed sign-in (a wrong password, an unknown e-mail, a suspended account), naming the e-mail typed.
     * Repeats of one e-mail within a clock minute are one row with a count; past
     * FAILED_SIGN_IN_ROWS_PER_MINUTE distinct e-mails in a minute, the rest of that minute is one row
     * without an e-mail. A flood costs at most 21 rows a minute, whatever it sends from however many addresses.
     */
    async failedSignIn(
      trx: Db,
      attempt: { email: string; userId?: string | null; reason: string; address?: string; action?: ActivityAction },
    ): Promise<void> {
      const now = new Date();
      const at = now.toISOString();
      const minute = at.slice(0, 16);
      const action = attempt.action ?? 'sign-in.failed';
      const email = cut(attempt.email.trim().toLowerCase(), 254);
      const key = (who: string) => `${action}|${minute}|${who}`;
      // A repeat of an e-mail that has its row this minute adds to it, however crowded the minute is.
      if (await bumpFolded(trx, key(email), at)) return;
      const crowded = (await countSince(trx, action, `${minute}:00.000Z`)) >= FAILED_SIGN_IN_ROWS_PER_MINUTE;
      const row = rowOf(
        crowded
          ? { action, detail: { reason: 'many' }, address: attempt.address }
          : {
              action,
              target: { type: 'person', id: attempt.userId ?? null, label: email },
              detail: { reason: attempt.reason },
              address: attempt.address,
            },
        at,
      );
      await foldActivity(trx, { ...row, fold_key: key(crowded ? '*' : email) });
    },

    /** A page of the log, newest first, filtered; `cursor` is the `next` of the page before. */
    async list(query: ActivityQuery) {
      const after = query.cursor ? decodeCursor(query.cursor) : undefined;
      const rows = await listActivity(db, checkedFilter(query), { limit: query.limit + 1, after });
      const { rows: shown, meta } = keysetPage(rows, query.limit, cursorOf);
      return { items: shown.map(toItem), meta };
    },

    /** Every entry the filter selects, newest first, a batch at a time (the CSV export). */
    async *all(filter: ActivityFilter, batch = EXPORT_BATCH): AsyncGenerator<ActivityItem[]> {
      filter = checkedFilter(filter);
      let after: Cursor | undefined;
      for (;;) {
        const rows = await listActivity(db, filter, { limit: batch, after });
        if (rows.length) yield rows.map(toItem);
        if (rows.length < batch) return;
        after = cursorOf(rows.at(-1)!);
      }
    },

    /** The retention job: entries older than the retention go; answers how many. */
    prune(nowMs = Date.now()): Promise<number> {
      return deleteActivityBefore(db, new Date(nowMs - deps.retentionDays * DAY_MS).toISOString());
    },
  };
}
export type ActivityService = ReturnType<typeof createActivity>;
/** What other modules are given (server/services.ts): recording only. */
export type ActivityRecorder = Pick<ActivityService, 'record' | 'failedSignIn'>;
