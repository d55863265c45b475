import type { Db } from '#server/db/database.ts';
import { newId, now } from '#server/db/database.ts';

/** What a ceremony is for: a challenge of one purpose never finishes another. */
export type ChallengePurpose = 'register' | 'sign-in' | 'second-step' | 'reauth';

export interface PasskeyRow {
  id: string;
  userId: string;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
  backupEligible: boolean;
  backedUp: boolean;
  createdAt: string;
  lastUsedAt: string | null;
}

const COLUMNS = [
  'id',
  'user_id',
  'credential_id',
  'public_key',
  'counter',
  'transports',
  'name',
  'backup_eligible',
  'backed_up',
  'created_at',
  'last_used_at',
] as const;

function toRow(row: {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: string;
  counter: string | number;
  transports: string;
  name: string;
  backup_eligible: number;
  backed_up: number;
  created_at: string;
  last_used_at: string | null;
}): PasskeyRow {
  let transports: string[] = [];
  try {
    const parsed: unknown = JSON.parse(row.transports);
    if (Array.isArray(parsed)) transports = parsed.filter((t): t is string => typeof t === 'string');
  } catch {
    transports = [];
  }
  return {
    id: row.id,
    userId: row.user_id,
    credentialId: row.credential_id,
    publicKey: row.public_key,
    counter: Number(row.counter),
    transports,
    name: row.name,
    backupEligible: row.backup_eligible === 1,
    backedUp: row.backed_up === 1,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}

/** Stores a challenge of a ceremony just begun; housekeeping of expired ones rides along. */
export async function insertChallenge(
  db: Db,
  challenge: { challenge: string; purpose: ChallengePurpose; userId: string | null; expiresAt: string },
): Promise<void> {
  await db.deleteFrom('webauthn_challenges').where('expires_at', '<', now()).execute();
  await db
    .insertInto('webauthn_challenges')
    .values({
      challenge: challenge.challenge,
      purpose: challenge.purpose,
      user_id: challenge.userId,
      expires_at: challenge.expiresAt,
    })
    .execute();
}

/**
 * Takes a live challenge of this purpose (and person, when the ceremony is someone's): true once, for the
 * one request that deletes its row, whichever process it reaches; false when it is unknown, used or expired.
 */
export async function takeChallenge(
  db: Db,
  challenge: string,
  purpose: ChallengePurpose,
  userId: string | null,
): Promise<boolean> {
  let query = db
    .deleteFrom('webauthn_challenges')
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', now());
  query = userId === null ? query.where('user_id', 'is', null) : query.where('user_id', '=', userId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function listPasskeys(db: Db, userId: string): Promise<PasskeyRow[]> {
  const rows = await db
    .selectFrom('passkeys')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toRow);
}

export async function countPasskeys(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findPasskeyByCredentialId(db: Db, credentialId: string): Promise<PasskeyRow | null> {
  const row = await db
    .selectFrom('passkeys')
    .select(COLUMNS)
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
  return row ? toRow(row) : null;
}

export async function findPasskey(db: Db, userId: string, id: string): Promise<PasskeyRow | null> {
  const row = await db
    .selectFrom('passkeys')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? toRow(row) : null;
}

export async function insertPasskey(
  db: Db,
  passkey: {
    userId: string;
    credentialId: string;
    publicKey: string;
    counter: number;
    transports: string[];
    name: string;
    backupEligible: boolean;
    backedUp: boolean;
  },
): Promise<string> {
  const id = newId();
  await db
    .insertInto('passkeys')
    .values({
      id,
      user_id: passkey.userId,
      credential_id: passkey.credentialId,
      public_key: passkey.publicKey,
      counter: passkey.counter,
      transports: JSON.stringify(passkey.transports),
      name: passkey.name,
      backup_eligible: passkey.backupEligible ? 1 : 0,
      backed_up: passkey.backedUp ? 1 : 0,
      created_at: now(),
      last_used_at: null,
    })
    .execute();
  return id;
}

/**
 * Records a use: the new counter is taken only when it is above the stored one (a counting authenticator),
 * or when both are 0 (one that does not count), in one UPDATE, so two uses of one signature on two
 * processes cannot both pass. False when the passkey is gone or the counter did not move forward.
 */
export async function recordPasskeyUse(
  db: Db,
  passkey: { id: string; counter: number; backedUp: boolean },
): Promise<boolean> {
  let query = db
    .updateTable('passkeys')
    .set({ counter: passkey.counter, last_used_at: now(), backed_up: passkey.backedUp ? 1 : 0 })
    .where('id', '=', passkey.id);
  query = passkey.counter === 0 ? query.where('counter', '=', 0) : query.where('counter', '<', passkey.counter);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function renamePasskey(db: Db, userId: string, id: string, name: string): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set({ name })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deletePasskey(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Every passkey of a person (`npm run admin -- --reset-factors`). */
export async function deletePasskeysOf(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('passkeys').where('user_id', '=', userId).execute();
}

/** Housekeeping: challenges past their 5 minutes. */
export async function deleteExpiredChallenges(db: Db): Promise<void> {
  await db.deleteFrom('webauthn_challenges').where('expires_at', '<', now()).execute();
}

/**
 * Holds the person's row until the transaction ends (a no-op UPDATE): two additions of a passkey at
 * once wait for each other, so the count read next is the one the insert goes with (PostgreSQL; SQLite's
 * transactions run one at a time anyway).
 */
export async function lockPerson(trx: Db, userId: string): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', userId)
    .execute();
}
