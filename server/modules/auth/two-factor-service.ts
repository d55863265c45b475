import { randomInt } from 'node:crypto';
import { TWO_FACTOR_MESSAGES, TEAM_MESSAGES } from '#shared/messages.ts';
import type { Role } from '#shared/roles.ts';
import type { SessionUser } from '#shared/schemas/auth.ts';
import type { SignInMethod } from '#shared/sign-in.ts';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import {
  SECOND_FACTOR_REQUIRED,
  type CompleteSecondStep,
  type Policy,
  type PolicyScope,
  type Requirement,
  type SecondStep,
  type TwoFactorStatus,
} from '#shared/schemas/two-factor.ts';
import type { Db } from '#server/db/database.ts';
import type { ActivityService } from '#server/modules/activity/service.ts';
import { ForbiddenError, InvalidInputError, NotAuthenticatedError, type DomainError } from '#server/errors.ts';
import { hasSecondFactor, removeSecondFactors, secondStepMethods } from './second-factor';
import { keyIdOf, KeyMismatchError, type SecretBox } from './secret-box';
import type { AuthContext } from './service';
import type { ClientInfo, SignInContext } from './sign-in-context';
import { hashResetCode, hashToken, newToken } from './tokens';
import { groupedKey, newTotpSecret, qrSvg, totpSetup, totpStep } from './totp';
import {
  anyTotpSecret,
  consumeTicket,
  countUnusedRecoveryCodes,
  deleteRecoveryCodes,
  deleteStaleTickets,
  deleteTotp,
  findLiveTicket,
  findTotp,
  hasConfirmedTotp,
  insertTicket,
  joinedAt,
  readPolicy,
  replaceRecoveryCodes,
  savePendingTotp,
  takeTicketTry,
  takeTotpStep,
  spendRecoveryCode,
  writePolicy,
} from './two-factor-repository';
import { markReauthenticated as markSession } from './session-repository';
import { findUserById, type UserRow } from './user-repository';

/** The session's holder just proved who they are (re-authentication, docs/decisions/0020). */
const markReauthenticated = (db: Db, sessionId: string) => markSession(db, sessionId, new Date().toISOString());

/** A second step must be finished within this long of the password … */
export const TICKET_TTL_MS = 5 * 60_000;
/** … and dies after this many wrong codes. */
export const TICKET_MAX_TRIES = 5;
export const RECOVERY_CODE_COUNT = 10;
const DAY_MS = 24 * 3600_000;
/** Roles the Owner's "Administrators and Editors" rule covers (the Owner among them). */
const STAFF_SCOPE: readonly Role[] = ['owner', 'administrator', 'editor'];
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** A recovery code as shown: 10 base32 letters (50 bits) in two groups, `abcde-fghij`. */
function newRecoveryCode(): string {
  const letters = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}
const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]+/g, '');
const hashRecoveryCode = (userId: string, code: string) =>
  hashResetCode(userId, `recovery:${normalizeRecoveryCode(code)}`);

type Failure = new (message: string) => DomainError;

