import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { ActivityLogTable } from '#server/db/schema.ts';
import type { Cursor } from '#server/lib/cursor.ts';

/** All SQL of the activity log (docs/decisions/0019-activity-log.md). Rows are only ever added, or pruned. */

export type ActivityRow = Omit<ActivityLogTable, 'detail' | 'ip_prefix' | 'count'> & {
  detail: string;
  ip_prefix: string;
  count: number;
};
export type NewActivityRow = Omit<ActivityRow, 'count'>;

export async function insertActivity(db: Db, row: NewActivityRow): Promise<void> {
  await db.insertInto('activity_log').values(row).execute();
}

/**
 * A row that folds repeats: the first of its `fold_key` is inserted, each further one only adds to its count
 * and moves its `last_at` (the only columns the append-only trigger lets change, and the count only up).
 */
export async function foldActivity(db: Db, row: NewActivityRow & { fold_key: string }): Promise<void> {
  await db
    .insertInto('activity_log')
    .values(row)
    .onConflict((oc) =>
      oc.column('fold_key').doUpdateSet({
        count: sql`activity_log.count + 1`,
        last_at: (eb) => eb.ref('excluded.last_at'),
      }),
    )
    .execute();
}

/** Adds one to the count of the folded row of `foldKey`, if there is one; answers whether there was. */
export async function bumpFolded(db: Db, foldKey: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('activity_log')
    .set({ count: sql`count + 1`, last_at: at })
    .where('fold_key', '=', foldKey)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** How many rows of an action began at or after `since` (the fold's cap per minute). */
export async function countSince(db: Db, action: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('activity_log')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('action', '=', action)
    .where('at', '>=', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export interface ActivityFilter {
  /** Rows this person did or that were about them (a failed sign-in to their account). */
  person?: string;
  action?: string;
  /** ISO instants: from inclusive, to exclusive. */
  from?: string;
  to?: string;
}

/** Newest first by (at, id), after `after` when given; each filter has its index (at, id last). */
export async function listActivity(
  db: Db,
  filter: ActivityFilter,
  page: { limit: number; after?: Cursor },
): Promise<ActivityRow[]> {
  let query = db.selectFrom('activity_log').selectAll();
  const { person } = filter;
  if (person) {
    query = query.where((eb) =>
      eb.or([eb('actor_id', '=', person), eb.and([eb('target_id', '=', person), eb('target_type', '=', 'person')])]),
    );
  }
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.from) query = query.where('at', '>=', filter.from);
  if (filter.to) query = query.where('at', '<', filter.to);
  const { after } = page;
  if (after) {
    query = query.where((eb) =>
      eb.or([eb('at', '<', after.key), eb.and([eb('at', '=', after.key), eb('id', '<', after.id)])]),
    );
  }
  return (await query.orderBy('at', 'desc').orderBy('id', 'desc').limit(page.limit).execute()) as ActivityRow[];
}

/** The retention job: rows older than `before` go, a batch at a time so no statement runs long. */
export async function deleteActivityBefore(db: Db, before: string, batch = 5_000): Promise<number> {
  let deleted = 0;
  for (;;) {
    const ids = db.selectFrom('activity_log').select('id').where('at', '<', before).limit(batch);
    const result = await db.deleteFrom('activity_log').where('id', 'in', ids).executeTakeFirst();
    const n = Number(result.numDeletedRows);
    deleted += n;
    if (n < batch) return deleted;
  }
}
