import { execFileSync } from 'node:child_process';
import type { FastifyBaseLogger } from 'fastify';
import { generate } from 'otplib';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as auth from '#shared/api/auth.ts';
import * as contact from '#shared/api/contact.ts';
import * as sessions from '#shared/api/sessions.ts';
import * as staff from '#shared/api/staff.ts';
import * as twoFactor from '#shared/api/two-factor.ts';
import { TWO_FACTOR_MESSAGES } from '#shared/messages.ts';
import { SECOND_FACTOR_REQUIRED } from '#shared/schemas/two-factor.ts';
import { buildApp } from '#server/app.ts';
import { boot } from '#server/boot.ts';
import { api } from '#tests/helpers/api.ts';
import { NO_LIMIT, NO_RATE_LIMITS, requestResetCode } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { createMember, MEMBER_PASSWORD, type Member } from '#tests/helpers/team.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * Authenticator codes, recovery codes, the second step of sign-in and the Owner's requirement
 * (docs/product.md#two-factor-sign-in, docs/decisions/0021-two-factor-and-recovery.md). Codes are made
 * here with otplib at an explicit time, as an app on a phone whose clock is that far off would.
 */
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const STEP_S = 30;
const nowS = () => Math.floor(Date.now() / 1000);
const codeAt = (secret: string, offsetS = 0) => generate({ secret, epoch: nowS() + offsetS });

/** Waits until the clock is well inside a 30-second step, so a test's codes and the server agree on it. */
async function awayFromStepEdge() {
  const into = (Date.now() / 1000) % STEP_S;
  if (into > STEP_S - 3) await new Promise((resolve) => setTimeout(resolve, (STEP_S - into + 0.5) * 1000));
}

describe.each(DATABASE_KINDS)('two-factor sign-in on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, {
      app: {
        rateLimits: {
          ...NO_RATE_LIMITS,
          secondStepPerIp: { max: 8, windowMs: 60_000 },
          secondStepPerAccount: { max: 4, windowMs: 60_000 },
        },
      },
    });
  });
  afterAll(() => t.close());

  let addressCount = 0;
  /** Each test's requests come from addresses of their own, so the guessing limits of one never touch another. */
  const newAddress = () => `198.51.100.${++addressCount}`;

  /** Lets the next code of the app be taken (tests not about replays need not wait 30 seconds). */
  const forgetLastStep = (userId: string) =>
    t.services.db.updateTable('totp_factors').set({ last_step: 0 }).where('user_id', '=', userId).execute();

  /** Sets up the authenticator of a member as a person would: from the key on screen and its first code. */
  async function enableTotp(member: Member) {
    await awayFromStepEdge();
    const setup = await member.api.call(twoFactor.startTotpSetup);
    expect(setup.status, setup.text).toBe(200);
    expect(setup.data.qrSvg).toMatch(/^<svg[^>]*>/);
    const secret = setup.data.manualKey.replace(/\s+/g, '');
    const confirmed = await member.api.call(twoFactor.confirmTotp, { body: { code: await codeAt(secret) } });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.data.recoveryCodes).toHaveLength(10);
    await forgetLastStep(member.id);
    return { secret, recoveryCodes: confirmed.data.recoveryCodes };
  }

  async function passwordStep(member: Pick<Member, 'email' | 'password'>, remoteAddress = newAddress()) {
    const res = await api(t).call(auth.login, {
      body: { email: member.email, password: member.password },
      remoteAddress,
    });
    expect(res.status, res.text).toBe(200);
    const data = res.body.data;
    if (!data || !('secondStep' in data)) throw new Error(`no second step: ${res.text}`);
    return data.secondStep;
  }

  const second = (
    body: { ticket: string; method: 'totp' | 'recovery'; code: string },
    remoteAddress = '203.0.113.200',
  ) => api(t).call(twoFactor.completeSecondStep, { body, remoteAddress });

  it('answers the spec login unchanged for an account without a second factor', async () => {
    const editor = await createMember(t, 'editor');
    const res = await api(t).call(auth.login, { body: { email: editor.email, password: MEMBER_PASSWORD } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data!)).toEqual(['token', 'user']);
    expect(res.body).toEqual({
      data: { token: expect.any(String), user: { _id: editor.id, email: editor.email, name: 'editor person' } },
    });
  });

  it('asks for a code after the password, and a right code answers the spec session', async () => {
    const editor = await createMember(t, 'editor');
    const { secret } = await enableTotp(editor);
    const step = await passwordStep(editor);
    expect(step.methods).toEqual(['totp', 'recovery']);
    expect(Date.parse(step.expiresAt) - Date.now()).toBeGreaterThan(4 * 60_000);
    const done = await second({ ticket: step.ticket, method: 'totp', code: await codeAt(secret) });
    expect(done.status, done.text).toBe(200);
    expect(Object.keys(done.data)).toEqual(['token', 'user']);
    expect(done.data.user).toEqual({ _id: editor.id, email: editor.email, name: 'editor person' });
    expect((await api(t).call(staff.getAccount, { token: done.data.token })).status).toBe(200);
    const session = await t.services.db
      .selectFrom('sessions')
      .select('method')
      .where('user_id', '=', editor.id)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(session.method).toBe('password+totp');
    // The ticket is single use.
    const again = await second({ ticket: step.ticket, method: 'totp', code: await codeAt(secret, STEP_S) });
    expect(again.status).toBe(401);
    expect(again.body.message).toBe(TWO_FACTOR_MESSAGES.ticketExpired);
  });

  it('eight set-ups begun at once (tabs) all answer, leaving one pending set-up and no 500', async () => {
    const member = await createMember(t, 'editor');
    const setups = await Promise.all(Array.from({ length: 8 }, () => member.api.call(twoFactor.startTotpSetup)));
    for (const setup of setups) expect(setup.status, setup.text).toBe(200);
    const stored = await t.services.db
      .selectFrom('totp_factors')
      .select('confirmed_at')
      .where('user_id', '=', member.id)
      .execute();
    expect(stored).toEqual([{ confirmed_at: null }]);
  });

  it('never accepts a code twice, even two requests at once, nor an earlier one after it', async () => {
    const editor = await createMember(t, 'editor');
    const { secret } = await enableTotp(editor);
    await awayFromStepEdge();
    const code = await codeAt(secret);
    const [a, b] = await Promise.all([passwordStep(editor), passwordStep(editor)]);
    const answers = await Promise.all([
      second({ ticket: a.ticket, method: 'totp', code }),
      second({ ticket: b.ticket, method: 'totp', code }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401]);
    expect(answers.find((r) => r.status === 401)!.body.message).toBe(TWO_FACTOR_MESSAGES.codeReused);
    const c = await passwordStep(editor);
    const earlier = await second({ ticket: c.ticket, method: 'totp', code: await codeAt(secret, -STEP_S) });
    expect(earlier.status).toBe(401);
    expect(earlier.body.message).toBe(TWO_FACTOR_MESSAGES.codeReused);
  });

  it("refuses a code of another account's secret", async () => {
    const mine = await createMember(t, 'editor');
    const theirs = await createMember(t, 'author');
    await enableTotp(mine);
    const other = await enableTotp(theirs);
    const step = await passwordStep(mine);
    const res = await second({ ticket: step.ticket, method: 'totp', code: await codeAt(other.secret) });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(TWO_FACTOR_MESSAGES.wrongCode);
  });

  it('accepts a phone clock one step off either way and refuses two', async () => {
    const editor = await createMember(t, 'editor');
    const { secret } = await enableTotp(editor);
    for (const [offset, status] of [
      [-2 * STEP_S, 401],
      [2 * STEP_S, 401],
      [-STEP_S, 200],
      [STEP_S, 200],
    ] as const) {
      await forgetLastStep(editor.id);
      await awayFromStepEdge();
      const step = await passwordStep(editor);
      const res = await second({ ticket: step.ticket, method: 'totp', code: await codeAt(secret, offset) });
      expect(res.status, `${offset} s: ${res.text}`).toBe(status);
    }
  });

  it('takes a recovery code once, and says so the second time', async () => {
    const editor = await createMember(t, 'editor');
    const { recoveryCodes } = await enableTotp(editor);
    const code = recoveryCodes[3]!;
    const first = await second({
      ticket: (await passwordStep(editor)).ticket,
      method: 'recovery',
      code: code.toUpperCase(),
    });
    expect(first.status, first.text).toBe(200);
    const status = await api(t, { token: first.data.token }).call(twoFactor.getTwoFactor);
    expect(status.data.recoveryCodesLeft).toBe(9);
    const again = await second({ ticket: (await passwordStep(editor)).ticket, method: 'recovery', code });
    expect(again.status).toBe(401);
    expect(again.body.message).toBe(TWO_FACTOR_MESSAGES.recoveryCodeUsed);
    const unknown = await second({
      ticket: (await passwordStep(editor)).ticket,
      method: 'recovery',
      code: 'aaaaa-bbbbb',
    });
    expect(unknown.body.message).toBe(TWO_FACTOR_MESSAGES.wrongRecoveryCode);
  });

  it('a ticket dies after 5 wrong codes and after 5 minutes', async () => {
    const editor = await createMember(t, 'editor');
    const { secret } = await enableTotp(editor);
    const step = await passwordStep(editor);
    for (let i = 0; i < 5; i++) {
      // From a new address each time: this is about the ticket's own limit, not the address's.
      const wrong = await second({ ticket: step.ticket, method: 'totp', code: '000000' }, newAddress());
      expect(wrong.body.message).toBe(TWO_FACTOR_MESSAGES.wrongCode);
    }
    const late = await second({ ticket: step.ticket, method: 'totp', code: await codeAt(secret) }, newAddress());
    expect(late.status).toBe(401);
    expect(late.body.message).toBe(TWO_FACTOR_MESSAGES.ticketExpired);

    const old = await passwordStep(editor);
    await t.services.db
      .updateTable('second_step_tickets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const expired = await second({ ticket: old.ticket, method: 'totp', code: await codeAt(secret) }, newAddress());
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe(TWO_FACTOR_MESSAGES.ticketExpired);
  });

  it("a stranger's guessing never locks the owner out from their own address", async () => {
    const owner = await createMember(t, 'owner');
    const { secret } = await enableTotp(owner);
    const stranger = newAddress();
    const home = newAddress();
    // The stranger knows the password and guesses codes until the account's limit at their address.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const step = await passwordStep(owner, stranger);
      statuses.push((await second({ ticket: step.ticket, method: 'totp', code: '111111' }, stranger)).status);
    }
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses.slice(4)).toEqual([429, 429]);
    // Meanwhile the owner signs in from home at once.
    const step = await passwordStep(owner, home);
    const mine = await second({ ticket: step.ticket, method: 'totp', code: await codeAt(secret) }, home);
    expect(mine.status, mine.text).toBe(200);
    // Successes never count: the owner's own address has all its tries.
    await t.services.twoFactor.resetFactors(owner.id);
  });

  it('records factor changes and failed second steps in the activity log', async () => {
    const editor = await createMember(t, 'editor');
    await enableTotp(editor);
    const step = await passwordStep(editor);
    await second({ ticket: step.ticket, method: 'totp', code: '000000' }, newAddress());
    const rows = await t.services.db
      .selectFrom('activity_log')
      .select(['action', 'detail'])
      .where((eb) => eb.or([eb('actor_id', '=', editor.id), eb('target_id', '=', editor.id)]))
      .execute();
    const actions = rows.map((row) => row.action);
    expect(actions).toContain('factor.added');
    expect(actions).toContain('second-step.failed');
    // Never a code or a secret.
    expect(JSON.stringify(rows)).not.toContain('000000');
  });

  it('setting up needs a recent proof of who one is, and a code is one', async () => {
    const editor = await createMember(t, 'editor');
    const { secret } = await enableTotp(editor);
    await t.services.db.updateTable('sessions').set({ reauth_at: null }).where('user_id', '=', editor.id).execute();
    await awayFromStepEdge();
    const proved = await editor.api.call(twoFactor.reauthWithCode, { body: { code: await codeAt(secret) } });
    expect(proved.status, proved.text).toBe(200);
    const row = await t.services.db
      .selectFrom('sessions')
      .select('reauth_at')
      .where('user_id', '=', editor.id)
      .executeTakeFirstOrThrow();
    expect(Date.now() - Date.parse(row.reauth_at!)).toBeLessThan(60_000);
    const stranger = await createMember(t, 'author');
    await t.services.db.updateTable('sessions').set({ reauth_at: null }).where('user_id', '=', stranger.id).execute();
    expect((await stranger.api.call(twoFactor.startTotpSetup)).status).toBe(403);
  });

  it('keeps the secret encrypted in the database', async () => {
    const editor = await createMember(t, 'editor');
    const { secret } = await enableTotp(editor);
    const row = await t.services.db
      .selectFrom('totp_factors')
      .select('secret')
      .where('user_id', '=', editor.id)
      .executeTakeFirstOrThrow();
    expect(row.secret).toMatch(/^v1\./);
    expect(row.secret).not.toContain(secret);
    expect(row.secret.toLowerCase()).not.toContain(secret.toLowerCase().slice(0, 12));
    const codes = await t.services.db
      .selectFrom('recovery_codes')
      .select('code_hash')
      .where('user_id', '=', editor.id)
      .execute();
    expect(codes).toHaveLength(10);
  });

  it('a password reset by e-mail does not remove or bypass the second factor', async () => {
    const editor = await createMember(t, 'editor');
    await enableTotp(editor);
    const code = await requestResetCode(t, editor.email, newAddress());
    const reset = await api(t).call(auth.verifyOtp, {
      body: { email: editor.email, otp: code, password: 'brand-new-pass' },
    });
    expect(reset.status, reset.text).toBe(200);
    const step = await passwordStep({ email: editor.email, password: 'brand-new-pass' });
    expect(step.methods).toContain('totp');
  });

  it('turning the app off and new recovery codes need a current code', async () => {
    const editor = await createMember(t, 'editor');
    const { secret, recoveryCodes } = await enableTotp(editor);
    const noCode = await editor.api.call(twoFactor.regenerateRecoveryCodes, { body: { code: '123456' } });
    expect(noCode.status).toBe(400);
    const fresh = await editor.api.call(twoFactor.regenerateRecoveryCodes, { body: { code: recoveryCodes[0]! } });
    expect(fresh.status, fresh.text).toBe(200);
    expect(fresh.data.recoveryCodes).toHaveLength(10);
    expect(fresh.data.recoveryCodes).not.toContain(recoveryCodes[1]);
    // The old codes stopped working.
    const old = await editor.api.call(twoFactor.disableTotp, { body: { code: recoveryCodes[1]! } });
    expect(old.status).toBe(400);
    expect(old.body.message).toBe(TWO_FACTOR_MESSAGES.wrongRecoveryCode);
    await awayFromStepEdge();
    const off = await editor.api.call(twoFactor.disableTotp, { body: { code: await codeAt(secret) } });
    expect(off.status, off.text).toBe(200);
    const after = await editor.api.call(twoFactor.getTwoFactor);
    expect(after.data).toMatchObject({ totp: false, recoveryCodesLeft: 0, hasSecondFactor: false });
    // Signing in is the spec's one step again.
    const res = await api(t).call(auth.login, { body: { email: editor.email, password: MEMBER_PASSWORD } });
    expect(Object.keys(res.body.data!)).toEqual(['token', 'user']);
  });

  it('a process whose key does not open the stored secrets refuses to start, saying so', async () => {
    const editor = await createMember(t, 'editor');
    await enableTotp(editor);
    const otherKey = 'ab'.repeat(32);
    await expect(boot({ ...t.config, twoFactorKey: otherKey }, { log })).rejects.toThrow(/TWO_FACTOR_KEY/);
  });

  it('npm run admin can reset the factors of someone who lost them', async () => {
    const editor = await createMember(t, 'editor');
    await enableTotp(editor);
    const database = t.config.database;
    const output = execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'server/cli/admin.ts',
        '--email',
        editor.email,
        '--password',
        'back-in-pass',
        '--reset-factors',
      ],
      {
        env: {
          ...process.env,
          DATA_DIR: t.dataDir,
          DATABASE_URL: database.kind === 'sqlite' ? `sqlite:${database.file}` : database.url,
          LOG_LEVEL: 'silent',
        },
        stdio: 'pipe',
      },
    ).toString();
    expect(output).toContain('Second factors');
    // Its sessions ended, and it signs in with the password alone.
    expect((await editor.api.call(staff.getAccount)).status).toBe(401);
    const res = await api(t).call(auth.login, { body: { email: editor.email, password: 'back-in-pass' } });
    expect(Object.keys(res.body.data!)).toEqual(['token', 'user']);
    expect((await api(t, { token: res.data.token }).call(twoFactor.getTwoFactor)).data).toMatchObject({
      totp: false,
      recoveryCodesLeft: 0,
    });
  });
});

