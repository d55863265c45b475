import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { newId, now } from '#server/db/database.ts';

/** All SQL for uploads: one row per stored image (its WebP variants are files next to it). */

export async function insertUpload(
  db: Db,
  upload: {
    url: string;
    mimeType: string;
    width: number;
    height: number;
    bytes: number;
    originalName: string;
    alt: string;
    uploadedBy: string | null;
    /** Chosen by the caller (an import's ledger); a new one otherwise. */
    id?: string;
  },
): Promise<string> {
  const id = upload.id ?? newId();
  await db
    .insertInto('uploads')
    .values({
      id,
      url: upload.url,
      mime_type: upload.mimeType,
      width: upload.width,
      height: upload.height,
      bytes: upload.bytes,
      original_name: upload.originalName,
      alt: upload.alt,
      uploaded_by: upload.uploadedBy,
      created_at: now(),
    })
    .execute();
  return id;
}

/** Newest first; `search` matches the original file name or the alt text, ignoring case. */
export function listUploads(
  db: Db,
  options: { search?: string; limit: number; before?: { createdAt: string; id: string }; uploadedBy?: string },
) {
  let query = db.selectFrom('uploads').selectAll();
  if (options.uploadedBy) query = query.where('uploaded_by', '=', options.uploadedBy);
  if (options.search) {
    const like = `%${options.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(original_name)`, 'like', sql`${like} escape '\\'`),
        eb(sql`lower(alt)`, 'like', sql`${like} escape '\\'`),
      ]),
    );
  }
  if (options.before) {
    const { createdAt, id } = options.before;
    query = query.where((eb) =>
      eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)])]),
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
}

export function findUpload(db: Db, id: string) {
  return db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The library's row of an address (an original's, never a variant's). */
export function findUploadByUrl(db: Db, url: string) {
  return db.selectFrom('uploads').select(['id', 'url']).where('url', '=', url).executeTakeFirst();
}

export function findUploadsByUrl(db: Db, urls: string[]) {
  if (!urls.length) return Promise.resolve([]);
  return db.selectFrom('uploads').select(['url', 'width', 'height', 'alt']).where('url', 'in', urls).execute();
}

export async function setAlt(db: Db, id: string, alt: string): Promise<boolean> {
  const result = await db.updateTable('uploads').set({ alt }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteUpload(db: Db, id: string): Promise<void> {
  await db.deleteFrom('uploads').where('id', '=', id).execute();
}

/** `limit` library rows after `afterId` by id (the site export). */
export function uploadsAfter(db: Db, afterId: string, limit: number) {
  return db.selectFrom('uploads').selectAll().where('id', '>', afterId).orderBy('id').limit(limit).execute();
}

/** How many uploads the library holds and their originals' bytes. */
export async function uploadTotals(db: Db): Promise<{ files: number; bytes: number }> {
  const row = await db
    .selectFrom('uploads')
    .select((eb) => [
      eb.fn.countAll<string | number>().as('n'),
      eb.fn.coalesce(eb.fn.sum<string | number>('bytes'), eb.lit(0)).as('bytes'),
    ])
    .executeTakeFirstOrThrow();
  return { files: Number(row.n), bytes: Number(row.bytes) };
}

/** A library row of a restored site export, with its id and address. */
export async function insertUploadRow(
  trx: Db,
  row: {
    id: string;
    url: string;
    mimeType: string;
    width: number;
    height: number;
    bytes: number;
    name: string;
    alt: string;
    createdAt: string;
  },
): Promise<void> {
  await trx
    .insertInto('uploads')
    .values({
      id: row.id,
      url: row.url,
      mime_type: row.mimeType,
      width: row.width,
      height: row.height,
      bytes: row.bytes,
      original_name: row.name,
      alt: row.alt,
      uploaded_by: null,
      created_at: row.createdAt,
    })
    .execute();
}
