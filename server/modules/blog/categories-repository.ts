import type { Db } from '#server/db/database.ts';
import { now } from '#server/db/database.ts';

/** All SQL of blog categories, and of deleted categories kept in the trash for undo. */

export async function listCategories(db: Db) {
  return db.selectFrom('blog_categories').selectAll().orderBy('name_key').execute();
}

export async function findCategory(db: Db, id: string) {
  return db.selectFrom('blog_categories').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Case is compared in JavaScript, not with SQL lower(): SQLite's lower() only folds ASCII, so a segment
 * such as 'über-uns' would never find 'Über-uns'. Categories are few, so reading them all is cheap.
 */
const sameSegment = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export async function findCategoryBySlug(db: Db, slug: string) {
  return (await listCategories(db)).find((c) => sameSegment(c.slug, slug));
}

/** Another category whose name or URL segment equals this one, ignoring case. */
export async function findCategoryClash(db: Db, nameKey: string, slug: string, excludeId?: string) {
  return (await listCategories(db)).find(
    (c) => c.id !== excludeId && (c.name_key === nameKey || sameSegment(c.slug, slug)),
  );
}

export async function insertCategory(db: Db, category: { id: string; name: string; slug: string }): Promise<void> {
  const at = now();
  // (A category restored from the trash keeps its id.)
  await db
    .insertInto('blog_categories')
    .values({
      ...category,
      name_key: category.name.toLowerCase(),
      slug_key: category.slug.toLowerCase(),
      created_at: at,
      updated_at: at,
    })
    .execute();
}

export async function renameCategory(db: Db, id: string, category: { name: string; slug: string }): Promise<void> {
  await db
    .updateTable('blog_categories')
    .set({
      ...category,
      name_key: category.name.toLowerCase(),
      slug_key: category.slug.toLowerCase(),
      updated_at: now(),
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteCategory(db: Db, id: string): Promise<void> {
  await db.deleteFrom('blog_categories').where('id', '=', id).execute();
}

/** A deleted category kept for undo: its row and where its posts were. */
export async function insertTrash(db: Db, entry: { id: string; kind: 'category'; data: string }): Promise<void> {
  await db
    .insertInto('trash')
    .values({ ...entry, deleted_at: now() })
    .onConflict((oc) => oc.column('id').doUpdateSet({ data: entry.data, deleted_at: now() }))
    .execute();
}

export function findTrash(db: Db, id: string, kind: 'category') {
  return db.selectFrom('trash').selectAll().where('id', '=', id).where('kind', '=', kind).executeTakeFirst();
}

export async function deleteTrash(db: Db, id: string): Promise<void> {
  await db.deleteFrom('trash').where('id', '=', id).execute();
}

export async function purgeTrash(db: Db, before: string): Promise<void> {
  await db.deleteFrom('trash').where('deleted_at', '<', before).execute();
}