describe.each(DATABASE_KINDS)("the Owner's two-factor requirement on %s", (kind) => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof boot>>;
  let other: Awaited<ReturnType<typeof buildApp>>;
  let owner: Member;
  beforeAll(async () => {
    t = await buildTestApp(kind, { app: { rateLimits: { ...NO_RATE_LIMITS, secondStepPerIp: NO_LIMIT } } });
    second = await boot(t.config, { log });
    other = await buildApp({ services: second.services, logger: false, rateLimits: NO_RATE_LIMITS });
    owner = await createMember(t, 'owner');
  });
  afterAll(async () => {
    await owner.api.call(twoFactor.setSecurityPolicy, { body: { scope: 'off', graceDays: 0 } });
    await other.close();
    await second.services.jobs.stop();
    await second.services.mailWorker.stop();
    await second.db.destroy();
    await t.close();
  });

  const setPolicy = async (scope: 'off' | 'staff' | 'everyone', graceDays: number) => {
    const res = await owner.api.call(twoFactor.setSecurityPolicy, { body: { scope, graceDays } });
    expect(res.status, res.text).toBe(200);
    return res.data;
  };

  it('only the Owner sets it', async () => {
    const admin = await createMember(t, 'administrator');
    const res = await admin.api.call(twoFactor.setSecurityPolicy, { body: { scope: 'everyone', graceDays: 0 } });
    expect(res.status).toBe(403);
    const bad = await owner.api.call(twoFactor.setSecurityPolicy, {
      body: { scope: 'everyone', graceDays: -1 } as never,
    });
    expect(bad.status).toBe(400);
  });

  it('within the grace period everything works and the days left are told', async () => {
    const editor = await createMember(t, 'editor');
    await setPolicy('staff', 7);
    expect((await api(other).call(contact.listMessages, { token: editor.token })).status).toBe(200);
    const status = await api(other).call(twoFactor.getTwoFactor, { token: editor.token });
    expect(status.data.requirement).toEqual({ applies: true, blocked: false, daysLeft: 7 });
    // An Author is not covered by "Administrators and Editors".
    const author = await createMember(t, 'author');
    const authorStatus = await author.api.call(twoFactor.getTwoFactor);
    expect(authorStatus.data.requirement.applies).toBe(false);
  });

  it('past the grace period only the set-up is open, on every process at once', async () => {
    const editor = await createMember(t, 'editor');
    await setPolicy('everyone', 0);
    for (const app of [t.app, other]) {
      const refused = await api(app).call(contact.listMessages, { token: editor.token });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ message: TWO_FACTOR_MESSAGES.required, code: SECOND_FACTOR_REQUIRED });
      expect((await api(app).call(staff.getAccount, { token: editor.token })).status).toBe(200);
      expect((await api(app).call(auth.me, { token: editor.token })).status).toBe(200);
      expect((await api(app).call(sessions.listSessions, { token: editor.token })).status).toBe(200);
    }
    // The Owner is sent to set up too, and can: the set-up and the rule itself stay open.
    expect((await owner.api.call(staff.listStaff)).status).toBe(403);
    expect((await owner.api.call(twoFactor.getSecurityPolicy)).status).toBe(200);
    // Setting up a factor opens the rest at once, on the other process too.
    await awayFromStepEdge();
    const setup = await api(other).call(twoFactor.startTotpSetup, { token: editor.token });
    const secret = setup.data.manualKey.replace(/\s+/g, '');
    const on = await api(t).call(twoFactor.confirmTotp, {
      token: editor.token,
      body: { code: await codeAt(secret) },
    });
    expect(on.status, on.text).toBe(200);
    expect((await api(other).call(contact.listMessages, { token: editor.token })).status).toBe(200);
    // The last factor of a covered account cannot be turned off.
    await t.services.db.updateTable('totp_factors').set({ last_step: 0 }).where('user_id', '=', editor.id).execute();
    const off = await api(t).call(twoFactor.disableTotp, { token: editor.token, body: { code: await codeAt(secret) } });
    expect(off.status).toBe(400);
    expect(off.body.message).toBe(TWO_FACTOR_MESSAGES.lastFactorRequired);
    // Turning the rule off applies at once on both processes.
    await setPolicy('off', 0);
    expect((await api(other).call(staff.listStaff, { token: owner.token })).status).toBe(200);
  });

  it('the grace period counts from when a person joined, when that is later', async () => {
    await setPolicy('everyone', 3);
    await t.services.db
      .updateTable('security_policy')
      .set({ set_at: new Date(Date.now() - 10 * 24 * 3600_000).toISOString() })
      .execute();
    const newcomer = await createMember(t, 'contributor');
    const status = await newcomer.api.call(twoFactor.getTwoFactor);
    expect(status.data.requirement).toEqual({ applies: true, blocked: false, daysLeft: 3 });
    const old = await createMember(t, 'author');
    await t.services.db
      .updateTable('users')
      .set({ created_at: new Date(Date.now() - 20 * 24 * 3600_000).toISOString() })
      .where('id', '=', old.id)
      .execute();
    expect((await old.api.call(contact.listMessages)).status).toBe(403);
    await setPolicy('off', 0);
  });
});
