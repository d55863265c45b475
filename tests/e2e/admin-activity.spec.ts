import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { ACTIVITY_MESSAGES } from '#shared/messages.ts';
import { SEEDED_ADMIN } from '#tests/helpers/factories.ts';
import { expect, isPhone, login, test, uniqueEmail } from './helpers';

/** docs/product.md#activity-log: the Owner reads the sign-ins, and a failed one, in the activity log. */
test.describe.configure({ timeout: 60_000 });

const SHOTS = '/tmp/activity-shots';
const shot = async (page: Page, name: string) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
};

test('the Owner reads sign-ins and a failed sign-in in the activity log, filters it and downloads it', async ({
  page,
}) => {
  // A failed sign-in with an address that has no account: the login card answers as for a wrong password.
  const stranger = uniqueEmail('stranger');
  await page.goto('/admin');
  await page.getByLabel('Email').fill(stranger);
  await page.getByLabel('Password').fill('a-guess');
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  await login(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
  if (isPhone(page)) await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await page.getByTestId('admin-sidebar').getByRole('link', { name: 'Activity' }).click();
  await page.waitForURL('**/admin/activity');
  await expect(page.getByRole('heading', { name: 'Activity', exact: true })).toBeVisible();

  const rows = page.getByTestId('activity-row');
  const signIn = rows.filter({ hasText: 'Signed in' }).first();
  await expect(signIn).toContainText('Administrator');
  await expect(signIn).toContainText('Password');
  await expect(signIn).toContainText('127.0.0.x');
  const failed = rows.filter({ hasText: stranger });
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText('Failed sign-in');
  await expect(failed).toContainText('no such account');
  await shot(page, 'activity');

  // Only failed sign-ins: the stranger's is there, no sign-in is.
  await page.getByLabel('Action').selectOption({ label: 'Failed sign-in' });
  await expect(rows.filter({ hasText: 'Signed in' })).toHaveCount(0);
  await expect(rows.filter({ hasText: stranger })).toHaveCount(1);

  // The CSV holds what the filters select.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('activity.csv');
  const csv = fs.readFileSync(await download.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe('time,last_time,count,action,who,target_type,target,details,from');
  expect(csv).toContain(stranger);
  expect(csv).not.toContain('Signed in');

  // A range in the future selects nothing: the empty state says so.
  const nextYear = new Date().getFullYear() + 1;
  await page.getByLabel('From').fill(`${nextYear}-01-01`);
  await expect(page.getByTestId('activity-empty')).toHaveText(ACTIVITY_MESSAGES.emptyFiltered);
  await expect(rows).toHaveCount(0);
  await shot(page, 'activity-empty');

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(rows.filter({ hasText: 'Signed in' }).first()).toBeVisible();
  if (isPhone(page)) {
    // On a phone each entry is a card of labelled lines, never a table wider than the screen.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  }
});
