import type { Kysely } from 'kysely';

/**
 * `landing_layout`: the landing page's sections in the owner's order, each shown or hidden
 * (docs/product.md#landing-layout). No rows: the spec's page, every section in its order. Owned by the
 * content module. Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('landing_layout')
    .addColumn('section', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('landing_layout').execute();
}
