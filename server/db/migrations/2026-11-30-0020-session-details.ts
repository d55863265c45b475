import type { Kysely } from 'kysely';

/**
 * Sessions a person can see and end (docs/product.md#sessions): how each began (password, a second
 * factor, a passkey, an invitation), the browser that holds it and the address prefix it came from, when
 * it was last used, and when its holder last proved who they are (re-authentication before sensitive
 * changes). Sessions made before this have none of it; they show as "unknown". Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('method', 'varchar(24)', (c) => c.notNull().defaultTo('password'))
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('user_agent', 'varchar(400)', (c) => c.notNull().defaultTo(''))
    .execute();
  // Never a whole address: an IPv4 /24 or an IPv6 /48, enough to tell "the office" from "abroad".
  await db.schema
    .alterTable('sessions')
    .addColumn('ip_prefix', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('sessions').addColumn('last_seen_at', 'varchar(32)').execute();
  await db.schema.alterTable('sessions').addColumn('reauth_at', 'varchar(32)').execute();
  await db.schema.createIndex('sessions_user_live_idx').on('sessions').columns(['user_id', 'revoked_at']).execute();
}
