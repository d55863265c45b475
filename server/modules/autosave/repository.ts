import type { Db } from '#server/db/database.ts';
import { now } from '#server/db/database.ts';

/** All SQL for autosaves: one per administrator and document key (a post's id, or 'new'). */

export async function upsertAutosave(db: Db, userId: string, docKey: string, data: string): Promise<string> {
  const savedAt = now();
  await db
    .insertInto('autosaves')
    .values({ user_id: userId, doc_key: docKey, data, saved_at: savedAt })
    .onConflict((oc) => oc.columns(['user_id', 'doc_key']).doUpdateSet({ data, saved_at: savedAt }))
    .execute();
  return savedAt;
}

export function findAutosave(db: Db, userId: string, docKey: string) {
  return db
    .selectFrom('autosaves')
    .select(['data', 'saved_at'])
    .where('user_id', '=', userId)
    .where('doc_key', '=', docKey)
    .executeTakeFirst();
}

/** Every administrator's autosaves of these documents (posts deleted for good). */
export async function deleteAutosavesOf(db: Db, docKeys: string[]): Promise<void> {
  if (!docKeys.length) return;
  await db.deleteFrom('autosaves').where('doc_key', 'in', docKeys).execute();
}

export async function deleteAutosave(db: Db, userId: string, docKey: string): Promise<boolean> {
  const result = await db
    .deleteFrom('autosaves')
    .where('user_id', '=', userId)
    .where('doc_key', '=', docKey)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
