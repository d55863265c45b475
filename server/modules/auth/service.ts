import { timingSafeEqual } from 'node:crypto';
import { setTimeout as sleepFor } from 'node:timers/promises';
import { SERVER_MESSAGES, TEAM_MESSAGES } from '#shared/messages.ts';
import type { SessionUser } from '#shared/schemas/auth.ts';
import type { SecondStep } from '#shared/schemas/two-factor.ts';
import type { Person } from '#shared/roles.ts';
import type { Db } from '#server/db/database.ts';
import { ForbiddenError, InvalidInputError, NotAuthenticatedError } from '#server/errors.ts';
import type { ActivityRecorder } from '#server/modules/activity/service.ts';
import type { MailService } from '#server/modules/mail/service.ts';
import { actorOf, personTarget } from './activity-entries';
import { failedLoginsMail } from './failed-logins-mail';
import { hashPassword, verifyPassword } from './password';
import { resetCodeMail } from './reset-mail';
import {
  consumeResetCode,
  deleteStaleResetCodes,
  findResetCode,
  guessBudgetSpent,
  issueOwnAddressCode,
  issueResetCode,
  takeResetTry,
  type GuessBudget,
} from './reset-repository';
import { resetGuessingMail } from './reset-guessing-mail';
import {
  deleteStaleSessions,
  extendSession,
  findLiveSession,
  insertSession,
  revokeSession,
  revokeUserSessions,
  signedInFrom,
} from './session-repository';
import { hashResetCode, hashToken, newResetCode, newToken } from './tokens';
import { toPerson, toSessionUser } from './people';
import { addressPrefix, storedUserAgent, type ClientInfo, type SignInContext } from './sign-in-context';
import { confirmIdentity, requireRecentAuth } from './reauth';
import {
  countUsers,
  findUserByEmail,
  findOwner,
  findUserById,
  findUsersByIds,
  insertUser,
  touchLastSeen,
  updatePasswordHash,
  type UserRow,
} from './user-repository';

/** A session ends after this long without use (each use moves the end forward) … */
export const SESSION_TTL_MS = 14 * 24 * 3600_000;
/** … and this long after login, however active (docs/product.md#access-and-session). */
export const SESSION_MAX_AGE_MS = 90 * 24 * 3600_000;
/**
 * A use moves the end forward and notes "last seen" (the session's and the person's) at most this often,
 * so most requests write nothing (docs/product.md#sessions).
 */
export const SESSION_EXTEND_EVERY_MS = 5 * 60_000;
export const RESET_CODE_TTL_MS = 10 * 60_000;
export const RESET_CODE_MAX_TRIES = 5;
/**
 * Codes one account is sent in a window of RESET_CODE_TTL_MS from its first, whoever asks and from
 * however many addresses (the per-address limits in server/plugins/rate-limits.ts cannot see a flood
 * spread over many). A window lasts as long as a code does, so when the allowance is spent the newest
 * code the owner was sent is still valid, and once it expires the window is over. A newest code that was
 * used or spent its tries lets a new one through at once, so guessing cannot lock the owner out either;
 * past the allowance each further e-mail then costs a flooder RESET_CODE_MAX_TRIES guesses, which the
 * code-check limits bound.
 */
export const RESET_CODES_PER_WINDOW = 5;
/**
 * Wrong reset-code guesses one account may take in a day (UTC), from all addresses and codes together
 * (issue 30): 1,000 addresses guessing all day then have at most 10 × 10⁻⁶ = 1 chance in 100,000 of a
 * six-digit code. The guess that spends it tells the owner by e-mail and in the activity log; past it no
 * code is sent, except one a day to an address prefix the account signed in from in the last
 * OWN_ADDRESS_DAYS, whose guesses only that prefix may make. `npm run admin` always works.
 */
export const RESET_GUESSES_PER_DAY = 10;
const OWN_ADDRESS_DAYS = 30;
/**
 * A reset request is answered no sooner than this after it arrived, whatever it did: a known address (a
 * code stored and mailed) and an unknown one (nothing) differed by 5.7 ms, enough to tell them apart.
 */
