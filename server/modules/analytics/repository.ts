import { sql, type Insertable, type OnConflictBuilder } from 'kysely';
import type { Dimension } from '#shared/analytics.ts';
import type { Db } from '#server/db/database.ts';
import type { AnalyticsEventTable, Database } from '#server/db/schema.ts';

export type EventRow = Insertable<AnalyticsEventTable>;

/** Rows a statement: 15 columns × 500 stays under SQLite's 32,766 parameters and keeps PostgreSQL's packets small. */
const ROWS_PER_INSERT = 500;

// ---------------------------------------------------------------------------------------------- salts

export async function readSalt(db: Db, day: string): Promise<string | undefined> {
  const row = await db.selectFrom('analytics_salts').select('salt').where('day', '=', day).executeTakeFirst();
  return row?.salt;
}

/** The first process to ask for a day's salt makes it; every other keeps the one stored. */
export async function insertSaltIfNew(db: Db, day: string, salt: string): Promise<void> {
  await db
    .insertInto('analytics_salts')
    .values({ day, salt })
    .onConflict((oc) => oc.column('day').doNothing())
    .execute();
}

export async function deleteSaltsBefore(db: Db, day: string): Promise<void> {
  await db.deleteFrom('analytics_salts').where('day', '<', day).execute();
}

// --------------------------------------------------------------------------------------------- events

/**
 * One batch, in one transaction. SQLite's statements run on the event loop (better-sqlite3 is synchronous):
 * the loop gets a turn between statements, so a batch of a busy site (20,000 events after 2 s at 10,000 a
 * second) never stalls the requests that need no database (beacons, cached pages) for its whole write.
 * Requests that do query the database still wait for the transaction, as for any other write on SQLite.
 */
export async function insertEvents(db: Db, rows: readonly EventRow[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
      if (i > 0) await new Promise((resolve) => setImmediate(resolve));
      await trx
        .insertInto('analytics_events')
        .values(rows.slice(i, i + ROWS_PER_INSERT))
        .execute();
    }
  });
}

export async function deleteEventsBefore(db: Db, day: string): Promise<void> {
  await db.deleteFrom('analytics_events').where('day', '<', day).execute();
}

/** Distinct visitors with an event since `at` ("now" on the dashboard). */
export async function visitorsSince(db: Db, at: string): Promise<number> {
  const row = await db
    .selectFrom('analytics_events')
    .select(sql<number | string>`count(distinct visitor)`.as('n'))
    .where('at', '>=', at)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The referrer of a visitor's first view of the day (what led them here), if any view was counted. */
export async function entryReferrerOf(db: Db, day: string, visitor: string): Promise<string | null | undefined> {
  const row = await db
    .selectFrom('analytics_events')
    .select('referrer')
    .where('day', '=', day)
    .where('kind', '=', 'view')
    .where('visitor', '=', visitor)
    .orderBy('at')
    .limit(1)
    .executeTakeFirst();
  return row ? row.referrer : undefined;
}

// ---------------------------------------------------------------------------------------------- goals

interface Goal {
  id: string;
  kind: 'subscription' | 'contact';
  subjectId: string | null;
  path: string;
  postId: string | null;
  referrer: string | null;
  at: string;
  doneDay: string | null;
}

/** A subscriber's goal waiting for their confirmation, in place of any earlier one still waiting. */
export async function replaceWaitingSubscription(db: Db, goal: Goal): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('analytics_goals')
      .where('kind', '=', 'subscription')
      .where('subject_id', '=', goal.subjectId)
      .where('done_at', 'is', null)
      .execute();
    await insertGoal(trx, goal);
  });
}

export async function insertGoal(db: Db, goal: Goal): Promise<void> {
  await db
    .insertInto('analytics_goals')
    .values({
      id: goal.id,
      kind: goal.kind,
      subject_id: goal.subjectId,
      path: goal.path,
      post_id: goal.postId,
      referrer: goal.referrer,
      created_at: goal.at,
      done_at: goal.doneDay ? goal.at : null,
      done_day: goal.doneDay,
    })
    .execute();
}

/** A subscription counts once confirmed: its first confirmation marks it (a second changes nothing). */
export async function markSubscriptionDone(db: Db, subscriberId: string, at: string, day: string): Promise<void> {
  await db
    .updateTable('analytics_goals')
    .set({ done_at: at, done_day: day })
    .where('kind', '=', 'subscription')
    .where('subject_id', '=', subscriberId)
    .where('done_at', 'is', null)
    .execute();
}

