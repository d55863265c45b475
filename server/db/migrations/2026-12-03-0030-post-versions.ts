import type { Kysely } from 'kysely';

/**
 * `blog_posts.version`: a counter every save of a post raises by one (server/modules/blog/posts-repository.ts
 * `claimVersion`), so an editor that opened version N and saves over N + 1 is told (409) instead of writing
 * over another tab's or person's save (docs/product.md#edit-conflicts). Existing posts start at 1.
 * Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('blog_posts')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('blog_posts').dropColumn('version').execute();
}
