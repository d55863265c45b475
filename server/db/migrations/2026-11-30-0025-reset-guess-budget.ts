import type { Kysely } from 'kysely';

/**
 * A budget of wrong reset-code guesses per account and day, across all addresses and codes
 * (server/modules/auth/reset-repository.ts): how many were made on which day, and the one code a day an
 * account may still be sent to an address it signed in from once the budget is spent (its address prefix,
 * which the guesses at that code must come from too). Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('password_resets')
    .addColumn('day_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('password_resets').addColumn('failure_day', 'varchar(10)').execute();
  await db.schema.alterTable('password_resets').addColumn('own_prefix', 'varchar(64)').execute();
  await db.schema.alterTable('password_resets').addColumn('own_day', 'varchar(10)').execute();
}
