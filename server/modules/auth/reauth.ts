import { SESSION_MESSAGES } from '#shared/messages.ts';
import type { Db } from '#server/db/database.ts';
import { InvalidInputError, ReauthRequiredError } from '#server/errors.ts';
import { verifyPassword } from './password';
import { findReauthAt, markReauthenticated } from './session-repository';
import { findUserById } from './user-repository';

/**
 * Re-authentication (docs/product.md#re-authentication): a sensitive change (e-mail, factors, roles,
 * inviting an Administrator, handing the site over, exports) needs its session to have proved who it is
 * in the last REAUTH_WINDOW_MS. Signing in is such a proof, and so is giving the password (or, with the
 * two-factor and passkey parts, a code or a passkey) again. Read from the session's row on each request,
 * so it holds on every process.
 */
export const REAUTH_WINDOW_MS = 10 * 60_000;

interface SessionOf {
  sessionId: string;
  user: { _id: string };
}

/** Throws ReauthRequiredError (403, SESSION_MESSAGES.reauthRequired) unless the proof is recent. */
export async function requireRecentAuth(db: Db, auth: SessionOf): Promise<void> {
  const at = await findReauthAt(db, auth.sessionId);
  if (!at || Date.now() - Date.parse(at) > REAUTH_WINDOW_MS) {
    throw new ReauthRequiredError(SESSION_MESSAGES.reauthRequired);
  }
}

/** Marks the session as having proved who it is now (after any accepted proof); answers when. */
export async function confirmIdentity(db: Db, auth: SessionOf): Promise<string> {
  const at = new Date().toISOString();
  await markReauthenticated(db, auth.sessionId, at);
  return at;
}

/** The password again: 400 (never 401, which would log the admin out) when it is wrong. */
export async function reauthenticateWithPassword(db: Db, auth: SessionOf, password: string): Promise<string> {
  const user = await findUserById(db, auth.user._id);
  const ok = user ? await verifyPassword(password, user.password_hash) : false;
  if (!ok) throw new InvalidInputError(SESSION_MESSAGES.wrongPassword, 'password');
  return confirmIdentity(db, auth);
}
