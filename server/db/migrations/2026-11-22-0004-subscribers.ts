import type { Kysely } from 'kysely';

/** Blog subscribers (docs/product.md#subscriptions). Frozen once landed. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('subscribers')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('blog_id', 'varchar(36)', (c) => c.references('blog_posts.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('confirmed_at', 'varchar(32)')
    .addColumn('unsubscribed_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('subscribers_status_idx').on('subscribers').column('status').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('subscribers').ifExists().execute();
}
