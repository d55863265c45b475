import fs from 'node:fs';
import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { BATCH_UPLOAD_MESSAGES, MESSAGES, UPLOAD_MESSAGES } from '#shared/messages.ts';
import type { PostDetails } from '#shared/schemas/blog.ts';
import {
  ADMIN,
  dismissToasts,
  expectToast,
  loginAndOpen,
  makePng,
  openEditor,
  richContent,
  stamp,
  typeRich,
} from './editor-helpers';
import { expect, gotoHydrated, test } from './helpers';

import * as blog from '#shared/api/blog.ts';
import { loggedInAdmin } from '#tests/helpers/factories.ts';
/**
 * Images done properly, in the browser (docs/product.md#media-library): the editor's image button
 * uploads with an alt text, a pasted image becomes a file, feature images come from the library and can
 * be removed, an image in use is not deleted, and a HEIC photo is explained; at 1366 and 390 px. On the
 * editors' server.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });

/** The first bytes of an iPhone photo: an ISO media `ftyp` box of brand `heic`. */
const HEIC = Buffer.concat([Buffer.from('0000001c6674797068656963000000006d69663168656963', 'hex'), Buffer.alloc(256)]);

async function findPost(request: APIRequestContext, title: string): Promise<PostDetails> {
  const admin = await loggedInAdmin(request, ADMIN);
  const post = (await admin.api.call(blog.listAdminPosts)).data.find((p) => p.title === title);
  expect(post, `post "${title}"`).toBeTruthy();
  return post!;
}

async function photo(testInfo: TestInfo, name: string, width: number, height: number) {
  const file = testInfo.outputPath(name);
  await sharp({ create: { width, height, channels: 3, background: '#2a8a5a' } })
    .jpeg()
    .toFile(file);
  return file;
}

/** A toolbar button of a TinyMCE field, opening the toolbar's overflow first when it is folded away. */
async function toolbarButton(page: Page, field: string, name: string): Promise<Locator> {
  const editor = page.getByTestId(`rich-${field}`);
  const button = editor.getByRole('button', { name, exact: true });
  if (!(await button.isVisible())) {
    await editor.getByRole('button', { name: 'Reveal or hide additional toolbar items' }).click();
  }
  // The overflow drawer is rendered outside the field on narrow screens.
  return page.getByRole('button', { name, exact: true }).first();
}

/** Pastes a file into a TinyMCE field the way the browser does for a screenshot on the clipboard. */
async function pasteFile(page: Page, field: string, name: string, type: string, bytes: Buffer) {
  const body = page.frameLocator(`#${field}_ifr`).locator('body');
  await body.click();
  await body.evaluate(
    (element, file) => {
      const data = new DataTransfer();
      data.items.add(
        new File([Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0))], file.name, { type: file.type }),
      );
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    },
    { base64: bytes.toString('base64'), name, type },
  );
}

async function fillPost(page: Page, title: string) {
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Excerpt', { exact: true }).fill(`Excerpt of ${title}`);
}

async function savePost(page: Page, message: string = MESSAGES.blogCreated) {
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, message);
  await expect(page).toHaveURL(/\/admin\/blogs$/);
}

