import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { EXPORT_MESSAGES } from '#shared/messages.ts';
import { EXPORT_FILES, type ExportManifest } from '#shared/site-export.ts';
import { SEEDED_ADMIN } from '#tests/helpers/factories.ts';
import { readZip } from '#tests/helpers/zip.ts';
import { expect, isPhone, login, test } from './helpers';

/** docs/product.md#export: the Owner opens Settings → Export and downloads the site's ZIP and its WordPress file. */
test.describe.configure({ timeout: 90_000 });

const SHOTS = '/tmp/export-shots';
const shot = async (page: Page, name: string) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
};

test('the Owner downloads the whole site as a ZIP with its manifest, and the WordPress file', async ({ page }) => {
  await login(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
  if (isPhone(page)) await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await page.getByTestId('admin-sidebar').getByRole('link', { name: 'Export' }).click();
  await page.waitForURL('**/admin/settings/export');
  await expect(page.getByRole('heading', { name: 'Export', exact: true })).toBeVisible();
  const summary = page.getByRole('table', { name: 'What the export holds' });
  await expect(summary.getByRole('row', { name: /Posts/ })).toContainText(/\d/);
  await shot(page, 'export');

  const zipDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the site (ZIP)' }).click();
  const zip = await zipDownload;
  expect(zip.suggestedFilename()).toMatch(/^site-export-\d{4}-\d\d-\d\d\.zip$/);
  await expect(page.getByText(EXPORT_MESSAGES.siteSaved)).toBeVisible();
  const files = await readZip(fs.readFileSync(await zip.path()));
  const manifest = JSON.parse(files.get(EXPORT_FILES.manifest)!.toString('utf8')) as ExportManifest;
  expect(manifest).toMatchObject({ format: 'site-export', version: 1 });
  const posts = JSON.parse(files.get(EXPORT_FILES.posts)!.toString('utf8')) as unknown[];
  expect(manifest.counts[EXPORT_FILES.posts]).toBe(posts.length);
  expect(posts.length).toBeGreaterThan(0);
  expect(Object.keys(manifest.checksums)).toContain(EXPORT_FILES.posts);

  const wxrDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download posts and pages (WXR)' }).click();
  const wxr = await wxrDownload;
  expect(wxr.suggestedFilename()).toMatch(/^wordpress-export-\d{4}-\d\d-\d\d\.xml$/);
  const xml = fs.readFileSync(await wxr.path(), 'utf8');
  expect(xml).toContain('<wp:wxr_version>1.2</wp:wxr_version>');
  expect(xml.match(/<wp:post_type><!\[CDATA\[post\]\]><\/wp:post_type>/g)?.length).toBe(posts.length);
  await shot(page, 'export-done');
});
