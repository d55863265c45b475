import type { Kysely } from 'kysely';

/**
 * Pages built from blocks at `/{segment}` (docs/product.md#pages, docs/decisions/0034-pages.md): `pages`
 * holds each page with its blocks as JSON text, its publishing state like a post's (draft, scheduled,
 * published), its SEO fields, its preview secret, its trash mark and its edit version. `segment_key` is the
 * lower-cased segment, unique, so two pages never share an address on either database. `search_text` is the
 * page's words (server/lib/page-blocks.ts `blocksText`) for the site search. `page_redirects` holds the old
 * addresses of renamed pages (301 to where the page is now). Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pages')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('segment', 'varchar(100)', (c) => c.notNull())
    .addColumn('segment_key', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('blocks', 'text', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('draft'))
    .addColumn('publish_at', 'varchar(32)')
    .addColumn('published_at', 'varchar(32)')
    .addColumn('preview_token', 'varchar(64)', (c) => c.unique())
    .addColumn('meta_title', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('meta_description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('social_image', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('deleted_at', 'varchar(32)')
    .addColumn('deleted_by', 'varchar(200)')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pages_status_idx').on('pages').columns(['status', 'publish_at']).execute();
  await db.schema
    .createTable('page_redirects')
    .addColumn('path', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('page_id', 'varchar(36)', (c) => c.notNull().references('pages.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('page_redirects').execute();
  await db.schema.dropTable('pages').execute();
}
