import type { ExpressionBuilder } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { Database } from '#server/db/schema.ts';
import { now } from '#server/db/database.ts';

/**
 * Stores a user's new reset code, replacing any earlier one, unless the account was already sent
 * `window.max` codes in its current window (which starts with its first code and lasts `window.ms`) and
 * the newest of them can still be used: then nothing changes and the result is false, so the code the
 * owner holds stays valid and no e-mail goes out. A newest code that was used, or spent its `maxTries`
 * (wrong guesses, perhaps someone else's), never blocks a new one: the owner is never locked out. One
 * upsert statement whose update is conditional, so requests at the same time neither both insert (a
 * delete-then-insert failed with a key conflict on PostgreSQL) nor exceed the count.
 */
export async function issueResetCode(
  db: Db,
  reset: { userId: string; codeHash: string; expiresAt: string },
  window: { ms: number; max: number; maxTries: number },
): Promise<boolean> {
  const at = now();
  const cutoff = new Date(Date.parse(at) - window.ms).toISOString();
  const fresh = {
    code_hash: reset.codeHash,
    expires_at: reset.expiresAt,
    failed_attempts: 0,
    used_at: null,
    created_at: at,
  };
  // The stored window is over (or there is none yet): the new code starts the next one.
  const windowOver = (eb: ExpressionBuilder<Database, 'password_resets'>) =>
    eb.or([eb('password_resets.window_started_at', 'is', null), eb('password_resets.window_started_at', '<=', cutoff)]);
  const stored = await db
    .insertInto('password_resets')
    .values({ user_id: reset.userId, ...fresh, window_started_at: at, codes_in_window: 1 })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet((eb) => ({
          ...fresh,
          window_started_at: eb
            .case()
            .when(windowOver(eb))
            .then(at)
            .else(eb.ref('password_resets.window_started_at'))
            .end(),
          codes_in_window: eb
            .case()
            .when(windowOver(eb))
            .then(1)
            .else(eb('password_resets.codes_in_window', '+', 1))
            .end(),
        }))
        .where((eb) =>
          eb.or([
            windowOver(eb),
            eb('password_resets.codes_in_window', '<', window.max),
            eb('password_resets.used_at', 'is not', null),
            eb('password_resets.failed_attempts', '>=', window.maxTries),
          ]),
        ),
    )
    .returning('user_id')
    .executeTakeFirst();
  return stored !== undefined;
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
