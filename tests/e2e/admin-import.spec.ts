import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from '@playwright/test';
import * as imports from '#shared/api/imports.ts';
import { UNDO_DAYS } from '#shared/api/imports.ts';
import * as staff from '#shared/api/staff.ts';
import { formatDate } from '#shared/format.ts';
import { IMPORT_UI_MESSAGES as T } from '#shared/messages.ts';
import type { Role } from '#shared/roles.ts';
import { loggedInAdmin, SEEDED_ADMIN } from '#tests/helpers/factories.ts';
import { image } from '#tests/helpers/images.ts';
import { uploadExport } from '#tests/helpers/imports.ts';
import { wxrWithImage } from '#tests/helpers/wxr-with-image.ts';
import { expect, isPhone, test, uniqueEmail } from './helpers';
import { ownSite } from './server-process';

/**
 * docs/product.md#import, Settings → Import at 1366 px (project desktop) and 390 px (project phone): the
 * Owner uploads the real WordPress export of tests/fixtures/import/wordpress (made by WordPress 6.1.9) with
 * its uploads ZIP, reads the analysis, maps an author to a person of the staff, starts, follows the progress
 * bar to the report, opens an imported post from it, then undoes the import and the post is gone. An Editor
 * has no Import entry and is sent away from its address. On a site of its own per project: an import
 * writes posts and redirects that the shared server's other tests must not meet, and the desktop and phone
 * runs would otherwise wait for each other's import.
 */
// In order, in one worker per project (one site each): the first test meets a site without imports.
test.describe.configure({ mode: 'default', timeout: 180_000 });

const site = ownSite();
const FIXTURE = 'tests/fixtures/import/wordpress';
const SHOTS = '/tmp/import-shots';
const DAY = 24 * 3600_000;

const shot = async (page: Page, name: string) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
};

/** Nothing is wider than the screen (at 390 px the tables stack). */
const fitsTheWidth = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

/** docs/product.md#accessibility: no serious or critical axe violation in each state of the screen. */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(serious, serious.join('\n')).toEqual([]);
}

