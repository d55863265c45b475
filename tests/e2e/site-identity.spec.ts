import type { Page } from '@playwright/test';
import sharp from 'sharp';
import * as blog from '#shared/api/blog.ts';
import { IDENTITY_MESSAGES } from '#shared/messages.ts';
import { api } from '#tests/helpers/api.ts';
import { SEEDED_ADMIN } from '#tests/helpers/factories.ts';
import { expect, test } from './helpers';
import { ownSite } from './server-process';

/**
 * docs/product.md#site-identity: the Owner changes the name, the logo, the favicon and the accent colour on
 * Settings → Site identity, and every public page (landing, About us, blogs, a post, search) shows them, at
 * 1366 px and 390 px. On a site of its own: the shared one keeps the spec's identity the other tests pin.
 */
const site = ownSite();

const png = (width: number, height: number, colour: { r: number; g: number; b: number }) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

async function shot(page: Page, name: string) {
  await page.screenshot({
    path: test.info().outputPath(`${name}-${page.viewportSize()!.width}.png`),
    fullPage: false,
  });
}

test('the identity saved on Site identity shows on every public page', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${site.origin}/admin`);
  await page.getByLabel('Email').fill(SEEDED_ADMIN.email);
  await page.getByLabel('Password').fill(SEEDED_ADMIN.password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await page.waitForURL('**/admin/banner');

  await page.goto(`${site.origin}/admin/settings/site`);
  await expect(page.getByRole('heading', { name: IDENTITY_MESSAGES.title })).toBeVisible();
  await page.getByLabel('Site name').fill('Harbor Works');

  // The images go up at once; an SVG is refused with the media rules' message.
  const logoInput = page.getByLabel('Logo on dark backgrounds', { exact: true });
  await logoInput.setInputFiles({
    name: 'logo.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
  });
  await expect(page.getByText('SVG images are not accepted', { exact: false })).toBeVisible();
  await logoInput.setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: await png(240, 60, { r: 250, g: 180, b: 20 }),
  });
  await expect(page.getByAltText('Logo on dark backgrounds preview')).toBeVisible();
  await page.getByLabel('Favicon', { exact: true }).setInputFiles({
    name: 'icon.png',
    mimeType: 'image/png',
    buffer: await png(512, 512, { r: 122, g: 31, b: 162 }),
  });
  await expect(page.getByAltText('Favicon preview')).toBeVisible();

  // A colour too light for the buttons' white text is refused before it is sent; a dark one shows its ratio.
  const accent = page.getByLabel('Accent colour (hexadecimal)');
  await accent.fill('#ffff00');
  await expect(page.getByText(IDENTITY_MESSAGES.lowContrast(3))).toBeVisible();
  await accent.fill('#7a1fa2');
  await expect(page.getByTestId('accent-ratio')).toContainText('8.');
  await shot(page, 'identity-form');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(IDENTITY_MESSAGES.saved)).toBeVisible();

  const { data: posts } = await api(site.origin).call(blog.listPosts, { query: { page: 1, limit: 1 } });
  const post = posts[0]!.url;
  for (const [name, url] of [
    ['landing', '/'],
    ['about-us', '/about-us'],
    ['blogs', '/blogs'],
    ['post', post],
    ['search', '/search?q=design'],
  ] as const) {
    await page.goto(site.origin + url);
    const brand = page.locator('.navbar-brand');
    await expect(brand, name).toContainText('Harbor Works');
    const logo = brand.locator('img');
    await expect(logo, name).toHaveAttribute('src', /^\/uploads\/[0-9a-f]{24}\.png$/);
    // The logo really loaded and keeps its proportions at the header's height.
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { message: name })
      .toBe(240);
    // 144 px wide at the header's 36 px height; at most 110 px on a phone, where the menu toggle keeps its line.
    const width = await logo.evaluate((img) => Math.round(img.getBoundingClientRect().width));
    expect(width, name).toBe(page.viewportSize()!.width < 576 ? 110 : 144);
    const toggle = page.getByRole('button', { name: 'Toggle navigation' });
    if (await toggle.isVisible()) {
      const [brandBox, toggleBox] = [(await brand.boundingBox())!, (await toggle.boundingBox())!];
      expect(toggleBox.y, `${name}: the toggle is beside the brand`).toBeLessThan(brandBox.y + brandBox.height);
    }
    await expect(page.locator('link[rel="icon"]'), name).toHaveAttribute('href', /\.w32\.png$/);
    await expect(page.locator('link[rel="apple-touch-icon"]'), name).toHaveAttribute('href', /\.w180\.png$/);
    expect(
      await page.locator('.public-page').evaluate((el) => getComputedStyle(el).getPropertyValue('--bs-primary').trim()),
      name,
    ).toBe('#7a1fa2');
    await expect(page.locator('.site-footer'), name).toContainText('Harbor Works. All rights reserved.');
    await shot(page, name);
  }
  // The search button is drawn in the accent colour.
  await page.goto(`${site.origin}/search?q=design`);
  const button = page.locator('main .btn-primary').first();
  if (await button.isVisible()) {
    expect(await button.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(122, 31, 162)');
  }
  const manifest = await page.request.get(`${site.origin}/site.webmanifest`);
  expect(manifest.status()).toBe(200);
  expect(await manifest.json()).toMatchObject({ name: 'Harbor Works', theme_color: '#7a1fa2' });
});
