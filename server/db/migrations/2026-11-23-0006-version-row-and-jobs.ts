import { sql, type Kysely } from 'kysely';

/**
 * The content version row exists from the start, so a bump is one UPDATE (server/modules/site-meta), and
 * periodic jobs (pruning sessions, …) record their last run so that one process runs each of them per
 * period however many are started (server/modules/jobs). Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO site_meta (key, value) SELECT 'content_version', '0'
            WHERE NOT EXISTS (SELECT 1 FROM site_meta WHERE key = 'content_version')`.execute(db);

  await db.schema
    .createTable('job_runs')
    .addColumn('name', 'varchar(60)', (c) => c.primaryKey())
    .addColumn('last_run_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_runs').ifExists().execute();
}