const sidebarEntries = (page: Page) =>
  page.getByTestId('admin-sidebar').locator('a.admin-nav-link .admin-sidebar-label').allTextContents();

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${site.origin}/admin`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await page.waitForURL(/\/admin\/(banner|blogs)$/);
}

/** A person of the staff: invited by the Owner through the API, joined through the link in a browser of their own. */
async function member(browser: Browser, page: Page, role: Role, name: string, email = uniqueEmail(role)) {
  const owner = await loggedInAdmin(site.origin);
  const sent = await owner.api.call(staff.inviteStaff, { body: { email, role } });
  expect(sent.status, sent.text).toBe(200);
  const context = await browser.newContext({ viewport: page.viewportSize()! });
  const own = await context.newPage();
  await own.goto(`${site.origin}${new URL(sent.data.link).pathname}`);
  await own.getByLabel('Name').fill(name);
  await own.getByLabel('Password', { exact: true }).fill('team-pass');
  await own.getByLabel('Confirm Password').fill('team-pass');
  await own.getByRole('button', { name: 'Join' }).click();
  await expect(own).toHaveURL(/\/admin\/(blogs|banner)$/);
  return { context, page: own, email, name };
}

test('the Owner imports a WordPress site, follows it to the report, opens a post and undoes it', async ({
  page,
  browser,
}) => {
  // Bob of the old site is on the staff here with the same e-mail (each project's site is its own).
  const editor = await member(browser, page, 'editor', 'Evan Editor', 'bob@example.com');
  await editor.context.close();

  await signIn(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
  await expect(page.getByTestId('admin-sidebar').getByRole('link', { name: 'Import', exact: true })).toBeAttached();
  if (isPhone(page)) await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await page.getByTestId('admin-sidebar').getByRole('link', { name: 'Import', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/import$/);
  await expect(page.getByRole('heading', { name: T.title, exact: true })).toBeVisible();
  await expect(page.getByText(T.noEarlier)).toBeVisible();
  await fitsTheWidth(page);
  await shot(page, '1-upload');

  // Upload: the export and the ZIP of its uploads; the analysis answers, nothing is written yet.
  await page.getByLabel(T.fileLabel).setInputFiles(`${FIXTURE}/site.xml`);
  await page.getByLabel(T.uploadsLabel).setInputFiles(`${FIXTURE}/uploads.zip`);
  // Ten minutes after signing in (made so in the database), the upload asks "Confirm it's you" first and
  // is sent again after it (the API client's one path, app/lib/api-client.ts).
  const store = new Database(path.join(site.server.dataDir, 'site.db'));
  store.prepare('UPDATE sessions SET reauth_at = ?').run(new Date(Date.now() - 3600_000).toISOString());
  store.close();
  await page.getByRole('button', { name: T.analyse }).click();
  const confirm = page.getByRole('dialog', { name: "Confirm it's you" });
  await confirm.getByLabel('Password').fill(SEEDED_ADMIN.password);
  // The upload's progress shows: on a slow line (Chromium's own throttling, about 3 s for these 43 KB).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 16 * 1024,
  });
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm).toBeHidden();
  const uploading = page.getByRole('progressbar', { name: T.uploadProgress });
  await expect(uploading).toHaveAttribute('aria-valuetext', new RegExp(T.uploading(0).replace('0%', '[1-9]\\d*%')));
  await shot(page, '1-uploading');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(page.getByRole('heading', { name: T.analysisTitle })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/admin\/settings\/import\?id=/);
  await expect(page.getByText('Old Example Blog, https://old.example.com')).toBeVisible();
  const count = (name: string) => page.getByTestId(`import-count-${name}`);
  await expect(count('authors')).toHaveText('2');
  await expect(count('pages')).toHaveText('2');
  await expect(count('images')).not.toHaveText('0');
  expect(Number(await count('posts').textContent())).toBeGreaterThanOrEqual(5);
  await expect(page.getByTestId('import-row')).toHaveCount(1);
  await expect(page.getByTestId('import-row')).toContainText(T.statuses.analysed!);
  await fitsTheWidth(page);
  await shot(page, '2-analysis');

  // The mapping: Bob goes to the person of the same e-mail, Ann (no one here has hers) to a new byline
  // until she is mapped to the Owner by hand.
  const bob = page.getByLabel(T.authorSelect('Bob Builder'));
  await expect(bob.locator('option:checked')).toHaveText(`${editor.name} (${editor.email})`);
  const ann = page.getByLabel(T.authorSelect('Ann Author'));
  await expect(ann).toHaveValue('byline');
  await expect(ann.locator('option:checked')).toHaveText(T.newByline);
  const owner = (await ann.locator('option').allTextContents()).find((label) => label.includes(SEEDED_ADMIN.email))!;
  await ann.selectOption({ label: owner });
  await expect(page.getByLabel(new RegExp(T.clash.skip.label))).toBeChecked();
  await page.getByLabel(new RegExp(T.clash.keep.label)).check();
  await shot(page, '3-choices');
  await expectAccessible(page);

  // Start: the progress bar with its phase in words, then (the job is the server's) the report.
  await page.getByRole('button', { name: T.start }).click();
  // (The small file's job takes a second or two: the step shows until the first reading, a second later.)
  await expect(page.getByTestId('import-progress')).toBeVisible();
  await shot(page, '4-progress');
  await expect(page.getByRole('progressbar', { name: T.progressLabel })).toHaveAttribute(
    'aria-valuetext',
    new RegExp(Object.values(T.phases).join('|')),
  );
  await expect(page.getByRole('heading', { name: `${T.reportTitle}: ${T.statuses.done}` })).toBeVisible({
    timeout: 90_000,
  });
  // It is the server's state: read again, the same report.
  await page.reload();
  await expect(page.getByRole('heading', { name: `${T.reportTitle}: ${T.statuses.done}` })).toBeVisible();
  await expect(page.getByTestId('import-outcomes')).toContainText(T.outcomes.created!);
  // Undo is offered for 7 days from the end.
  await expect(
    page.getByText(T.undoUntil(formatDate(new Date(Date.now() + UNDO_DAYS * DAY).toISOString()))),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: T.undo })).toBeVisible();
  await expect(page.getByTestId('import-row')).toContainText(T.statuses.done!);
  await fitsTheWidth(page);
  await shot(page, '5-report');
  await expectAccessible(page);

  // The filter: only created lines; the classic post's line links to its new address.
  await page.getByLabel(T.filterLabel, { exact: true }).selectOption({ label: T.outcomes.created! });
  const line = page.getByTestId('import-line').filter({ hasText: 'Caption post' });
  await expect(line).toHaveCount(1);
  await expect(page.getByTestId('import-line').filter({ hasText: T.outcomes.skipped! })).toHaveCount(0);
  const link = line.getByRole('link');
  const address = (await link.getAttribute('href'))!;
  expect(address).toMatch(/^\/blogs\//);
  await shot(page, '6-report-created');

  // The imported post answers at its address, and its old address leads there with a 301.
  const [opened] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await opened.waitForLoadState();
  expect(new URL(opened.url()).pathname).toBe(address);
  await expect(opened.getByRole('heading', { level: 1, name: 'Caption post' })).toBeVisible();
  // Ann's post carries the Owner's name now.
  await expect(opened.getByRole('main')).toContainText(owner.replace(` (${SEEDED_ADMIN.email})`, ''));
  await opened.close();
  const old = await page.request.get(`${site.origin}/2024/03/10/caption-post/`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(new URL(old.headers().location!, site.origin).pathname).toBe(address);

  // Undo: asked first, then the job removes what the import made; the post's address is gone.
  await page.getByRole('button', { name: T.undo }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(T.confirmUndo);
  await dialog.getByRole('button', { name: T.undo }).click();
  await expect(page.getByRole('heading', { name: `${T.reportTitle}: ${T.statuses.undone}` })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByText(T.undone)).toBeVisible();
  await expect(page.getByRole('button', { name: T.undo })).toHaveCount(0);
  await expect(page.getByTestId('import-row')).toContainText(T.statuses.undone!);
  await fitsTheWidth(page);
  await shot(page, '7-undone');
  const after = await page.request.get(`${site.origin}${address}`, { maxRedirects: 0 });
  expect(after.status()).toBe(404);
});

test('the Owner uploads a replacement for an image the import could not fetch, and the post shows it', async ({
  page,
}) => {
  // An import whose one image is on a loopback address (never fetched), made through the API.
  const owner = await loggedInAdmin(site.origin);
  const old = `http://127.0.0.1:9/wp-content/uploads/${Date.now().toString(36)}-photo.jpg`;
  const analysed = await uploadExport(owner, { data: wxrWithImage('http://127.0.0.1:9', old), name: 'site.xml' });
  expect(analysed.status, analysed.text).toBe(200);
  const id = analysed.data!._id;
  expect((await owner.api.callRaw(imports.startImport, { params: { id }, body: { clash: 'keep' } })).status).toBe(200);
  await expect
    .poll(async () => (await owner.api.call(imports.getImport, { params: { id } })).data.status, { timeout: 60_000 })
    .toBe('done');

  await signIn(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
  await page.goto(`${site.origin}/admin/settings/import?id=${id}`);
  await expect(page.getByRole('heading', { name: `${T.reportTitle}: ${T.statuses.done}` })).toBeVisible();
  await page.getByLabel(T.filterLabel, { exact: true }).selectOption({ label: T.outcomes.failed! });
  // The filtered page is there: the image's line alone (the post's and page's lines name the image too).
  await expect(page.getByTestId('import-line')).toHaveCount(1);
  const label = old.split('/').pop()!;
  const line = page.getByTestId('import-line').filter({ hasText: label });
  await expect(line).toContainText(T.failedImages);
  await expect(line.getByRole('link', { name: T.mediaLibrary })).toBeVisible();
  const button = line.getByRole('button', { name: T.replaceImageLabel(label) });
  await expect(button).toHaveText(T.replaceImage);
  await fitsTheWidth(page);
  await shot(page, '8-image-failed');
  await expectAccessible(page);

  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), button.click()]);
  await chooser.setFiles({ name: 'replacement.png', mimeType: 'image/png', buffer: await image('png', 64, 48) });
  await expect(page.getByText(T.imageReplaced)).toBeVisible();
  // The line is the upload's now: created, with its new address, and no button any more.
  await expect(line).toContainText(T.outcomes.created!);
  await expect(line.getByRole('button')).toHaveCount(0);
  const address = (await line.getByRole('link').getAttribute('href'))!;
  expect(address).toMatch(/^\/uploads\/[0-9a-f]{24}\.png$/);
  await expect(page.getByTestId('import-outcomes')).not.toContainText(T.outcomes.failed!);
  await fitsTheWidth(page);
  await shot(page, '9-image-replaced');

  // The imported post shows the upload, with its size, and nothing of the old address.
  const report = (await owner.api.call(imports.importItems, { params: { id }, query: {} })).data;
  const post = await page.request.get(`${site.origin}${report.find((l) => l.kind === 'post')!.path}`);
  const html = await post.text();
  expect(html).toMatch(new RegExp(`<img[^>]*src="${address}"`));
  expect(html).not.toContain('127.0.0.1:9');
});

