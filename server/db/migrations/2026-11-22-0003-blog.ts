import type { Kysely } from 'kysely';

/** Blog categories, posts and the old addresses of renamed posts (docs/product.md#blog-posts). Frozen once landed. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blog_categories')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    // Lower-cased name and URL segment: both unique, so names differ by more than case or spacing.
    .addColumn('name_key', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('slug', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('blog_posts')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('title', 'varchar(300)', (c) => c.notNull())
    .addColumn('excerpt', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('feature_image', 'text', (c) => c.notNull())
    .addColumn('category_id', 'varchar(36)', (c) => c.references('blog_categories.id').onDelete('set null'))
    .addColumn('slug', 'varchar(400)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('blog_posts_created_idx').on('blog_posts').column('created_at').execute();
  await db.schema
    .createIndex('blog_posts_category_slug_idx')
    .on('blog_posts')
    .columns(['category_id', 'slug'])
    .execute();

  await db.schema
    .createTable('blog_redirects')
    .addColumn('path', 'varchar(700)', (c) => c.primaryKey())
    .addColumn('post_id', 'varchar(36)', (c) => c.notNull().references('blog_posts.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['blog_redirects', 'blog_posts', 'blog_categories'])
    await db.schema.dropTable(table).ifExists().execute();
}