export async function deleteGoalsBefore(db: Db, at: string): Promise<void> {
  await db.deleteFrom('analytics_goals').where('created_at', '<', at).execute();
}

// ------------------------------------------------------------------------------------------ summaries

/** What a dimension counts: which events (or goals) and which of their columns is the value. */
interface EventDimension {
  from: 'events';
  kinds: readonly string[];
  /** A column, or '' for the total. */
  column:
    | 'path'
    | 'referrer'
    | 'utm_source'
    | 'utm_medium'
    | 'utm_campaign'
    | 'device'
    | 'browser'
    | 'country'
    | 'post_id'
    | 'detail'
    | '';
  /** Rows whose value is null are left out (a view without a campaign is in no campaign). */
  nullable?: 'skip' | 'empty';
}
interface GoalDimension {
  from: 'goals';
  kind: 'subscription' | 'contact';
  column: 'path' | 'referrer' | 'post_id';
  nullable?: 'skip' | 'empty';
}

/** Every dimension of shared/analytics.ts but `entry` (the first view of each visitor: its own query). */
export const SUMMED: Record<Exclude<Dimension, 'entry'>, EventDimension | GoalDimension> = {
  total: { from: 'events', kinds: ['view'], column: '' },
  page: { from: 'events', kinds: ['view'], column: 'path' },
  // No referrer: typed, bookmarked, or a browser that sends none ('' on the dashboard: "Direct or unknown").
  referrer: { from: 'events', kinds: ['view'], column: 'referrer', nullable: 'empty' },
  utm_source: { from: 'events', kinds: ['view'], column: 'utm_source', nullable: 'skip' },
  utm_medium: { from: 'events', kinds: ['view'], column: 'utm_medium', nullable: 'skip' },
  utm_campaign: { from: 'events', kinds: ['view'], column: 'utm_campaign', nullable: 'skip' },
  device: { from: 'events', kinds: ['view'], column: 'device' },
  browser: { from: 'events', kinds: ['view'], column: 'browser' },
  country: { from: 'events', kinds: ['view'], column: 'country', nullable: 'skip' },
  post: { from: 'events', kinds: ['view'], column: 'post_id', nullable: 'skip' },
  'post-read': { from: 'events', kinds: ['read'], column: 'post_id', nullable: 'skip' },
  search: { from: 'events', kinds: ['search', 'search-empty'], column: 'detail', nullable: 'skip' },
  'search-empty': { from: 'events', kinds: ['search-empty'], column: 'detail', nullable: 'skip' },
  'goal-subscription': { from: 'goals', kind: 'subscription', column: 'path' },
  'goal-subscription-referrer': { from: 'goals', kind: 'subscription', column: 'referrer', nullable: 'empty' },
  'goal-contact': { from: 'goals', kind: 'contact', column: 'path' },
  'goal-contact-referrer': { from: 'goals', kind: 'contact', column: 'referrer', nullable: 'empty' },
  'post-subscription': { from: 'goals', kind: 'subscription', column: 'post_id', nullable: 'skip' },
};

/**
 * Two runs of one day at once (a run that outlasted the job's period on one process while another started
 * the next) both write whole counts: the later simply stands.
 */
const replaceCounts = (oc: OnConflictBuilder<Database, 'analytics_daily'>) =>
  oc.columns(['dimension', 'day', 'value']).doUpdateSet((eb) => ({
    visitors: eb.ref('excluded.visitors'),
    views: eb.ref('excluded.views'),
  }));

/**
 * Makes one day's summary again from its raw events and goals, in one transaction: what the dashboard
 * reads of that day is then either the old summary or the new one, never half of each.
 */