test('an Editor has no Import entry and is sent away from its address', async ({ page, browser }) => {
  const editor = await member(browser, page, 'editor', 'Edda Editor');
  // The sidebar as drawn (Redirects is the entry before Import's place).
  await expect(editor.page.getByTestId('admin-sidebar').getByRole('link', { name: 'Redirects' })).toBeAttached();
  const entries = await sidebarEntries(editor.page);
  expect(entries).toContain('Redirects');
  expect(entries).not.toContain('Import');
  await editor.page.goto(`${site.origin}/admin/settings/import`);
  await expect(editor.page).toHaveURL(/\/admin\/banner$/);
  await expect(editor.page.getByRole('heading', { name: T.title, exact: true })).toHaveCount(0);
  await editor.context.close();
});

test('the Owner discards an analysis and the upload step is back; the list says Discarded', async ({ page }) => {
  await signIn(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
  await page.goto(`${site.origin}/admin/settings/import`);
  await page.getByLabel(T.fileLabel).setInputFiles(`${FIXTURE}/site.xml`);
  await page.getByRole('button', { name: T.analyse }).click();
  await expect(page.getByRole('heading', { name: T.analysisTitle })).toBeVisible({ timeout: 30_000 });
  const id = new URL(page.url()).searchParams.get('id')!;
  await page.getByRole('button', { name: T.discard }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(T.confirmDiscard);
  await dialog.getByRole('button', { name: T.discard }).click();
  await expect(page.getByText(T.discarded)).toBeVisible();
  await expect(page.getByRole('heading', { name: T.uploadTitle })).toBeVisible();
  const row = page.getByTestId('import-row').filter({ has: page.locator(`a[href$="${id}"]`) });
  await expect(row).toContainText(T.statuses.cancelled!);
  await row.getByRole('link').click();
  await expect(page.getByText(T.cancelled)).toBeVisible();
});
