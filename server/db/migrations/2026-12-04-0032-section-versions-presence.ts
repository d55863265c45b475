import type { Kysely } from 'kysely';

/**
 * Edit conflicts for the landing sections and who else has an editor open (docs/product.md#edit-conflicts,
 * docs/decisions/0031-presence.md):
 * - `content_sections.version`: raised by every save of the section, like `blog_posts.version` (0030).
 * - `edit_presence`: one row per open editor (a tab), refreshed by its heartbeat; rows older than a few
 *   minutes mean nothing and are deleted by the next heartbeat of anyone. In the database, so every
 *   process sees every tab.
 * Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('content_sections')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('edit_presence')
    .addColumn('subject', 'varchar(120)', (c) => c.notNull())
    .addColumn('tab', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('seen_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('typed_at', 'varchar(32)')
    .addPrimaryKeyConstraint('edit_presence_pk', ['subject', 'tab'])
    .execute();
  await db.schema.createIndex('edit_presence_seen_idx').on('edit_presence').column('seen_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('edit_presence').execute();
  await db.schema.alterTable('content_sections').dropColumn('version').execute();
}
