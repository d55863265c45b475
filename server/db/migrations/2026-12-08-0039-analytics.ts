import type { Kysely } from 'kysely';

/**
 * Cookieless analytics (docs/product.md#analytics, docs/decisions/0040-analytics.md).
 * - `analytics_salts`: one random secret a day (the site's time zone); a visitor is a hash of it with the
 *   address and browser string, so the day's salt is stored (every process, and a restarted one, counts a
 *   visitor once) and deleted after two days (yesterday's hashes can then never be matched again).
 * - `analytics_events`: raw page views, read-throughs and site searches, kept 30 days; no address, no
 *   browser string, only what the dashboard shows. No primary key: rows are only added in batches, read
 *   by day or time, and removed by day.
 * - `analytics_daily`: one row per day, dimension (page, referrer, browser …) and value, with that day's
 *   visitors and views; kept for good (or as long as the retention setting says). The dashboard reads these.
 * - `analytics_goals`: a subscription or a contact message with the page and referrer that led to it; a
 *   subscription counts once confirmed (`done_at`).
 * Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('analytics_salts')
    .addColumn('day', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('salt', 'varchar(64)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('analytics_events')
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('visitor', 'varchar(16)', (c) => c.notNull())
    .addColumn('path', 'varchar(500)', (c) => c.notNull())
    .addColumn('post_id', 'varchar(36)')
    .addColumn('referrer', 'varchar(255)')
    .addColumn('utm_source', 'varchar(100)')
    .addColumn('utm_medium', 'varchar(100)')
    .addColumn('utm_campaign', 'varchar(100)')
    .addColumn('device', 'varchar(16)', (c) => c.notNull())
    .addColumn('browser', 'varchar(40)', (c) => c.notNull())
    .addColumn('country', 'varchar(2)')
    .addColumn('detail', 'varchar(200)')
    .execute();
  await db.schema.createIndex('analytics_events_day_idx').on('analytics_events').columns(['day', 'kind']).execute();
  await db.schema.createIndex('analytics_events_at_idx').on('analytics_events').columns(['at']).execute();
  // A goal's referrer: the first view of one visitor on one day.
  await db.schema
    .createIndex('analytics_events_visitor_idx')
    .on('analytics_events')
    .columns(['day', 'visitor', 'at'])
    .execute();
  await db.schema
    .createTable('analytics_daily')
    .addColumn('dimension', 'varchar(40)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('value', 'varchar(500)', (c) => c.notNull())
    .addColumn('visitors', 'integer', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_daily_pk', ['dimension', 'day', 'value'])
    .execute();
  // The dashboard sums a dimension's rows over a range of days: with the figures in the index, SQLite
  // reads the index alone, and PostgreSQL can scan it index-only, instead of a table row per summary row
  // (npm run bench:analytics: a 90-day referrer table over 205,000 summary rows, 92 → 68 ms on SQLite).
  await db.schema
    .createIndex('analytics_daily_sums_idx')
    .on('analytics_daily')
    .columns(['dimension', 'day', 'value', 'visitors', 'views'])
    .execute();
  await db.schema
    .createTable('analytics_goals')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('subject_id', 'varchar(36)')
    .addColumn('path', 'varchar(500)', (c) => c.notNull())
    .addColumn('post_id', 'varchar(36)')
    .addColumn('referrer', 'varchar(255)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('done_at', 'varchar(32)')
    .addColumn('done_day', 'varchar(10)')
    .execute();
  await db.schema
    .createIndex('analytics_goals_subject_idx')
    .on('analytics_goals')
    .columns(['kind', 'subject_id'])
    .execute();
  await db.schema.createIndex('analytics_goals_done_idx').on('analytics_goals').columns(['done_day']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('analytics_goals').execute();
  await db.schema.dropTable('analytics_daily').execute();
  await db.schema.dropTable('analytics_events').execute();
  await db.schema.dropTable('analytics_salts').execute();
}
