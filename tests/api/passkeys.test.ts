import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSKEY_MESSAGES, SESSION_MESSAGES, TEAM_MESSAGES } from '#shared/messages.ts';
import * as auth from '#shared/api/auth.ts';
import * as passkeys from '#shared/api/passkeys.ts';
import * as twoFactor from '#shared/api/two-factor.ts';
import * as staff from '#shared/api/staff.ts';
import { buildApp } from '#server/app.ts';
import { boot } from '#server/boot.ts';
import { relyingPartyOf } from '#server/modules/auth/relying-party.ts';
import { hashToken } from '#server/modules/auth/tokens.ts';
import { api } from '#tests/helpers/api.ts';
import { NO_RATE_LIMITS } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { createMember, type Member } from '#tests/helpers/team.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { SoftAuthenticator, type CeremonyOverrides } from '#tests/helpers/webauthn.ts';

/**
 * Passkeys (docs/product.md#passkeys, docs/decisions/0022-passkeys.md), driven with real WebAuthn answers
 * of a software authenticator: registration and its limit, sign-in instead of password, the second step
 * and re-authentication, and every refusal: another site, a stale counter, another account's passkey, a
 * replayed or expired challenge, a removed passkey, a suspended account.
 */
const ORIGIN = 'http://localhost:3000';
const RP_ID = 'localhost';
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

const newAuthenticator = (settings: { counts?: boolean; synced?: boolean } = {}) =>
  new SoftAuthenticator({ origin: ORIGIN, rpId: RP_ID, ...settings });

type Target = Parameters<typeof api>[0];

async function registrationOptions(member: Member) {
  const answer = await member.api.call(passkeys.passkeyRegistrationOptions);
  return answer.data as unknown as PublicKeyCredentialCreationOptionsJSON;
}

/** Adds a passkey through both steps of the ceremony; answers the finishing answer. */
async function addPasskey(
  member: Member,
  authenticator: SoftAuthenticator,
  name = 'Laptop',
  overrides?: CeremonyOverrides,
) {
  const options = await registrationOptions(member);
  return member.api.call(passkeys.addPasskey, { body: { name, response: authenticator.register(options, overrides) } });
}

async function signInOptions(target: Target) {
  const answer = await api(target).call(passkeys.passkeySignInOptions);
  return answer.data as unknown as PublicKeyCredentialRequestOptionsJSON;
}

async function signIn(target: Target, authenticator: SoftAuthenticator, overrides?: CeremonyOverrides) {
  const options = await signInOptions(target);
  return api(target).call(passkeys.passkeySignIn, { body: { response: authenticator.assert(options, overrides) } });
}

/** The activity log's entries of one action about a person (as actor or as target). */
async function activityOf(t: TestApp, action: string, userId: string) {
  return t.services.db
    .selectFrom('activity_log')
    .select(['action', 'actor_id', 'target_id', 'target_label', 'detail', 'count'])
    .where('action', '=', action)
    .where((eb) => eb.or([eb('actor_id', '=', userId), eb('target_id', '=', userId)]))
    .execute();
}

describe('the relying party comes from PUBLIC_URL', () => {
  it('is available on HTTPS with a domain name and on plain HTTP on localhost only', () => {
    expect(relyingPartyOf('https://www.example.com')).toEqual({
      available: true,
      rpId: 'www.example.com',
      origin: 'https://www.example.com',
    });
    expect(relyingPartyOf('http://localhost:3000')).toMatchObject({ available: true, rpId: 'localhost' });
    expect(relyingPartyOf('http://site.example')).toMatchObject({
      available: false,
      reason: PASSKEY_MESSAGES.unavailableInsecure('http://site.example'),
    });
    expect(relyingPartyOf('https://192.0.2.1')).toMatchObject({
      available: false,
      reason: PASSKEY_MESSAGES.unavailableAddress('https://192.0.2.1'),
    });
    expect(relyingPartyOf('http://127.0.0.1:4000')).toMatchObject({ available: false });
  });
});

