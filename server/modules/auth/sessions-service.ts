import Bowser from 'bowser';
import { SESSION_MESSAGES, TEAM_MESSAGES } from '#shared/messages.ts';
import { SIGN_IN_METHODS, type SignInMethod } from '#shared/sign-in.ts';
import type { SessionInfo } from '#shared/schemas/sessions.ts';
import type { Db } from '#server/db/database.ts';
import { ForbiddenError, NotFoundError } from '#server/errors.ts';
import { listLiveSessions, revokeOtherSessions, revokeSessionOf } from './session-repository';
import { findUserById } from './user-repository';

interface Asker {
  sessionId: string;
  user: { _id: string };
  person: { role: string };
}

/** Browser, system and kind of device of a stored User-Agent; empty parts where it says nothing known. */
export function describeUserAgent(userAgent: string): { browser: string; os: string; device: string } {
  if (!userAgent.trim()) return { browser: '', os: '', device: '' };
  const parsed = Bowser.parse(userAgent);
  return { browser: parsed.browser.name ?? '', os: parsed.os.name ?? '', device: parsed.platform.type ?? '' };
}

const methodOf = (stored: string): SignInMethod =>
  (SIGN_IN_METHODS as readonly string[]).includes(stored) ? (stored as SignInMethod) : 'password';

/**
 * Sessions one can see and end (docs/product.md#sessions). Everyone sees and ends their own; Owners and
 * Administrators (`sessions.all`, checked by the route) anyone's, except that only the Owner sees or ends
 * the Owner's (docs/decisions/0020-sessions-and-reauthentication.md). Ending a session sets its
 * `revoked_at`, which every process reads on the next request.
 */
export function createSessionsService(deps: { db: Db }) {
  const { db } = deps;

  async function sessionsOf(userId: string, currentId: string): Promise<SessionInfo[]> {
    const rows = await listLiveSessions(db, userId);
    return rows.map((row) => ({
      _id: row.id,
      ...describeUserAgent(row.user_agent),
      place: row.ip_prefix,
      method: methodOf(row.method),
      signedInAt: row.created_at,
      lastSeenAt: row.last_seen_at ?? row.created_at,
      expiresAt: row.expires_at,
      current: row.id === currentId,
    }));
  }

  /** The person whose sessions someone else asks about: they exist, and the Owner's are the Owner's. */
  async function personFor(asker: Asker, userId: string) {
    const row = await findUserById(db, userId);
    if (!row) throw new NotFoundError(TEAM_MESSAGES.personNotFound);
    if (row.role === 'owner' && asker.person.role !== 'owner') throw new ForbiddenError(SESSION_MESSAGES.ownerSessions);
    return row;
  }

  return {
    mine: (auth: Asker) => sessionsOf(auth.user._id, auth.sessionId),

    async endMine(auth: Asker, sessionId: string): Promise<string> {
      if (!(await revokeSessionOf(db, auth.user._id, sessionId)))
        throw new NotFoundError(SESSION_MESSAGES.sessionNotFound);
      return SESSION_MESSAGES.sessionEnded;
    },

    async endMyOthers(auth: Asker): Promise<string> {
      return SESSION_MESSAGES.othersEnded(await revokeOtherSessions(db, auth.user._id, auth.sessionId));
    },

    async of(auth: Asker, userId: string): Promise<SessionInfo[]> {
      await personFor(auth, userId);
      return sessionsOf(userId, auth.sessionId);
    },

    async endOne(auth: Asker, userId: string, sessionId: string): Promise<string> {
      await personFor(auth, userId);
      if (!(await revokeSessionOf(db, userId, sessionId))) throw new NotFoundError(SESSION_MESSAGES.sessionNotFound);
      return SESSION_MESSAGES.sessionEnded;
    },

    /** Everywhere: for one's own account, everywhere but here (the asker stays signed in). */
    async endAll(auth: Asker, userId: string): Promise<string> {
      const person = await personFor(auth, userId);
      const keep = userId === auth.user._id ? auth.sessionId : null;
      return SESSION_MESSAGES.allEnded(person.name || person.email, await revokeOtherSessions(db, userId, keep));
    },
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
