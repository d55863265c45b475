import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
  type Uint8Array_,
} from '@simplewebauthn/server';
import {
  decodeAttestationObject,
  decodeClientDataJSON,
  isoBase64URL,
  isoUint8Array,
  parseAuthenticatorData,
  toHash,
} from '@simplewebauthn/server/helpers';
import { PASSKEY_MESSAGES, TEAM_MESSAGES } from '#shared/messages.ts';
import type { SessionUser } from '#shared/schemas/auth.ts';
import { MAX_PASSKEYS } from '#shared/schemas/passkeys.ts';
import type { Db } from '#server/db/database.ts';
import type { ActivityRecorder } from '#server/modules/activity/service.ts';
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from '#server/errors.ts';
import type { AuthContext } from './service';
import type { ClientInfo, SignInContext } from './sign-in-context';
import {
  countPasskeys,
  deleteExpiredChallenges,
  deletePasskey,
  findPasskey,
  findPasskeyByCredentialId,
  insertChallenge,
  insertPasskey,
  listPasskeys,
  lockPerson,
  recordPasskeyUse,
  renamePasskey,
  takeChallenge,
  type ChallengePurpose,
  type PasskeyRow,
} from './passkeys-repository';
import { confirmIdentity, requireRecentAuth } from './reauth';
import { relyingPartyOf } from './relying-party';
import { findUserById, type UserRow } from './user-repository';

/** A ceremony must be finished within this long of its start, on any process (docs/decisions/0022-passkeys.md). */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** ES256, EdDSA, RS256: what authenticators and password managers make. */
const ALGORITHMS = [-7, -8, -257];

const toPasskey = (row: PasskeyRow) => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt,
  lastUsedAt: row.lastUsedAt,
  synced: row.backedUp,
});

/** Options go to the browser as they are (the contract's `ceremonyOptionsSchema`). */
const asJson = <T extends { challenge: string }>(options: T) => options as T & Record<string, unknown>;

/** The person as the activity log names them. */
const actorOf = (auth: AuthContext) => ({ id: auth.user._id, name: auth.user.name || auth.user.email });

/** A short reason for the log from a refusal's message (never anything secret). */
const REASONS: Array<[string, string]> = [
  [PASSKEY_MESSAGES.otherSite, 'passkey-other-site'],
  [PASSKEY_MESSAGES.challengeExpired, 'passkey-challenge'],
  [PASSKEY_MESSAGES.unknownPasskey, 'passkey-unknown'],
  [PASSKEY_MESSAGES.otherAccount, 'passkey-other-account'],
  [PASSKEY_MESSAGES.staleCounter, 'passkey-counter'],
  [PASSKEY_MESSAGES.userNotVerified, 'passkey-not-verified-user'],
];
const reasonOf = (message: string) => REASONS.find(([m]) => m === message)?.[1] ?? 'passkey-invalid';

const notVerified = () => new InvalidInputError(PASSKEY_MESSAGES.notVerified);

/** What the answer's own parts say (client data and authenticator data), read before anything is trusted. */
function readAnswer(clientDataJSON: string, authenticatorData: Uint8Array_) {
  try {
    const clientData = decodeClientDataJSON(clientDataJSON);
    const parsed = parseAuthenticatorData(authenticatorData);
    if (typeof clientData.challenge !== 'string' || typeof clientData.origin !== 'string') throw notVerified();
    return { clientData, authData: parsed };
  } catch {
    throw notVerified();
  }
}

function bytesOf(base64url: string): Uint8Array_ {
  if (!isoBase64URL.isBase64URL(base64url)) throw notVerified();
  return isoBase64URL.toBuffer(base64url);
}

