import { execFileSync } from 'node:child_process';
import type { APIRequestContext, Page } from '@playwright/test';
import * as blog from '#shared/api/blog.ts';
import { MESSAGES } from '#shared/messages.ts';
import type { PostDetails } from '#shared/schemas/blog.ts';
import { createPost, loggedInAdmin } from '#tests/helpers/factories.ts';
import {
  ADMIN,
  dismissToasts,
  editorDataDir,
  expectToast,
  loginAndOpen,
  openEditor,
  stamp,
  typeRich,
} from './editor-helpers';
import { expect, gotoHydrated, login, test } from './helpers';

/**
 * Never losing work (docs/product.md#unsaved-changes, #autosave, #revisions, #undo, #trash), in the
 * browser: the guard on leaving, the autosave offered back after a reload, the login dialog when the
 * session ends during a save, the history's restore, and undoing deletions. On the editors' server.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const sidebar = (page: Page) => page.getByTestId('admin-sidebar');
const leaveDialog = (page: Page) => page.getByRole('dialog', { name: 'Leave without saving?' });

/** An administrator of the editors' server of its own, made (and later reset) with `npm run admin`. */
function adminCommand(email: string, password: string) {
  execFileSync(process.execPath, ['--import', 'tsx', 'server/cli/admin.ts', '--email', email, '--password', password], {
    env: { ...process.env, DATA_DIR: editorDataDir(), LOG_LEVEL: 'silent' },
    stdio: 'pipe',
  });
}

async function adminPosts(request: APIRequestContext): Promise<PostDetails[]> {
  const admin = await loggedInAdmin(request, ADMIN);
  return (await admin.api.call(blog.listAdminPosts)).data;
}

for (const width of [1366, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 500 ? 900 : 844 } });
    const openSidebar = async (page: Page) => {
      if (width < 992) await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    };

    test('leaving the banner editor with edits asks first; staying keeps them, and after a save it does not ask', async ({
      page,
    }) => {
      await loginAndOpen(page, '/admin/banner', ['banner-description']);
      const title = page.getByLabel('Title', { exact: true });
      const edited = `Unsaved ${stamp()}`;
      await title.fill(edited);
      await openSidebar(page);
      await sidebar(page).getByRole('link', { name: 'Product Delivery' }).click();
      await expect(leaveDialog(page)).toBeVisible();
      await leaveDialog(page).getByRole('button', { name: 'Stay on this page' }).click();
      await expect(page).toHaveURL(/\/admin\/banner$/);
      await expect(title).toHaveValue(edited);

      // The browser's back button asks too.
      await page.goBack();
      await expect(leaveDialog(page)).toBeVisible();
      await leaveDialog(page).getByRole('button', { name: 'Stay on this page' }).click();
      await expect(title).toHaveValue(edited);

      await dismissToasts(page);
      await page.getByRole('button', { name: 'Update' }).click();
      await expectToast(page, MESSAGES.updatedSuccessfully);
      await expect(title).toHaveValue(edited);
      await openSidebar(page);
      await sidebar(page).getByRole('link', { name: 'Product Delivery' }).click();
      await expect(page).toHaveURL(/\/admin\/products$/);
      await expect(leaveDialog(page)).toHaveCount(0);
    });

    test('a new post typed and then the tab reloaded: the text is offered back', async ({ page }) => {
      const title = `Reloaded ${stamp()}`;
      await loginAndOpen(page, '/admin/blogs/create', ['blog-content']);
      await page.getByLabel('Title', { exact: true }).fill(title);
      await typeRich(page, 'blog-content', 'Every word of this must survive a reload.');
      await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible({ timeout: 15_000 });
      page.once('dialog', (dialog) => void dialog.accept());
      await page.reload();
      await openEditor(page, '/admin/blogs/create', ['blog-content']);
      const offer = page.getByRole('alert').filter({ hasText: 'changes that were not saved' });
      await expect(offer).toBeVisible();
      await offer.getByRole('button', { name: 'Restore them' }).click();
      await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
      await expect
        .poll(() => page.evaluate(() => window.tinymce!.get('blog-content')!.getContent()))
        .toContain('Every word of this must survive a reload.');
      // Discarded, it is not offered again.
      page.once('dialog', (dialog) => void dialog.accept());
      await page.reload();
      await openEditor(page, '/admin/blogs/create', ['blog-content']);
      await page
        .getByRole('alert')
        .filter({ hasText: 'changes that were not saved' })
        .getByRole('button', { name: 'Discard' })
        .click();
      page.once('dialog', (dialog) => void dialog.accept());
      await page.reload();
      await openEditor(page, '/admin/blogs/create', ['blog-content']);
      await expect(page.getByRole('alert').filter({ hasText: 'changes that were not saved' })).toHaveCount(0);
    });
  });
}

