import { sql, type Kysely } from 'kysely';

/**
 * Publishing on purpose (docs/product.md#blog-posts): a post is a draft, scheduled or published; it can
 * have its own URL segment, search-engine fields and a revocable preview link; a newsletter campaign
 * per post is fanned out into the outbox by the mail worker. Existing posts are published, as they were.
 * Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('blog_posts')
    .addColumn('status', 'varchar(12)', (c) => c.notNull().defaultTo('published'))
    .execute();
  for (const column of ['publish_at', 'published_at', 'preview_token']) {
    await db.schema.alterTable('blog_posts').addColumn(column, 'varchar(64)').execute();
  }
  for (const column of ['custom_slug', 'meta_title', 'meta_description', 'social_image']) {
    await db.schema
      .alterTable('blog_posts')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  }
  // For a scheduled post: whether publishing it e-mails the subscribers.
  await db.schema
    .alterTable('blog_posts')
    .addColumn('newsletter', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE blog_posts SET published_at = created_at`.execute(db);
  await db.schema
    .createIndex('blog_posts_status_published_idx')
    .on('blog_posts')
    .columns(['status', 'published_at'])
    .execute();
  await db.schema.createIndex('blog_posts_due_idx').on('blog_posts').columns(['status', 'publish_at']).execute();
  await db.schema.createIndex('blog_posts_preview_idx').on('blog_posts').column('preview_token').unique().execute();

  await db.schema
    .createTable('campaigns')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    // One campaign per post: a post is e-mailed at most once, whatever is retried or clicked twice.
    .addColumn('post_id', 'varchar(36)', (c) => c.notNull().unique().references('blog_posts.id').onDelete('cascade'))
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    // Subscribers are fanned out in id order; the last one done, so a crash resumes where it stopped.
    .addColumn('cursor', 'varchar(36)')
    .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('campaigns_status_idx').on('campaigns').column('status').execute();

  await db.schema.alterTable('mail_outbox').addColumn('campaign_id', 'varchar(36)').execute();
  // `campaign:subscriber`: a subscriber gets one row per campaign, however often a chunk is fanned out.
  await db.schema.alterTable('mail_outbox').addColumn('dedupe_key', 'varchar(80)').execute();
  await db.schema
    .createIndex('mail_outbox_campaign_idx')
    .on('mail_outbox')
    .columns(['campaign_id', 'status'])
    .execute();
  await db.schema.createIndex('mail_outbox_dedupe_idx').on('mail_outbox').column('dedupe_key').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_dedupe_idx').execute();
  await db.schema.dropIndex('mail_outbox_campaign_idx').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('dedupe_key').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('campaign_id').execute();
  await db.schema.dropTable('campaigns').execute();
  for (const index of ['blog_posts_preview_idx', 'blog_posts_due_idx', 'blog_posts_status_published_idx']) {
    await db.schema.dropIndex(index).execute();
  }
  for (const column of [
    'newsletter',
    'social_image',
    'meta_description',
    'meta_title',
    'custom_slug',
    'preview_token',
    'published_at',
    'publish_at',
    'status',
  ]) {
    await db.schema.alterTable('blog_posts').dropColumn(column).execute();
  }
}
