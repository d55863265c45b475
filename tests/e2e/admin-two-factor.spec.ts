import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { SEEDED_ADMIN } from '#tests/helpers/factories.ts';
import { createAdmin, expect, login, test, uniqueEmail } from './helpers';

/**
 * docs/product.md#two-factor-sign-in: set up an authenticator app from the key on screen (codes computed
 * here with otplib, as the app would), sign out, sign in with a code, then with a recovery code.
 */
test.describe.configure({ timeout: 90_000 });

const SHOTS = '/tmp/two-factor-shots';
const shot = async (page: Page, name: string) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
};

/** The code an app shows `offsetS` seconds from now (+30: the next one, which the server also accepts). */
const codeAt = (secret: string, offsetS = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetS });

/** Ends every session of the account in the server's database, as "Sign out everywhere" elsewhere would. */
function endSessionsOf(email: string) {
  const store = new Database(path.join(process.env.E2E_DATA_DIR!, 'site.db'));
  try {
    store.pragma('busy_timeout = 5000');
    store
      .prepare('update sessions set revoked_at = ? where user_id = (select id from users where email = ?)')
      .run(new Date().toISOString(), email.toLowerCase());
  } finally {
    store.close();
  }
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto('/admin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page.getByLabel('Authentication code')).toBeVisible();
}

test('set up an authenticator app, then sign in with a code and with a recovery code', async ({ page }) => {
  const email = uniqueEmail('two-factor');
  const password = 'two-factor-pass';
  createAdmin(email, password);
  await login(page, email, password);

  await page.goto('/admin/security');
  await expect(page.getByRole('heading', { name: 'Sign-in and security' })).toBeVisible();
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  const key = page.getByTestId('totp-key');
  await expect(key).toBeVisible();
  await expect(page.getByRole('img', { name: /^QR code for / })).toBeVisible();
  const secret = (await key.textContent())!.replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await shot(page, 'setup');
  await page.getByLabel('Code from the app').fill(await codeAt(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();

  const list = page.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = await list.getByRole('listitem').allTextContents();
  expect(recoveryCodes[0]).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
  await shot(page, 'recovery-codes');
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('10 of 10 left.')).toBeVisible();
  await shot(page, 'on');

  // Sign out, then in again: the password, then the next code of the app.
  await logOut(page);
  await passwordStep(page, email, password);
  await shot(page, 'second-step');
  await page.getByLabel('Authentication code').fill(await codeAt(secret, 30));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/admin/banner');
  const stored = await page.evaluate(() => ({
    isLoggedIn: localStorage.getItem('isLoggedIn'),
    user: JSON.parse(localStorage.getItem('user') ?? 'null') as { email: string } | null,
    token: localStorage.getItem('token'),
  }));
  expect(stored.isLoggedIn).toBe('true');
  expect(stored.user?.email).toBe(email);
  expect(stored.token?.length).toBeGreaterThan(20);

  // The session ends while an action is under way: "Please log in again" asks for the second step too,
  // and the action (new recovery codes, confirmed with a recovery code) goes through afterwards.
  await page.goto('/admin/security');
  await page.getByRole('button', { name: 'Make new recovery codes' }).click();
  await page.getByLabel('Code from the app or a recovery code').fill(recoveryCodes[1]!);
  endSessionsOf(email);
  await page.getByRole('button', { name: 'Make new codes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Please log in again' });
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Log in and continue' }).click();
  await dialog.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await dialog.getByLabel('Recovery code').fill(recoveryCodes[2]!);
  await shot(page, 'relogin-step');
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog).toBeHidden();
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const newCodes = await list.getByRole('listitem').allTextContents();
  expect(newCodes).not.toContain(recoveryCodes[0]);
  recoveryCodes.splice(0, recoveryCodes.length, ...newCodes);
  await page.getByRole('button', { name: 'I have saved them' }).click();

  // And once more with a recovery code instead; the same one a second time is refused.
  await logOut(page);
  await passwordStep(page, email, password);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await shot(page, 'recovery-step');
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/admin/banner');
  await page.goto('/admin/security');
  await expect(page.getByText('9 of 10 left.')).toBeVisible();

  await logOut(page);
  await passwordStep(page, email, password);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('This recovery code has already been used')).toBeVisible();
});

test("the Owner sees the requirement's card; nothing is changed here (other tests share the server)", async ({
  page,
}) => {
  await login(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
  await page.goto('/admin/security');
  const card = page.getByRole('region', { name: 'Require two-factor sign-in' });
  await expect(card.getByLabel('Not required')).toBeChecked();
  await expect(card.getByLabel('Grace period (days)')).toBeDisabled();
  await card.getByLabel('Required for everyone').check();
  await expect(card.getByLabel('Grace period (days)')).toBeEnabled();
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'policy');
});
