import { sql, type Kysely } from 'kysely';

/**
 * Reading time and Read next (docs/product.md#reading-time, docs/product.md#read-next,
 * docs/decisions/0024-tags-and-read-next.md):
 * - `blog_posts.word_count`: the words of a post's content, counted on every write (a reading time is
 *   never computed per request); existing posts are counted here, in batches.
 * - `related_posts`: each post's next reads, best first, refreshed in the background.
 * - `related_dirty`: the posts whose list must be refreshed, marked inside the transaction of the write
 *   that made it stale, so a process killed before the refresh leaves the mark for the next one.
 * Frozen once landed: the word count below is a copy of shared/reading-time.ts as it was then.
 */
const BATCH = 500;

const wordCount = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[#\w]+;/g, ' ')
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('blog_posts')
    .addColumn('word_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  let after = '';
  for (;;) {
    const { rows } = await sql<{ id: string; content: string }>`
      select id, content from blog_posts where id > ${after} order by id limit ${BATCH}`.execute(db);
    if (rows.length === 0) break;
    for (const row of rows) {
      await sql`update blog_posts set word_count = ${wordCount(row.content)} where id = ${row.id}`.execute(db);
    }
    after = rows[rows.length - 1]!.id;
  }
  await db.schema
    .createTable('related_posts')
    .addColumn('post_id', 'varchar(36)', (c) => c.notNull().references('blog_posts.id').onDelete('cascade'))
    .addColumn('related_id', 'varchar(36)', (c) => c.notNull().references('blog_posts.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('related_posts_pk', ['post_id', 'related_id'])
    .execute();
  await db.schema.createIndex('related_posts_related_idx').on('related_posts').column('related_id').execute();
  await db.schema
    .createTable('related_dirty')
    .addColumn('post_id', 'varchar(36)', (c) => c.primaryKey().references('blog_posts.id').onDelete('cascade'))
    .addColumn('marked_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // Every existing post gets its list on the first refresh.
  await sql`insert into related_dirty (post_id, marked_at) select id, ${new Date().toISOString()} from blog_posts`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('related_dirty').execute();
  await db.schema.dropTable('related_posts').execute();
  await db.schema.alterTable('blog_posts').dropColumn('word_count').execute();
}
