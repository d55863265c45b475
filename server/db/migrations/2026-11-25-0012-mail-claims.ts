import type { Kysely } from 'kysely';

/**
 * Outgoing mail (docs/product.md#outgoing-mail): who holds a claim on a message (`claimed_by`, so a
 * restarted process can release the claims of the process it replaces at once) and when the outbox stops
 * retrying it (`give_up_at`; null means three days after `created_at`). Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('claimed_by', 'varchar(120)').execute();
  await db.schema.alterTable('mail_outbox').addColumn('give_up_at', 'varchar(32)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('give_up_at').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('claimed_by').execute();
}
