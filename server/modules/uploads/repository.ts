import type { Db } from '#server/db/database.ts';
import { newId, now } from '#server/db/database.ts';

/** All SQL for uploads: one row per stored image (its variants are files next to it). */
export async function insertUpload(
  db: Db,
  upload: { url: string; mimeType: string; width: number; height: number; bytes: number },
): Promise<void> {
  await db
    .insertInto('uploads')
    .values({
      id: newId(),
      url: upload.url,
      mime_type: upload.mimeType,
      width: upload.width,
      height: upload.height,
      bytes: upload.bytes,
      created_at: now(),
    })
    .execute();
}