describe.each(DATABASE_KINDS)('passkeys on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { app: { rateLimits: NO_RATE_LIMITS } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('a person adds, lists, renames and removes passkeys; a synced one says so', async () => {
    const editor = await createMember(t, 'editor');
    const status = await api(t).call(passkeys.passkeyStatus);
    expect(status.data).toEqual({ available: true });

    const added = await addPasskey(editor, newAuthenticator({ synced: true }), '  Phone  ');
    expect(added.status, added.text).toBe(200);
    expect(added.data).toMatchObject({ name: 'Phone', lastUsedAt: null, synced: true });
    const second = await addPasskey(editor, newAuthenticator(), 'Security key');
    expect(second.data.synced).toBe(false);

    const list = await editor.api.call(passkeys.listPasskeys);
    expect(list.data).toMatchObject({ max: 10, available: true });
    expect(list.data.passkeys.map((p) => p.name)).toEqual(['Phone', 'Security key']);

    const renamed = await editor.api.call(passkeys.renamePasskey, {
      params: { id: second.data.id },
      body: { name: 'Yubikey' },
    });
    expect(renamed.data.name).toBe('Yubikey');
    const blank = await editor.api.call(passkeys.renamePasskey, {
      params: { id: second.data.id },
      body: { name: ' ' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(PASSKEY_MESSAGES.nameRequired);

    // Another person's passkey is not theirs to rename or remove.
    const author = await createMember(t, 'author');
    const foreign = await author.api.call(passkeys.removePasskey, { params: { id: second.data.id } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(PASSKEY_MESSAGES.notFound);
    expect((await author.api.call(passkeys.listPasskeys)).data.passkeys).toEqual([]);

    const removed = await editor.api.call(passkeys.removePasskey, { params: { id: second.data.id } });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.data.message).toBe(PASSKEY_MESSAGES.removed('Yubikey'));
    expect((await editor.api.call(passkeys.listPasskeys)).data.passkeys.map((p) => p.name)).toEqual(['Phone']);

    // Both changes are in the activity log, with the passkey's name (never its key).
    const logged = await activityOf(t, 'factor.added', editor.id);
    expect(logged.map((row) => JSON.parse(row.detail))).toEqual([
      { factor: 'passkey', name: 'Phone' },
      { factor: 'passkey', name: 'Security key' },
    ]);
    const gone = await activityOf(t, 'factor.removed', editor.id);
    expect(gone.map((row) => JSON.parse(row.detail))).toEqual([{ factor: 'passkey', name: 'Yubikey' }]);
  });

  it('the same authenticator cannot be registered twice', async () => {
    const member = await createMember(t, 'author');
    const authenticator = newAuthenticator();
    expect((await addPasskey(member, authenticator)).status).toBe(200);
    const again = await addPasskey(member, authenticator, 'Again');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(PASSKEY_MESSAGES.alreadyRegistered);
  });

  it('ten passkeys at most: the eleventh is refused with a clear message, when begun and when finished', async () => {
    const member = await createMember(t, 'contributor');
    for (let i = 1; i <= 9; i++) expect((await addPasskey(member, newAuthenticator(), `Key ${i}`)).status).toBe(200);
    // Two ceremonies begun with nine passkeys (two tabs): only one of them can finish.
    const first = await registrationOptions(member);
    const secondOptions = await registrationOptions(member);
    const tenth = await member.api.call(passkeys.addPasskey, {
      body: { name: 'Key 10', response: newAuthenticator().register(first) },
    });
    expect(tenth.status, tenth.text).toBe(200);
    const eleventh = await member.api.call(passkeys.addPasskey, {
      body: { name: 'Key 11', response: newAuthenticator().register(secondOptions) },
    });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.message).toBe(PASSKEY_MESSAGES.limitReached(10));
    const begun = await member.api.call(passkeys.passkeyRegistrationOptions);
    expect(begun.status).toBe(409);
    expect(begun.body.message).toBe(PASSKEY_MESSAGES.limitReached(10));
    expect((await member.api.call(passkeys.listPasskeys)).data.passkeys).toHaveLength(10);
  });

  it('signs in with a passkey alone: the spec login answer, a session of method passkey', async () => {
    const member = await createMember(t, 'editor');
    const authenticator = newAuthenticator({ counts: true });
    const added = await addPasskey(member, authenticator);
    const answer = await signIn(t, authenticator);
    expect(answer.status, answer.text).toBe(200);
    expect(Object.keys(answer.data).sort()).toEqual(['token', 'user']);
    expect(answer.data.user.email).toBe(member.email);
    expect((await api(t).call(auth.me, { token: answer.data.token })).data.email).toBe(member.email);
    const session = await t.services.db
      .selectFrom('sessions')
      .select(['method', 'user_id'])
      .where('token_hash', '=', hashToken(answer.data.token))
      .executeTakeFirstOrThrow();
    expect(session).toEqual({ method: 'passkey', user_id: member.id });
    // The activity log has the sign-in with its method (the auth service's startSession records every sign-in).
    const signIns = await activityOf(t, 'sign-in', member.id);
    expect(signIns.map((row) => JSON.parse(row.detail).method)).toContain('passkey');
    const listed = (await member.api.call(passkeys.listPasskeys)).data.passkeys.find((p) => p.id === added.data.id);
    expect(listed?.lastUsedAt).not.toBeNull();
  });

  it('an authenticator without a counter (always 0) signs in again and again', async () => {
    const member = await createMember(t, 'author');
    const authenticator = newAuthenticator({ counts: false });
    await addPasskey(member, authenticator);
    expect((await signIn(t, authenticator)).status).toBe(200);
    expect((await signIn(t, authenticator)).status).toBe(200);
  });

  it('refuses a stale or repeated signature counter', async () => {
    const member = await createMember(t, 'author');
    const authenticator = newAuthenticator({ counts: true });
    await addPasskey(member, authenticator);
    expect((await signIn(t, authenticator, { counter: 5 })).status).toBe(200);
    for (const counter of [5, 3, 0]) {
      const stale = await signIn(t, authenticator, { counter });
      expect(stale.status).toBe(400);
      expect(stale.body.message).toBe(PASSKEY_MESSAGES.staleCounter);
    }
    expect((await signIn(t, authenticator, { counter: 6 })).status).toBe(200);
  });

  it('refuses an answer for another site: another origin or another RP ID', async () => {
    const member = await createMember(t, 'author');
    const authenticator = newAuthenticator();
    await addPasskey(member, authenticator);
    const otherOrigin = await signIn(t, authenticator, { origin: 'https://evil.example' });
    expect(otherOrigin.status).toBe(400);
    expect(otherOrigin.body.message).toBe(PASSKEY_MESSAGES.otherSite);
    const otherRp = await signIn(t, authenticator, { rpId: 'evil.example' });
    expect(otherRp.status).toBe(400);
    expect(otherRp.body.message).toBe(PASSKEY_MESSAGES.otherSite);
    // Registration too.
    // The refusals are failed sign-ins of the account in the activity log (repeats in a minute fold into one row).
    const failed = await activityOf(t, 'sign-in.failed', member.id);
    expect(failed.map((row) => [row.target_label, JSON.parse(row.detail).reason, Number(row.count)])).toEqual([
      [member.email, 'passkey-other-site', 2],
    ]);
    const registered = await addPasskey(member, newAuthenticator(), 'Elsewhere', { origin: 'https://evil.example' });
    expect(registered.status).toBe(400);
    expect(registered.body.message).toBe(PASSKEY_MESSAGES.otherSite);
    const registeredRp = await addPasskey(member, newAuthenticator(), 'Elsewhere', { rpId: 'evil.example' });
    expect(registeredRp.body.message).toBe(PASSKEY_MESSAGES.otherSite);
  });

  it('refuses a replayed challenge, an expired one, and one made for another purpose', async () => {
    const member = await createMember(t, 'author');
    const authenticator = newAuthenticator({ counts: true });
    await addPasskey(member, authenticator);
    const options = await signInOptions(t);
    const response = authenticator.assert(options);
    expect((await api(t).call(passkeys.passkeySignIn, { body: { response } })).status).toBe(200);
    const replayed = await api(t).call(passkeys.passkeySignIn, { body: { response } });
    expect(replayed.status).toBe(400);
    expect(replayed.body.message).toBe(PASSKEY_MESSAGES.challengeExpired);

    const late = await signInOptions(t);
    await t.services.db
      .updateTable('webauthn_challenges')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('challenge', '=', late.challenge)
      .execute();
    const expired = await api(t).call(passkeys.passkeySignIn, { body: { response: authenticator.assert(late) } });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(PASSKEY_MESSAGES.challengeExpired);

    // A registration challenge does not sign anyone in.
    const registration = await registrationOptions(member);
    const crossed = await api(t).call(passkeys.passkeySignIn, {
      body: { response: authenticator.assert(signInOptionsLike(registration.challenge)) },
    });
    expect(crossed.status).toBe(400);
    expect(crossed.body.message).toBe(PASSKEY_MESSAGES.challengeExpired);

    // A made-up challenge neither.
    const invented = await api(t).call(passkeys.passkeySignIn, {
      body: { response: authenticator.assert(signInOptionsLike('bm90LWEtY2hhbGxlbmdl')) },
    });
    expect(invented.body.message).toBe(PASSKEY_MESSAGES.challengeExpired);
  });

  it('refuses a removed passkey, a suspended account, a passkey without user verification and a bad signature', async () => {
    const owner = await createMember(t, 'owner');
    const member = await createMember(t, 'author');
    const authenticator = newAuthenticator();
    const added = await addPasskey(member, authenticator);

    const unverified = await signIn(t, authenticator, { userVerified: false });
    expect(unverified.status).toBe(400);
    expect(unverified.body.message).toBe(PASSKEY_MESSAGES.userNotVerified);

    const options = await signInOptions(t);
    const response = authenticator.assert(options);
    const forged = {
      ...response,
      response: { ...response.response, signature: newAuthenticator().assert(options).response.signature },
    };
    const badSignature = await api(t).call(passkeys.passkeySignIn, { body: { response: forged } });
    expect(badSignature.status).toBe(400);
    expect(badSignature.body.message).toBe(PASSKEY_MESSAGES.notVerified);

    expect((await owner.api.call(staff.suspendStaff, { params: { id: member.id } })).status).toBe(200);
    const suspended = await signIn(t, authenticator);
    expect(suspended.status).toBe(403);
    expect(suspended.body.message).toBe(TEAM_MESSAGES.accountSuspended);
    expect((await owner.api.call(staff.reactivateStaff, { params: { id: member.id } })).status).toBe(200);

    const token = (await signIn(t, authenticator)).data.token;
    const self = api(t, { token });
    expect((await self.call(passkeys.removePasskey, { params: { id: added.data.id } })).status).toBe(200);
    const removed = await signIn(t, authenticator);
    expect(removed.status).toBe(400);
    expect(removed.body.message).toBe(PASSKEY_MESSAGES.unknownPasskey);
  });

  it('as the second step: only a passkey of that account, of a challenge begun for it', async () => {
    const member = await createMember(t, 'editor');
    const other = await createMember(t, 'editor');
    const mine = newAuthenticator({ counts: true });
    const theirs = newAuthenticator({ counts: true });
    await addPasskey(member, mine);
    await addPasskey(other, theirs);
    const service = t.services.passkeys;

    const options = (await service.optionsFor(
      member.id,
      'second-step',
    )) as unknown as PublicKeyCredentialRequestOptionsJSON;
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([mine.id]);
    await expect(service.verifySecondStep(member.id, theirs.assert(options))).rejects.toThrow(
      PASSKEY_MESSAGES.otherAccount,
    );
    const fresh = (await service.optionsFor(
      member.id,
      'second-step',
    )) as unknown as PublicKeyCredentialRequestOptionsJSON;
    // Without user verification: the password was the first factor.
    await expect(service.verifySecondStep(member.id, mine.assert(fresh, { userVerified: false }))).resolves.toBe(
      undefined,
    );
    // A sign-in challenge is not a second-step one.
    const signInChallenge = await signInOptions(t);
    await expect(service.verifySecondStep(member.id, mine.assert(signInChallenge))).rejects.toThrow(
      PASSKEY_MESSAGES.challengeExpired,
    );
  });

  it('a password sign-in of an account with a passkey asks for it as the second step, through the API', async () => {
    const member = await createMember(t, 'author');
    const other = await createMember(t, 'author');
    const mine = newAuthenticator({ counts: true });
    const theirs = newAuthenticator({ counts: true });
    await addPasskey(member, mine);
    await addPasskey(other, theirs);
    const password = await api(t).call(auth.login, { body: { email: member.email, password: member.password } });
    expect(password.status, password.text).toBe(200);
    const step = (password.data as unknown as { secondStep: { ticket: string; methods: string[] } }).secondStep;
    expect(step.methods).toEqual(['passkey']);
    const optionsOf = async (ticket: string) => {
      const answer = await api(t).call(passkeys.secondStepPasskeyOptions, { body: { ticket } });
      expect(answer.status, answer.text).toBe(200);
      return answer.data as unknown as PublicKeyCredentialRequestOptionsJSON;
    };
    // Another account's passkey is refused, and the ticket stays for the right one.
    const refused = await api(t).call(twoFactor.completeSecondStep, {
      body: { ticket: step.ticket, method: 'passkey', response: theirs.assert(await optionsOf(step.ticket)) },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: PASSKEY_MESSAGES.otherAccount });
    const done = await api(t).call(twoFactor.completeSecondStep, {
      body: {
        ticket: step.ticket,
        method: 'passkey',
        response: mine.assert(await optionsOf(step.ticket), { userVerified: false }),
      },
    });
    expect(done.status, done.text).toBe(200);
    expect(Object.keys(done.data).sort()).toEqual(['token', 'user']);
    const session = await t.services.db
      .selectFrom('sessions')
      .select('method')
      .where('token_hash', '=', hashToken(done.data.token))
      .executeTakeFirstOrThrow();
    expect(session.method).toBe('password+passkey');
    // The ticket was used: neither its options nor another completion work again.
    const again = await api(t).call(passkeys.secondStepPasskeyOptions, { body: { ticket: step.ticket } });
    expect(again.status).toBe(401);
    const unknown = await api(t).call(passkeys.secondStepPasskeyOptions, { body: { ticket: 'no-such-ticket' } });
    expect(unknown.status).toBe(401);
  });

  it('a passkey-only account may drop its last passkey unless the Owner requires a second factor of it', async () => {
    const member = await createMember(t, 'editor');
    const key = newAuthenticator();
    const added = await addPasskey(member, key);
    const owner = await createMember(t, 'owner');
    const policy = await owner.api.call(twoFactor.setSecurityPolicy, { body: { scope: 'staff', graceDays: 7 } });
    expect(policy.status, policy.text).toBe(200);
    const refused = await member.api.call(passkeys.removePasskey, { params: { id: added.data.id } });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: PASSKEY_MESSAGES.lastSecondFactor });
    expect((await owner.api.call(twoFactor.setSecurityPolicy, { body: { scope: 'off', graceDays: 0 } })).status).toBe(
      200,
    );
    expect((await member.api.call(passkeys.removePasskey, { params: { id: added.data.id } })).status).toBe(200);
  });

  it('re-authenticates a session with one of its own passkeys only', async () => {
    const member = await createMember(t, 'author');
    const other = await createMember(t, 'author');
    const mine = newAuthenticator();
    const theirs = newAuthenticator();
    await addPasskey(member, mine);
    await addPasskey(other, theirs);
    const old = new Date(Date.now() - 3600_000).toISOString();
    await t.services.db.updateTable('sessions').set({ reauth_at: old }).where('user_id', '=', member.id).execute();
    const reauthAt = () =>
      t.services.db
        .selectFrom('sessions')
        .select('reauth_at')
        .where('token_hash', '=', hashToken(member.token))
        .executeTakeFirstOrThrow();

    const refusedOptions = (await member.api.call(passkeys.passkeyReauthOptions))
      .data as unknown as PublicKeyCredentialRequestOptionsJSON;
    const refused = await member.api.call(passkeys.passkeyReauth, {
      body: { response: theirs.assert(refusedOptions) },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(PASSKEY_MESSAGES.otherAccount);
    expect((await reauthAt()).reauth_at).toBe(old);
    const logged = await activityOf(t, 'reauth.failed', member.id);
    expect(logged.map((row) => JSON.parse(row.detail))).toEqual([
      { method: 'passkey', reason: 'passkey-other-account' },
    ]);

    // Ten minutes after the last proof, removing or adding a passkey asks for a new one.
    const [kept] = (await member.api.call(passkeys.listPasskeys)).data.passkeys;
    for (const answer of [
      await member.api.call(passkeys.removePasskey, { params: { id: kept!.id } }),
      await member.api.call(passkeys.passkeyRegistrationOptions),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe(SESSION_MESSAGES.reauthRequired);
    }

    const options = (await member.api.call(passkeys.passkeyReauthOptions))
      .data as unknown as PublicKeyCredentialRequestOptionsJSON;
    const done = await member.api.call(passkeys.passkeyReauth, { body: { response: mine.assert(options) } });
    expect(done.status, done.text).toBe(200);
    expect(done.data.message).toBe(PASSKEY_MESSAGES.reauthenticated);
    expect((await reauthAt()).reauth_at! > old).toBe(true);
    expect((await member.api.call(passkeys.removePasskey, { params: { id: kept!.id } })).status).toBe(200);
  });

  it('bad input gets a 4xx with a message, never a 500', async () => {
    const member = await createMember(t, 'author');
    const garbage = await api(t).callRaw(passkeys.passkeySignIn, {
      body: {
        response: {
          id: 'x',
          rawId: 'x',
          type: 'public-key',
          response: { clientDataJSON: '!!', authenticatorData: '%%', signature: 'x' },
        },
      },
    });
    expect(garbage.status).toBe(400);
    expect(garbage.body.message).toBe(PASSKEY_MESSAGES.notVerified);
    const notJson = await member.api.callRaw(passkeys.addPasskey, {
      body: {
        name: 'x',
        response: {
          id: 'x',
          rawId: 'x',
          type: 'public-key',
          response: { clientDataJSON: 'eyJ9', attestationObject: 'AAAA' },
        },
      },
    });
    expect(notJson.status).toBe(400);
    expect(notJson.body.message).toBe(PASSKEY_MESSAGES.notVerified);
    const missing = await api(t).callRaw(passkeys.passkeySignIn, { body: { response: { id: 'x' } } });
    expect(missing.status).toBe(400);
  });
});

/** Request options around a given challenge (for answers to challenges the server did not give for this). */
const signInOptionsLike = (challenge: string): PublicKeyCredentialRequestOptionsJSON => ({ challenge, rpId: RP_ID });

describe.each(DATABASE_KINDS)('passkey ceremonies across processes on %s', (kind) => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof boot>>;
  let other: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    t = await buildTestApp(kind, { app: { rateLimits: NO_RATE_LIMITS } });
    second = await boot(t.config, { log });
    other = await buildApp({ services: second.services, logger: false, rateLimits: NO_RATE_LIMITS });
  });
  afterAll(async () => {
    await other.close();
    await second.services.jobs.stop();
    await second.services.mailWorker.stop();
    await second.db.destroy();
    await t.close();
  });

  it('a registration and a sign-in begun on one process finish on the other, once', async () => {
    const member = await createMember(t, 'editor');
    const authenticator = newAuthenticator({ counts: true });
    const options = await registrationOptions(member);
    const added = await api(other).call(passkeys.addPasskey, {
      token: member.token,
      body: { name: 'Laptop', response: authenticator.register(options) },
    });
    expect(added.status, added.text).toBe(200);

    const signInChallenge = await signInOptions(t);
    const response = authenticator.assert(signInChallenge);
    const answer = await api(other).call(passkeys.passkeySignIn, { body: { response } });
    expect(answer.status, answer.text).toBe(200);
    const replayed = await api(t).call(passkeys.passkeySignIn, { body: { response } });
    expect(replayed.body.message).toBe(PASSKEY_MESSAGES.challengeExpired);

    // Removed through one process: refused on the next sign-in through the other.
    expect((await member.api.call(passkeys.removePasskey, { params: { id: added.data.id } })).status).toBe(200);
    const removed = await signIn(other, authenticator);
    expect(removed.body.message).toBe(PASSKEY_MESSAGES.unknownPasskey);
  });
});

