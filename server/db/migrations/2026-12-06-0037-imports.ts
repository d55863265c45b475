import type { Kysely } from 'kysely';

/**
 * Imports of a WordPress or Ghost site (docs/product.md#import, docs/decisions/0038-import.md).
 * `imports` holds each import: its uploaded file's folder, what the analysis found (`summary`, JSON), the
 * administrator's choices (`options`, JSON), its state and progress, and the lease of the process running
 * it (`lease_owner`, `lease_until`): a process killed mid-import stops renewing the lease and another (or
 * the same, restarted) takes the job over where it stopped. `source_id` names the old site (kind and
 * address), so a second import of the same site finds what the first made. `import_items` is the job's
 * ledger, one row per thing of the source: what was made of it (`target_kind`, `target_id`, chosen before
 * the write, so a write interrupted by a kill is found again, not made twice) and whether it is done.
 * Undo removes exactly the rows' targets. `redirects.import_id` marks the redirects an import made.
 * Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('imports')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('source_id', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('folder', 'varchar(255)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('phase', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('lease_owner', 'varchar(200)')
    .addColumn('lease_until', 'varchar(32)')
    .addColumn('created_by', 'varchar(36)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('started_at', 'varchar(32)')
    .addColumn('finished_at', 'varchar(32)')
    .addColumn('undone_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('imports_status_idx').on('imports').columns(['status', 'created_at']).execute();
  await db.schema
    .createTable('import_items')
    .addColumn('import_id', 'varchar(36)', (c) => c.notNull().references('imports.id').onDelete('cascade'))
    .addColumn('source_key', 'varchar(1200)', (c) => c.notNull())
    .addColumn('target_kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('target_id', 'varchar(1000)', (c) => c.notNull())
    .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
    .addColumn('label', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_items_pk', ['import_id', 'source_key'])
    .execute();
  await db.schema.createIndex('import_items_order_idx').on('import_items').columns(['import_id', 'position']).execute();
  await db.schema.alterTable('redirects').addColumn('import_id', 'varchar(36)').execute();
  await db.schema.createIndex('redirects_import_idx').on('redirects').columns(['import_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('redirects_import_idx').execute();
  await db.schema.alterTable('redirects').dropColumn('import_id').execute();
  await db.schema.dropTable('import_items').execute();
  await db.schema.dropTable('imports').execute();
}