export function createTwoFactorService(deps: {
  db: Db;
  box: SecretBox;
  siteName: string;
  /** The activity log: factor changes, the rule, failed second steps (docs/product.md#activity-log). */
  activity: Pick<ActivityService, 'record' | 'failedSignIn'>;
  /** Starts the session once the second step is done (the auth service's startSession). */
  signIn: (user: UserRow, context: SignInContext) => Promise<{ token: string; user: SessionUser }>;
  /** Checks a passkey assertion of this person's for the second step; throws when refused (the passkeys service). */
  verifyPasskey: (userId: string, response: AuthenticationResponseJSON) => Promise<void>;
}) {
  const { db, box, activity } = deps;
  const actorOf = (auth: AuthContext) => ({ id: auth.user._id, name: auth.user.name || auth.user.email });
  const selfOf = (auth: AuthContext) => ({ type: 'person' as const, id: auth.user._id, label: auth.user.email });

  /**
   * Checks a current authenticator code or an unused recovery code of the person; `fail` is the error of a
   * wrong one (401 in the second step, where failures are counted; 400 inside the admin). The code is
   * taken: the same code never passes twice.
   */
  async function checkCode(
    userId: string,
    rawCode: string,
    fail: Failure,
    kind?: 'totp' | 'recovery',
  ): Promise<'totp' | 'recovery'> {
    const code = rawCode.replace(/\s+/g, '');
    const digits = /^\d{6}$/.test(code);
    if (kind === 'totp' && !digits) throw new fail(TWO_FACTOR_MESSAGES.codeFormat);
    if (kind === 'recovery' && digits) throw new fail(TWO_FACTOR_MESSAGES.wrongRecoveryCode);
    if (digits) {
      const factor = await findTotp(db, userId);
      if (!factor?.confirmed_at) throw new fail(TWO_FACTOR_MESSAGES.wrongCode);
      const step = await totpStep(openSecret(factor.secret, userId), code);
      if (step === null) throw new fail(TWO_FACTOR_MESSAGES.wrongCode);
      if (!(await takeTotpStep(db, userId, step, false))) throw new fail(TWO_FACTOR_MESSAGES.codeReused);
      return 'totp';
    }
    if (!/^[a-z2-7]{10}$/.test(normalizeRecoveryCode(code))) throw new fail(TWO_FACTOR_MESSAGES.wrongRecoveryCode);
    const used = await spendRecoveryCode(db, userId, hashRecoveryCode(userId, code));
    if (used === 'used') throw new fail(TWO_FACTOR_MESSAGES.recoveryCodeUsed);
    if (used === 'unknown') throw new fail(TWO_FACTOR_MESSAGES.wrongRecoveryCode);
    return 'recovery';
  }

  function openSecret(sealed: string, userId: string): string {
    // A process with another key must say so, loudly, rather than answer "wrong code" to everyone.
    return box.open(sealed, userId);
  }

  async function newRecoveryCodes(trx: Db, userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await replaceRecoveryCodes(
      trx,
      userId,
      codes.map((code) => hashRecoveryCode(userId, code)),
    );
    return codes;
  }

  async function requirementFor(userId: string, role: Role): Promise<Requirement> {
    const none: Requirement = { applies: false, blocked: false, daysLeft: null };
    const policy = await readPolicy(db);
    if (!policy || policy.scope === 'off') return none;
    if (policy.scope !== 'everyone' && !STAFF_SCOPE.includes(role)) return none;
    if (await hasSecondFactor(db, userId)) return { applies: true, blocked: false, daysLeft: null };
    const joined = (await joinedAt(db, userId)) ?? policy.set_at;
    const start = Math.max(Date.parse(policy.set_at), Date.parse(joined));
    const left = start + policy.grace_days * DAY_MS - Date.now();
    return left > 0
      ? { applies: true, blocked: false, daysLeft: Math.ceil(left / DAY_MS) }
      : { applies: true, blocked: true, daysLeft: null };
  }

  /** The rule as stored: 'off' until the Owner sets one. */
  async function policy(): Promise<Policy & { setAt: string | null }> {
    const row = await readPolicy(db);
    return row
      ? { scope: row.scope as PolicyScope, graceDays: row.grace_days, setAt: row.set_at }
      : { scope: 'off', graceDays: 0, setAt: null };
  }

  return {
    requirementFor,

    /**
     * 403 (code SECOND_FACTOR_REQUIRED) when the Owner's rule covers the person, the grace period is over
     * and they have no second factor. Read from the database on every call: every process agrees at once.
     */
    async enforce(auth: AuthContext): Promise<void> {
      const requirement = await requirementFor(auth.person.id, auth.person.role);
      if (requirement.blocked)
        throw new ForbiddenError(TWO_FACTOR_MESSAGES.required, undefined, SECOND_FACTOR_REQUIRED);
    },

    /** Null for an account without a second factor (the session is made as always), else a ticket for the second step. */
    async beginSecondStep(user: UserRow): Promise<{ secondStep: SecondStep } | null> {
      if (!(await hasSecondFactor(db, user.id))) return null;
      const ticket = newToken();
      const expiresAt = new Date(Date.now() + TICKET_TTL_MS).toISOString();
      await insertTicket(db, { tokenHash: hashToken(ticket), userId: user.id, expiresAt });
      return { secondStep: { ticket, methods: await secondStepMethods(db, user.id), expiresAt } };
    },

    /** The account a ticket is for (the guessing limits count per account); null when it is not live. */
    async ticketOwner(ticket: string): Promise<string | null> {
      if (!ticket || ticket.length > 200) return null;
      return (await findLiveTicket(db, hashToken(ticket), TICKET_MAX_TRIES))?.user_id ?? null;
    },

    /** The second step: a live ticket and a right code make the session, exactly as the spec's login answers it. */
    async completeSecondStep(input: CompleteSecondStep, client: ClientInfo) {
      const expired = new NotAuthenticatedError(TWO_FACTOR_MESSAGES.ticketExpired);
      const tokenHash = hashToken(input.ticket);
      const ticket = await findLiveTicket(db, tokenHash, TICKET_MAX_TRIES);
      if (!ticket) throw expired;
      // Every comparison costs a try, taken first, so parallel guesses cannot pass the limit.
      if (!(await takeTicketTry(db, tokenHash, TICKET_MAX_TRIES))) throw expired;
      const failed = async (err: unknown): Promise<never> => {
        const user = await findUserById(db, ticket.user_id);
        if (user) {
          await activity.failedSignIn(db, {
            email: user.email,
            userId: user.id,
            reason: input.method,
            address: client.address,
            action: 'second-step.failed',
          });
        }
        throw err;
      };
      // A passkey of this ticket's account (another account's is refused by the passkeys service), or a code.
      const method: SignInMethod =
        input.method === 'passkey'
          ? await deps.verifyPasskey(ticket.user_id, input.response).then(() => 'password+passkey' as const, failed)
          : await checkCode(ticket.user_id, input.code, NotAuthenticatedError, input.method).then(
              (kind) => (kind === 'totp' ? ('password+totp' as const) : ('password+recovery' as const)),
              failed,
            );
      if (!(await consumeTicket(db, tokenHash))) throw expired;
      const user = await findUserById(db, ticket.user_id);
      if (!user) throw expired;
      if (user.status !== 'active') throw new ForbiddenError(TEAM_MESSAGES.accountSuspended);
      return deps.signIn(user, { ...client, method });
    },

    /**
     * Whether the person may remove their last passkey: an authenticator app remains, or the Owner's rule
     * does not cover them (docs/product.md#passkeys). Every account keeps its password either way.
     */
    async mayRemoveLastPasskey(auth: AuthContext): Promise<boolean> {
      if (await hasConfirmedTotp(db, auth.person.id)) return true;
      const row = await readPolicy(db);
      const covered =
        row && (row.scope === 'everyone' || (row.scope === 'staff' && STAFF_SCOPE.includes(auth.person.role)));
      return !covered;
    },

    async status(auth: AuthContext): Promise<TwoFactorStatus> {
      const factor = await findTotp(db, auth.person.id);
      return {
        totp: Boolean(factor?.confirmed_at),
        totpPending: Boolean(factor && !factor.confirmed_at),
        recoveryCodesLeft: await countUnusedRecoveryCodes(db, auth.person.id),
        hasSecondFactor: await hasSecondFactor(db, auth.person.id),
        requirement: await requirementFor(auth.person.id, auth.person.role),
      };
    },

    /** A new secret waiting for its first code; refused while an app is set up. */
    async startSetup(auth: AuthContext) {
      const secret = newTotpSecret();
      if (!(await savePendingTotp(db, auth.person.id, box.seal(secret, auth.person.id)))) {
        throw new InvalidInputError(TWO_FACTOR_MESSAGES.alreadyOn);
      }
      const uri = totpSetup(secret, deps.siteName, auth.user.email);
      return {
        qrSvg: await qrSvg(uri),
        manualKey: groupedKey(secret),
        issuer: deps.siteName,
        account: auth.user.email,
      };
    },

    /** The first right code turns the app on and makes 10 recovery codes (the old ones stop working). */
    async confirm(auth: AuthContext, code: string) {
      const userId = auth.person.id;
      const factor = await findTotp(db, userId);
      if (!factor || factor.confirmed_at) throw new InvalidInputError(TWO_FACTOR_MESSAGES.noSetupPending);
      const step = await totpStep(openSecret(factor.secret, userId), code);
      if (step === null) throw new InvalidInputError(TWO_FACTOR_MESSAGES.wrongCode, 'code');
      return db.transaction().execute(async (trx) => {
        if (!(await takeTotpStep(trx, userId, step, true)))
          throw new InvalidInputError(TWO_FACTOR_MESSAGES.codeReused, 'code');
        await markReauthenticated(trx, auth.sessionId);
        await activity.record(trx, {
          action: 'factor.added',
          actor: actorOf(auth),
          target: selfOf(auth),
          detail: { factor: 'authenticator app' },
        });
        return { recoveryCodes: await newRecoveryCodes(trx, userId) };
      });
    },

    /**
     * Turns the app off after a current code or a recovery code. Refused when the Owner's rule covers the
     * person and no other factor would remain: nobody is left without a way in that the rule demands.
     */
    async disable(auth: AuthContext, code: string): Promise<string> {
      const userId = auth.person.id;
      const factor = await findTotp(db, userId);
      if (!factor?.confirmed_at) throw new InvalidInputError(TWO_FACTOR_MESSAGES.notOn);
      await checkCode(userId, code, InvalidInputError);
      await db.transaction().execute(async (trx) => {
        await deleteTotp(trx, userId);
        const remains = await hasSecondFactor(trx, userId);
        if (!remains) {
          const policyRow = await readPolicy(trx);
          const covered =
            policyRow &&
            (policyRow.scope === 'everyone' || (policyRow.scope === 'staff' && STAFF_SCOPE.includes(auth.person.role)));
          if (covered) throw new InvalidInputError(TWO_FACTOR_MESSAGES.lastFactorRequired);
          // Without any factor, recovery codes lead nowhere.
          await deleteRecoveryCodes(trx, userId);
        }
        await markReauthenticated(trx, auth.sessionId);
        await activity.record(trx, {
          action: 'factor.removed',
          actor: actorOf(auth),
          target: selfOf(auth),
          detail: { factor: 'authenticator app' },
        });
      });
      return TWO_FACTOR_MESSAGES.totpOff;
    },

    /** 10 new recovery codes after a current code or a recovery code; needs a second factor to recover. */
    async regenerate(auth: AuthContext, code: string) {
      const userId = auth.person.id;
      if (!(await hasSecondFactor(db, userId))) throw new InvalidInputError(TWO_FACTOR_MESSAGES.notOn);
      await checkCode(userId, code, InvalidInputError);
      return db.transaction().execute(async (trx) => {
        await markReauthenticated(trx, auth.sessionId);
        await activity.record(trx, {
          action: 'recovery-codes.regenerated',
          actor: actorOf(auth),
          target: selfOf(auth),
        });
        return { recoveryCodes: await newRecoveryCodes(trx, userId) };
      });
    },

    /** Re-authentication by a code: the session counts as freshly proven (sensitive changes, docs/decisions/0020). */
    async reauth(auth: AuthContext, code: string, address: string): Promise<string> {
      await checkCode(auth.person.id, code, InvalidInputError).catch(async (err: unknown) => {
        await activity.failedSignIn(db, {
          email: auth.user.email,
          userId: auth.user._id,
          reason: 'code',
          address,
          action: 'reauth.failed',
        });
        throw err;
      });
      await markReauthenticated(db, auth.sessionId);
      return TWO_FACTOR_MESSAGES.reauthenticated;
    },

    policy,

    /** The Owner's rule; the grace period counts from now (or from when each person joins, if later). */
    async setPolicy(auth: AuthContext, input: Policy) {
      await db.transaction().execute(async (trx) => {
        await writePolicy(trx, { scope: input.scope, graceDays: input.graceDays, setBy: auth.person.id });
        await activity.record(trx, {
          action: 'two-factor.policy-changed',
          actor: actorOf(auth),
          detail: { scope: input.scope, graceDays: input.graceDays },
        });
      });
      return policy();
    },

    /** Housekeeping: tickets that ended more than a day ago. */
    pruneExpired: () => deleteStaleTickets(db),

    /** For `npm run admin -- --reset-factors` and tests: every factor and recovery code of the person. */
    resetFactors: (userId: string) => removeSecondFactors(db, userId),
  };
}
/**
 * At start-up, before anything else runs: stored secrets must open with this process's key. A process
 * with another key refuses to start with a message that says which, instead of turning every code down.
 */
export async function checkSecretKey(db: Db, box: SecretBox): Promise<void> {
  const sealed = await anyTotpSecret(db);
  if (sealed && keyIdOf(sealed) !== box.keyId) {
    throw new KeyMismatchError(TWO_FACTOR_MESSAGES.keyMismatch(keyIdOf(sealed), box.keyId));
  }
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
