import type { Db } from '#server/db/database.ts';
import {
  countUnusedRecoveryCodes,
  deleteRecoveryCodes,
  deleteTickets,
  deleteTotp,
  hasConfirmedTotp,
} from './two-factor-repository';
import type { SecondStepMethod } from '#shared/schemas/two-factor.ts';
import { countPasskeys, deletePasskeysOf } from './passkeys-repository';

/**
 * The one answer to "does this person have a second factor?" (docs/decisions/0021-two-factor-and-recovery.md):
 * a confirmed authenticator app or at least one passkey. Recovery codes are a way back in, not a factor of
 * their own. Inside a transaction pass its `trx` (SQLite has one connection).
 */
export async function hasSecondFactor(db: Db, userId: string): Promise<boolean> {
  return (await hasConfirmedTotp(db, userId)) || (await countPasskeys(db, userId)) > 0;
}

/** The second-step methods the person can use now (the login card offers these). */
export async function secondStepMethods(db: Db, userId: string): Promise<SecondStepMethod[]> {
  const methods: SecondStepMethod[] = [];
  if (await hasConfirmedTotp(db, userId)) methods.push('totp');
  if ((await countPasskeys(db, userId)) > 0) methods.push('passkey');
  if ((await countUnusedRecoveryCodes(db, userId)) > 0) methods.push('recovery');
  return methods;
}

/** Every second factor and recovery code of the person, and open second steps (`npm run admin -- --reset-factors`). */
export async function removeSecondFactors(db: Db, userId: string): Promise<void> {
  await deleteTotp(db, userId);
  await deletePasskeysOf(db, userId);
  await deleteRecoveryCodes(db, userId);
  await deleteTickets(db, userId);
}
