import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * A post's slug and its old addresses grow with its title (up to 300 characters, '/' becoming '_slash_'
 * and other letters percent-encoded in addresses), beyond the 400 and 700 characters first allowed.
 * PostgreSQL enforces varchar lengths (SQLite does not), so there the columns become text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.schema
    .alterTable('blog_posts')
    .alterColumn('slug', (c) => c.setDataType('text'))
    .execute();
  await db.schema
    .alterTable('blog_redirects')
    .alterColumn('path', (c) => c.setDataType('text'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.schema
    .alterTable('blog_redirects')
    .alterColumn('path', (c) => c.setDataType('varchar(700)'))
    .execute();
  await db.schema
    .alterTable('blog_posts')
    .alterColumn('slug', (c) => c.setDataType('varchar(400)'))
    .execute();
}
