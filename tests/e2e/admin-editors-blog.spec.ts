import type { Page } from '@playwright/test';
import * as blog from '#shared/api/blog.ts';
import type { DataOf, Endpoint } from '#shared/api/endpoint.ts';
import { MESSAGES } from '#shared/messages.ts';
import { api, urlOf } from '#tests/helpers/api.ts';
import {
  ADMIN,
  dismissToasts,
  expectToast,
  makePng,
  richContent,
  stamp,
  typeRich,
  uploadImage,
  waitForRich,
} from './editor-helpers';
import { expect, gotoHydrated, login, test } from './helpers';

/**
 * The administrator's blog flow (docs/product.md#blog-categories and #blog-posts: the Blog Category and
 * Blogs screens, the create and edit pages, the category modal, the toasts) on the editors' server, checked on the public pages, the sitemap and the
 * RSS feed: a category is added and renamed, a post with an uploaded image is created, found at its
 * address, renamed (its old address answers 301), then the post and the category are deleted. The tests
 * build on each other, so they run in order.
 */
test.describe.configure({ mode: 'serial', timeout: 150_000 });

const run = stamp();
const CATEGORY = `E2E Blog ${run}`;
const RENAMED = `E2E Über ${run}`;
const TITLE = 'Hello E2E/World Ünï';
const NEW_TITLE = `Hello again ${run}`;
const EXCERPT = `An excerpt written by the browser test ${run}.`;
const TEXT = `Content typed into TinyMCE ${run}`;

const segment = (name: string) => name.replaceAll(' ', '-');
const oldUrl = `/blogs/${segment(RENAMED)}/Hello-E2E_slash_World-Ünï`;
const newUrl = `/blogs/${segment(RENAMED)}/${segment(NEW_TITLE)}`;
/** A URL as a browser sends it (non-ASCII letters percent-encoded). */
const encoded = (url: string) => url.split('/').map(encodeURIComponent).join('/');

async function openAdmin(page: Page, path: string) {
  await login(page, ADMIN.email, ADMIN.password);
  await gotoHydrated(page, path);
  await expect(page.locator('.admin-card h1')).toBeVisible({ timeout: 20_000 });
}

const categoryRows = (page: Page) => page.locator('.admin-card table tbody tr');
const categoryModal = (page: Page) => page.getByRole('dialog', { name: 'Manage Blog Category' });
const confirmDialog = (page: Page) => page.getByRole('dialog', { name: 'Please confirm' });

async function apiData<E extends Endpoint>(page: Page, endpoint: E): Promise<DataOf<E>> {
  const res = await api(page.request).callRaw(endpoint);
  expect(res.status, endpoint.path).toBe(200);
  return res.data;
}
const findPost = async (page: Page, title: string) =>
  (await apiData(page, blog.listPosts)).find((p) => p.title === title);