for (const width of [1366, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 500 ? 900 : 844 } });
    const uploadedTitle = `Pictures in the text ${width} ${stamp()}`;

    test("the editor's image button uploads a file with its alt text; the post page serves it with srcset, width and height", async ({
      page,
    }, testInfo) => {
      await loginAndOpen(page, '/admin/blogs/create', ['blog-content']);
      await fillPost(page, uploadedTitle);
      await typeRich(page, 'blog-content', 'A paragraph before the picture.');
      await (await toolbarButton(page, 'blog-content', 'Insert/edit image')).click();
      const dialog = page.getByRole('dialog', { name: 'Insert/Edit Image' });
      await dialog.getByRole('tab', { name: 'Upload' }).click();
      await dialog.locator('input[type=file]').setInputFiles(await photo(testInfo, 'field.jpg', 1400, 900));
      // After the upload the dialog shows the stored address and asks for the alt text.
      await expect(dialog.getByLabel('Source')).toHaveValue(/^\/uploads\/[\w-]+\.jpg$/);
      const alt = `A green field ${stamp()}`;
      await dialog.getByLabel('Alternative description').fill(alt);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => richContent(page, 'blog-content')).toContain(`alt="${alt}"`);
      await savePost(page);

      const post = await findPost(page.request, uploadedTitle);
      const src = /<img [^>]*src="(\/uploads\/[\w-]+\.jpg)"/.exec(post.content)?.[1];
      expect(src, post.content).toBeTruthy();
      expect(post.content).toContain(`alt="${alt}"`);
      // Its size was written in when the post was saved.
      expect(post.content).toMatch(/width="1400"/);
      expect(post.content).not.toContain('data:');

      await gotoHydrated(page, post.url);
      const image = page.getByRole('img', { name: alt });
      await expect(image).toHaveAttribute('src', src!);
      await expect(image).toHaveAttribute('srcset', /\.w480\.webp 480w/);
      await expect(image).toHaveAttribute('sizes', /.+/);
      await expect(image).toHaveAttribute('width', '1400');
      await expect(image).toHaveAttribute('height', '900');
      await expect(image).toHaveAttribute('loading', 'lazy');
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    });

    test('a pasted image is uploaded at once and saved as a file, never as a data: URL', async ({ page }) => {
      const title = `Pasted picture ${width} ${stamp()}`;
      await loginAndOpen(page, '/admin/blogs/create', ['blog-content']);
      await fillPost(page, title);
      const png = await sharp({ create: { width: 900, height: 500, channels: 3, background: '#c0392b' } })
        .png()
        .toBuffer();
      await pasteFile(page, 'blog-content', 'screenshot.png', 'image/png', png);
      await expect.poll(() => richContent(page, 'blog-content')).toMatch(/<img [^>]*src="\/uploads\/[\w-]+\.png"/);
      await savePost(page);

      const post = await findPost(page.request, title);
      expect(post.content).toMatch(/<img [^>]*src="\/uploads\/[\w-]+\.png"/);
      expect(post.content).not.toContain('data:');
      expect(post.content).not.toContain('blob:');
    });

    test('a feature image is chosen from the library, then removed', async ({ page }) => {
      const post = await findPost(page.request, uploadedTitle);
      await loginAndOpen(page, `/admin/blogs/edit/${post._id}`, ['blog-content']);
      await page.getByRole('button', { name: 'Choose from the library' }).first().click();
      const picker = page.getByRole('dialog', { name: 'Choose from the library' });
      await picker.getByRole('searchbox', { name: 'Search the library' }).fill('portrait-2');
      await expect(picker.getByRole('button', { name: /^Choose / })).toHaveCount(1);
      await picker.getByRole('button', { name: 'Choose portrait-2.png' }).click();
      await expect(picker).toBeHidden();
      const preview = page.getByRole('img', { name: 'Image preview' });
      await expect(preview).toHaveAttribute('src', /^\/uploads\/[\w-]+\.png$/);
      const chosen = (await preview.getAttribute('src'))!;
      await savePost(page, MESSAGES.blogUpdated);
      expect((await findPost(page.request, uploadedTitle)).featureImage).toBe(chosen);

      await openEditor(page, `/admin/blogs/edit/${post._id}`, ['blog-content']);
      await expect(preview).toHaveAttribute('src', chosen);
      await page.getByRole('button', { name: 'Remove image' }).click();
      await expect(preview).toHaveCount(0);
      await savePost(page, MESSAGES.blogUpdated);
      expect((await findPost(page.request, uploadedTitle)).featureImage).toBe('');
    });

    test('an image in use is not deleted, and the library says where it is used', async ({ page }) => {
      await loginAndOpen(page, '/admin/media');
      await page.getByRole('searchbox', { name: 'Search the library' }).fill('portrait-1');
      const card = page.getByTestId('media-card');
      await expect(card).toHaveCount(1);
      await expect(card).toContainText('portrait-1.png');
      await expect(card.getByRole('link', { name: 'Team' })).toBeVisible();
      await dismissToasts(page);
      await card.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Delete' }).click();
      await expectToast(page, UPLOAD_MESSAGES.inUse(['Team']));
      await page.reload();
      await page.getByRole('searchbox', { name: 'Search the library' }).fill('portrait-1');
      await expect(page.getByTestId('media-card')).toHaveCount(1);
    });

    test('a HEIC photo gets a message on screen, as a feature image and in the editor', async ({ page }) => {
      await loginAndOpen(page, '/admin/blogs/create', ['blog-content']);
      await page
        .getByLabel('Image', { exact: true })
        .setInputFiles({ name: 'IMG_0001.HEIC', mimeType: 'image/heic', buffer: HEIC });
      await expect(page.getByRole('alert').filter({ hasText: UPLOAD_MESSAGES.heic })).toBeVisible();

      await pasteFile(page, 'blog-content', 'IMG_0002.HEIC', 'image/heic', HEIC);
      await expect(page.locator('.tox-notification').filter({ hasText: UPLOAD_MESSAGES.heic })).toBeVisible();
      // The refused picture is taken back out of the text.
      await expect.poll(() => richContent(page, 'blog-content')).not.toContain('<img');
    });

    test('a batch with a HEIC photo uploads the others and names the one refused', async ({ page }, testInfo) => {
      await loginAndOpen(page, '/admin/media');
      const s = `${width}-${Date.now()}`;
      const heic = testInfo.outputPath(`IMG_${s}.HEIC`);
      fs.writeFileSync(heic, HEIC);
      const jpeg = await photo(testInfo, `batch-${s}.jpg`, 320, 200);
      const png = await makePng(testInfo, `batch-${s}.png`, 200, 320);
      // The refused file comes first: the others are still uploaded after it.
      await page.getByLabel('Upload images').setInputFiles([heic, jpeg, png]);
      const summary = page.getByTestId('upload-summary');
      await expect(summary).toContainText(BATCH_UPLOAD_MESSAGES.summary(2, 3));
      await expect(summary.getByRole('listitem')).toHaveText([`IMG_${s}.HEIC: ${UPLOAD_MESSAGES.heic}`]);
      await page.getByRole('searchbox', { name: 'Search the library' }).fill(`batch-${s}`);
      await expect(page.getByTestId('media-card')).toHaveCount(2);
      await summary.getByRole('button', { name: 'Close' }).click();
      await expect(summary).toBeHidden();
    });
  });
}
