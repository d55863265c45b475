import type { Kysely } from 'kysely';

/**
 * Tags (docs/product.md#tags): any number per post, each with its own page at `/tags/{segment}`. Names and
 * addresses are unique ignoring case, like categories' (`name_key`, `slug_key` are lower-cased in
 * JavaScript, see 2026-11-25-0013-category-address-keys). A renamed tag keeps its old address in
 * `tag_redirects`, answered with a 301. Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blog_tags')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('name_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('slug', 'varchar(200)', (c) => c.notNull())
    .addColumn('slug_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('meta_title', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('meta_description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('post_tags')
    .addColumn('post_id', 'varchar(36)', (c) => c.notNull().references('blog_posts.id').onDelete('cascade'))
    .addColumn('tag_id', 'varchar(36)', (c) => c.notNull().references('blog_tags.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('post_tags_pk', ['post_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('post_tags_tag_idx').on('post_tags').columns(['tag_id', 'post_id']).execute();
  await db.schema
    .createTable('tag_redirects')
    .addColumn('old_slug_key', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('tag_id', 'varchar(36)', (c) => c.notNull().references('blog_tags.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tag_redirects').execute();
  await db.schema.dropTable('post_tags').execute();
  await db.schema.dropTable('blog_tags').execute();
}