test('Blog Category: Add New opens the Manage Blog Category modal and Submit saves the category', async ({ page }) => {
  await openAdmin(page, '/admin/blog-category');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog Category' })).toBeVisible();
  await expect(page.locator('.admin-card table thead th')).toHaveText(['S.No.', 'Name', 'Action']);
  const before = await categoryRows(page).count();

  // Cancel closes the modal without saving.
  await page.getByRole('button', { name: 'Add New' }).click();
  await expect(categoryModal(page)).toBeVisible();
  await categoryModal(page).getByLabel('Category Name').fill('Never saved');
  await categoryModal(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(categoryModal(page)).toBeHidden();
  await expect(categoryRows(page)).toHaveCount(before);

  await page.getByRole('button', { name: 'Add New' }).click();
  await expect(categoryModal(page).getByLabel('Category Name')).toHaveValue('');
  await categoryModal(page).getByLabel('Category Name').fill(CATEGORY);
  const request = page.waitForRequest((r) => r.url().endsWith(urlOf(blog.saveCategory)));
  await categoryModal(page).getByRole('button', { name: 'Submit' }).click();
  expect((await request).postDataJSON()).toEqual({ name: CATEGORY });
  await expectToast(page, MESSAGES.categorySaved);
  await expect(categoryModal(page)).toBeHidden();
  await expect(categoryRows(page)).toHaveCount(before + 1);
  const row = categoryRows(page).filter({ hasText: CATEGORY });
  await expect(row.locator('td').nth(1)).toHaveText(CATEGORY);
  await expect(row.getByRole('button', { name: `Edit ${CATEGORY}` })).toBeVisible();
  await expect(row.getByRole('button', { name: `Delete ${CATEGORY}` })).toBeVisible();
  await expect(categoryRows(page).locator('td:first-child')).toHaveText(
    Array.from({ length: before + 1 }, (_, i) => String(i + 1)),
  );

  // The selection resets: the next Add New starts empty.
  await page.getByRole('button', { name: 'Add New' }).click();
  await expect(categoryModal(page).getByLabel('Category Name')).toHaveValue('');
  await categoryModal(page).getByRole('button', { name: 'Close' }).click();
  await expect(categoryModal(page)).toBeHidden();

  expect((await apiData(page, blog.listCategories)).map((c) => c.name)).toContain(CATEGORY);
});

test('Blog Category: the edit icon opens the modal prefilled and Submit renames the category', async ({ page }) => {
  await openAdmin(page, '/admin/blog-category');
  await page.getByRole('button', { name: `Edit ${CATEGORY}` }).click();
  const name = categoryModal(page).getByLabel('Category Name');
  await expect(name).toHaveValue(CATEGORY);
  await name.fill(RENAMED);
  await dismissToasts(page);
  const request = page.waitForRequest((r) => r.url().endsWith(urlOf(blog.saveCategory)));
  await categoryModal(page).getByRole('button', { name: 'Submit' }).click();
  const sent = (await request).postDataJSON() as { _id?: string; name: string };
  expect(sent).toMatchObject({ _id: expect.any(String), name: RENAMED });
  await expectToast(page, MESSAGES.categorySaved);
  await expect(categoryModal(page)).toBeHidden();
  await expect(categoryRows(page).filter({ hasText: RENAMED })).toHaveCount(1);
  await expect(categoryRows(page).filter({ hasText: CATEGORY })).toHaveCount(0);

  // A name that clashes with another category is refused and the modal stays open.
  await page.getByRole('button', { name: `Edit ${RENAMED}` }).click();
  await categoryModal(page).getByLabel('Category Name').fill('engineering');
  await dismissToasts(page);
  await categoryModal(page).getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert').and(page.locator('.Toastify__toast--error'))).toBeVisible();
  await expect(categoryModal(page)).toBeVisible();
  await categoryModal(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(categoryRows(page).filter({ hasText: RENAMED })).toHaveCount(1);

  // The public sidebar links to the renamed category.
  await gotoHydrated(page, '/blogs');
  await expect(page.getByRole('complementary', { name: 'Blog' }).getByRole('link', { name: RENAMED })).toHaveAttribute(
    'href',
    encoded(`/blogs/${segment(RENAMED)}`),
  );
});

test('Blogs: Add New leads to the create page, which saves a post with an uploaded image and TinyMCE content', async ({
  page,
}, testInfo) => {
  await openAdmin(page, '/admin/blogs');
  await expect(page.locator('.admin-card table thead th')).toHaveText(['S.No.', 'title', 'Action']);
  const categories = await apiData(page, blog.listCategories);
  // The category select starts at the first category.
  await expect(page.getByLabel('Category', { exact: true })).toHaveValue(categories[0]!._id);

  await page.getByRole('link', { name: 'Add New' }).click();
  await expect(page).toHaveURL('/admin/blogs/create');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create Blog');
  await waitForRich(page, 'blog-content');
  await page.getByLabel('Title', { exact: true }).fill(TITLE);
  await page.getByLabel('Excerpt', { exact: true }).fill(EXCERPT);
  const select = page.getByLabel('Select Category');
  await expect(select.locator('option')).toHaveText(['Uncategorized', ...categories.map((c) => c.name)]);
  await select.selectOption({ label: RENAMED });
  await expect(page.getByLabel('Image', { exact: true })).toHaveAttribute('accept', 'image/*');
  const image = await uploadImage(page, page, 'Image', await makePng(testInfo, 'blog-cover.png', 640, 360, '#22aa66'));
  await typeRich(page, 'blog-content', TEXT);
  // The content frame is TinyMCE's, with the id the spec's editor uses.
  await expect(page.locator('iframe#blog-content_ifr')).toBeVisible();

  await dismissToasts(page);
  const request = page.waitForRequest((r) => r.url().endsWith(urlOf(blog.createPost)));
  const response = page.waitForResponse((r) => r.url().endsWith(urlOf(blog.createPost)));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const sent = (await request).postDataJSON() as Record<string, string>;
  expect((await response).status()).toBe(200);
  const category = categories.find((c) => c.name === RENAMED)!;
  expect(sent).toEqual({
    title: TITLE,
    excerpt: EXCERPT,
    blogCategory: category._id,
    content: expect.stringContaining(TEXT),
    featureImage: image,
  });
  await expectToast(page, MESSAGES.blogCreated);
  await expect(page).toHaveURL('/admin/blogs');

  const post = (await findPost(page, TITLE))!;
  expect(post).toMatchObject({ title: TITLE, excerpt: EXCERPT, featureImage: image, blogCategory: [category] });
  expect(decodeURIComponent(post.url)).toBe(oldUrl);

  // The admin list of the post's category shows it.
  await page.getByLabel('Category', { exact: true }).selectOption({ label: RENAMED });
  await expect(page.locator('.admin-card table tbody tr').filter({ hasText: TITLE })).toHaveCount(1);
});

test('the new post is on /blogs, on its category page and at its exact address', async ({ page }) => {
  const post = (await findPost(page, TITLE))!;
  await gotoHydrated(page, '/blogs');
  const card = page.getByTestId('blog-card').filter({ has: page.getByRole('heading', { name: TITLE, exact: true }) });
  await expect(card).toHaveCount(1);
  await expect(card.locator('.blog-excerpt')).toHaveText(EXCERPT);
  await expect(card.locator('img.blog-card-img')).toHaveAttribute('src', post.featureImage);
  const href = (await card.getByRole('link', { name: `Read More: ${TITLE}` }).getAttribute('href'))!;
  expect(decodeURIComponent(href)).toBe(oldUrl);
  expect(href).toBe(encoded(oldUrl));
  await expect(page.getByRole('complementary', { name: 'Blog' }).getByRole('link', { name: TITLE })).toHaveAttribute(
    'href',
    href,
  );

  await gotoHydrated(page, `/blogs/${segment(RENAMED)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(RENAMED);
  await expect(page.getByTestId('blog-card').getByRole('heading', { level: 2 })).toHaveText([TITLE]);

  // The category segment is found whatever its case, letters beyond ASCII included.
  await gotoHydrated(page, `/blogs/${segment(RENAMED).toLowerCase()}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(RENAMED);
  await expect(page.getByTestId('blog-card').getByRole('heading', { level: 2 })).toHaveText([TITLE]);

  await page
    .getByTestId('blog-card')
    .getByRole('link', { name: `Read More: ${TITLE}` })
    .click();
  await expect.poll(() => decodeURIComponent(new URL(page.url()).pathname)).toBe(oldUrl);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE);
  await expect(page.locator('.blog-post-category')).toHaveText(RENAMED);
  await expect(page.locator('.blog-content')).toContainText(TEXT);
  const image = page.locator('img.blog-post-img');
  await expect(image).toHaveAttribute('src', post.featureImage);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  // Typed as a person would, with the letters as they are.
  const response = await page.goto(oldUrl);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE);
});

test('Blogs: the edit page loads the post and Save changes its title; the old address answers 301 to the new one', async ({
  page,
}) => {
  const post = (await findPost(page, TITLE))!;
  await openAdmin(page, `/admin/blogs?category=${post.blogCategory[0]!._id}`);
  await page.getByRole('link', { name: `Edit ${TITLE}` }).click();
  await expect(page).toHaveURL(`/admin/blogs/edit/${post._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit Blog');
  await waitForRich(page, 'blog-content');
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(TITLE);
  await expect(page.getByLabel('Excerpt', { exact: true })).toHaveValue(EXCERPT);
  await expect(page.getByLabel('Select Category')).toHaveValue(post.blogCategory[0]!._id);
  await expect(page.getByRole('img', { name: 'Image preview' })).toHaveAttribute('src', post.featureImage);
  expect(await richContent(page, 'blog-content')).toContain(TEXT);

  await page.getByLabel('Title', { exact: true }).fill(NEW_TITLE);
  await dismissToasts(page);
  const request = page.waitForRequest((r) => r.url().endsWith(urlOf(blog.updatePost, { params: { id: post._id } })));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await request).postDataJSON()).toMatchObject({
    _id: post._id,
    title: NEW_TITLE,
    excerpt: EXCERPT,
    blogCategory: post.blogCategory[0]!._id,
    featureImage: post.featureImage,
  });
  await expectToast(page, MESSAGES.blogUpdated);
  await expect(page).toHaveURL(/\/admin\/blogs(\?.*)?$/);

  // A crawler asking for the old address is sent on with a permanent redirect.
  const raw = await page.request.get(encoded(oldUrl), { maxRedirects: 0 });
  expect(raw.status()).toBe(301);
  expect(raw.headers().location).toBe(encoded(newUrl));

  // A browser opening the old address lands on the new one.
  const response = await page.goto(oldUrl);
  expect(response?.status()).toBe(200);
  expect(response?.request().redirectedFrom()?.url()).toContain(encoded(oldUrl));
  await expect(page).toHaveURL(encoded(newUrl));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(NEW_TITLE);
});

test('the renamed post is in the sitemap and the RSS feed, under its new address only', async ({ page, baseURL }) => {
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`<loc>${baseURL}${encoded(newUrl)}</loc>`);
  expect(sitemap).not.toContain(encoded(oldUrl));
  expect(sitemap).toContain(`<loc>${baseURL}${encoded(`/blogs/${segment(RENAMED)}`)}</loc>`);

  const rss = await (await page.request.get('/rss.xml')).text();
  const item = [...rss.matchAll(/<item>([\s\S]*?)<\/item>/g)]
    .map((m) => m[1]!)
    .find((i) => i.includes(`<title>${NEW_TITLE}</title>`));
  expect(item).toBeDefined();
  expect(item).toContain(`<link>${baseURL}${encoded(newUrl)}</link>`);
  expect(item).toContain(`<description>${EXCERPT}</description>`);
  expect(item).toContain(`<category>${RENAMED}</category>`);
  expect(rss).not.toContain(TITLE);
});

test('Blogs: the delete icon asks first, then removes the post from the table and the public blog', async ({
  page,
}) => {
  const post = (await findPost(page, NEW_TITLE))!;
  await openAdmin(page, `/admin/blogs?category=${post.blogCategory[0]!._id}`);
  const rows = page.locator('.admin-card table tbody tr');
  await expect(rows.filter({ hasText: NEW_TITLE })).toHaveCount(1);

  await page.getByRole('button', { name: `Delete ${NEW_TITLE}` }).click();
  await expect(confirmDialog(page)).toBeVisible();
  await confirmDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(confirmDialog(page)).toBeHidden();
  await expect(rows.filter({ hasText: NEW_TITLE })).toHaveCount(1);

  await page.getByRole('button', { name: `Delete ${NEW_TITLE}` }).click();
  const response = page.waitForResponse(
    (r) => r.url().endsWith(urlOf(blog.deletePost, { params: { id: post._id } })) && r.request().method() === 'DELETE',
  );
  await confirmDialog(page).getByRole('button', { name: 'Delete' }).click();
  expect((await response).status()).toBe(200);
  await expect(confirmDialog(page)).toBeHidden();
  await expect(rows.filter({ hasText: NEW_TITLE })).toHaveCount(0);
  expect(await findPost(page, NEW_TITLE)).toBeUndefined();

  await gotoHydrated(page, '/blogs');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  await expect(page.getByTestId('blog-card').filter({ hasText: NEW_TITLE })).toHaveCount(0);
  expect((await page.goto(newUrl))?.status()).toBe(404);
  expect((await page.goto(oldUrl))?.status()).toBe(404);
});

test("Blog Category: the delete icon asks first, then deletes the category with 'Blog Category Deleted! '", async ({
  page,
}) => {
  await openAdmin(page, '/admin/blog-category');
  const row = categoryRows(page).filter({ hasText: RENAMED });
  await expect(row).toHaveCount(1);
  const before = await categoryRows(page).count();

  await page.getByRole('button', { name: `Delete ${RENAMED}` }).click();
  await expect(confirmDialog(page)).toBeVisible();
  await confirmDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(categoryRows(page)).toHaveCount(before);

  await dismissToasts(page);
  await page.getByRole('button', { name: `Delete ${RENAMED}` }).click();
  await confirmDialog(page).getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, MESSAGES.categoryDeleted);
  await expect(row).toHaveCount(0);
  await expect(categoryRows(page)).toHaveCount(before - 1);
  expect((await apiData(page, blog.listCategories)).map((c) => c.name)).not.toContain(RENAMED);
  expect((await page.goto(`/blogs/${segment(RENAMED)}`))?.status()).toBe(404);
});