export const RESET_ANSWER_FLOOR_MS = 150;

export interface AuthContext {
  user: SessionUser;
  /** The role and switches, as stored at this request (shared/roles.ts). */
  person: Person & { id: string };
  sessionId: string;
  /** The client's address of this request (the activity log keeps its prefix). */
  address?: string;
}

const sleep = (ms: number) => (ms > 0 ? sleepFor(ms) : Promise.resolve());

// Compared against when the e-mail is unknown, so a wrong e-mail costs the same time as a wrong password.
const DUMMY_HASH = hashPassword('not-a-real-password');

export function createAuthService(deps: {
  db: Db;
  mail: MailService;
  siteName: string;
  activity: ActivityRecorder;
  /**
   * After the right password: for an account with a second factor, the ticket of the second step to
   * answer instead of a session (server/modules/auth/two-factor-service.ts); null to sign in at once.
   */
  secondStep?: (user: UserRow) => Promise<{ secondStep: SecondStep } | null>;
}) {
  const { db } = deps;
  const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

  /** Today's reset-guess budget of an account, as seen from the asker's address prefix. */
  const guessBudget = (client?: ClientInfo): GuessBudget => ({
    day: new Date().toISOString().slice(0, 10),
    max: RESET_GUESSES_PER_DAY,
    prefix: client ? addressPrefix(client.address) || undefined : undefined,
  });

  /** The guess that spent the day's budget: the owner hears of it by e-mail and in the activity log, once. */
  async function warnOfResetGuessing(user: UserRow, client?: ClientInfo) {
    await db.transaction().execute(async (trx) => {
      await deps.activity.record(trx, {
        action: 'password.reset-guessing',
        target: personTarget(user),
        detail: { guesses: RESET_GUESSES_PER_DAY },
        address: client?.address,
      });
      await deps.mail.queue(
        resetGuessingMail({ to: user.email, siteName: deps.siteName, guesses: RESET_GUESSES_PER_DAY }),
        trx,
      );
    });
    deps.mail.kick();
  }

  async function startSession(user: UserRow, context: SignInContext) {
    const token = newToken();
    // The session and its line in the activity log are written together or not at all.
    await db.transaction().execute(async (trx) => {
      await insertSession(trx, {
        userId: user.id,
        tokenHash: hashToken(token),
        expiresAt: at(SESSION_TTL_MS),
        method: context.method,
        userAgent: storedUserAgent(context.userAgent),
        ipPrefix: addressPrefix(context.address),
      });
      await touchLastSeen(trx, user.id, at(0));
      await deps.activity.record(trx, {
        action: 'sign-in',
        actor: { id: user.id, name: user.name || user.email },
        detail: { method: context.method },
        address: context.address,
      });
    });
    return { token, user: toSessionUser(user) };
  }

  return {
    /** A session for an account that just came to be (an accepted invitation), as login makes it. */
    signIn: startSession,

    /** The signed-in person's role and switches, for the admin screens (shared/api/staff.ts, getAccount). */
    account: ({ user, person }: AuthContext) => ({
      ...user,
      role: person.role,
      mayNewsletter: person.mayNewsletter,
      categoryIds: [...person.categoryIds],
    }),

    /**
     * Names and addresses of these people (active ones), e.g. to e-mail a post's writers; inside the
     * caller's transaction when given (on SQLite its one connection is held by it).
     */
    async contactsOf(ids: readonly string[], trx: Db = db): Promise<Array<{ name: string; email: string }>> {
      const rows = await findUsersByIds(trx, ids);
      return rows.filter((row) => row.status === 'active').map((row) => ({ name: row.name, email: row.email }));
    },

    async login(email: string, password: string, client: ClientInfo) {
      const user = await findUserByEmail(db, email.trim());
      const ok = await verifyPassword(password, user?.password_hash ?? (await DUMMY_HASH));
      // The log names the e-mail typed and why; the client's answer is the same either way.
      const failed = (reason: string) =>
        deps.activity.failedSignIn(db, { email, userId: user?.id, reason, address: client.address });
      if (!user || !ok) {
        await failed(user ? 'wrong-password' : 'unknown-email');
        throw new NotAuthenticatedError(SERVER_MESSAGES.invalidCredentials);
      }
      // Said only to someone who knows the password: it tells them whom to ask.
      if (user.status !== 'active') {
        await failed('suspended');
        throw new ForbiddenError(TEAM_MESSAGES.accountSuspended);
      }
      const step = await deps.secondStep?.(user);
      if (step) return step;
      return startSession(user, { ...client, method: 'password' });
    },

    /**
     * Tells an account's owner that its password is being guessed from many addresses (the route decides
     * when: docs/decisions/0010-login-limits.md). An unknown e-mail gets nothing.
     */
    async warnOfFailedLogins(email: string, attempts: { failures: number; minutes: number }): Promise<void> {
      const user = await findUserByEmail(db, email.trim());
      if (!user) return;
      await deps.mail.queue(failedLoginsMail({ to: user.email, siteName: deps.siteName, ...attempts }));
    },

    /** The session behind a bearer token, or null when it is unknown, revoked or expired. */
    async authenticate(token: string): Promise<AuthContext | null> {
      if (!token || token.length > 200) return null;
      const row = await findLiveSession(db, hashToken(token));
      if (!row) return null;
      const now = Date.now();
      const end = Math.min(now + SESSION_TTL_MS, Date.parse(row.createdAt) + SESSION_MAX_AGE_MS);
      const seen = row.lastSeenAt ? Date.parse(row.lastSeenAt) : 0;
      // Near the 90-day cap the end no longer moves, but "last seen" still does.
      if (end - Date.parse(row.expiresAt) >= SESSION_EXTEND_EVERY_MS || now - seen >= SESSION_EXTEND_EVERY_MS) {
        const at = new Date(now).toISOString();
        await extendSession(db, row.sessionId, new Date(end).toISOString(), at);
        // "Last seen" on the staff and sessions screens: at most SESSION_EXTEND_EVERY_MS behind.
        await touchLastSeen(db, row.id, at);
      }
      return { sessionId: row.sessionId, user: toSessionUser(row), person: toPerson(row) };
    },

    logout: (auth: AuthContext) => revokeSession(db, auth.sessionId),

    /**
     * Re-authentication (./reauth.ts): 403 ReauthRequiredError unless proved in the last 10 minutes. The
     * password proof is `services.sessions.reauthenticate`.
     */
    requireRecentAuth: (auth: AuthContext) => requireRecentAuth(db, auth),
    /** After another accepted proof (an authenticator code, a passkey): the session is confirmed now. */
    confirmIdentity: (auth: AuthContext) => confirmIdentity(db, auth),

    /** Only for the logged-in user's own account; the user's other sessions end. */
    async changePassword(auth: AuthContext, input: { id: string; password: string; newPassword: string }) {
      if (input.id !== auth.user._id) throw new ForbiddenError(SERVER_MESSAGES.notYourAccount);
      const user = await findUserById(db, auth.user._id);
      if (!user || !(await verifyPassword(input.password, user.password_hash))) {
        // 400, not 401: the session is fine, only the old password is wrong (a 401 would log the user out).
        throw new InvalidInputError(SERVER_MESSAGES.wrongOldPassword);
      }
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction().execute(async (trx) => {
        await updatePasswordHash(trx, user.id, passwordHash);
        await revokeUserSessions(trx, user.id, auth.sessionId);
        await deps.activity.record(trx, {
          action: 'password.changed',
          actor: actorOf(auth),
          target: personTarget(user),
        });
        // The current password was the proof: sensitive changes right after need no other.
        await confirmIdentity(trx, auth);
      });
    },

    /** Always the same answer, after the same time, whether or not the address belongs to an account. */
    async requestReset(email: string, client?: ClientInfo) {
      const started = Date.now();
      const user = await findUserByEmail(db, email.trim());
      if (user) {
        const code = newResetCode();
        const reset = { userId: user.id, codeHash: hashResetCode(user.id, code), expiresAt: at(RESET_CODE_TTL_MS) };
        const budget = guessBudget(client);
        // The code and its e-mail are kept together or not at all; past the account's allowance or its
        // guess budget nothing is stored or sent, and the answer stays the same (it never says whether an
        // account exists).
        const sent = await db.transaction().execute(async (trx) => {
          let stored = await issueResetCode(
            trx,
            reset,
            { ms: RESET_CODE_TTL_MS, max: RESET_CODES_PER_WINDOW, maxTries: RESET_CODE_MAX_TRIES },
            budget,
          );
          if (!stored && budget.prefix && (await guessBudgetSpent(trx, user.id, budget))) {
            const since = new Date(Date.now() - OWN_ADDRESS_DAYS * 24 * 3600_000).toISOString();
            if (await signedInFrom(trx, user.id, budget.prefix, since))
              stored = await issueOwnAddressCode(trx, reset, { ...budget, prefix: budget.prefix });
          }
          if (stored) {
            await deps.activity.record(trx, {
              action: 'password.reset-requested',
              target: personTarget(user),
              address: client?.address,
            });
            await deps.mail.queue(
              resetCodeMail({ to: user.email, code, siteName: deps.siteName, minutes: RESET_CODE_TTL_MS / 60_000 }),
              trx,
            );
          }
          return stored;
        });
        if (sent) deps.mail.kick();
      }
      await sleep(started + RESET_ANSWER_FLOOR_MS - Date.now());
      return SERVER_MESSAGES.resetRequested;
    },

    /**
     * Sets a new password with a valid code: single use, 10 minutes, 5 wrong tries, within the account's
     * guess budget of the day; every session ends.
     */
    async resetWithCode(input: { email: string; otp: string; password: string }, client?: ClientInfo) {
      const invalid = new InvalidInputError(SERVER_MESSAGES.invalidResetCode);
      const user = await findUserByEmail(db, input.email.trim());
      if (!user) throw invalid;
      const reset = await findResetCode(db, user.id);
      if (!reset || reset.used_at || reset.expires_at <= at(0) || reset.failed_attempts >= RESET_CODE_MAX_TRIES)
        throw invalid;
      // Every comparison costs a try and a guess of the day, taken atomically first, so parallel guesses
      // cannot exceed either limit.
      const guesses = await takeResetTry(db, user.id, RESET_CODE_MAX_TRIES, guessBudget(client));
      if (guesses === null) throw invalid;
      const expected = Buffer.from(reset.code_hash, 'hex');
      const given = Buffer.from(hashResetCode(user.id, input.otp.trim()), 'hex');
      if (!timingSafeEqual(expected, given)) {
        if (guesses === RESET_GUESSES_PER_DAY) await warnOfResetGuessing(user, client);
        throw invalid;
      }
      const passwordHash = await hashPassword(input.password);
      await db.transaction().execute(async (trx) => {
        if (!(await consumeResetCode(trx, user.id, reset.code_hash))) throw invalid;
        await updatePasswordHash(trx, user.id, passwordHash);
        await revokeUserSessions(trx, user.id);
        await deps.activity.record(trx, {
          action: 'password.reset',
          actor: { id: user.id, name: user.name || user.email },
          target: personTarget(user),
          address: client?.address,
        });
      });
      return SERVER_MESSAGES.passwordReset;
    },

    /** The Owner's id (null only before the first start has made one). */
    ownerId: async (): Promise<string | null> => (await findOwner(db))?.id ?? null,

    /** The first start's administrator, the site's Owner; false (and nothing changes) when any account exists. */
    async createFirstAdministrator(email: string, password: string): Promise<boolean> {
      if ((await countUsers(db)) > 0) return false;
      await insertUser(db, { email, name: 'Administrator', passwordHash: await hashPassword(password), role: 'owner' });
      return true;
    },

    /** Housekeeping (a periodic job): sessions and reset codes that ended more than a day ago. */
    async pruneExpired(): Promise<void> {
      await deleteStaleSessions(db);
      await deleteStaleResetCodes(db);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
