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
  await rule.getByRole('button', { name: `Delete the redirect of ${base}/*` }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /delete|yes|ok/i })
    .click();
  await expectToast(page, REDIRECT_MESSAGES.deleted);
  await expect(rule).toHaveCount(0);
});
