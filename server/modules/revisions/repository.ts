import type { Db } from '#server/db/database.ts';
import { newSortableId, now } from '#server/db/database.ts';
import type { RevisionTable } from '#server/db/schema.ts';

/** All SQL for revisions. */

export type DocType = RevisionTable['doc_type'];

export function latestRevision(db: Db, docType: DocType, docId: string) {
  return db
    .selectFrom('revisions')
    .selectAll()
    .where('doc_type', '=', docType)
    .where('doc_id', '=', docId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function insertRevision(db: Db, revision: Omit<RevisionTable, 'id' | 'created_at'>): Promise<string> {
  // Sortable ids keep revisions made within one millisecond in the order they were saved.
  const id = newSortableId();
  await db
    .insertInto('revisions')
    .values({ ...revision, id, created_at: now() })
    .execute();
  return id;
}

/** Keeps the newest `keep` revisions of a document and deletes the rest. */
export async function pruneRevisions(db: Db, docType: DocType, docId: string, keep: number): Promise<void> {
  const kept = await db
    .selectFrom('revisions')
    .select('id')
    .where('doc_type', '=', docType)
    .where('doc_id', '=', docId)
    .orderBy('id', 'desc')
    .limit(keep)
    .execute();
  if (kept.length < keep) return;
  await db
    .deleteFrom('revisions')
    .where('doc_type', '=', docType)
    .where('doc_id', '=', docId)
    .where(
      'id',
      'not in',
      kept.map((r) => r.id),
    )
    .execute();
}

/** A document's revisions, newest first, without their data. */
export function listRevisions(db: Db, docType: DocType, docId: string) {
  return db
    .selectFrom('revisions')
    .select(['id', 'action', 'changed', 'author_name', 'created_at', 'note'])
    .where('doc_type', '=', docType)
    .where('doc_id', '=', docId)
    .orderBy('id', 'desc')
    .execute();
}

export function findRevision(db: Db, id: string) {
  return db.selectFrom('revisions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The revision saved just before `revision` of the same document. */
export function previousRevision(
  db: Db,
  revision: { doc_type: DocType; doc_id: string; created_at: string; id: string },
) {
  return db
    .selectFrom('revisions')
    .selectAll()
    .where('doc_type', '=', revision.doc_type)
    .where('doc_id', '=', revision.doc_id)
    .where('id', '<', revision.id)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Forgets the history of documents that are gone for good. */
export async function deleteRevisionsOf(db: Db, docType: DocType, docIds: string[]): Promise<void> {
  if (!docIds.length) return;
  await db.deleteFrom('revisions').where('doc_type', '=', docType).where('doc_id', 'in', docIds).execute();
}
