import { describeUserAgent } from '#server/lib/user-agent.ts';
import type { ActivityAction, ActivityDetail } from '#shared/activity.ts';
import { SESSION_MESSAGES, TEAM_MESSAGES } from '#shared/messages.ts';
import { SIGN_IN_METHODS, type SignInMethod } from '#shared/sign-in.ts';
import type { SessionInfo } from '#shared/schemas/sessions.ts';
import type { Db } from '#server/db/database.ts';
import { ForbiddenError, InvalidInputError, NotFoundError } from '#server/errors.ts';
import { reauthenticateWithPassword } from './reauth';
import { listLiveSessions, revokeOtherSessions, revokeSessionOf } from './session-repository';
import { findUserById } from './user-repository';

interface Asker {
  sessionId: string;
  user: { _id: string; name: string; email: string };
  person: { role: string };
}

/** The activity log as this service uses it (server/modules/activity/service.ts). */
interface ActivityLog {
  record(
    trx: Db,
    entry: {
      action: ActivityAction;
      actor?: { id: string; name: string } | null;
      target?: { type: 'person'; id?: string | null; label: string } | null;
      detail?: ActivityDetail;
      address?: string;
    },
  ): Promise<void>;
  failedSignIn(
    trx: Db,
    attempt: { email: string; userId?: string | null; reason: string; address?: string; action?: ActivityAction },
  ): Promise<void>;
}

const methodOf = (stored: string): SignInMethod =>
  (SIGN_IN_METHODS as readonly string[]).includes(stored) ? (stored as SignInMethod) : 'password';

/**
 * Sessions one can see and end (docs/product.md#sessions). Everyone sees and ends their own; Owners and
 * Administrators (`sessions.all`, checked by the route) anyone's, except that only the Owner sees or ends
 * the Owner's (docs/decisions/0020-sessions-and-reauthentication.md). Ending a session sets its
 * `revoked_at`, which every process reads on the next request.
 */
export function createSessionsService(deps: { db: Db; activity: ActivityLog }) {
  const { db, activity } = deps;

  /**
   * Ends sessions and records it in the activity log in one transaction (docs/product.md#activity-log):
   * `revoke` answers how many ended; nothing is recorded when none did.
   */
  async function endRecorded(
    asker: Asker,
    person: { id: string; email: string },
    scope: 'one' | 'others' | 'all',
    address: string,
    revoke: (trx: Db) => Promise<number>,
  ): Promise<number> {
    return db.transaction().execute(async (trx) => {
      const ended = await revoke(trx);
      if (ended > 0) {
        await activity.record(trx, {
          action: 'session.ended',
          actor: { id: asker.user._id, name: asker.user.name || asker.user.email },
          target: { type: 'person', id: person.id, label: person.email },
          detail: { scope, sessions: ended },
          address,
        });
      }
      return ended;
    });
  }
  const self = (auth: Asker) => ({ id: auth.user._id, email: auth.user.email });

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

    async endMine(auth: Asker, sessionId: string, address: string): Promise<string> {
      const ended = await endRecorded(auth, self(auth), 'one', address, async (trx) =>
        Number(await revokeSessionOf(trx, auth.user._id, sessionId)),
      );
      if (!ended) throw new NotFoundError(SESSION_MESSAGES.sessionNotFound);
      return SESSION_MESSAGES.sessionEnded;
    },

    async endMyOthers(auth: Asker, address: string): Promise<string> {
      const ended = await endRecorded(auth, self(auth), 'others', address, (trx) =>
        revokeOtherSessions(trx, auth.user._id, auth.sessionId),
      );
      return SESSION_MESSAGES.othersEnded(ended);
    },

    async of(auth: Asker, userId: string): Promise<SessionInfo[]> {
      await personFor(auth, userId);
      return sessionsOf(userId, auth.sessionId);
    },

    async endOne(auth: Asker, userId: string, sessionId: string, address: string): Promise<string> {
      const person = await personFor(auth, userId);
      const ended = await endRecorded(auth, person, 'one', address, async (trx) =>
        Number(await revokeSessionOf(trx, userId, sessionId)),
      );
      if (!ended) throw new NotFoundError(SESSION_MESSAGES.sessionNotFound);
      return SESSION_MESSAGES.sessionEnded;
    },

    /** Everywhere: for one's own account, everywhere but here (the asker stays signed in). */
    async endAll(auth: Asker, userId: string, address: string): Promise<string> {
      const person = await personFor(auth, userId);
      const keep = userId === auth.user._id ? auth.sessionId : null;
      const ended = await endRecorded(auth, person, keep ? 'others' : 'all', address, (trx) =>
        revokeOtherSessions(trx, userId, keep),
      );
      return SESSION_MESSAGES.allEnded(person.name || person.email, ended);
    },

    /**
     * The password again (./reauth.ts); a wrong one is a 400 and a `reauth.failed` entry of the activity
     * log (folded per e-mail and minute, so guessing cannot flood it). Answers when the proof was taken.
     */
    async reauthenticate(auth: Asker, password: string, address: string): Promise<string> {
      try {
        return await reauthenticateWithPassword(db, auth, password);
      } catch (error) {
        if (error instanceof InvalidInputError) {
          await activity.failedSignIn(db, {
            email: auth.user.email,
            userId: auth.user._id,
            reason: 'wrong-password',
            address,
            action: 'reauth.failed',
          });
        }
        throw error;
      }
    },
  };
}