test('a session ended on the server while a post is edited: Save opens a login dialog, and the post is saved with every word', async ({
  page,
}) => {
  const email = `editor.${stamp()}@example.com`;
  adminCommand(email, 'first-secret');
  await login(page, email, 'first-secret');
  const title = `Written through a re-login ${stamp()}`;
  await openEditor(page, '/admin/blogs/create', ['blog-content']);
  await page.getByLabel('Title', { exact: true }).fill(title);
  await typeRich(page, 'blog-content', 'Not one of these words may be lost when the session ends.');
  // The password is reset from the shell: every session of the account ends.
  adminCommand(email, 'second-secret');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Please log in again' });
  await expect(dialog).toBeVisible();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
  await dialog.getByLabel('Password').fill('second-secret');
  await dismissToasts(page);
  await dialog.getByRole('button', { name: 'Log in and continue' }).click();
  await expectToast(page, MESSAGES.blogCreated);
  await expect(page).toHaveURL(/\/admin\/blogs/);
  const post = (await adminPosts(page.request)).find((p) => p.title === title)!;
  expect(post.content).toContain('Not one of these words may be lost when the session ends.');
});

test('the banner title changed three times: the first version restored from the history is on the home page', async ({
  page,
}) => {
  const s = stamp();
  await loginAndOpen(page, '/admin/banner', ['banner-description']);
  for (const n of [1, 2, 3]) {
    await page.getByLabel('Title', { exact: true }).fill(`Version ${n} ${s}`);
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Update' }).click();
    await expectToast(page, MESSAGES.updatedSuccessfully);
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(`Version ${n} ${s}`);
  }
  await page.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'History' });
  const items = history.getByTestId('revisions').locator('.list-group-item');
  await expect(items.first()).toContainText('Current');
  await expect(items.first()).toContainText('Changed: Title');
  // Newest first: the third entry from the top is the first of the three versions.
  await items.nth(2).click();
  const detail = page.getByTestId('revision-detail');
  await expect(detail).toContainText(`Version 1 ${s}`);
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Restore this version' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(`Version 1 ${s}`);
  await gotoHydrated(page, '/');
  await expect(page.locator('#home h1')).toHaveText(`Version 1 ${s}`);

  // The restore is itself in the history, and can be undone.
  await openEditor(page, '/admin/banner', ['banner-description']);
  await page.getByRole('button', { name: 'History' }).click();
  await expect(page.getByTestId('revisions').locator('.list-group-item').first()).toContainText('Restored');
});

test('deleting a team member can be undone from the toast', async ({ page }) => {
  await loginAndOpen(page, '/admin/team');
  const rows = page.locator('.admin-items-table tbody tr');
  const before = await rows.count();
  const firstTitle = (await rows.first().locator('td').nth(1).textContent())!;
  await page.getByRole('button', { name: 'Delete item 1' }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Delete' }).click();
  await expect(rows).toHaveCount(before - 1);
  const undo = page.getByTestId('undo-toast');
  await expect(undo).toBeVisible();
  await undo.getByRole('button', { name: 'Undo' }).click();
  await expect(rows).toHaveCount(before);
  await expect(rows.first().locator('td').nth(1)).toHaveText(firstTitle);
  await gotoHydrated(page, '/');
  await expect(page.getByTestId('team-member').first()).toContainText(firstTitle);
});

test('a post sent to the trash is restored at its address', async ({ page, request }) => {
  const title = `Trashed ${stamp()}`;
  const post = await createPost(await loggedInAdmin(request, ADMIN), {
    title,
    excerpt: 'Soon in the trash.',
    content: '<p>Back again.</p>',
    blogCategory: null,
    sendNewsletter: false,
  });

  await login(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/blogs?category=all');
  await page.getByRole('button', { name: `Delete ${title}` }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.locator('.admin-card table tbody tr').filter({ hasText: title })).toHaveCount(0);
  expect((await page.request.get(post.url)).status()).toBe(404);

  await page.goto('/admin/trash');
  const row = page.getByTestId('trash-row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Restore ${title}` }).click();
  await expect(row).toHaveCount(0);
  await gotoHydrated(page, post.url);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
});
