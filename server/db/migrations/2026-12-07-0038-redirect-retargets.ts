import type { Kysely } from 'kysely';

/**
 * A rule an import pointed elsewhere (docs/product.md#import): a rule made by hand that led to an old
 * site's address now leads where that page is here, in one hop. `import_retarget_id` names the import that
 * did it and `import_previous_to` what the rule led to before, so that import's Undo puts it back. A
 * person's later edit of the rule clears both (their choice stands). Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('redirects').addColumn('import_retarget_id', 'varchar(36)').execute();
  await db.schema.alterTable('redirects').addColumn('import_previous_to', 'varchar(1000)').execute();
  await db.schema
    .createIndex('redirects_import_retarget_idx')
    .on('redirects')
    .columns(['import_retarget_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('redirects_import_retarget_idx').execute();
  await db.schema.alterTable('redirects').dropColumn('import_previous_to').execute();
  await db.schema.alterTable('redirects').dropColumn('import_retarget_id').execute();
}
