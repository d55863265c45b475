import type { Db } from '#server/db/database.ts';
import { now } from '#server/db/database.ts';

/**
 * Stores a user's reset code, replacing any earlier one. One upsert statement, so two requests at the
 * same time cannot both insert (a delete-then-insert failed with a key conflict on PostgreSQL).
 */
export async function upsertResetCode(
  db: Db,
  reset: { userId: string; codeHash: string; expiresAt: string },
): Promise<void> {
  const fresh = {
    code_hash: reset.codeHash,
    expires_at: reset.expiresAt,
    failed_attempts: 0,
    used_at: null,
    created_at: now(),
  };
  await db
    .insertInto('password_resets')
    .values({ user_id: reset.userId, ...fresh })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(fresh))
    .execute();
}

export async function findResetCode(db: Db, userId: string) {
  return db.selectFrom('password_resets').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/**
 * Takes one of the code's tries before the code is compared; false when none is left. The count goes up
 * in the database, so guesses sent at the same time each count (a read-then-write lost some of them).
 */
export async function takeResetTry(db: Db, userId: string, maxTries: number): Promise<boolean> {
  const result = await db
    .updateTable('password_resets')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('user_id', '=', userId)
    .where('failed_attempts', '<', maxTries)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Marks the code used; false when another request used it first, or a new request replaced it since it
 * was read (single use under concurrency).
 */
export async function consumeResetCode(db: Db, userId: string, codeHash: string): Promise<boolean> {
  const result = await db
    .updateTable('password_resets')
    .set({ used_at: now() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Housekeeping: codes that expired or were used more than a day ago are of no use. */
export async function deleteStaleResetCodes(db: Db): Promise<void> {
  const dayAgo = new Date(Date.now() - 24 * 3600_000).toISOString();
  await db
    .deleteFrom('password_resets')
    .where((eb) => eb.or([eb('expires_at', '<', dayAgo), eb('used_at', '<', dayAgo)]))
    .execute();
}
