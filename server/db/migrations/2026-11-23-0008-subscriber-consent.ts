import type { Kysely } from 'kysely';

/**
 * Where an address added by the administrator (by hand or from a CSV file) gave its consent, e.g.
 * "Webinar sign-up sheet, March 2026". Blog sign-ups keep their post in `blog_id`. Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscribers').addColumn('consent_source', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscribers').dropColumn('consent_source').execute();
}
