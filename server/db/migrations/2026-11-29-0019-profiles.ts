import type { Kysely } from 'kysely';

/**
 * Profiles and author pages (docs/product.md#profiles-and-author-pages): each account gets the URL
 * segment of its author page (made from its name, never its e-mail), a short bio, an avatar, a website
 * and an e-mail address waiting for confirmation; the links that confirm a new address; and the old
 * segments of renamed author pages, which answer 301. Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [column, type] of [
    ['segment', 'varchar(60)'],
    ['bio', 'text'],
    ['avatar', 'text'],
    ['website', 'varchar(300)'],
  ] as const) {
    await db.schema
      .alterTable('users')
      .addColumn(column, type, (c) => c.notNull().defaultTo(''))
      .execute();
  }
  await db.schema.alterTable('users').addColumn('pending_email', 'varchar(254)').execute();

  // Every existing account gets its segment from its name, oldest first (a site has tens of people).
  const users = (await db
    .selectFrom('users' as never)
    .select(['id', 'name'] as never)
    .orderBy('created_at' as never)
    .orderBy('id' as never)
    .execute()) as Array<{ id: string; name: string }>;
  const taken = new Set<string>();
  for (const user of users) {
    const segment = uniqueSegment(segmentFromName(user.name), taken);
    taken.add(segment);
    await db
      .updateTable('users' as never)
      .set({ segment } as never)
      .where('id' as never, '=', user.id as never)
      .execute();
  }
  await db.schema.createIndex('users_segment_idx').on('users').column('segment').unique().execute();

  await db.schema
    .createTable('email_changes')
    // SHA-256 of the link's secret; the secret is only ever in the e-mail sent to the new address.
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('email_changes_user_idx').on('email_changes').column('user_id').execute();

  await db.schema
    .createTable('author_redirects')
    .addColumn('old_segment', 'varchar(60)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('author_redirects').execute();
  await db.schema.dropTable('email_changes').execute();
  await db.schema.dropIndex('users_segment_idx').execute();
  for (const column of ['pending_email', 'website', 'avatar', 'bio', 'segment']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}

// The segment rules as they were when this migration was written (shared/profile.ts may move on).
function segmentFromName(name: string): string {
  const segment = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
  return segment || 'author';
}

function uniqueSegment(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base.slice(0, 60 - String(n).length - 1).replace(/-+$/, '')}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
