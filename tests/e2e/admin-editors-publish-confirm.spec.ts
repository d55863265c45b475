import type { APIRequestContext, Page } from '@playwright/test';
import * as blog from '#shared/api/blog.ts';
import * as subscribers from '#shared/api/subscribers.ts';
import { MESSAGES } from '#shared/messages.ts';
import type { PostDetails } from '#shared/schemas/blog.ts';
import { urlOf } from '#tests/helpers/api.ts';
import { loggedInAdmin } from '#tests/helpers/factories.ts';
import { ADMIN, dismissToasts, expectToast, loginAndOpen, newestMailTo, stamp } from './editor-helpers';
import { expect, test } from './helpers';

/**
 * Publishing with a second look (docs/product.md#newsletter, docs/product.md#drafts-and-scheduling): Save
 * of a post that would publish and e-mail the subscribers asks "Publish and e-mail N subscribers?" once,
 * Cancel saves nothing, and "Save as draft" beside Save saves a draft without asking; at 1366 and 390 px.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const WIDTHS = [
  { name: 'desktop', width: 1366, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];
const READER = `confirm.reader.${stamp()}@example.com`;

async function findAdminPost(request: APIRequestContext, title: string): Promise<PostDetails | undefined> {
  const admin = await loggedInAdmin(request, ADMIN);
  return (await admin.api.call(blog.listAdminPosts)).data.find((p) => p.title === title);
}

/** Every request that creates a post, from now on. */
function createCalls(page: Page) {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith(urlOf(blog.createPost))) calls.push(r.postData() ?? '');
  });
  return calls;
}

/** The N of the checkbox's label "E-mail this post to N subscribers". */
async function audienceShown(page: Page): Promise<number> {
  const box = page.getByLabel(/E-mail this post to \d+ subscribers?/);
  await expect(box).toBeVisible();
  const label = await page.locator('label[for="blog-send-newsletter"]').textContent();
  return Number(/to (\d+) subscriber/.exec(label ?? '')![1]);
}

test.beforeAll(async ({ request }) => {
  const admin = await loggedInAdmin(request, ADMIN);
  const res = await admin.api.call(subscribers.addSubscriber, {
    body: { email: READER, confirmed: true, source: 'Publish confirm test' },
  });
  expect(res.status).toBe(200);
});

for (const size of WIDTHS) {
  test(`${size.name}: publishing with the e-mail asks once, naming the count; Cancel saves nothing`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(size);
    const title = `Second look ${size.name} ${stamp()}`;
    const calls = createCalls(page);
    await loginAndOpen(page, '/admin/blogs/create', ['blog-content']);
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Excerpt', { exact: true }).fill('Asked before it is mailed.');
    const count = await audienceShown(page);
    expect(count).toBeGreaterThan(0);
    await expect(page.getByLabel(/E-mail this post to/)).toBeChecked();

    const dialog = page.getByRole('dialog', { name: 'Please confirm' });
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await save.click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`Publish and e-mail ${count} ${count === 1 ? 'subscriber' : 'subscribers'}?`);
    await expect(dialog).toHaveCSS('opacity', '1');
    await page.screenshot({ path: testInfo.outputPath(`publish-confirm-${size.name}.png`) });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    // Nothing was saved, and the form is as it was.
    expect(calls).toHaveLength(0);
    await expect(page).toHaveURL('/admin/blogs/create');
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
    await expect(page.getByLabel(/E-mail this post to/)).toBeChecked();
    expect(await findAdminPost(page.request, title)).toBeUndefined();

    // Asked again on the next Save, once: confirming saves and mails as Save always did.
    await dismissToasts(page);
    await save.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Publish and e-mail' }).click();
    await expectToast(page, MESSAGES.blogCreated);
    await expect(page).toHaveURL(/\/admin\/blogs$/);
    await expect(dialog).toHaveCount(0);
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0]!)).toMatchObject({ title });
    expect((await findAdminPost(page.request, title))?.status).toBe('published');
    await newestMailTo(READER, new RegExp(`New on the Brightpath Labs blog: ${title}`));
  });

  test(`${size.name}: "Save as draft" beside Save saves a draft without asking, whatever the status says`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    const title = `Draft beside Save ${size.name} ${stamp()}`;
    const calls = createCalls(page);
    await loginAndOpen(page, '/admin/blogs/create', ['blog-content']);
    await page.getByLabel('Title', { exact: true }).fill(title);
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('published');
    await expect(page.getByLabel(/E-mail this post to/)).toBeChecked();
    const save = page.getByRole('button', { name: 'Save', exact: true });
    const draft = page.getByRole('button', { name: 'Save as draft' });
    await expect(draft).toBeVisible();
    // Beside Save: on the same line, right of it.
    const [a, b] = [(await save.boundingBox())!, (await draft.boundingBox())!];
    expect(Math.abs(a.y - b.y)).toBeLessThan(4);
    expect(b.x).toBeGreaterThan(a.x + a.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);

    await dismissToasts(page);
    await draft.click();
    await expectToast(page, MESSAGES.blogCreated);
    await expect(page.getByRole('dialog', { name: 'Please confirm' })).toHaveCount(0);
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0]!)).toMatchObject({ title, status: 'draft' });
    expect((await findAdminPost(page.request, title))?.status).toBe('draft');
  });

  test(`${size.name}: with the e-mail box unticked, Save publishes without asking`, async ({ page }) => {
    await page.setViewportSize(size);
    const title = `Quietly published ${size.name} ${stamp()}`;
    await loginAndOpen(page, '/admin/blogs/create', ['blog-content']);
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel(/E-mail this post to \d+ subscribers?/).uncheck();
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, MESSAGES.blogCreated);
    await expect(page.getByRole('dialog', { name: 'Please confirm' })).toHaveCount(0);
    expect((await findAdminPost(page.request, title))?.status).toBe('published');
  });
}
