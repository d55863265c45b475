import type { Kysely } from 'kysely';

/**
 * The media library (docs/product.md#media-library): each upload keeps the name of the file it came from
 * and its alt text. Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('uploads')
    .addColumn('original_name', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('uploads')
    .addColumn('alt', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('uploads_created_idx').on('uploads').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('uploads_created_idx').execute();
  await db.schema.alterTable('uploads').dropColumn('alt').execute();
  await db.schema.alterTable('uploads').dropColumn('original_name').execute();
}
