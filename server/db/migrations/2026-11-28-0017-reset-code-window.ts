import type { Kysely } from 'kysely';

/**
 * How many reset codes an account was sent in its current window (server/modules/auth/reset-repository.ts,
 * `issueResetCode`): requests from many addresses cannot flood the owner's inbox or keep replacing the
 * code the owner was just sent. Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('password_resets').addColumn('window_started_at', 'varchar(32)').execute();
  await db.schema
    .alterTable('password_resets')
    .addColumn('codes_in_window', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('password_resets').dropColumn('codes_in_window').execute();
  await db.schema.alterTable('password_resets').dropColumn('window_started_at').execute();
}
