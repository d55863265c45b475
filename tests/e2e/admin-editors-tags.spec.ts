import type { Page } from '@playwright/test';
import * as blog from '#shared/api/blog.ts';
import { MESSAGES, TAG_MESSAGES } from '#shared/messages.ts';
import { loggedInAdmin } from '#tests/helpers/factories.ts';
import { ADMIN, confirmPublishIfAsked, expectToast, openEditor, stamp, typeRich } from './editor-helpers';
import { expect, gotoHydrated, login, test } from './helpers';

/**
 * Tags, tag pages and feeds, renaming a tag (its old address answers 301), Read next and reading time
 * (docs/product.md#tags, #read-next, #reading-time) at 1366 and 390 px, on an editors' server (the posts
 * made here would shift the lists other files read on the visitors' one). Screenshots of each screen go to
 * test-results/tags/.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const WIDTHS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/tags/${name}.png`, fullPage: true });

for (const size of WIDTHS) {
  const run = stamp();
  const TAG = `Pricing ${run}`;
  const SEGMENT = TAG.replace(' ', '-');
  const NEW_TAG = `Prices ${run}`;
  const NEW_SEGMENT = NEW_TAG.replace(' ', '-');
  const TITLE = `Tagged in the browser ${run}`;
  // Internal: never shown publicly. Each width's own, so the two posts share no tag.
  const INTERNAL = `#internal-${run}`;
  const related: string[] = [];

  test(`${size.name}: add tags to a post in the editor, with suggestions and the keyboard`, async ({ page }) => {
    await page.setViewportSize(size);
    // Posts that share the tag (Read next) and a tag to be suggested.
    const owner = await loggedInAdmin(page.request);
    for (const n of [1, 2, 3]) {
      const res = await owner.api.call(blog.createPost, {
        body: { title: `Related ${n} ${run}`, excerpt: 'Related', content: '<p>Text</p>', tags: [TAG] },
      });
      expect(res.status).toBe(200);
      related.push(res.data.title);
    }
    await login(page, ADMIN.email, ADMIN.password);
    await openEditor(page, '/admin/blogs/create', ['blog-content']);
    await page.locator('#blog-title').fill(TITLE);
    await typeRich(page, 'blog-content', words(360));
    const input = page.getByRole('combobox', { name: 'Tags' });
    // The existing tag is suggested from a part of it, in another case, and picked with the keyboard.
    await input.fill(`pricing ${run}`.toUpperCase());
    const option = page.getByRole('option', { name: TAG });
    await expect(option).toBeVisible();
    await input.press('ArrowDown');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await input.press('Enter');
    // A new tag, typed and added with a comma; an internal one with Enter; one removed again.
    await input.pressSequentially(`Fresh ${run},`);
    await input.fill(INTERNAL);
    await input.press('Enter');
    await input.fill('Mistake');
    await input.press('Enter');
    const chips = page.getByRole('list', { name: 'Tags' }).getByRole('listitem');
    await expect(chips).toHaveText([TAG, `Fresh ${run}`, INTERNAL, 'Mistake']);
    await page.getByRole('button', { name: TAG_MESSAGES.removeTag('Mistake') }).click();
    await expect(chips).toHaveText([TAG, `Fresh ${run}`, INTERNAL]);
    await input.focus();
    await shot(page, `editor-${size.name}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await confirmPublishIfAsked(page, MESSAGES.blogCreated);
    await expectToast(page, MESSAGES.blogCreated);
    await expect(page).toHaveURL('/admin/blogs');
  });

  test(`${size.name}: the card and the post show tags and reading time, and Read next`, async ({ page }) => {
    await page.setViewportSize(size);
    await gotoHydrated(page, '/blogs');
    const card = page.getByTestId('blog-card').filter({ hasText: TITLE });
    await expect(card.getByText('2 min read')).toBeVisible();
    await expect(card.getByRole('link', { name: TAG, exact: true })).toHaveAttribute('href', `/tags/${SEGMENT}`);
    await expect(card.getByText(INTERNAL)).toHaveCount(0);
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `test-results/tags/card-${size.name}.png` });

    await card.getByRole('heading', { level: 2 }).getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE);
    const article = page.locator('article');
    await expect(article.locator('.blog-post-meta')).toContainText('2 min read');
    await expect(article.getByRole('list', { name: 'Tags' }).getByRole('link')).toHaveText([TAG, `Fresh ${run}`]);
    // Read next is computed after the save, in the background: the page shows it once it is there.
    const readNext = page.getByRole('region', { name: 'Read next' });
    await expect(async () => {
      await page.reload();
      await expect(readNext.getByRole('link')).toHaveText([...related].reverse(), { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await shot(page, `post-${size.name}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test(`${size.name}: the tag page lists the post and has its feed`, async ({ page, request }) => {
    await page.setViewportSize(size);
    await gotoHydrated(page, '/blogs');
    await page
      .getByTestId('blog-card')
      .filter({ hasText: TITLE })
      .getByRole('link', { name: TAG, exact: true })
      .click();
    await expect(page).toHaveURL(`/tags/${SEGMENT}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TAG_MESSAGES.heading(TAG));
    await expect(page.getByTestId('blog-card').getByRole('heading', { level: 2 })).toHaveText([
      TITLE,
      ...[...related].reverse(),
    ]);
    const feedLink = await page.locator('link[type="application/rss+xml"]').last().getAttribute('href');
    expect(feedLink).toContain(`/tags/${SEGMENT}/rss.xml`);
    await shot(page, `tag-page-${size.name}`);
    const feed = await request.get(`/tags/${SEGMENT}/rss.xml`);
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toContain(`<title>${TITLE}</title>`);
    expect((await request.get(`/tags/${encodeURIComponent(INTERNAL)}`)).status()).toBe(404);
  });

  test(`${size.name}: rename a tag on the Tags screen; its old address answers 301`, async ({ page, request }) => {
    await page.setViewportSize(size);
    await login(page, ADMIN.email, ADMIN.password);
    await gotoHydrated(page, '/admin/tags');
    await expect(page.getByRole('heading', { level: 1, name: 'Tags' })).toBeVisible();
    const row = page.locator('tbody tr').filter({ hasText: TAG });
    await expect(row.locator('td').nth(2)).toHaveText('4');
    await shot(page, `admin-tags-${size.name}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await row.getByRole('button', { name: `Edit ${TAG}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit tag' });
    await dialog.getByLabel('Name', { exact: true }).fill(NEW_TAG);
    await dialog.getByLabel(/^Address/).fill('');
    await dialog.getByLabel('Description', { exact: true }).fill(`Everything about prices ${run}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, TAG_MESSAGES.saved);
    await expect(page.locator('tbody tr').filter({ hasText: NEW_TAG })).toBeVisible();

    const old = await request.get(`/tags/${SEGMENT}`, { maxRedirects: 0 });
    expect(old.status()).toBe(301);
    expect(old.headers().location).toBe(`/tags/${NEW_SEGMENT}`);
    await gotoHydrated(page, `/tags/${SEGMENT}`);
    await expect(page).toHaveURL(`/tags/${NEW_SEGMENT}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TAG_MESSAGES.heading(NEW_TAG));
    await expect(page.getByText(`Everything about prices ${run}`)).toBeVisible();
  });
}