export function createPasskeysService(deps: {
  db: Db;
  publicUrl: string;
  siteName: string;
  /** The activity log: factor changes in their transactions, refused sign-ins and re-authentications. */
  activity: ActivityRecorder;
  /** Makes the session of a sign-in (the auth service's, so every sign-in is recorded alike). */
  startSession: (user: UserRow, context: SignInContext) => Promise<{ token: string; user: SessionUser }>;
}) {
  const { db } = deps;
  const party = relyingPartyOf(deps.publicUrl);
  const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

  function requireAvailable(): { rpId: string; origin: string } {
    if (!party.available) throw new InvalidInputError(party.reason);
    return party;
  }

  async function newChallenge(challenge: string, purpose: ChallengePurpose, userId: string | null) {
    await insertChallenge(db, { challenge, purpose, userId, expiresAt: at(CHALLENGE_TTL_MS) });
  }

  /**
   * The checks whose failure deserves its own message, made before the library verifies the signature:
   * the answer is for this site (origin and RP ID hash), it is of the expected kind, and its challenge is
   * a live one of this purpose and person, taken now so it can never be used again.
   */
  async function checkCeremony(
    answer: { clientDataJSON: string; authenticatorData: Uint8Array_ },
    expected: { type: 'webauthn.create' | 'webauthn.get'; purpose: ChallengePurpose; userId: string | null },
  ) {
    const rp = requireAvailable();
    const { clientData, authData } = readAnswer(answer.clientDataJSON, answer.authenticatorData);
    if (clientData.type !== expected.type) throw notVerified();
    const ourHash = await toHash(new TextEncoder().encode(rp.rpId));
    if (clientData.origin !== rp.origin || !isoUint8Array.areEqual(authData.rpIdHash, ourHash)) {
      throw new InvalidInputError(PASSKEY_MESSAGES.otherSite);
    }
    if (!(await takeChallenge(db, clientData.challenge, expected.purpose, expected.userId))) {
      throw new InvalidInputError(PASSKEY_MESSAGES.challengeExpired);
    }
    return { rp, challenge: clientData.challenge, authData };
  }

  /**
   * Verifies an assertion of a ceremony of `purpose`: a live challenge, this site, a registered passkey
   * (of `userId` when given), a valid signature and a counter that moved forward (or an authenticator
   * that does not count). Records the use; answers the passkey.
   */
  async function verifyAssertion(
    response: AuthenticationResponseJSON,
    purpose: ChallengePurpose,
    userId: string | null,
    options: { requireUserVerification: boolean },
  ): Promise<PasskeyRow> {
    const authenticatorData = bytesOf(response.response.authenticatorData);
    const { rp, challenge, authData } = await checkCeremony(
      { clientDataJSON: response.response.clientDataJSON, authenticatorData },
      { type: 'webauthn.get', purpose, userId },
    );
    const passkey = await findPasskeyByCredentialId(db, response.id);
    if (!passkey) throw new InvalidInputError(PASSKEY_MESSAGES.unknownPasskey);
    if (userId !== null && passkey.userId !== userId) throw new InvalidInputError(PASSKEY_MESSAGES.otherAccount);
    // A discoverable passkey names its account; it must be the one it was made for.
    const handle = response.response.userHandle;
    if (handle && (!isoBase64URL.isBase64URL(handle) || isoBase64URL.toUTF8String(handle) !== passkey.userId)) {
      throw new InvalidInputError(PASSKEY_MESSAGES.otherAccount);
    }
    if ((authData.counter > 0 || passkey.counter > 0) && authData.counter <= passkey.counter) {
      throw new InvalidInputError(PASSKEY_MESSAGES.staleCounter);
    }
    if (options.requireUserVerification && !authData.flags.uv) {
      throw new InvalidInputError(PASSKEY_MESSAGES.userNotVerified);
    }
    let verified;
    try {
      verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.rpId,
        credential: {
          id: passkey.credentialId,
          publicKey: isoBase64URL.toBuffer(passkey.publicKey),
          counter: passkey.counter,
          transports: passkey.transports,
        },
        requireUserVerification: options.requireUserVerification,
      });
    } catch {
      throw notVerified();
    }
    if (!verified.verified) throw notVerified();
    const { newCounter, credentialBackedUp } = verified.authenticationInfo;
    // One UPDATE that only moves the counter forward: the same answer on two processes passes once.
    if (!(await recordPasskeyUse(db, { id: passkey.id, counter: newCounter, backedUp: credentialBackedUp }))) {
      const still = await findPasskeyByCredentialId(db, response.id);
      throw new InvalidInputError(still ? PASSKEY_MESSAGES.staleCounter : PASSKEY_MESSAGES.unknownPasskey);
    }
    return passkey;
  }

  /** A refused passkey sign-in in the activity log: the account's e-mail when the passkey is known. */
  async function failedSignIn(credentialId: string, message: string, client: ClientInfo) {
    const known = await findPasskeyByCredentialId(db, credentialId);
    const user = known ? await findUserById(db, known.userId) : undefined;
    await deps.activity.failedSignIn(db, {
      email: user?.email ?? '',
      userId: user?.id ?? null,
      reason: reasonOf(message),
      address: client.address,
    });
  }

  return {
    /** docs/product.md#passkeys: whether this site's PUBLIC_URL allows passkeys, and why not. */
    status: () => (party.available ? { available: true } : { available: false, reason: party.reason }),

    async list(auth: AuthContext) {
      const rows = await listPasskeys(db, auth.user._id);
      return {
        passkeys: rows.map(toPasskey),
        max: MAX_PASSKEYS,
        available: party.available,
        ...(party.available ? {} : { reason: party.reason }),
      };
    },

    /** Adding a factor needs a recent proof of who one is (docs/product.md#re-authentication). */
    async registrationOptions(auth: AuthContext) {
      const rp = requireAvailable();
      await requireRecentAuth(db, auth);
      const user = await findUserById(db, auth.user._id);
      if (!user) throw new NotFoundError(TEAM_MESSAGES.personNotFound);
      const existing = await listPasskeys(db, user.id);
      if (existing.length >= MAX_PASSKEYS) throw new ConflictError(PASSKEY_MESSAGES.limitReached(MAX_PASSKEYS));
      const options = await generateRegistrationOptions({
        rpName: deps.siteName,
        rpID: rp.rpId,
        userName: user.email,
        userDisplayName: user.name,
        userID: new TextEncoder().encode(user.id),
        timeout: CHALLENGE_TTL_MS,
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
        // Discoverable, so that signing in needs no e-mail; verification asked for, required only to sign in.
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
        supportedAlgorithmIDs: ALGORITHMS,
      });
      await newChallenge(options.challenge, 'register', user.id);
      return asJson(options);
    },

    async add(auth: AuthContext, input: { name: string; response: RegistrationResponseJSON }, client?: ClientInfo) {
      const userId = auth.user._id;
      const attestation = bytesOf(input.response.response.attestationObject);
      let authenticatorData: Uint8Array_;
      try {
        authenticatorData = decodeAttestationObject(attestation).get('authData');
      } catch {
        throw notVerified();
      }
      const { rp, challenge } = await checkCeremony(
        { clientDataJSON: input.response.response.clientDataJSON, authenticatorData },
        { type: 'webauthn.create', purpose: 'register', userId },
      );
      let verified;
      try {
        verified = await verifyRegistrationResponse({
          response: input.response,
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.rpId,
          requireUserVerification: false,
          supportedAlgorithmIDs: ALGORITHMS,
        });
      } catch {
        throw notVerified();
      }
      if (!verified.verified) throw notVerified();
      const { credential, credentialBackedUp, credentialDeviceType } = verified.registrationInfo;
      // The person's row is held while counting, so two tabs adding the 10th at once cannot both keep it.
      const id = await db.transaction().execute(async (trx) => {
        await lockPerson(trx, userId);
        if (await findPasskeyByCredentialId(trx, credential.id)) {
          throw new ConflictError(PASSKEY_MESSAGES.alreadyRegistered);
        }
        if ((await countPasskeys(trx, userId)) >= MAX_PASSKEYS) {
          throw new ConflictError(PASSKEY_MESSAGES.limitReached(MAX_PASSKEYS));
        }
        const inserted = await insertPasskey(trx, {
          userId,
          credentialId: credential.id,
          publicKey: isoBase64URL.fromBuffer(credential.publicKey),
          counter: credential.counter,
          transports: (input.response.response.transports ?? []).slice(0, 8),
          name: input.name,
          backupEligible: credentialDeviceType === 'multiDevice',
          backedUp: credentialBackedUp,
        });
        await deps.activity.record(trx, {
          action: 'factor.added',
          actor: actorOf(auth),
          detail: { factor: 'passkey', name: input.name },
          address: client?.address,
        });
        return inserted;
      });
      const row = await findPasskey(db, userId, id);
      if (!row) throw new NotFoundError(PASSKEY_MESSAGES.notFound);
      return toPasskey(row);
    },

    async rename(auth: AuthContext, id: string, name: string) {
      if (!(await renamePasskey(db, auth.user._id, id, name))) throw new NotFoundError(PASSKEY_MESSAGES.notFound);
      const row = await findPasskey(db, auth.user._id, id);
      if (!row) throw new NotFoundError(PASSKEY_MESSAGES.notFound);
      return toPasskey(row);
    },

    /**
     * Removes one of one's passkeys. The account keeps its password (every account has one), so a
     * passkey is never its only way in; `mayRemoveLast` says whether the last second factor may go.
     */
    async remove(
      auth: AuthContext,
      id: string,
      client?: ClientInfo,
      mayRemoveLast: () => Promise<boolean> = async () => true,
    ) {
      const row = await findPasskey(db, auth.user._id, id);
      if (!row) throw new NotFoundError(PASSKEY_MESSAGES.notFound);
      await requireRecentAuth(db, auth);
      if ((await countPasskeys(db, auth.user._id)) === 1 && !(await mayRemoveLast())) {
        throw new ForbiddenError(PASSKEY_MESSAGES.lastSecondFactor);
      }
      await db.transaction().execute(async (trx) => {
        if (!(await deletePasskey(trx, auth.user._id, id))) throw new NotFoundError(PASSKEY_MESSAGES.notFound);
        await deps.activity.record(trx, {
          action: 'factor.removed',
          actor: actorOf(auth),
          detail: { factor: 'passkey', name: row.name },
          address: client?.address,
        });
      });
      return { message: PASSKEY_MESSAGES.removed(row.name) };
    },

    /** Options for a discoverable sign-in (no e-mail typed: the passkey says whose it is). */
    async signInOptions() {
      const rp = requireAvailable();
      const options = await generateAuthenticationOptions({
        rpID: rp.rpId,
        userVerification: 'required',
        timeout: CHALLENGE_TTL_MS,
      });
      await newChallenge(options.challenge, 'sign-in', null);
      return asJson(options);
    },

    /** Signs in with a passkey instead of password and second factor: the session's method is `passkey`. */
    async signIn(response: AuthenticationResponseJSON, client: ClientInfo) {
      let passkey: PasskeyRow;
      try {
        passkey = await verifyAssertion(response, 'sign-in', null, { requireUserVerification: true });
      } catch (error) {
        // The log names the account when the passkey is one of ours; the answer says nothing more.
        if (error instanceof InvalidInputError) await failedSignIn(response.id, error.message, client);
        throw error;
      }
      const user = await findUserById(db, passkey.userId);
      if (!user) throw new InvalidInputError(PASSKEY_MESSAGES.unknownPasskey);
      if (user.status !== 'active') {
        await deps.activity.failedSignIn(db, {
          email: user.email,
          userId: user.id,
          reason: 'suspended',
          address: client.address,
        });
        throw new ForbiddenError(TEAM_MESSAGES.accountSuspended);
      }
      return deps.startSession(user, { ...client, method: 'passkey' });
    },

    /** Options for a ceremony limited to one person's passkeys: the second step of sign-in, or re-authentication. */
    async optionsFor(userId: string, purpose: 'second-step' | 'reauth') {
      const rp = requireAvailable();
      const passkeys = await listPasskeys(db, userId);
      const options = await generateAuthenticationOptions({
        rpID: rp.rpId,
        allowCredentials: passkeys.map((p) => ({ id: p.credentialId, transports: p.transports })),
        userVerification: purpose === 'reauth' ? 'required' : 'preferred',
        timeout: CHALLENGE_TTL_MS,
      });
      await newChallenge(options.challenge, purpose, userId);
      return asJson(options);
    },

    /**
     * The second step of sign-in with a passkey (after the password): an assertion of one of this
     * account's passkeys, of a challenge begun for it. Throws when refused; the caller makes the session
     * (method `password+passkey`).
     */
    async verifySecondStep(userId: string, response: AuthenticationResponseJSON): Promise<void> {
      await verifyAssertion(response, 'second-step', userId, { requireUserVerification: false });
    },

    /** Re-authentication with one of one's passkeys: the session counts as re-authenticated from now. */
    async reauthenticate(auth: AuthContext, response: AuthenticationResponseJSON, client?: ClientInfo) {
      try {
        await verifyAssertion(response, 'reauth', auth.user._id, { requireUserVerification: true });
      } catch (error) {
        if (error instanceof InvalidInputError) {
          await deps.activity.record(db, {
            action: 'reauth.failed',
            actor: actorOf(auth),
            detail: { method: 'passkey', reason: reasonOf(error.message) },
            address: client?.address,
          });
        }
        throw error;
      }
      await confirmIdentity(db, auth);
      return { message: PASSKEY_MESSAGES.reauthenticated };
    },

    /** How many passkeys a person has (a passkey counts as a second factor). */
    count: (userId: string) => countPasskeys(db, userId),

    /** Housekeeping (the prune-auth job): challenges past their 5 minutes. */
    pruneExpired: () => deleteExpiredChallenges(db),
  };
}
