import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { Cursor } from '#server/lib/cursor.ts';
import { newId, now } from '#server/db/database.ts';

/** All SQL for subscribers (and the read of the post a visitor subscribed from). */

export function findSubscriberByEmail(db: Db, email: string) {
  return db.selectFrom('subscribers').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findSubscriber(db: Db, id: string) {
  return db.selectFrom('subscribers').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Stores a new address, pending unless the administrator says its owner already confirmed; when another
 * request stored it first, keeps that one. Answers its id.
 */
export async function insertSubscriber(
  db: Db,
  subscriber: { id: string; email: string; blogId: string | null; confirmed?: boolean; consentSource?: string },
) {
  const at = now();
  await db
    .insertInto('subscribers')
    .values({
      id: subscriber.id,
      email: subscriber.email,
      status: subscriber.confirmed ? 'confirmed' : 'pending',
      blog_id: subscriber.blogId,
      created_at: at,
      updated_at: at,
      confirmed_at: subscriber.confirmed ? at : null,
      unsubscribed_at: null,
      consent_source: subscriber.consentSource ?? null,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  return (
    await db.selectFrom('subscribers').select('id').where('email', '=', subscriber.email).executeTakeFirstOrThrow()
  ).id;
}

export async function markPending(db: Db, id: string, blogId: string | null, consentSource?: string): Promise<void> {
  await db
    .updateTable('subscribers')
    .set({
      status: 'pending',
      blog_id: blogId,
      updated_at: now(),
      ...(consentSource ? { consent_source: consentSource } : {}),
    })
    .where('id', '=', id)
    .execute();
}

export async function markConfirmed(db: Db, id: string, consentSource?: string): Promise<void> {
  const at = now();
  await db
    .updateTable('subscribers')
    .set({
      status: 'confirmed',
      confirmed_at: at,
      updated_at: at,
      ...(consentSource ? { consent_source: consentSource } : {}),
    })
    .where('id', '=', id)
    .execute();
}

export async function markUnsubscribed(db: Db, id: string): Promise<void> {
  const at = now();
  await db
    .updateTable('subscribers')
    .set({ status: 'unsubscribed', unsubscribed_at: at, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/**
 * The next subscribers after `afterId`, in id order, who had confirmed by `confirmedBy` (a newsletter
 * goes to those subscribed when it was sent, and its fan-out walks them in chunks).
 */
export function confirmedAfter(db: Db, afterId: string | null, confirmedBy: string, limit: number) {
  let query = db
    .selectFrom('subscribers')
    .select(['id', 'email'])
    .where('status', '=', 'confirmed')
    .where('confirmed_at', '<=', confirmedBy);
  if (afterId) query = query.where('id', '>', afterId);
  return query.orderBy('id').limit(limit).execute();
}

export async function countConfirmed(db: Db): Promise<number> {
  const row = await db
    .selectFrom('subscribers')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('status', '=', 'confirmed')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Subscribers with the id of the post they subscribed from, newest first, `limit` at a time after `after` (keyset on
 * created_at and id: migration 2026-11-26-0014's index answers any page without reading those before it).
 * `search` keeps addresses that contain it (addresses are stored lower-cased).
 */
export function listSubscribers(db: Db, options: { limit: number; after?: Cursor; search?: string }) {
  let query = db
    .selectFrom('subscribers')
    .select([
      'subscribers.id',
      'subscribers.email',
      'subscribers.status',
      'subscribers.created_at',
      'subscribers.confirmed_at',
      'subscribers.consent_source',
      'subscribers.blog_id',
    ]);
  if (options.search) {
    const like = `%${options.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where('subscribers.email', 'like', sql<string>`${like} escape '\\'`);
  }
  if (options.after) {
    const { key, id } = options.after;
    query = query.where((eb) => eb(eb.refTuple('subscribers.created_at', 'subscribers.id'), '<', eb.tuple(key, id)));
  }
  return query
    .orderBy('subscribers.created_at', 'desc')
    .orderBy('subscribers.id', 'desc')
    .limit(options.limit)
    .execute();
}

/** False when there is no such subscriber. */
export async function deleteSubscriber(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('subscribers').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Every column of `limit` subscribers after `afterId` by id (the site export). */
export function subscribersAfter(db: Db, afterId: string, limit: number) {
  return db.selectFrom('subscribers').selectAll().where('id', '>', afterId).orderBy('id').limit(limit).execute();
}

export async function countSubscribers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('subscribers')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A subscriber of a restored site export, with their status and dates as they were. */
export async function insertSubscriberRow(
  trx: Db,
  row: {
    email: string;
    status: 'pending' | 'confirmed' | 'unsubscribed';
    createdAt: string;
    confirmedAt: string | null;
    unsubscribedAt: string | null;
    consentSource: string | null;
    blogId: string | null;
  },
): Promise<void> {
  await trx
    .insertInto('subscribers')
    .values({
      id: newId(),
      email: row.email.toLowerCase(),
      status: row.status,
      blog_id: row.blogId,
      created_at: row.createdAt,
      updated_at: row.unsubscribedAt ?? row.confirmedAt ?? row.createdAt,
      confirmed_at: row.confirmedAt,
      unsubscribed_at: row.unsubscribedAt,
      consent_source: row.consentSource,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
}
