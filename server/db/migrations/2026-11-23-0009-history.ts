import type { Kysely } from 'kysely';

/**
 * Never losing work (docs/product.md#revisions): a revision per save of a post or a landing section, the
 * editor's autosaves apart from them, posts in a trash for 30 days, and deleted categories kept for undo.
 * Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('revisions')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('doc_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('doc_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('action', 'varchar(12)', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    // The fields this save changed, as a JSON list (empty for the first revision).
    .addColumn('changed', 'text', (c) => c.notNull())
    .addColumn('author_id', 'varchar(36)')
    .addColumn('author_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('revisions_doc_idx')
    .on('revisions')
    .columns(['doc_type', 'doc_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('autosaves')
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // A post's id, or 'new' for the post the administrator is writing on the create page.
    .addColumn('doc_key', 'varchar(36)', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('saved_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('autosaves_pk', ['user_id', 'doc_key'])
    .execute();

  await db.schema.alterTable('blog_posts').addColumn('deleted_at', 'varchar(32)').execute();

  await db.schema
    .createTable('trash')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('trash').execute();
  await db.schema.alterTable('blog_posts').dropColumn('deleted_at').execute();
  await db.schema.dropTable('autosaves').execute();
  await db.schema.dropTable('revisions').execute();
}