describe('refused passkey sign-ins are limited per address, successes are not counted', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', {
      app: { rateLimits: { ...NO_RATE_LIMITS, passkeyPerIp: { max: 3, windowMs: 60_000 } } },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('the fourth failure from an address is held back; another address is not', async () => {
    const member = await createMember(t, 'author');
    const authenticator = newAuthenticator();
    await addPasskey(member, authenticator);
    const from = (remoteAddress: string, overrides?: CeremonyOverrides) =>
      signInOptions(t).then((options) =>
        api(t).call(passkeys.passkeySignIn, {
          body: { response: authenticator.assert(options, overrides) },
          remoteAddress,
        }),
      );
    expect((await from('10.1.1.1', { origin: 'https://evil.example' })).status).toBe(400);
    for (let i = 0; i < 5; i++) expect((await from('10.1.1.1')).status).toBe(200);
    expect((await from('10.1.1.1', { origin: 'https://evil.example' })).status).toBe(400);
    expect((await from('10.1.1.1', { origin: 'https://evil.example' })).status).toBe(400);
    expect((await from('10.1.1.1')).status).toBe(429);
    expect((await from('10.2.2.2')).status).toBe(200);
  });
});

describe('a site whose PUBLIC_URL is plain HTTP on a host other than localhost', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { env: { PUBLIC_URL: 'http://site.example' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('says passkeys are unavailable and why, and refuses every ceremony with that reason', async () => {
    const reason = PASSKEY_MESSAGES.unavailableInsecure('http://site.example');
    expect((await api(t).call(passkeys.passkeyStatus)).data).toEqual({ available: false, reason });
    const member = await createMember(t, 'author');
    expect((await member.api.call(passkeys.listPasskeys)).data).toMatchObject({ available: false, reason });
    for (const answer of [
      await member.api.call(passkeys.passkeyRegistrationOptions),
      await api(t).call(passkeys.passkeySignInOptions),
      await member.api.call(passkeys.passkeyReauthOptions),
    ]) {
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(reason);
    }
  });
});
