import { sql, type Kysely } from 'kysely';

/**
 * A category's address is unique ignoring case, as the site finds it (`/blogs/foo-bar` and `/blogs/Foo-Bar`
 * are one category): `slug_key` is the address lower-cased in JavaScript (SQLite's `lower()` folds only
 * ASCII), with a unique index, so two names saved at once cannot both take it. Categories that already
 * clash (only possible through that race) keep the oldest at the address and the others get `-2`, `-3` ….
 * Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('blog_categories')
    .addColumn('slug_key', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .execute();
  const { rows } = await sql<{ id: string; slug: string }>`
    select id, slug from blog_categories order by created_at, id`.execute(db);
  const taken = new Set(rows.map((row) => row.slug.toLowerCase()));
  const seen = new Set<string>();
  for (const row of rows) {
    let slug = row.slug;
    if (seen.has(slug.toLowerCase())) {
      let n = 2;
      while (taken.has(`${row.slug}-${n}`.toLowerCase())) n++;
      slug = `${row.slug}-${n}`;
      taken.add(slug.toLowerCase());
    }
    seen.add(slug.toLowerCase());
    await sql`update blog_categories set slug = ${slug}, slug_key = ${slug.toLowerCase()} where id = ${row.id}`.execute(
      db,
    );
  }
  await db.schema
    .createIndex('blog_categories_slug_key_idx')
    .on('blog_categories')
    .column('slug_key')
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('blog_categories_slug_key_idx').execute();
  await db.schema.alterTable('blog_categories').dropColumn('slug_key').execute();
}
