import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as authApi from '#shared/api/auth.ts';
import * as contact from '#shared/api/contact.ts';
import * as content from '#shared/api/content.ts';
import { MESSAGES, SERVER_MESSAGES } from '#shared/messages.ts';
import { api } from '#tests/helpers/api.ts';
import {
  ADMIN,
  createUser,
  expireSession,
  login,
  loginToken,
  me,
  NO_RATE_LIMITS,
  resetAccounts,
  userRow,
} from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

describe.each(DATABASE_KINDS)('administrator accounts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { app: { rateLimits: NO_RATE_LIMITS } });
  });
  afterAll(() => t.close());
  beforeEach(() => resetAccounts(t));

  const changePassword = (token: string, body: unknown) => api(t).callRaw(authApi.changePassword, { token, body });

  describe('POST /api/auth/login-user', () => {
    it('answers a token and the user, and the token works on GET /api/auth/me', async () => {
      const res = await login(t, ADMIN.email, ADMIN.password);
      expect(res.status).toBe(200);
      const admin = await userRow(t, ADMIN.email);
      const user = { _id: admin.id, email: ADMIN.email, name: ADMIN.name };
      expect(res.body).toEqual({ data: { token: expect.any(String), user } });
      const { token } = res.data;
      expect(token.length).toBeGreaterThanOrEqual(40);

      const who = await me(t, token);
      expect(who.status).toBe(200);
      expect(who.body).toEqual({ data: user });
    });

    it('gives every login a session of its own', async () => {
      const first = await loginToken(t);
      const second = await loginToken(t);
      expect(first).not.toBe(second);
      expect((await me(t, first)).status).toBe(200);
      expect((await me(t, second)).status).toBe(200);
    });

    it('answers a wrong password and an unknown e-mail with the same 401', async () => {
      const wrongPassword = await login(t, ADMIN.email, 'not-the-password');
      const unknownEmail = await login(t, 'nobody@example.com', ADMIN.password);
      for (const res of [wrongPassword, unknownEmail]) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ message: SERVER_MESSAGES.invalidCredentials });
      }
      expect(wrongPassword.text).toBe(unknownEmail.text);
      expect(await t.services.db.selectFrom('sessions').selectAll().execute()).toHaveLength(0);
    });

    it('matches the e-mail case-insensitively and ignores surrounding spaces', async () => {
      for (const email of ['ADMIN@EXAMPLE.COM', 'Admin@Example.com', '  admin@example.com ']) {
        const res = await login(t, email, ADMIN.password);
        expect(res.status, email).toBe(200);
        expect(res.data.user.email).toBe(ADMIN.email);
      }
    });

    it('does not treat the password case-insensitively or trim it', async () => {
      expect((await login(t, ADMIN.email, ADMIN.password.toUpperCase())).status).toBe(401);
      expect((await login(t, ADMIN.email, ` ${ADMIN.password} `)).status).toBe(401);
    });

    it.each([
      ['empty e-mail', { email: '', password: ADMIN.password }, 'email'],
      ['whitespace e-mail', { email: '   ', password: ADMIN.password }, 'email'],
      ['missing e-mail', { password: ADMIN.password }, 'email'],
      ['empty password', { email: ADMIN.email, password: '' }, 'password'],
      ['whitespace password', { email: ADMIN.email, password: '  \t ' }, 'password'],
      ['missing password', { email: ADMIN.email }, 'password'],
      ['password of wrong type', { email: ADMIN.email, password: 12345 }, 'password'],
    ])('refuses %s with 400 and the field', async (_label, payload, field) => {
      const res = await api(t).callRaw(authApi.login, { body: payload });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: MESSAGES.fieldEmpty, field });
    });

    it('refuses malformed JSON with a readable 400', async () => {
      const res = await api(t).callRaw(authApi.login, {
        body: '{"email": "admin@example.com", "password": ',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'The request body is not valid JSON' });
    });
  });

  describe('sessions', () => {
    it('ends when its time is up: an expired token gets 401 on GET /api/auth/me', async () => {
      const token = await loginToken(t);
      expect((await me(t, token)).status).toBe(200);
      await expireSession(t, token);
      const res = await me(t, token);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: SERVER_MESSAGES.loginRequired });
    });

    it('expires one session only, not the other sessions of the user', async () => {
      const expired = await loginToken(t);
      const live = await loginToken(t);
      await expireSession(t, expired);
      expect((await me(t, expired)).status).toBe(401);
      expect((await me(t, live)).status).toBe(200);
    });

    it('ends on logout: the token then gets 401 on GET /api/auth/me and on change-password', async () => {
      const token = await loginToken(t);
      const other = await loginToken(t);
      const out = await api(t).call(authApi.logout, { token });
      expect(out.status).toBe(200);
      expect(out.body).toEqual({ data: SERVER_MESSAGES.loggedOut });

      const who = await me(t, token);
      expect(who.status).toBe(401);
      expect(who.body).toEqual({ message: SERVER_MESSAGES.loginRequired });

      const admin = await userRow(t, ADMIN.email);
      const change = await changePassword(token, {
        id: admin.id,
        password: ADMIN.password,
        newPassword: 'brand-new-secret',
      });
      expect(change.status).toBe(401);
      expect(change.body).toEqual({ message: SERVER_MESSAGES.loginRequired });
      expect((await login(t, ADMIN.email, ADMIN.password)).status).toBe(200);

      // Logging out ends that one session, not the user's others.
      expect((await me(t, other)).status).toBe(200);
    });

    it('refuses a second logout with the same token', async () => {
      const token = await loginToken(t);
      expect((await api(t).call(authApi.logout, { token })).status).toBe(200);
      const again = await api(t).call(authApi.logout, { token });
      expect(again.status).toBe(401);
    });
  });

  describe('POST /api/auth/change-password', () => {
    it('changes the password: the old one no longer logs in, the new one does', async () => {
      const token = await loginToken(t);
      const admin = await userRow(t, ADMIN.email);
      const res = await changePassword(token, {
        id: admin.id,
        password: ADMIN.password,
        newPassword: 'brand-new-secret',
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: expect.any(String) });

      const old = await login(t, ADMIN.email, ADMIN.password);
      expect(old.status).toBe(401);
      expect(old.body).toEqual({ message: SERVER_MESSAGES.invalidCredentials });
      expect((await login(t, ADMIN.email, 'brand-new-secret')).status).toBe(200);
    });

    it('keeps the password exactly as sent, spaces included', async () => {
      const token = await loginToken(t);
      const admin = await userRow(t, ADMIN.email);
      expect(
        (await changePassword(token, { id: admin.id, password: ADMIN.password, newPassword: ' two words ' })).status,
      ).toBe(200);
      expect((await login(t, ADMIN.email, ' two words ')).status).toBe(200);
      expect((await login(t, ADMIN.email, 'two words')).status).toBe(401);
    });

    it("answers a wrong old password with 400 'Old password is incorrect' and keeps the session", async () => {
      const token = await loginToken(t);
      const admin = await userRow(t, ADMIN.email);
      const res = await changePassword(token, {
        id: admin.id,
        password: 'not-the-password',
        newPassword: 'brand-new-secret',
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: SERVER_MESSAGES.wrongOldPassword });
      expect(SERVER_MESSAGES.wrongOldPassword).toBe('Old password is incorrect');

      expect((await me(t, token)).status).toBe(200);
      expect((await userRow(t, ADMIN.email)).password_hash).toBe(admin.password_hash);
      expect((await login(t, ADMIN.email, ADMIN.password)).status).toBe(200);
      expect((await login(t, ADMIN.email, 'brand-new-secret')).status).toBe(401);
    });

    it.each([
      ['shorter than 5 characters', 'abcd', MESSAGES.newPasswordTooShort],
      ['of one character', 'a', MESSAGES.newPasswordTooShort],
      ['empty', '', MESSAGES.fieldEmpty],
      ['whitespace only', '       ', MESSAGES.fieldEmpty],
    ])('refuses a new password %s with 400 on the field newPassword', async (_label, newPassword, message) => {
      const token = await loginToken(t);
      const admin = await userRow(t, ADMIN.email);
      const res = await changePassword(token, { id: admin.id, password: ADMIN.password, newPassword });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message, field: 'newPassword' });
      expect((await userRow(t, ADMIN.email)).password_hash).toBe(admin.password_hash);
      expect((await me(t, token)).status).toBe(200);
    });

    it('spells the too-short message as docs/product.md#validation-rules gives it', () => {
      expect(MESSAGES.newPasswordTooShort).toBe('New password must contain atleast 5 characters');
    });

    it.each([
      ['empty old password', { password: '' }, 'password'],
      ['missing old password', { password: undefined }, 'password'],
      ['empty id', { id: ' ' }, 'id'],
    ])('refuses an %s with 400 and the field', async (_label, change, field) => {
      const token = await loginToken(t);
      const admin = await userRow(t, ADMIN.email);
      const res = await changePassword(token, {
        id: admin.id,
        password: ADMIN.password,
        newPassword: 'brand-new-secret',
        ...change,
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: MESSAGES.fieldEmpty, field });
    });

    it("refuses someone else's id with 403 and changes nothing", async () => {
      const otherId = await createUser(t, 'second@example.com', 'second-secret');
      const before = await t.services.db
        .selectFrom('users')
        .select(['id', 'password_hash', 'updated_at'])
        .orderBy('id')
        .execute();
      const token = await loginToken(t);
      const res = await changePassword(token, {
        id: otherId,
        password: ADMIN.password,
        newPassword: 'brand-new-secret',
      });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: SERVER_MESSAGES.notYourAccount });

      // Also with the other user's own old password: still not the caller's account.
      const withTheirs = await changePassword(token, {
        id: otherId,
        password: 'second-secret',
        newPassword: 'brand-new-secret',
      });
      expect(withTheirs.status).toBe(403);

      const after = await t.services.db
        .selectFrom('users')
        .select(['id', 'password_hash', 'updated_at'])
        .orderBy('id')
        .execute();
      expect(after).toEqual(before);
      expect((await login(t, 'second@example.com', 'second-secret')).status).toBe(200);
      expect((await login(t, 'second@example.com', 'brand-new-secret')).status).toBe(401);
      expect((await login(t, ADMIN.email, ADMIN.password)).status).toBe(200);
      expect((await me(t, token)).status).toBe(200);
    });

    it("ends the user's other sessions and keeps the current one", async () => {
      const current = await loginToken(t);
      const other = await loginToken(t);
      const otherUserId = await createUser(t, 'second@example.com', 'second-secret');
      const otherUsers = await loginToken(t, 'second@example.com', 'second-secret');
      const admin = await userRow(t, ADMIN.email);

      const res = await changePassword(current, {
        id: admin.id,
        password: ADMIN.password,
        newPassword: 'brand-new-secret',
      });
      expect(res.status).toBe(200);
      expect((await me(t, current)).status).toBe(200);
      const ended = await me(t, other);
      expect(ended.status).toBe(401);
      expect(ended.body).toEqual({ message: SERVER_MESSAGES.loginRequired });
      // Another user's sessions are not touched.
      const theirs = await me(t, otherUsers);
      expect(theirs.status).toBe(200);
      expect(theirs.data._id).toBe(otherUserId);
    });
  });

  describe('public endpoints', () => {
    it.each([
      ['no Authorization header', {}],
      ['a garbage token', { authorization: 'Bearer not-a-real-token' }],
      ['a malformed header', { authorization: 'Basic xyz' }],
    ])(
      'GET /api/get-content and POST /api/send-mail answer 200 with %s',
      async (_label, headers: Record<string, string>) => {
        const site = await api(t).call(content.getContent, { headers });
        expect(site.status).toBe(200);
        expect(site.data.banner).toBeDefined();
        const mail = await api(t).call(contact.sendMail, {
          headers,
          body: { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Hello there.' },
        });
        expect(mail.status).toBe(200);
      },
    );

    it('stay public with a revoked or expired token', async () => {
      const revoked = await loginToken(t);
      await api(t).call(authApi.logout, { token: revoked });
      const expired = await loginToken(t);
      await expireSession(t, expired);
      for (const token of [revoked, expired]) {
        expect((await api(t).call(content.getContent, { token })).status).toBe(200);
      }
    });

    it('keep login, reset request and code check open without a token', async () => {
      expect((await login(t, ADMIN.email, ADMIN.password)).status).toBe(200);
      expect((await api(t).call(authApi.requestReset, { body: { email: 'nobody@example.com' } })).status).toBe(200);
      const otp = await api(t).call(authApi.verifyOtp, {
        body: { email: 'nobody@example.com', otp: '123456', password: 'brand-new-secret' },
      });
      expect(otp.status).toBe(400);
      expect(otp.body).toEqual({ message: SERVER_MESSAGES.invalidResetCode });
    });
  });
});

