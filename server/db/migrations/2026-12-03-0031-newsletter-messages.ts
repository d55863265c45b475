import type { Kysely } from 'kysely';

/**
 * A newsletter's own subject and preheader (docs/decisions/0030-newsletter-look.md): `newsletter_messages`
 * holds what the editor typed for a post not yet e-mailed (empty: the default, the title and the excerpt),
 * and a campaign keeps the subject and preheader it was sent with, copied in the publishing transaction
 * (null on campaigns made before this migration: their mails were written with the defaults).
 * Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('newsletter_messages')
    .addColumn('post_id', 'varchar(36)', (c) => c.primaryKey().references('blog_posts.id').onDelete('cascade'))
    .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('preheader', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('campaigns').addColumn('subject', 'text').execute();
  await db.schema.alterTable('campaigns').addColumn('preheader', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('campaigns').dropColumn('preheader').execute();
  await db.schema.alterTable('campaigns').dropColumn('subject').execute();
  await db.schema.dropTable('newsletter_messages').execute();
}
