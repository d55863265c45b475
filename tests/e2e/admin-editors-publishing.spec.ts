import type { APIRequestContext, Page } from '@playwright/test';
import * as blog from '#shared/api/blog.ts';
import * as subscribers from '#shared/api/subscribers.ts';
import { MESSAGES, PUBLISHING_MESSAGES } from '#shared/messages.ts';
import type { PostDetails } from '#shared/schemas/blog.ts';
import { isoToZoned } from '#shared/zoned-time.ts';
import { urlOf } from '#tests/helpers/api.ts';
import { loggedInAdmin } from '#tests/helpers/factories.ts';
import {
  ADMIN,
  allMails,
  dismissToasts,
  expectToast,
  loginAndOpen,
  newestMailTo,
  openEditor,
  stamp,
  typeRich,
  waitForRich,
} from './editor-helpers';
import { expect, gotoHydrated, test } from './helpers';

/**
 * Publishing on purpose in the browser (docs/product.md#blog-posts): save a draft, preview it, send a
 * test, schedule it, publish it with and without e-mail, and read the delivery report; at 1366 px, and
 * the editor at 390 px. The editors' server writes its e-mails as .eml files (no SMTP).
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const READER = `reader.${stamp()}@example.com`;
const TESTER = `tester.${stamp()}@example.com`;
const TITLE = `Deliberate publishing ${stamp()}`;
const QUIET = `Published quietly ${stamp()}`;

async function findAdminPost(request: APIRequestContext, title: string): Promise<PostDetails | undefined> {
  const admin = await loggedInAdmin(request, ADMIN);
  return (await admin.api.call(blog.listAdminPosts)).data.find((p) => p.title === title);
}

/** Saves as a draft with the button beside Save. */
async function saveAsDraft(page: Page) {
  await page.getByRole('button', { name: 'Save as draft' }).click();
}

async function expectNotPublic(page: Page, post: PostDetails) {
  await gotoHydrated(page, '/blogs');
  await expect(page.getByTestId('blog-card').filter({ hasText: post.title })).toHaveCount(0);
  const response = await page.goto(post.url);
  expect(response?.status()).toBe(404);
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  expect(sitemap).not.toContain(post.slug);
  const rss = await (await page.request.get('/rss.xml')).text();
  expect(rss).not.toContain(post.title);
}

