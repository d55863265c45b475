import type { Selectable } from 'kysely';
import type { Role } from '#shared/roles.ts';
import type { Db } from '#server/db/database.ts';
import { newId, now } from '#server/db/database.ts';
import type { UserTable } from '#server/db/schema.ts';
import { freeSegment } from './profile-repository';

export type UserRow = Selectable<UserTable>;

export async function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertUser(db: Db, user: { email: string; name: string; passwordHash: string; role: Role }) {
  const at = now();
  const id = newId();
  await db
    .insertInto('users')
    .values({
      id,
      email: user.email.toLowerCase(),
      name: user.name,
      // The author page's address, from the name (never the e-mail): docs/product.md#profiles-and-author-pages.
      segment: await freeSegment(db, user.name),
      password_hash: user.passwordHash,
      role: user.role,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

/**
 * A byline-only author an import made (docs/product.md#import): suspended, with no password that any
 * typed text can match (server/modules/auth/password.ts refuses a hash that is not scrypt's). The Owner
 * may reactivate them later; they then set a password by resetting it.
 */
export async function insertBylineAuthor(
  db: Db,
  user: { id: string; email: string; name: string; bio: string; website: string },
) {
  const at = now();
  await db
    .insertInto('users')
    .values({
      id: user.id,
      email: user.email.toLowerCase(),
      name: user.name,
      segment: await freeSegment(db, user.name),
      password_hash: '!',
      role: 'contributor',
      status: 'suspended',
      bio: user.bio,
      website: user.website,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

/** Deletes byline-only authors (suspended, never signed in) by id; others are left. */
export async function deleteBylineAuthors(db: Db, ids: readonly string[]): Promise<number> {
  if (!ids.length) return 0;
  const result = await db
    .deleteFrom('users')
    .where('id', 'in', ids)
    .where('password_hash', '=', '!')
    .where('last_seen_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function findUserById(db: Db, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUsersByIds(db: Db, ids: readonly string[]) {
  if (!ids.length) return [];
  return db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
}

export async function findOwner(db: Db) {
  return db.selectFrom('users').selectAll().where('role', '=', 'owner').executeTakeFirst();
}

export async function updatePasswordHash(db: Db, id: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, updated_at: now() }).where('id', '=', id).execute();
}

/** Every account, oldest first (a staff list is tens of rows, not thousands). */
export async function listUsers(db: Db): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().orderBy('created_at').orderBy('id').execute();
}

/**
 * Changes a person who is not the Owner: the condition is in the statement itself, so no change made at
 * the same moment by someone else can touch the Owner's row (ownership moves only by `transferOwnership`).
 * False when no such row exists (gone, or the Owner).
 */
export async function updateNonOwner(
  db: Db,
  id: string,
  changes: Partial<Pick<UserRow, 'role' | 'status' | 'may_newsletter' | 'category_ids'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ ...changes, updated_at: now() })
    .where('id', '=', id)
    .where('role', '!=', 'owner')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteNonOwner(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', id).where('role', '!=', 'owner').executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Hands the site over inside the caller's transaction: the Owner becomes an Administrator first (the
 * unique index on the Owner role allows one at a time), then the new Owner, who must be active. False
 * (and the caller rolls back) when either step finds no row.
 */
export async function transferOwnership(trx: Db, fromId: string, toId: string): Promise<boolean> {
  const demoted = await trx
    .updateTable('users')
    .set({ role: 'administrator', updated_at: now() })
    .where('id', '=', fromId)
    .where('role', '=', 'owner')
    .executeTakeFirst();
  if (Number(demoted.numUpdatedRows) === 0) return false;
  const promoted = await trx
    .updateTable('users')
    .set({ role: 'owner', updated_at: now() })
    .where('id', '=', toId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(promoted.numUpdatedRows) > 0;
}

/** The recovery path (`npm run admin`): this account becomes the Owner, active, whoever was before. */
export async function makeOwner(trx: Db, id: string): Promise<void> {
  await trx
    .updateTable('users')
    .set({ role: 'administrator', updated_at: now() })
    .where('role', '=', 'owner')
    .where('id', '!=', id)
    .execute();
  await trx
    .updateTable('users')
    .set({ role: 'owner', status: 'active', updated_at: now() })
    .where('id', '=', id)
    .execute();
}

export async function touchLastSeen(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('users').set({ last_seen_at: at }).where('id', '=', id).execute();
}
