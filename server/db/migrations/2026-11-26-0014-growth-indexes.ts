import type { Kysely } from 'kysely';

/**
 * Indexes for lists that grow (docs/decisions/0013-growth.md). Each ends in `id` so a keyset page
 * (`(key, id) < (cursor key, cursor id)`, newest first) is one backward index range scan on SQLite and
 * PostgreSQL alike, whatever the page's depth; checked with EXPLAIN on both. The clean-up jobs' deletes
 * (ended sessions, sent mail past its retention) find their rows through an index instead of a table scan.
 * Frozen once landed.
 */
const INDEXES: Array<{ name: string; table: string; columns: string[] }> = [
  // Public lists: published posts by first publication (the blog API, pages, sitemap, RSS).
  // `deleted_at` (always null in these lists) makes the index cover a list's filter, so skipping rows by
  // `?page=N` reads index entries only.
  {
    name: 'blog_posts_public_order_idx',
    table: 'blog_posts',
    columns: ['status', 'deleted_at', 'published_at', 'id'],
  },
  // A category's public list.
  {
    name: 'blog_posts_category_order_idx',
    table: 'blog_posts',
    columns: ['category_id', 'status', 'deleted_at', 'published_at', 'id'],
  },
  // The admin's list, newest created first.
  { name: 'blog_posts_created_order_idx', table: 'blog_posts', columns: ['deleted_at', 'created_at', 'id'] },
  { name: 'subscribers_created_order_idx', table: 'subscribers', columns: ['created_at', 'id'] },
  { name: 'contact_messages_created_order_idx', table: 'contact_messages', columns: ['created_at', 'id'] },
  { name: 'sessions_expires_idx', table: 'sessions', columns: ['expires_at'] },
  { name: 'sessions_revoked_idx', table: 'sessions', columns: ['revoked_at'] },
  { name: 'mail_outbox_sent_idx', table: 'mail_outbox', columns: ['status', 'sent_at'] },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const index of INDEXES) {
    await db.schema.createIndex(index.name).on(index.table).columns(index.columns).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of INDEXES.toReversed()) await db.schema.dropIndex(index.name).execute();
}
