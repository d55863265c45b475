import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '#shared/messages.ts';
import * as auth from '#shared/api/auth.ts';
import { RESET_ANSWER_FLOOR_MS, RESET_CODE_MAX_TRIES, RESET_GUESSES_PER_DAY } from '#server/modules/auth/service.ts';
import { api, type AnyAnswer } from '#tests/helpers/api.ts';
import { ADMIN, codeOf, login, NO_RATE_LIMITS, resetAccounts, resetMails } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { buildTestApp, deliveredMail, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * Reset codes guessed at scale (issue 30, finding 1): a budget of wrong guesses per account and day across
 * every address and code, after which codes stop (except once to an address the owner signed in from) and
 * the owner is told; the arithmetic of the budget bounds the daily chance of a six-digit code.
 */
describe.each(DATABASE_KINDS)('reset-code guessing on %s', (kind) => {
  let t: TestApp;
  let n = 0;
  /** A fresh client address for each request, as a thousand machines would send them. */
  const stranger = () => `198.18.${Math.floor(++n / 250) % 250}.${n % 250}`;

  beforeAll(async () => {
    t = await buildTestApp(kind, { app: { rateLimits: NO_RATE_LIMITS } });
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await resetAccounts(t);
    await t.services.db.deleteFrom('activity_log').execute();
  });

  const requestFrom = (remoteAddress: string, email: string = ADMIN.email) =>
    api(t).callRaw(auth.requestReset, { body: { email }, remoteAddress });
  const guessFrom = (remoteAddress: string, otp: string, password = 'guessed-password') =>
    api(t).callRaw(auth.verifyOtp, { body: { email: ADMIN.email, otp, password }, remoteAddress });
  const expectInvalid = (res: AnyAnswer) => {
    expect(res.status, res.text).toBe(400);
    expect(res.body).toEqual({ message: SERVER_MESSAGES.invalidResetCode });
  };
  const other = (code: string, i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
  /** The codes mailed to the owner since `before`. */
  const newCodes = async (before: string[]) =>
    (await resetMails(t, ADMIN.email)).filter((m) => !before.includes(m)).map(codeOf);
  const guessingAlerts = async () => {
    await t.services.mailWorker.flush();
    return (await deliveredMail(t.dataDir)).filter((m) =>
      /^Subject: Reset codes for your .* were guessed at$/m.test(m),
    );
  };

  it('bounds a day of guessing from a thousand addresses to 1 chance in 100,000 by its arithmetic', async () => {
    expect(RESET_GUESSES_PER_DAY / 1_000_000).toBeLessThanOrEqual(1 / 100_000);
    // A thousand addresses take turns: ask for a code, guess at it until it is spent, ask again.
    const guessed: AnyAnswer[] = [];
    for (let round = 0; round < 40; round++) {
      await requestFrom(stranger());
      const batch = await Promise.all(
        Array.from({ length: RESET_CODE_MAX_TRIES * 5 }, (_, i) =>
          guessFrom(stranger(), other('000000', i * 37 + round)),
        ),
      );
      guessed.push(...batch);
    }
    for (const res of guessed) expectInvalid(res);
    const row = await t.services.db.selectFrom('password_resets').selectAll().executeTakeFirstOrThrow();
    // Exactly the budget was compared, however many arrived at once; the rest were refused unseen.
    expect(row.day_failures).toBe(RESET_GUESSES_PER_DAY);
    // Two codes' worth of tries at most, so at most three codes went out all day.
    expect((await resetMails(t, ADMIN.email)).length).toBeLessThanOrEqual(
      Math.ceil(RESET_GUESSES_PER_DAY / RESET_CODE_MAX_TRIES) + 1,
    );
  }, 120_000);

  it('tells the owner once, by e-mail and in the activity log, and then sends strangers no code', async () => {
    const before = await resetMails(t, ADMIN.email);
    const alertsBefore = (await guessingAlerts()).length;
    for (let spent = 0; spent < RESET_GUESSES_PER_DAY;) {
      await requestFrom(stranger());
      for (let i = 0; i < RESET_CODE_MAX_TRIES && spent < RESET_GUESSES_PER_DAY; i++, spent++)
        expectInvalid(await guessFrom(stranger(), other('999999', spent)));
    }
    expect(await guessingAlerts()).toHaveLength(alertsBefore + 1);
    const logged = await t.services.db
      .selectFrom('activity_log')
      .select('action')
      .where('action', '=', 'password.reset-guessing')
      .execute();
    expect(logged).toHaveLength(1);
    const mailed = (await newCodes(before)).length;
    // A stranger's request is answered alike and sends nothing; even the right code is not compared now.
    const answer = await requestFrom(stranger());
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: SERVER_MESSAGES.resetRequested });
    expect((await newCodes(before)).length).toBe(mailed);
    const [lastCode] = (await newCodes(before)).slice(-1);
    expectInvalid(await guessFrom(stranger(), lastCode!));
    expect((await login(t, ADMIN.email, ADMIN.password)).status).toBe(200);
    expect(await guessingAlerts()).toHaveLength(alertsBefore + 1);
  });

  it('still lets the owner reset once from an address they signed in from, and takes guesses at that code only from there', async () => {
    // The owner signed in from the office network before.
    expect((await login(t, ADMIN.email, ADMIN.password, '203.0.113.7')).status).toBe(200);
    for (let spent = 0; spent < RESET_GUESSES_PER_DAY;) {
      await requestFrom(stranger());
      for (let i = 0; i < RESET_CODE_MAX_TRIES && spent < RESET_GUESSES_PER_DAY; i++, spent++)
        expectInvalid(await guessFrom(stranger(), other('123456', spent)));
    }
    const before = await resetMails(t, ADMIN.email);
    expect((await requestFrom('203.0.113.42')).status).toBe(200);
    const [code] = await newCodes(before);
    expect(code).toMatch(/^\d{6}$/);
    // The same code from anywhere else is refused; from the office it sets the password.
    expectInvalid(await guessFrom(stranger(), code!));
    expect((await guessFrom('203.0.113.42', code!, 'owners-new-secret')).status).toBe(200);
    expect((await login(t, ADMIN.email, 'owners-new-secret')).status).toBe(200);
    // Once a day: a second request from the office sends nothing more today.
    const after = await resetMails(t, ADMIN.email);
    await requestFrom('203.0.113.42');
    expect(await newCodes(after)).toEqual([]);
  });

  it('starts a fresh budget the next day', async () => {
    for (let spent = 0; spent < RESET_GUESSES_PER_DAY;) {
      await requestFrom(stranger());
      for (let i = 0; i < RESET_CODE_MAX_TRIES && spent < RESET_GUESSES_PER_DAY; i++, spent++)
        expectInvalid(await guessFrom(stranger(), other('555555', spent)));
    }
    await t.services.db.updateTable('password_resets').set({ failure_day: '2000-01-01' }).execute();
    const before = await resetMails(t, ADMIN.email);
    await requestFrom(stranger());
    const [code] = await newCodes(before);
    expect((await guessFrom(stranger(), code!, 'next-day-secret')).status).toBe(200);
  });

  it('answers a known and an unknown address after the same floor of time', async () => {
    for (const email of [ADMIN.email, 'nobody@example.com']) {
      const started = Date.now();
      expect((await requestFrom(stranger(), email)).status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(RESET_ANSWER_FLOOR_MS - 5);
    }
  });
});