test.describe('publishing a post', () => {
  test.beforeAll(async ({ request }) => {
    // A confirmed reader, added by the administrator with the consent it gave.
    const admin = await loggedInAdmin(request, ADMIN);
    const res = await admin.api.call(subscribers.addSubscriber, {
      body: { email: READER, confirmed: true, source: 'Publishing test' },
    });
    expect(res.status).toBe(200);
  });

  test('save a draft: it is in the admin list as a draft and nowhere public', async ({ page }) => {
    await loginAndOpen(page, '/admin/blogs/create', ['blog-content']);
    await page.getByLabel('Title', { exact: true }).fill(TITLE);
    await page.getByLabel('Excerpt', { exact: true }).fill('Why we never publish by accident.');
    await typeRich(page, 'blog-content', 'Drafts, previews, schedules and newsletters sent on purpose.');
    await dismissToasts(page);
    const request = page.waitForRequest((r) => r.url().endsWith(urlOf(blog.createPost)));
    await saveAsDraft(page);
    expect((await request).postDataJSON()).toMatchObject({ title: TITLE, status: 'draft' });
    await expectToast(page, MESSAGES.blogCreated);
    await expect(page).toHaveURL(/\/admin\/blogs/);
    await page.getByLabel('Category', { exact: true }).selectOption('all');
    const row = page.locator('.admin-card table tbody tr').filter({ hasText: TITLE });
    await expect(row.getByTestId('post-status')).toHaveText('Draft');
    await page.getByLabel('Status', { exact: true }).selectOption('draft');
    await expect(page.locator('.admin-card table tbody tr').filter({ hasText: TITLE })).toHaveCount(1);
    await expectNotPublic(page, (await findAdminPost(page.request, TITLE))!);
  });

  test('preview it privately, look at its e-mail and send a test to one address', async ({ page, context }) => {
    const post = (await findAdminPost(page.request, TITLE))!;
    await loginAndOpen(page, `/admin/blogs/edit/${post._id}`, ['blog-content']);
    const [preview] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Preview', exact: true }).click(),
    ]);
    await preview.waitForURL(/\/preview\/[\w-]+$/);
    await expect(preview.getByRole('heading', { level: 1 })).toHaveText(TITLE);
    await expect(preview.getByRole('status')).toContainText('only people with this link');
    await expect(preview.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    const raw = await preview.request.get(preview.url());
    expect(raw.headers()['cache-control']).toBe('private, no-store');
    await preview.close();

    await page.getByRole('button', { name: 'E-mail preview' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading')).toHaveText(`New on the Brightpath Labs blog: ${TITLE}`);
    await expect(dialog.frameLocator('iframe').getByRole('heading', { level: 1 })).toHaveText(TITLE);
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    const before = allMails().length;
    await page.getByLabel('Send a test to').fill(TESTER);
    await page.getByRole('button', { name: 'Send a test' }).click();
    await expectToast(page, PUBLISHING_MESSAGES.testSent(TESTER));
    const test = await newestMailTo(TESTER, /^\[Test\] New on the/);
    expect(test.html).toContain(TITLE);
    // The test went to that address only.
    expect(
      allMails()
        .slice(before)
        .map((m) => m.header('to')),
    ).toEqual([TESTER]);
  });

  test('schedule it: it shows as scheduled and stays off the public blog', async ({ page }) => {
    const post = (await findAdminPost(page.request, TITLE))!;
    await loginAndOpen(page, `/admin/blogs/edit/${post._id}`, ['blog-content']);
    await page.getByLabel('Status', { exact: true }).selectOption('scheduled');
    const tomorrow = isoToZoned(new Date(Date.now() + 24 * 3600_000).toISOString(), 'UTC');
    await page.getByLabel(/Publish on/).fill(tomorrow);
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, MESSAGES.blogUpdated);
    const scheduled = (await findAdminPost(page.request, TITLE))!;
    expect(scheduled.status).toBe('scheduled');
    expect(isoToZoned(scheduled.publishAt!, 'UTC')).toBe(tomorrow);
    await expectNotPublic(page, scheduled);
  });

  test('publish it with the e-mail: subscribers get it once, and the delivery report says so', async ({ page }) => {
    const post = (await findAdminPost(page.request, TITLE))!;
    await loginAndOpen(page, `/admin/blogs/edit/${post._id}`, ['blog-content']);
    await page.getByLabel('Status', { exact: true }).selectOption('published');
    const checkbox = page.getByLabel(/E-mail this post to \d+ subscribers?/);
    await expect(checkbox).toBeChecked();
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // Publishing with the e-mail asks first (docs/product.md#newsletter); tests/e2e/admin-editors-publish-confirm.spec.ts tests the question.
    await page
      .getByRole('dialog', { name: 'Please confirm' })
      .getByRole('button', { name: 'Publish and e-mail' })
      .click();
    await expectToast(page, MESSAGES.blogUpdated);

    const mail = await newestMailTo(READER, new RegExp(`New on the Brightpath Labs blog: ${TITLE}`));
    expect(mail.html).toContain('Read more');
    await gotoHydrated(page, '/blogs');
    await expect(page.getByTestId('blog-card').filter({ hasText: TITLE })).toHaveCount(1);

    await openEditor(page, `/admin/blogs/edit/${post._id}`, ['blog-content']);
    const report = page.getByTestId('delivery-report');
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(report).toContainText(/Recipients\s*\d+\s*Sent\s*\d+\s*Failed\s*0\s*Pending\s*0/);
    }).toPass({ timeout: 20_000 });
    await expect(page.getByText('This post has been e-mailed to the subscribers.')).toBeVisible();
    await expect(page.getByLabel(/E-mail this post to/)).toHaveCount(0);
    expect(allMails().filter((m) => m.header('to') === READER && m.header('subject')!.includes(TITLE))).toHaveLength(1);
  });

  test('publish without the e-mail: nobody is mailed and there is no report', async ({ page }) => {
    await loginAndOpen(page, '/admin/blogs/create', ['blog-content']);
    await page.getByLabel('Title', { exact: true }).fill(QUIET);
    await page.getByLabel(/E-mail this post to \d+ subscribers?/).uncheck();
    await dismissToasts(page);
    const request = page.waitForRequest((r) => r.url().endsWith(urlOf(blog.createPost)));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await request).postDataJSON()).toMatchObject({ title: QUIET, sendNewsletter: false });
    await expectToast(page, MESSAGES.blogCreated);
    const post = (await findAdminPost(page.request, QUIET))!;
    expect(post.status).toBe('published');
    await openEditor(page, `/admin/blogs/edit/${post._id}`, ['blog-content']);
    await expect(page.getByTestId('delivery-report')).toHaveCount(0);
    expect(allMails().some((m) => m.header('subject')?.includes(QUIET))).toBe(false);
  });
});

test.describe('the post editor on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('every publishing control is reachable, nothing overflows, and a draft saves', async ({ page }, testInfo) => {
    const title = `Phone draft ${stamp()}`;
    await loginAndOpen(page, '/admin/blogs/create', ['blog-content']);
    await waitForRich(page, 'blog-content');
    await page.getByLabel('Title', { exact: true }).fill(title);
    for (const label of ['Status', 'Select Category'])
      await expect(page.getByLabel(label, { exact: true })).toBeVisible();
    await expect(page.getByLabel(/E-mail this post to \d+ subscribers?/)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: testInfo.outputPath('post-editor-390.png'), fullPage: true });
    await saveAsDraft(page);
    await expectToast(page, MESSAGES.blogCreated);
    expect((await findAdminPost(page.request, title))?.status).toBe('draft');
  });
});
