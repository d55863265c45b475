import type { Db } from '#server/db/database.ts';
import { newId, now } from '#server/db/database.ts';

/** All SQL for second factors: totp_factors, recovery_codes, second_step_tickets, security_policy. */

export async function findTotp(db: Db, userId: string) {
  return db.selectFrom('totp_factors').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Any one stored secret (for the start-up check that this process has the key they were sealed with). */
export async function anyTotpSecret(db: Db): Promise<string | null> {
  const row = await db.selectFrom('totp_factors').select('secret').limit(1).executeTakeFirst();
  return row?.secret ?? null;
}

export async function hasConfirmedTotp(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('totp_factors')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** A new pending secret; false when one is confirmed already (set-up never replaces a working app). */
export async function savePendingTotp(db: Db, userId: string, sealedSecret: string): Promise<boolean> {
  // One upsert: two set-ups begun at once (two tabs) both found no row and the second insert failed on the
  // key (a 500 on PostgreSQL); now the later one replaces the pending secret, and a confirmed app is kept.
  const row = await db
    .insertInto('totp_factors')
    .values({ user_id: userId, secret: sealedSecret, confirmed_at: null, last_step: 0, created_at: now() })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ secret: sealedSecret, last_step: 0 })
        .where('totp_factors.confirmed_at', 'is', null),
    )
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes the code's time step: true only when it is later than the last one taken, in one conditional
 * UPDATE, so two requests with the same code (on any processes, either database) cannot both pass.
 * `pending` confirms a set-up with it.
 */
export async function takeTotpStep(db: Db, userId: string, step: number, pending: boolean): Promise<boolean> {
  let query = db
    .updateTable('totp_factors')
    .set(pending ? { last_step: step, confirmed_at: now() } : { last_step: step })
    .where('user_id', '=', userId)
    .where('last_step', '<', step);
  query = pending ? query.where('confirmed_at', 'is', null) : query.where('confirmed_at', 'is not', null);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteTotp(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('totp_factors').where('user_id', '=', userId).execute();
}

/** Replaces every recovery code of the person with these (hashed). */
export async function replaceRecoveryCodes(db: Db, userId: string, hashes: string[]): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  const at = now();
  await db
    .insertInto('recovery_codes')
    .values(hashes.map((code_hash) => ({ id: newId(), user_id: userId, code_hash, used_at: null, created_at: at })))
    .execute();
}

export async function deleteRecoveryCodes(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}

export async function countUnusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Uses the code: 'used' when it had been used before, 'unknown' when it is none of the person's. */
export async function spendRecoveryCode(db: Db, userId: string, hash: string): Promise<'ok' | 'used' | 'unknown'> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: now() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return 'ok';
  const row = await db
    .selectFrom('recovery_codes')
    .select('id')
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .executeTakeFirst();
  return row ? 'used' : 'unknown';
}

export async function insertTicket(db: Db, ticket: { tokenHash: string; userId: string; expiresAt: string }) {
  await db
    .insertInto('second_step_tickets')
    .values({
      token_hash: ticket.tokenHash,
      user_id: ticket.userId,
      created_at: now(),
      expires_at: ticket.expiresAt,
      failed_attempts: 0,
      used_at: null,
    })
    .execute();
}

/** The ticket while it can still be used: not used, not expired, tries left. */
export async function findLiveTicket(db: Db, tokenHash: string, maxTries: number) {
  return db
    .selectFrom('second_step_tickets')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now())
    .where('failed_attempts', '<', maxTries)
    .executeTakeFirst();
}

/** Takes one of the ticket's tries before a code is compared; false when none is left. */
export async function takeTicketTry(db: Db, tokenHash: string, maxTries: number): Promise<boolean> {
  const result = await db
    .updateTable('second_step_tickets')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('failed_attempts', '<', maxTries)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Single use: false when another request used it first. */
export async function consumeTicket(db: Db, tokenHash: string): Promise<boolean> {
  const result = await db
    .updateTable('second_step_tickets')
    .set({ used_at: now() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteStaleTickets(db: Db): Promise<void> {
  const dayAgo = new Date(Date.now() - 24 * 3600_000).toISOString();
  await db.deleteFrom('second_step_tickets').where('expires_at', '<', dayAgo).execute();
}

export async function deleteTickets(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('second_step_tickets').where('user_id', '=', userId).execute();
}

export async function readPolicy(db: Db) {
  return db.selectFrom('security_policy').selectAll().where('id', '=', 'site').executeTakeFirst();
}

export async function writePolicy(db: Db, policy: { scope: string; graceDays: number; setBy: string }) {
  const row = { scope: policy.scope, grace_days: policy.graceDays, set_at: now(), set_by: policy.setBy };
  await db
    .insertInto('security_policy')
    .values({ id: 'site', ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
}

/** When the person joined (the grace period counts from it when it is later than the rule). */
export async function joinedAt(db: Db, userId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('created_at').where('id', '=', userId).executeTakeFirst();
  return row?.created_at ?? null;
}
