import type { Page } from '@playwright/test';
import { ADMIN, loginAndOpen } from './editor-helpers';
import { expect, login, test } from './helpers';

/**
 * Dialogs with edits guard them (docs/product.md#unsaved-changes): Escape, a click beside the dialog and ×
 * ask "Discard your changes?" first; Escape or "Keep editing" keep the text; a dialog without edits closes
 * at once. Nothing here saves, so it runs beside the editor chains on the shared site.
 */
const question = (page: Page) => page.getByText('Discard your changes?');

test('a Team dialog with edits asks before Escape, a click beside it or × throw them away', async ({ page }) => {
  await loginAndOpen(page, '/admin/team');
  await page.getByRole('button', { name: 'Add New' }).click();
  const add = page.getByRole('dialog', { name: 'Add New Member' });
  const title = add.getByLabel('Title', { exact: true });

  // No edits: Escape closes at once.
  await page.keyboard.press('Escape');
  await expect(add).toBeHidden();

  await page.getByRole('button', { name: 'Add New' }).click();
  await title.fill('Half-typed name');
  await page.keyboard.press('Escape');
  await expect(question(page)).toBeVisible();
  await expect(add).toBeVisible();
  await expect(add.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  // Escape again answers "keep editing".
  await page.keyboard.press('Escape');
  await expect(question(page)).toBeHidden();
  await expect(title).toHaveValue('Half-typed name');

  // A click beside the dialog asks too.
  await page.mouse.click(5, 5);
  await expect(question(page)).toBeVisible();
  await add.getByRole('button', { name: 'Keep editing' }).click();
  await expect(question(page)).toBeHidden();
  await expect(add.locator('button[type="submit"]')).toBeVisible();
  await expect(title).toHaveValue('Half-typed name');

  // × asks; "Discard changes" closes, and the next dialog starts empty.
  await add.getByRole('button', { name: 'Close' }).click();
  await add.getByRole('button', { name: 'Discard changes' }).click();
  await expect(add).toBeHidden();
  await page.getByRole('button', { name: 'Add New' }).click();
  await expect(title).toHaveValue('');
  // Typed back to what it was: no edit, no question.
  await title.fill('x');
  await title.fill('');
  await page.keyboard.press('Escape');
  await expect(add).toBeHidden();
});

test('the category dialog asks before Escape throws a typed name away', async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/blog-category');
  await page.getByRole('button', { name: 'Add New' }).click();
  const dialog = page.getByRole('dialog', { name: 'Manage Blog Category' });
  await dialog.getByLabel('Category Name').fill('Pricing');
  await page.keyboard.press('Escape');
  await expect(question(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog.getByLabel('Category Name')).toHaveValue('Pricing');
  // The explicit Cancel is a choice made on purpose: it closes at once.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});
