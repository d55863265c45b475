import type { Role } from '#shared/roles.ts';
import * as auth from '#shared/api/auth.ts';
import { hashToken } from '#server/modules/auth/tokens.ts';
import { findUserByEmail, insertUser, updatePasswordHash } from '#server/modules/auth/user-repository.ts';
import { api, type Answer } from './api';
import { SEEDED_ADMIN } from './factories';
import { quickPasswordHash } from './quick-hash';
import { deliveredMail, type TestApp } from './test-app';

/** The administrator the seed creates in every test app (ADMIN_PASSWORD is set by buildTestApp). */
export const ADMIN = { ...SEEDED_ADMIN, name: 'Administrator' } as const;

/** Limits so high that a suite's many requests from one address never meet them. */
export const NO_LIMIT = { max: 100_000, windowMs: 60_000 };
export const NO_RATE_LIMITS = {
  contactPerIp: NO_LIMIT,
  loginPerIp: NO_LIMIT,
  loginPerAccount: NO_LIMIT,
  loginAlertPerAccount: NO_LIMIT,
  resetPerIp: NO_LIMIT,
  resetPerAccount: NO_LIMIT,
  otpPerIp: NO_LIMIT,
  invitePerIp: NO_LIMIT,
  reauthPerIp: NO_LIMIT,
  reauthPerAccount: NO_LIMIT,
  passkeyPerIp: NO_LIMIT,
  passkeyOptionsPerIp: NO_LIMIT,
  searchPerIp: NO_LIMIT,
};

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function login(
  t: TestApp,
  email: string,
  password: string,
  remoteAddress?: string,
): Promise<Answer<typeof auth.login>> {
  return api(t).call(auth.login, { body: { email, password }, remoteAddress });
}

/** Logs in and returns the token; fails the test if the login does not succeed. */
export async function loginToken(
  t: TestApp,
  email: string = ADMIN.email,
  password: string = ADMIN.password,
): Promise<string> {
  const res = await login(t, email, password);
  if (res.status !== 200) throw new Error(`login of ${email} failed: ${res.status} ${res.text}`);
  return res.data.token;
}

export function me(t: TestApp, token: string): Promise<Answer<typeof auth.me>> {
  return api(t).call(auth.me, { token });
}

/** Sets a session's end into the past, as if its lifetime had run out. */
export async function expireSession(t: TestApp, token: string): Promise<void> {
  const past = new Date(Date.now() - 60_000).toISOString();
  const result = await t.services.db
    .updateTable('sessions')
    .set({ expires_at: past })
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new Error('no session for that token');
}

/** A second account next to the seeded Owner (an Administrator unless another role is given). */
export async function createUser(
  t: TestApp,
  email: string,
  password: string,
  name = 'Second Admin',
  role: Role = 'administrator',
): Promise<string> {
  return insertUser(t.services.db, { email, name, passwordHash: quickPasswordHash(password), role });
}

export async function userRow(t: TestApp, email: string) {
  const user = await findUserByEmail(t.services.db, email);
  if (!user) throw new Error(`no user ${email}`);
  return user;
}

// The seeded password's hash, kept per app so putting it back costs no hashing.
const seededHashes = new WeakMap<TestApp, string>();

/** Puts the seeded administrator back to its first state: seeded password, no sessions, no reset codes. */
export async function resetAccounts(t: TestApp): Promise<void> {
  const { db } = t.services;
  await db.deleteFrom('sessions').execute();
  await db.deleteFrom('password_resets').execute();
  await db.deleteFrom('users').where('email', '!=', ADMIN.email).execute();
  const admin = await userRow(t, ADMIN.email);
  if (!seededHashes.has(t)) seededHashes.set(t, admin.password_hash);
  await updatePasswordHash(db, admin.id, seededHashes.get(t)!);
}

const RESET_SUBJECT = /^Subject: .*password reset code$/m;
const RESET_CODE = /Your password reset code is (\d{6})\./;

/** Delivers queued mail and returns the password-reset e-mails sent to `to`, oldest first. */
export async function resetMails(t: TestApp, to: string): Promise<string[]> {
  await t.services.mailWorker.flush();
  const to_ = new RegExp(`^To: ${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'mi');
  return (await deliveredMail(t.dataDir)).filter((m) => RESET_SUBJECT.test(m) && to_.test(m));
}

/** The 6-digit code in the text of a delivered reset e-mail (never in its subject). */
export function codeOf(mail: string): string {
  const match = RESET_SUBJECT.test(mail) ? RESET_CODE.exec(mail) : null;
  if (!match) throw new Error('not a reset e-mail');
  return match[1]!;
}

/** Asks for a reset code through the API and reads it from the e-mail that was delivered for it. */
export async function requestResetCode(t: TestApp, email: string, remoteAddress?: string): Promise<string> {
  const before = await resetMails(t, email);
  const res = await api(t).call(auth.requestReset, { body: { email }, remoteAddress });
  if (res.status !== 200) throw new Error(`reset request failed: ${res.status} ${res.text}`);
  const fresh = (await resetMails(t, email)).filter((m) => !before.includes(m));
  if (fresh.length !== 1) throw new Error(`expected one new reset e-mail to ${email}, got ${fresh.length}`);
  return codeOf(fresh[0]!);
}
