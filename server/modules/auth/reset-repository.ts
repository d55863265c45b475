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
  budget: GuessBudget,
): Promise<boolean> {
  const at = now();
  const cutoff = new Date(Date.parse(at) - window.ms).toISOString();
  const fresh = {
    code_hash: reset.codeHash,
    expires_at: reset.expiresAt,
    failed_attempts: 0,
    used_at: null,
    created_at: at,
    own_prefix: null,
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
          eb.and([
            eb.or([
              windowOver(eb),
              eb('password_resets.codes_in_window', '<', window.max),
              eb('password_resets.used_at', 'is not', null),
              eb('password_resets.failed_attempts', '>=', window.maxTries),
            ]),
            budgetOpen(eb, budget),
          ]),
        ),
    )
    .returning('user_id')
    .executeTakeFirst();
  return stored !== undefined;
}

/**
 * The wrong guesses an account may take in a day (UTC), across every address and code. `prefix`: the
 * asker's address prefix, which may use the one code past a spent budget (`issueOwnAddressCode`).
 */
export interface GuessBudget {
  day: string;
  max: number;
  prefix?: string;
}

const budgetOpen = (eb: ExpressionBuilder<Database, 'password_resets'>, budget: GuessBudget) =>
  eb.or([
    eb('password_resets.failure_day', 'is', null),
    eb('password_resets.failure_day', '!=', budget.day),
    eb('password_resets.day_failures', '<', budget.max),
  ]);

/**
 * Past a spent budget, the one code of the day for an address the account signed in from: it replaces the
 * stored code, and only guesses from that same address prefix may be compared with it. False when the
 * budget is not spent (the ordinary way applies) or today's such code went out already.
 */
export async function issueOwnAddressCode(
  db: Db,
  reset: { userId: string; codeHash: string; expiresAt: string },
  budget: Required<GuessBudget>,
): Promise<boolean> {
  const result = await db
    .updateTable('password_resets')
    .set({
      code_hash: reset.codeHash,
      expires_at: reset.expiresAt,
      failed_attempts: 0,
      used_at: null,
      created_at: now(),
      own_prefix: budget.prefix,
      own_day: budget.day,
    })
    .where('user_id', '=', reset.userId)
    .where('failure_day', '=', budget.day)
    .where('day_failures', '>=', budget.max)
    .where((eb) => eb.or([eb('own_day', 'is', null), eb('own_day', '!=', budget.day)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether the account's guess budget for the day is spent. */
export async function guessBudgetSpent(db: Db, userId: string, budget: GuessBudget): Promise<boolean> {
  const row = await db
    .selectFrom('password_resets')
    .select(['failure_day', 'day_failures'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.failure_day === budget.day && row.day_failures >= budget.max;
}

export async function findResetCode(db: Db, userId: string) {
  return db.selectFrom('password_resets').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/**
 * Takes one of the code's tries, and one of the account's guesses of the day, before the code is compared;
 * null when either is spent (a code sent past the budget takes guesses from its own address prefix only).
 * Answers the day's guesses so far. The counts go up in the database, so guesses sent at the same time
 * each count (a read-then-write lost some of them).
 */
export async function takeResetTry(
  db: Db,
  userId: string,
  maxTries: number,
  budget: GuessBudget,
): Promise<number | null> {
  const row = await db
    .updateTable('password_resets')
    .set((eb) => ({
      failed_attempts: eb('failed_attempts', '+', 1),
      day_failures: eb
        .case()
        .when('failure_day', '=', budget.day)
        .then(eb('day_failures', '+', 1))
        .else(1)
        .end(),
      failure_day: budget.day,
    }))
    .where('user_id', '=', userId)
    .where('failed_attempts', '<', maxTries)
    .where((eb) =>
      eb.or([
        eb.and([eb('own_prefix', 'is', null), budgetOpen(eb, budget)]),
        ...(budget.prefix ? [eb('own_prefix', '=', budget.prefix)] : []),
      ]),
    )
    .returning('day_failures')
    .executeTakeFirst();
  return row ? row.day_failures : null;
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