export async function summarizeDay(db: Db, day: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('analytics_daily').where('day', '=', day).execute();
    for (const [dimension, d] of Object.entries(SUMMED)) {
      const value =
        d.column === ''
          ? sql<string>`''`
          : d.nullable === 'empty'
            ? sql<string>`coalesce(${sql.ref(d.column)}, '')`
            : sql<string>`${sql.ref(d.column)}`;
      if (d.from === 'events') {
        let select = trx
          .selectFrom('analytics_events')
          .select([
            sql.lit(dimension).as('dimension'),
            'day',
            value.as('value'),
            sql<number>`count(distinct visitor)`.as('visitors'),
            sql<number>`count(*)`.as('views'),
          ])
          .where('day', '=', day)
          .where('kind', 'in', d.kinds);
        if (d.column !== '' && d.nullable === 'skip') select = select.where(sql.ref(d.column), 'is not', null);
        await trx
          .insertInto('analytics_daily')
          .columns(['dimension', 'day', 'value', 'visitors', 'views'])
          .expression(select.groupBy(['day', ...(d.column === '' ? [] : [d.column])]))
          .onConflict(replaceCounts)
          .execute();
      } else {
        let select = trx
          .selectFrom('analytics_goals')
          .select([
            sql.lit(dimension).as('dimension'),
            sql<string>`done_day`.as('day'),
            value.as('value'),
            sql<number>`count(*)`.as('visitors'),
            sql<number>`count(*)`.as('views'),
          ])
          .where('done_day', '=', day)
          .where('kind', '=', d.kind);
        if (d.nullable === 'skip') select = select.where(sql.ref(d.column), 'is not', null);
        await trx
          .insertInto('analytics_daily')
          .columns(['dimension', 'day', 'value', 'visitors', 'views'])
          .expression(select.groupBy(['done_day', d.column]))
          .onConflict(replaceCounts)
          .execute();
      }
    }
    // Entry pages: each visitor's first view of the day.
    await sql`
      insert into analytics_daily (dimension, day, value, visitors, views)
      select 'entry', ${day}, path, count(*), count(*) from (
        select path, row_number() over (partition by visitor order by at) as n
        from analytics_events where day = ${day} and kind = 'view'
      ) firsts where n = 1 group by path
      on conflict (dimension, day, value) do update set visitors = excluded.visitors, views = excluded.views`.execute(
      trx,
    );
  });
}

/**
 * What a day's summary is made from, in a few values: how many events and goals done that day, and the
 * latest of each (a goal deleted by the retention job while another is done keeps the count, not the
 * latest). The same values as at the last summary: nothing to make again. No spaces: the summaries job
 * keeps several days' sources in one setting, separated by spaces.
 */
export async function summarySource(db: Db, day: string): Promise<string> {
  const [events, goals] = await Promise.all([
    db
      .selectFrom('analytics_events')
      .select([sql<number | string>`count(*)`.as('n'), sql<string | null>`max(at)`.as('last')])
      .where('day', '=', day)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('analytics_goals')
      .select([sql<number | string>`count(*)`.as('n'), sql<string | null>`max(done_at)`.as('last')])
      .where('done_day', '=', day)
      .executeTakeFirstOrThrow(),
  ]);
  return `${day}:${Number(events.n)}:${events.last ?? ''}:${Number(goals.n)}:${goals.last ?? ''}`;
}

export async function deleteSummariesBefore(db: Db, day: string): Promise<void> {
  await db.deleteFrom('analytics_daily').where('day', '<', day).execute();
}

// ----------------------------------------------------------------------------------------- dashboard

export interface SummedRow {
  value: string;
  visitors: number;
  views: number;
}

const toSummed = (r: {
  value: string;
  visitors: number | string | null;
  views: number | string | null;
}): SummedRow => ({
  value: r.value,
  visitors: Number(r.visitors ?? 0),
  views: Number(r.views ?? 0),
});

/** A dimension's values over days `from`…`to`, most visitors first; `limit` null: all of them. */
export async function topValues(
  db: Db,
  dimension: Dimension,
  from: string,
  to: string,
  limit: number | null,
  among?: readonly string[],
): Promise<SummedRow[]> {
  if (among && among.length === 0) return [];
  let query = db
    .selectFrom('analytics_daily')
    .select(['value', sql<number | string>`sum(visitors)`.as('visitors'), sql<number | string>`sum(views)`.as('views')])
    .where('dimension', '=', dimension)
    .where('day', '>=', from)
    .where('day', '<=', to);
  if (among) query = query.where('value', 'in', among);
  let ordered = query
    .groupBy('value')
    .orderBy(sql`sum(visitors)`, 'desc')
    .orderBy(sql`sum(views)`, 'desc')
    .orderBy('value');
  if (limit !== null) ordered = ordered.limit(limit);
  return (await ordered.execute()).map(toSummed);
}

/** The dimension's rows of each day (the chart's series: `total`). */
export async function dailyValues(db: Db, dimension: Dimension, value: string, from: string, to: string) {
  const rows = await db
    .selectFrom('analytics_daily')
    .select(['day', 'visitors', 'views'])
    .where('dimension', '=', dimension)
    .where('value', '=', value)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('day')
    .execute();
  return rows.map((r) => ({ day: r.day, visitors: Number(r.visitors), views: Number(r.views) }));
}
