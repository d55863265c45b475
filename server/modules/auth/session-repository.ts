import type { Db } from '#server/db/database.ts';
import { newId, now } from '#server/db/database.ts';
import type { SignInMethod } from '#shared/sign-in.ts';

export async function insertSession(
  db: Db,
  session: {
    userId: string;
    tokenHash: string;
    expiresAt: string;
    method: SignInMethod;
    userAgent: string;
    ipPrefix: string;
  },
): Promise<string> {
  const id = newId();
  const at = now();
  await db
    .insertInto('sessions')
    .values({
      id,
      user_id: session.userId,
      token_hash: session.tokenHash,
      created_at: at,
      expires_at: session.expiresAt,
      revoked_at: null,
      method: session.method,
      user_agent: session.userAgent,
      ip_prefix: session.ipPrefix,
      last_seen_at: at,
      // Signing in is proving who one is: sensitive changes need no second proof right after it.
      reauth_at: at,
    })
    .execute();
  return id;
}

/**
 * The live session of a token hash, with its user as stored now: read on every request, so a role
 * change or a suspension applies on the very next one, on every process.
 */
export async function findLiveSession(db: Db, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as sessionId',
      'sessions.created_at as createdAt',
      'sessions.expires_at as expiresAt',
      'users.id',
      'users.email',
      'users.name',
      'users.role',
      'users.may_newsletter',
      'users.category_ids',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('users.status', '=', 'active')
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now())
    .executeTakeFirst();
}

/** Moves a live session's end (sliding sessions); never past a revocation. */
export async function extendSession(db: Db, sessionId: string, expiresAt: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ expires_at: expiresAt })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every session of a user, except `keepSessionId` when given. */
export async function revokeUserSessions(db: Db, userId: string, keepSessionId?: string): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}

/** Housekeeping: sessions that ended more than a day ago are of no use. */
export async function deleteStaleSessions(db: Db): Promise<void> {
  const dayAgo = new Date(Date.now() - 24 * 3600_000).toISOString();
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<', dayAgo), eb('revoked_at', '<', dayAgo)]))
    .execute();
}
