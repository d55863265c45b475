import * as pagesApi from '#shared/api/pages.ts';
import { PAGE_MESSAGES, PUBLISHING_MESSAGES } from '#shared/messages.ts';
import { loggedInAdmin } from '#tests/helpers/factories.ts';
import { ADMIN, expectToast } from './editor-helpers';
import { expect, login, test } from './helpers';

/**
 * Pages at /{segment} (docs/product.md#pages) at 1366 and 390 px: make the Imprint from its starter button
 * (no block editing needed, so this holds whatever the block editor becomes), open its private preview,
 * publish it (leaving with an unsaved change asks first) and open it at /imprint. On an editors' server,
 * whose tests run one after another; each test moves the page it made to the trash, freeing /imprint for
 * the next.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });

async function trashImprint(request: Parameters<typeof loggedInAdmin>[0]) {
  const admin = await loggedInAdmin(request, ADMIN);
  const pages = (await admin.api.call(pagesApi.listPages, { query: {} })).data;
  for (const page of pages.filter((p) => p.segment === 'imprint')) {
    await admin.api.call(pagesApi.deletePage, { params: { id: page._id } });
  }
}

for (const width of [1366, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 500 ? 900 : 844 } });
    test.beforeEach(({ request }) => trashImprint(request));
    test.afterEach(({ request }) => trashImprint(request));

    test('make the Imprint from its starter, preview it, publish it and open it', async ({ page }, testInfo) => {
      await login(page, ADMIN.email, ADMIN.password);
      if (width < 992) await page.getByRole('button', { name: 'Toggle sidebar' }).click();
      await page.getByTestId('admin-sidebar').getByRole('link', { name: 'Pages', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Pages', exact: true })).toBeVisible();
      await page.waitForFunction(() => window.history.scrollRestoration === 'manual');

      await page.getByRole('button', { name: 'Imprint (/imprint)' }).click();
      await expectToast(page, PAGE_MESSAGES.starterCreated('Imprint', 'imprint'));
      const row = page.getByRole('row').filter({ hasText: '/imprint' });
      await expect(row).toContainText('draft');
      // Nothing wider than the screen (the table scrolls inside its own box).
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: testInfo.outputPath(`pages-list-${width}.png`), fullPage: true });

      await row.getByRole('link', { name: 'Imprint' }).click();
      await expect(page.getByRole('heading', { name: 'Edit page' })).toBeVisible();
      await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Imprint');
      await expect(page.getByRole('textbox', { name: 'Address' })).toHaveValue('imprint');
      await page.screenshot({ path: testInfo.outputPath(`page-editor-${width}.png`), fullPage: true });

      // The draft is not on the site; its preview link shows it.
      const missing = await page.request.get('/imprint');
      expect(missing.status()).toBe(404);
      const popup = page.waitForEvent('popup');
      await page.getByRole('button', { name: 'Preview' }).click();
      const preview = await popup;
      await expect(preview).toHaveURL(/\/preview\/page\/[\w-]{20,}$/);
      await expect(preview.getByRole('status')).toContainText('Preview of a draft page');
      await expect(preview.getByRole('heading', { name: 'Imprint' })).toBeVisible();
      await preview.screenshot({ path: testInfo.outputPath(`page-preview-${width}.png`), fullPage: true });
      await preview.close();

      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await expectToast(page, PAGE_MESSAGES.published);
      await expect(page.getByText('Status: published')).toBeVisible();

      // Leaving with the title changed and not saved asks first.
      await page.getByLabel('Title', { exact: true }).fill('Imprint and contact');
      await expect(page.getByRole('textbox', { name: 'Address' })).toHaveValue('imprint');
      await page.getByRole('link', { name: 'All pages' }).click();
      await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/pages\/edit\//);

      // A page is sent without scripts (app/ssr/scriptless.ts): nothing to wait for once it has loaded.
      const pub = await page.context().newPage();
      await pub.goto('/imprint');
      expect(await pub.locator('script[src], script[type="module"]').count()).toBe(0);
      await expect(pub).toHaveTitle(/^Imprint \| /);
      await expect(pub.getByRole('heading', { name: 'Imprint' })).toBeVisible();
      await expect(pub.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/imprint$/);
      await pub.screenshot({ path: testInfo.outputPath(`page-public-${width}.png`), fullPage: true });
    });
  });
}

test('a save whose status change is refused keeps the saved fields, and the next save is no conflict', async ({
  page,
  request,
}) => {
  await trashImprint(request);
  const admin = await loggedInAdmin(request, ADMIN);
  const made = (await admin.api.call(pagesApi.createStarterPage, { body: { kind: 'imprint' } })).data.page;
  try {
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto(`/admin/pages/edit/${made._id}`);
    await expect(page.getByRole('heading', { name: 'Edit page' })).toBeVisible();
    await page.getByLabel('Title', { exact: true }).fill('Imprint and contact');
    // A past date: the title is saved, the schedule refused.
    await page.getByLabel('Publish at').fill('2001-01-01T10:00');
    await page.getByRole('button', { name: 'Schedule' }).click();
    await expectToast(page, PUBLISHING_MESSAGES.publishAtPast);
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Imprint and contact');
    await page.getByLabel('Title', { exact: true }).fill('Imprint');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expectToast(page, PAGE_MESSAGES.saved);
    expect((await admin.api.call(pagesApi.getPage, { params: { id: made._id } })).data.title).toBe('Imprint');
  } finally {
    await trashImprint(request);
  }
});
