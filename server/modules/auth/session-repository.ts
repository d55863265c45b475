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
      'sessions.last_seen_at as lastSeenAt',
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

/** Moves a live session's end (sliding sessions) and notes its use; never past a revocation. */
export async function extendSession(db: Db, sessionId: string, expiresAt: string, seenAt: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ expires_at: expiresAt, last_seen_at: seenAt })
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

/** A person's live sessions (not revoked, not expired), the most recently used first. */
export async function listLiveSessions(db: Db, userId: string) {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'expires_at', 'method', 'user_agent', 'ip_prefix', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now())
    .execute();
  const seen = (row: (typeof rows)[number]) => row.last_seen_at ?? row.created_at;
  return rows.sort((a, b) => seen(b).localeCompare(seen(a)) || b.created_at.localeCompare(a.created_at));
}

/** Ends one live session of this person; false when it is not theirs or has already ended. */
export async function revokeSessionOf(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: now() })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ends every live session of a person but `keepSessionId`; how many ended. */
export async function revokeOtherSessions(db: Db, userId: string, keepSessionId: string | null): Promise<number> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now());
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** When the holder of a session last proved who they are (null: never recorded). */
export async function findReauthAt(db: Db, sessionId: string): Promise<string | null> {
  const row = await db.selectFrom('sessions').select('reauth_at').where('id', '=', sessionId).executeTakeFirst();
  return row?.reauth_at ?? null;
}

/** The holder of a live session just proved who they are again. */
export async function markReauthenticated(db: Db, sessionId: string, at: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ reauth_at: at })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Whether the user signed in from this address prefix since `since` (a reset past a spent guess budget). */
export async function signedInFrom(db: Db, userId: string, prefix: string, since: string): Promise<boolean> {
  if (!prefix) return false;
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('ip_prefix', '=', prefix)
    .where('created_at', '>=', since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
