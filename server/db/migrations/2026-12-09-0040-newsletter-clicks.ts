import type { Kysely } from 'kysely';

/**
 * Counting clicks on a newsletter's links (docs/product.md#newsletters, issue 28): off unless the editor
 * turns it on for the post's newsletter (`newsletter_messages.count_clicks`), and kept with the campaign it
 * was sent with (`campaigns.count_clicks`). Each link of such a campaign is a row of `newsletter_links`: its
 * id is the random token of its `/r/<token>` address, `url` the address it leads to, `clicks` the count
 * (per link, never per reader: no subscriber is named here). Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('newsletter_messages')
    .addColumn('count_clicks', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('campaigns')
    .addColumn('count_clicks', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('newsletter_links')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('campaign_id', 'varchar(36)', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    // At most 2,000 characters (longer links are left as they are), so the unique index below holds it.
    .addColumn('url', 'varchar(2000)', (c) => c.notNull())
    // Where it first appears in the e-mail: the report lists links in this order when their counts tie.
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('clicks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('newsletter_links_campaign_url_idx')
    .on('newsletter_links')
    .columns(['campaign_id', 'url'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('newsletter_links').execute();
  await db.schema.alterTable('campaigns').dropColumn('count_clicks').execute();
  await db.schema.alterTable('newsletter_messages').dropColumn('count_clicks').execute();
}
