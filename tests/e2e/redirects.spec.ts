import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { REDIRECT_MESSAGES } from '#shared/messages.ts';
import { ADMIN, expectToast, stamp } from './editor-helpers';
import { expect, gotoHydrated, login, test } from './helpers';

/**
 * Settings → Redirects (docs/product.md#redirects) at 1366 px (project desktop) and 390 px (project phone):
 * a visitor meets a 404, the address shows in the "Not found" log, "Create redirect" fills the add form,
 * a prefix rule is saved, and following the old address lands on the new one with its query string.
 * Every address is this run's own, so the pages other tests read never redirect. Screenshots go to
 * test-results/redirects/.
 */
const SHOTS = 'test-results/redirects';
const shot = async (page: Page, name: string) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
};

test('add a prefix redirect from the 404 log and follow it', async ({ page }) => {
  test.setTimeout(90_000);
  const base = `/old-site-${stamp()}`;
  const missing = `${base}/about-us`;

  // A visitor follows an old link: the site's own 404 page.
  const first = await page.goto(`${missing}?from=newsletter`);
  expect(first?.status()).toBe(404);
  await expect(page.getByText('404 Not Found')).toBeVisible();

  await login(page, ADMIN.email, ADMIN.password);
  await gotoHydrated(page, '/admin/settings/redirects');
  await expect(page.getByRole('heading', { name: 'Redirects', exact: true })).toBeVisible();
  // The server adds 404s to the log every few seconds.
  const row = page.getByTestId('not-found-row').filter({ hasText: missing });
  await expect(async () => {
    await gotoHydrated(page, '/admin/settings/redirects');
    await page.getByLabel('Filter addresses not found').fill(base);
    await expect(row).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText('1');
  // Nothing is wider than the screen (at 390 px the tables stack).
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await shot(page, 'not-found-log');

  // Create redirect: the add form is filled from the address; it becomes a prefix rule to the site's root.
  await row.getByRole('button', { name: `Create redirect for ${missing}` }).click();
  const from = page.locator('#redirect-add-from');
  await expect(from).toHaveValue(missing);
  await expect(page.locator('#redirect-add-to')).toBeFocused();
  await from.fill(`${base}/*`);
  await page.locator('#redirect-add-to').fill('/*');
  await page.getByRole('button', { name: 'Add redirect' }).click();
  await expectToast(page, REDIRECT_MESSAGES.created);

  await page.getByLabel('Filter redirects').fill(base);
  const rule = page.getByTestId('redirect-row').filter({ hasText: `${base}/*` });
  await expect(rule).toBeVisible();
  await expect(rule).toContainText('301');
  await expect(rule).toContainText('prefix');
  await shot(page, 'rules');

  // Followed: the rest of the address and the query string are carried over.
  const followed = await page.goto(`${missing}?from=newsletter`);
  expect(followed?.status()).toBe(200);
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/about-us?from=newsletter');
  await shot(page, 'followed');

  // The rule's hit is counted (added to the database every few seconds), and it can be deleted again.
  await expect(async () => {
    await gotoHydrated(page, '/admin/settings/redirects');
    await page.getByLabel('Filter redirects').fill(base);
    await expect(rule.locator('td[data-label="Hits"]')).toHaveText('1', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  // The automatic redirects are listed read-only beside the rules.
  await page.getByLabel('Which redirects').selectOption('automatic');
  await expect(page.getByTestId('redirect-row').filter({ hasText: `${base}/*` })).toHaveCount(0);
  await page.getByLabel('Which redirects').selectOption('manual');
  await expect(rule).toBeVisible();

  // A 410 rule answers the site's own "gone" page.
  await page.locator('#redirect-add-from').fill(`${base}/gone`);
  await page.locator('#redirect-add-status').selectOption('410');
  await expect(page.locator('#redirect-add-to')).toBeDisabled();
  await page.getByRole('button', { name: 'Add redirect' }).click();
  await expectToast(page, REDIRECT_MESSAGES.created);
  const gone = await page.goto(`${base}/gone`);
  expect(gone?.status()).toBe(410);
  await expect(page.getByRole('heading', { name: REDIRECT_MESSAGES.goneTitle })).toBeVisible();
  await expect(page.getByText(REDIRECT_MESSAGES.goneText)).toBeVisible();
  await expect(page.locator('footer')).toBeVisible();
  await shot(page, 'gone');

  await gotoHydrated(page, '/admin/settings/redirects');
  await page.getByLabel('Filter redirects').fill(base);
  await rule.getByRole('button', { name: `Delete the redirect of ${base}/*` }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /delete|yes|ok/i })
    .click();
  await expectToast(page, REDIRECT_MESSAGES.deleted);
  await expect(rule).toHaveCount(0);
  const goneRule = page.getByTestId('redirect-row').filter({ hasText: `${base}/gone` });
  await goneRule.getByRole('button', { name: `Delete the redirect of ${base}/gone` }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /delete|yes|ok/i })
    .click();
  await expect(goneRule).toHaveCount(0);
});
