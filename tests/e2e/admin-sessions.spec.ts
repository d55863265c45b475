import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { PROFILE_MESSAGES, SESSION_MESSAGES, TEAM_MESSAGES } from '#shared/messages.ts';
import { createAdmin, expect, login, test, uniqueEmail } from './helpers';

/**
 * docs/product.md#sessions and #re-authentication: one person signed in twice sees both sessions and ends
 * the other, which is sent to the login on its next step; a sensitive change asked for by a session whose
 * proof is old opens "Confirm it's you" in place, keeps what was typed, and completes after it.
 */
test.describe.configure({ timeout: 90_000 });

const PASSWORD = 'sessions-secret';
const SHOTS = '/tmp/sessions-shots';
/** A screenshot to look at; the whole page unless a dialog is open (fixed dialogs are drawn where the viewport is). */
const shot = async (page: Page, name: string, fullPage = true) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage });
};

/** Makes every session of this person older than the re-authentication window (as if 11 minutes passed). */
function makeProofStale(email: string) {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, 'site.db'), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const old = new Date(Date.now() - 11 * 60_000).toISOString();
    db.prepare(
      'UPDATE sessions SET reauth_at = ? WHERE user_id = (SELECT id FROM users WHERE email = ?) AND revoked_at IS NULL',
    ).run(old, email.toLowerCase());
  } finally {
    db.close();
  }
}

test('two sessions of one person: the first sees both and ends the other, which goes to the login on its next step', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = uniqueEmail('sessions');
  createAdmin(email, PASSWORD);
  await login(page, email, PASSWORD);
  const otherContext = await browser.newContext({ baseURL, viewport: page.viewportSize()! });
  const other = await otherContext.newPage();
  await login(other, email, PASSWORD);

  // Reached from the Profile page.
  await page.goto('/admin/profile');
  await page.getByRole('link', { name: 'Sign-in and security' }).click();
  await page.waitForURL('**/admin/security');
  await expect(page.getByRole('heading', { name: 'Sign-in and security' })).toBeVisible();
  const rows = page.getByTestId('session-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
  await expect(rows.first()).toContainText('Chrome');
  await expect(rows.first()).toContainText('127.0.0.x');
  await expect(rows.first()).toContainText('Password');
  await shot(page, 'security');

  const otherRow = rows.filter({ hasNotText: 'This device' });
  await otherRow.getByRole('button', { name: /^Sign out/ }).click();
  await expect(page.getByText(SESSION_MESSAGES.sessionEnded)).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(page.getByText(SESSION_MESSAGES.noOtherSessions)).toBeVisible();

  // The other browser's next step finds its session ended and goes to the login.
  await other.goto('/admin/profile');
  await other.waitForURL(/\/admin$/);
  await expect(other.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  await otherContext.close();
});

test('a sensitive change with an old proof opens “Confirm it’s you”, keeps what was typed and completes after it', async ({
  page,
}) => {
  const email = uniqueEmail('reauth');
  createAdmin(email, PASSWORD);
  await login(page, email, PASSWORD);
  await page.goto('/admin/profile');
  const newEmail = uniqueEmail('moved');
  await page.getByLabel('New e-mail address').fill(newEmail);
  makeProofStale(email);

  await page.getByRole('button', { name: 'Send confirmation link' }).click();
  const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
  await expect(dialog).toBeVisible();
  await shot(page, 'confirm-its-you', false);
  // Cancel: nothing is sent, the screen is as it was, and it says so.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(SESSION_MESSAGES.reauthCancelled)).toBeVisible();
  await expect(page.getByLabel('New e-mail address')).toHaveValue(newEmail);

  await page.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Password').fill('not-the-password');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText(SESSION_MESSAGES.wrongPassword)).toBeVisible();
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(PROFILE_MESSAGES.emailSent(newEmail))).toBeVisible();

  // From the Change Password page, below the spec's form, the same screen.
  await page.goto('/admin/change-password');
  await page.getByRole('link', { name: 'Sign-in and security' }).click();
  await page.waitForURL('**/admin/security');
});

test('an Administrator signs someone out everywhere from the Staff screen; the Owner’s row has no Sessions for them', async ({
  page,
  browser,
  baseURL,
}) => {
  const adminEmail = uniqueEmail('staff-admin');
  const otherEmail = uniqueEmail('staff-other');
  createAdmin(adminEmail, PASSWORD);
  createAdmin(otherEmail, PASSWORD);
  const otherContext = await browser.newContext({ baseURL, viewport: page.viewportSize()! });
  const other = await otherContext.newPage();
  await login(other, otherEmail, PASSWORD);

  await login(page, adminEmail, PASSWORD);
  await page.goto('/admin/staff');
  const ownerRow = page.getByTestId('staff-row').filter({ hasText: 'Owner' }).first();
  await expect(ownerRow).toBeVisible();
  await expect(ownerRow.getByRole('button', { name: 'Sessions' })).toHaveCount(0);
  const row = page.getByTestId('staff-row').filter({ hasText: otherEmail });
  await row.getByRole('button', { name: 'Sessions' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('session-row')).toHaveCount(1);
  await expect(dialog.getByText('This device')).toHaveCount(0);
  await shot(page, 'person-sessions', false);
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(dialog.getByText(SESSION_MESSAGES.noSessions)).toBeVisible();

  await other.goto('/admin/profile');
  await other.waitForURL(/\/admin$/);
  await expect(other.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  await otherContext.close();
});

test('a role change with an old proof asks “Confirm it’s you” over the Edit dialog, then is made', async ({ page }) => {
  const adminEmail = uniqueEmail('role-admin');
  const personEmail = uniqueEmail('role-person');
  createAdmin(adminEmail, PASSWORD);
  createAdmin(personEmail, PASSWORD);
  await login(page, adminEmail, PASSWORD);
  await page.goto('/admin/staff');
  makeProofStale(adminEmail);

  const row = page.getByTestId('staff-row').filter({ hasText: personEmail });
  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog').filter({ has: page.getByLabel('Role') });
  await edit.getByLabel('Role').selectOption({ label: 'Editor' });
  await edit.getByRole('button', { name: 'Save' }).click();
  const confirm = page.getByRole('dialog', { name: "Confirm it's you" });
  await expect(confirm).toBeVisible();
  // Above the Edit dialog, which stays behind it, dimmed, with the role chosen.
  await expect(confirm).toHaveCSS('opacity', '1');
  expect(Number(await confirm.evaluate((el) => getComputedStyle(el).zIndex))).toBeGreaterThan(
    Number(await edit.evaluate((el) => getComputedStyle(el).zIndex)),
  );
  await expect(edit.getByLabel('Role')).toHaveValue('editor');
  await shot(page, 'confirm-over-dialog', false);
  await confirm.getByLabel('Password').fill(PASSWORD);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(TEAM_MESSAGES.roleChanged)).toBeVisible();
  await expect(row.getByText('Editor', { exact: true })).toBeVisible();
});
