import type { Db } from '#server/db/database.ts';
import { newId, now } from '#server/db/database.ts';
import type { Cursor } from '#server/lib/cursor.ts';

/** All SQL for contact messages. */

export async function insertMessage(
  db: Db,
  message: { id: string; name: string; email: string; message: string; ip: string | null },
): Promise<void> {
  await db
    .insertInto('contact_messages')
    .values({ ...message, created_at: now() })
    .execute();
}

/** Newest first, `limit` after `after` (keyset on created_at and id, served by their index). */
export function listMessages(db: Db, options: { limit: number; after?: Cursor }) {
  let query = db.selectFrom('contact_messages').selectAll();
  if (options.after) {
    const { key, id } = options.after;
    query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(key, id)));
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
}

/** False when there is no such message. */
export async function setMessageRead(db: Db, id: string, read: boolean, by: string | null): Promise<boolean> {
  const result = await db
    .updateTable('contact_messages')
    .set({ is_read: read ? 1 : 0, read_by: read ? by : null })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** False when there is no such message. */
export async function deleteMessage(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('contact_messages').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Every column of `limit` messages after `afterId` by id (the site export). */
export function messagesAfter(db: Db, afterId: string, limit: number) {
  return db.selectFrom('contact_messages').selectAll().where('id', '>', afterId).orderBy('id').limit(limit).execute();
}

export async function countMessages(db: Db): Promise<number> {
  const row = await db
    .selectFrom('contact_messages')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A message of a restored site export. */
export async function insertMessageRow(
  trx: Db,
  row: { name: string; email: string; message: string; createdAt: string; read: boolean; readBy: string | null },
): Promise<void> {
  await trx
    .insertInto('contact_messages')
    .values({
      id: newId(),
      name: row.name,
      email: row.email,
      message: row.message,
      ip: null,
      is_read: row.read ? 1 : 0,
      read_by: row.read ? row.readBy : null,
      created_at: row.createdAt,
    })
    .execute();
}
