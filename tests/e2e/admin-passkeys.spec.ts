import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { PASSKEY_MESSAGES } from '#shared/messages.ts';
import { SIGN_IN_METHOD_LABELS } from '#shared/sign-in.ts';
import { SEEDED_ADMIN } from '#tests/helpers/factories.ts';
import { expect, login, test } from './helpers';
import { ownSite } from './server-process';

/**
 * docs/product.md#passkeys in Chromium with its virtual authenticator (the DevTools protocol's WebAuthn
 * domain through a CDP session): add a passkey on Sign-in and security, log out, sign in with it. WebAuthn
 * needs a domain name, so this runs on a server of its own whose PUBLIC_URL is http://localhost:…; the
 * shared test server's PUBLIC_URL is an IP address, where the controls are disabled and say why.
 */
test.describe.configure({ timeout: 120_000 });

const SHOTS = '/tmp/passkey-shots';
const shot = async (page: Page, name: string) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
};

/** A platform authenticator that holds discoverable credentials and verifies its user (screen lock). */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

test('on a site whose address is an IP, the passkey controls are disabled and say why', async ({ page, baseURL }) => {
  const reason = PASSKEY_MESSAGES.unavailableAddress(new URL(baseURL!).origin);
  await page.goto('/admin');
  const button = page.getByRole('button', { name: PASSKEY_MESSAGES.signInButton });
  await expect(button).toBeDisabled();
  await expect(page.getByText(reason)).toBeVisible();
  // The spec's form is as it was.
  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeEnabled();
  await shot(page, 'login-unavailable');

  await login(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
  await page.goto('/admin/security');
  const card = page.getByRole('region', { name: 'Passkeys' });
  await expect(card.getByTestId('passkeys-unavailable')).toHaveText(reason);
  await expect(card.getByRole('button', { name: 'Add a passkey' })).toBeDisabled();
  await shot(page, 'security-unavailable');
});

test.describe('on a site at http://localhost', () => {
  const site = ownSite({ host: 'localhost' });

  test('register a passkey, log out, sign in with it', async ({ page }) => {
    await addVirtualAuthenticator(page);
    await page.goto(`${site.origin}/admin`);
    await page.getByLabel('Email').fill(SEEDED_ADMIN.email);
    await page.getByLabel('Password').fill(SEEDED_ADMIN.password);
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await page.waitForURL('**/admin/banner');

    await page.goto(`${site.origin}/admin/security`);
    const card = page.getByRole('region', { name: 'Passkeys' });
    await expect(card.getByText(PASSKEY_MESSAGES.empty)).toBeVisible();
    // A name is needed first.
    await card.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(card.getByText(PASSKEY_MESSAGES.nameRequired)).toBeVisible();
    await card.getByLabel('Name of the new passkey').fill('This laptop');
    await card.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(page.getByText(PASSKEY_MESSAGES.added('This laptop'))).toBeVisible();
    const row = card.getByTestId('passkey-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('This laptop');
    await expect(row).toContainText('Never used');
    await expect(card.getByTestId('passkey-count')).toHaveText('1 of 10');
    await shot(page, 'security-passkey');

    // Logging out leaves for the home page; the session is gone.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${site.origin}/`);
    await page.goto(`${site.origin}/admin`);
    await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
    await expect(page.getByRole('button', { name: PASSKEY_MESSAGES.signInButton })).toBeEnabled();
    await shot(page, 'login-available');
    // With a passkey, the password alone is not enough: the login card asks for the passkey as its second step.
    await page.getByLabel('Email').fill(SEEDED_ADMIN.email);
    await page.getByLabel('Password').fill(SEEDED_ADMIN.password);
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.waitForURL('**/admin/banner');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${site.origin}/`);
    await page.goto(`${site.origin}/admin`);
    await page.getByRole('button', { name: PASSKEY_MESSAGES.signInButton }).click();
    await page.waitForURL('**/admin/banner');
    // Stored as the spec's login stores it.
    const stored = await page.evaluate(() => ({
      isLoggedIn: localStorage.getItem('isLoggedIn'),
      token: localStorage.getItem('token'),
      user: JSON.parse(localStorage.getItem('user') ?? '{}') as { email?: string },
    }));
    expect(stored.isLoggedIn).toBe('true');
    expect(stored.token).toBeTruthy();
    expect(stored.user.email).toBe(SEEDED_ADMIN.email);

    await page.goto(`${site.origin}/admin/security`);
    await expect(card.getByTestId('passkey-row')).not.toContainText('Never used');
    const current = page.getByTestId('session-row').filter({ hasText: 'This device' });
    await expect(current).toContainText(SIGN_IN_METHOD_LABELS.passkey);

    // Ten minutes later, removing it asks "Confirm it's you", and the passkey itself can confirm.
    const store = new Database(path.join(site.server.dataDir, 'site.db'));
    store.prepare('UPDATE sessions SET reauth_at = ?').run(new Date(Date.now() - 3600_000).toISOString());
    store.close();
    await card.getByRole('button', { name: 'Remove This laptop' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    const confirm = page.getByRole('dialog', { name: "Confirm it's you" });
    await confirm.getByRole('button', { name: 'Passkey' }).click();
    await expect(confirm.getByText(PASSKEY_MESSAGES.reauthIntro)).toBeVisible();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText(PASSKEY_MESSAGES.removed('This laptop'))).toBeVisible();
    await expect(card.getByTestId('passkey-row')).toHaveCount(0);
  });
});