describe.each(DATABASE_KINDS)('login rate limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, {
      app: {
        rateLimits: {
          ...NO_RATE_LIMITS,
          loginPerIp: { max: 3, windowMs: 60_000 },
          loginPerAccount: { max: 3, windowMs: 60_000 },
        },
      },
    });
  });
  afterAll(() => t.close());

  it('answers 429 with a retry-after header past the limit per address; other addresses go on', async () => {
    const statuses: number[] = [];
    let last;
    // Different unknown accounts, so only the per-address limit can be what stops the fourth.
    for (let i = 0; i < 4; i++) {
      last = await login(t, `guess${i}@example.com`, 'wrong-password', '203.0.113.1');
      statuses.push(last.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(last!.body).toEqual({ message: expect.stringMatching(/^Too many requests/) });
    const retryAfter = Number(last!.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Even the right password is refused from that address now …
    expect((await login(t, ADMIN.email, ADMIN.password, '203.0.113.1')).status).toBe(429);
    // … while another address logs in normally.
    expect((await login(t, ADMIN.email, ADMIN.password, '203.0.113.2')).status).toBe(200);
  });

  it('does not hold an account for failures spread over addresses: the right password still logs in', async () => {
    await createUser(t, 'target@example.com', 'target-secret');
    const statuses: number[] = [];
    const emails = ['target@example.com', 'TARGET@example.com', ' Target@Example.com ', 'target@example.com'];
    for (const [i, email] of emails.entries()) {
      statuses.push((await login(t, email, 'wrong-password', `198.51.100.${10 + i}`)).status);
    }
    // Each address stays under its limit per account, so none is refused (docs/decisions/0010-login-limits.md) …
    expect(statuses).toEqual([401, 401, 401, 401]);
    // … and the owner logs in from an address of their own.
    expect((await login(t, 'target@example.com', 'target-secret', '198.51.100.50')).status).toBe(200);
    expect((await login(t, ADMIN.email, ADMIN.password, '198.51.100.51')).status).toBe(200);
  });
});
