import { sql, type Kysely } from 'kysely';

/**
 * A post's address is unique among the posts not in the trash (a trashed post frees it,
 * docs/product.md#trash): posts created at the same moment used to get the same address, found free by
 * both, and all but one could not be reached. Such duplicates get the next free `-N`, as the service
 * would have given them, then the index makes the database refuse the next clash (the service retries).
 * Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ id: string; category_id: string | null; slug: string }>`
    select id, category_id, slug from blog_posts where deleted_at is null order by created_at, id`.execute(db);
  const taken = new Set(rows.map((row) => `${row.category_id ?? ''}/${row.slug}`));
  const seen = new Set<string>();
  for (const row of rows) {
    const key = `${row.category_id ?? ''}/${row.slug}`;
    if (!seen.has(key)) {
      seen.add(key);
      continue;
    }
    let n = 2;
    while (taken.has(`${row.category_id ?? ''}/${row.slug}-${n}`)) n++;
    const slug = `${row.slug}-${n}`;
    taken.add(`${row.category_id ?? ''}/${slug}`);
    seen.add(`${row.category_id ?? ''}/${slug}`);
    await sql`update blog_posts set slug = ${slug} where id = ${row.id}`.execute(db);
  }
  // Expression and partial indexes are written the same way on SQLite and PostgreSQL.
  await sql`create unique index blog_posts_address_idx on blog_posts (coalesce(category_id, ''), slug) where deleted_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('blog_posts_address_idx').execute();
}
