import type { Page } from '@playwright/test';
import * as content from '#shared/api/content.ts';
import { urlOf } from '#tests/helpers/api.ts';
import {
  MSG,
  expectToast,
  loginAndOpen,
  makePng,
  openEditor,
  openPublic,
  recordRequests,
  reloadEditor,
  reloadPublic,
  richBody,
  saveWithSpinner,
  stamp,
  toasts,
  typeRich,
  uploadImage,
} from './editor-helpers';
import { expect, getContent, test } from './helpers';

/**
 * The section editors of docs/product.md#section-editors (banner, product delivery, social media, privacy
 * policy, about us): editor states, validation and toasts, checked in the browser against the editors' own server. Every
 * saved change is then looked for on the public page a second tab already had open, after a reload:
 * that also shows the server's page cache is dropped by the write. The portfolio, services and team
 * editors are in admin-editors-items.spec.ts; the two files change different sections.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const updateButton = (page: Page, form: string) =>
  page.getByRole('form', { name: form }).locator('button[type="submit"]');

/** The validation message under a text field or a rich-text field. */
const textFieldError = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).locator('xpath=..').locator('.invalid-feedback');
const richFieldError = (page: Page, id: string) => page.getByTestId(`rich-${id}`).locator('.invalid-feedback');

const BANNER_RICH = ['banner-description', 'banner-modalLeftContent', 'banner-modalRightContent'];

test.describe('banner editor', () => {
  test('all six fields save, show on the landing page and its modal, and stay in the editor', async ({ page }) => {
    const s = stamp();
    await loginAndOpen(page, '/admin/banner', BANNER_RICH);
    const pub = await openPublic(page, '/');
    await expect(pub.locator('.banner-title')).not.toHaveText(`Title ${s}`);

    await page.getByLabel('Title', { exact: true }).fill(`Title ${s}`);
    await page.getByLabel('Sub Title', { exact: true }).fill(`Sub ${s}`);
    await typeRich(page, 'banner-description', `Description ${s}`);
    await page.getByLabel('Modal Title', { exact: true }).fill(`Modal ${s}`);
    await typeRich(page, 'banner-modalLeftContent', `Left ${s}`);
    await typeRich(page, 'banner-modalRightContent', `Right ${s}`);
    const sent = await saveWithSpinner(page, content.sectionUpdates.banner, updateButton(page, 'Banner'));
    expect(sent).toMatchObject({ title: `Title ${s}`, subTitle: `Sub ${s}`, modalTitle: `Modal ${s}` });

    await reloadPublic(pub);
    await expect(pub.locator('.banner-title')).toHaveText(`Title ${s}`);
    await expect(pub.locator('.banner-subtitle')).toHaveText(`Sub ${s}`);
    await expect(pub.locator('.banner-description')).toHaveText(`Description ${s}`);
    await pub.getByRole('button', { name: 'Learn More' }).click();
    const modal = pub.getByRole('dialog', { name: `Modal ${s}` });
    await expect(modal).toBeVisible();
    await expect(modal).toContainText(`Left ${s}`);
    await expect(modal).toContainText(`Right ${s}`);

    await reloadEditor(page, BANNER_RICH);
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(`Title ${s}`);
    await expect(page.getByLabel('Sub Title', { exact: true })).toHaveValue(`Sub ${s}`);
    await expect(page.getByLabel('Modal Title', { exact: true })).toHaveValue(`Modal ${s}`);
    await expect(richBody(page, 'banner-description')).toHaveText(`Description ${s}`);
    await expect(richBody(page, 'banner-modalLeftContent')).toHaveText(`Left ${s}`);
    await expect(richBody(page, 'banner-modalRightContent')).toHaveText(`Right ${s}`);
  });

  test('each empty or blank field shows "Field cannot be empty !" and nothing is saved', async ({ page, request }) => {
    const before = (await getContent(request)).banner;
    await loginAndOpen(page, '/admin/banner', BANNER_RICH);
    const sent = recordRequests(page, content.sectionUpdates.banner);
    const fields = [
      { label: 'Title', value: '   ' },
      { label: 'Sub Title', value: '' },
      { rich: 'banner-description', value: '' },
      { label: 'Modal Title', value: ' \t ' },
      { rich: 'banner-modalLeftContent', value: '' },
      { rich: 'banner-modalRightContent', value: '   ' },
    ];
    for (const field of fields) {
      await openEditor(page, '/admin/banner', BANNER_RICH);
      if (field.rich) await typeRich(page, field.rich, field.value);
      else await page.getByLabel(field.label!, { exact: true }).fill(field.value);
      await updateButton(page, 'Banner').click();
      const error = field.rich ? richFieldError(page, field.rich) : textFieldError(page, field.label!);
      await expect(error, field.label ?? field.rich).toHaveText(MSG.empty);
      await expect(page.getByText(MSG.empty)).toHaveCount(1);
      if (!field.rich) await expect(page.getByLabel(field.label!, { exact: true })).toHaveClass(/is-invalid/);
      await expect(page.getByRole('alert').filter({ hasText: MSG.updated })).toHaveCount(0);
    }
    expect(sent).toHaveLength(0);
    expect((await getContent(request)).banner).toEqual(before);
    const pub = await openPublic(page, '/');
    await expect(pub.locator('.banner-title')).toHaveText(before.title);
    await expect(pub.locator('.banner-subtitle')).toHaveText(before.subTitle);
  });
});

test.describe('product delivery editor', () => {
  test('title, description and an item save and show in the product delivery section', async ({ page }) => {
    const s = stamp();
    await loginAndOpen(page, '/admin/products', ['product-description']);
    const pub = await openPublic(page, '/');
    const section = pub.locator('#product_delivery');

    await page.getByLabel('Title', { exact: true }).fill(`Delivery ${s}`);
    await typeRich(page, 'product-description', `How we deliver ${s}`);
    await saveWithSpinner(page, content.sectionUpdates.product, updateButton(page, 'Product Delivery'));
    await reloadPublic(pub);
    await expect(section.getByRole('heading', { level: 2 })).toHaveText(`Delivery ${s}`);
    await expect(section.locator('.section-lead')).toHaveText(`How we deliver ${s}`);

    // An item: the Edit Product dialog replaces it in place.
    const rows = page.locator('table.admin-items-table tbody tr');
    const count = await rows.count();
    expect(count).toBeGreaterThanOrEqual(4);
    await page.getByRole('button', { name: 'Edit item 2' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Product' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Title', { exact: true }).fill(`Step ${s}`);
    await dialog.getByLabel('Description', { exact: true }).fill(`Step details ${s}`);
    const sent = await saveWithSpinner(page, content.sectionUpdates.product, dialog.locator('button[type="submit"]'));
    expect((sent.items as Array<{ title: string }>)[1]).toEqual({
      title: `Step ${s}`,
      description: `Step details ${s}`,
    });
    await expect(dialog).toBeHidden();
    await expect(rows).toHaveCount(count);
    await expect(rows.nth(1)).toContainText(`Step ${s}`);
    await expect(rows.nth(1)).toContainText(`Step details ${s}`);

    await reloadPublic(pub);
    const steps = section.locator('.product-step');
    await expect(steps).toHaveCount(count);
    await expect(steps.nth(1).getByRole('heading')).toHaveText(`Step ${s}`);
    await expect(steps.nth(1)).toContainText(`Step details ${s}`);

    await reloadEditor(page, ['product-description']);
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(`Delivery ${s}`);
    await expect(richBody(page, 'product-description')).toHaveText(`How we deliver ${s}`);
    await expect(rows.nth(1)).toContainText(`Step ${s}`);
  });

  test('empty title and description are refused', async ({ page, request }) => {
    const before = (await getContent(request)).product;
    await loginAndOpen(page, '/admin/products', ['product-description']);
    const sent = recordRequests(page, content.sectionUpdates.product);
    await page.getByLabel('Title', { exact: true }).fill('  ');
    await typeRich(page, 'product-description', '');
    await updateButton(page, 'Product Delivery').click();
    await expect(textFieldError(page, 'Title')).toHaveText(MSG.empty);
    await expect(richFieldError(page, 'product-description')).toHaveText(MSG.empty);
    // Typing again clears that field's message only.
    await page.getByLabel('Title', { exact: true }).fill('A title');
    await expect(textFieldError(page, 'Title')).toBeHidden();
    await expect(page.getByLabel('Title', { exact: true })).not.toHaveClass(/is-invalid/);
    await updateButton(page, 'Product Delivery').click();
    await expect(richFieldError(page, 'product-description')).toHaveText(MSG.empty);
    expect(sent).toHaveLength(0);
    expect((await getContent(request)).product).toEqual(before);
  });
});

const SOCIAL = [
  { label: 'Facebook', key: 'facebook_link', icon: 'Facebook' },
  { label: 'Twitter', key: 'twitter_link', icon: 'Twitter' },
  { label: 'LinkedIn', key: 'linkedin_link', icon: 'LinkedIn' },
  { label: 'Youtube', key: 'youtube_link', icon: 'YouTube' },
  { label: 'Github', key: 'github_link', icon: 'GitHub' },
] as const;

test.describe('social media editor', () => {
  test('the five links save and become the header icons’ addresses', async ({ page }) => {
    const s = stamp();
    await loginAndOpen(page, '/admin/social-media');
    const pub = await openPublic(page, '/');
    const header = pub.getByTestId('site-header');
    for (const { label } of SOCIAL)
      await page.getByLabel(label, { exact: true }).fill(`https://example.com/${label.toLowerCase()}/${s}`);
    await saveWithSpinner(page, content.sectionUpdates.social, updateButton(page, 'Social Media'));

    await reloadPublic(pub);
    for (const { label, icon } of SOCIAL) {
      const link = header.getByRole('link', { name: icon, exact: true });
      await expect(link).toHaveAttribute('href', `https://example.com/${label.toLowerCase()}/${s}`);
      await expect(link).toHaveAttribute('target', '_blank');
    }

    await reloadEditor(page);
    for (const { label } of SOCIAL)
      await expect(page.getByLabel(label, { exact: true })).toHaveValue(
        `https://example.com/${label.toLowerCase()}/${s}`,
      );
  });

  test('each of the five links is required', async ({ page, request }) => {
    const before = (await getContent(request)).social;
    await loginAndOpen(page, '/admin/social-media');
    const sent = recordRequests(page, content.sectionUpdates.social);
    for (const { label, key } of SOCIAL) {
      const field = page.getByLabel(label, { exact: true });
      await field.fill(' ');
      await updateButton(page, 'Social Media').click();
      await expect(textFieldError(page, label)).toHaveText(MSG.empty);
      await expect(page.getByText(MSG.empty)).toHaveCount(1);
      await field.fill(before[key]);
      await expect(page.getByText(MSG.empty)).toHaveCount(0);
    }
    expect(sent).toHaveLength(0);
    expect((await getContent(request)).social).toEqual(before);
  });
});

const PRIVACY_RICH = ['privacy-privacy_policy_text', 'privacy-terms_and_conditions_text'];

test.describe('privacy policy editor', () => {
  test('both texts save and show in the footer’s modals', async ({ page }) => {
    const s = stamp();
    await loginAndOpen(page, '/admin/privacy-policy', PRIVACY_RICH);
    const pub = await openPublic(page, '/about-us');
    await typeRich(page, 'privacy-privacy_policy_text', `Privacy words ${s}`);
    await typeRich(page, 'privacy-terms_and_conditions_text', `Terms words ${s}`);
    await saveWithSpinner(page, content.sectionUpdates.privacyPolicy, updateButton(page, 'Privacy Policy'));

    await reloadPublic(pub);
    const footer = pub.locator('footer');
    await footer.getByRole('button', { name: 'Privacy Policy' }).click();
    const privacy = pub.getByRole('dialog', { name: 'Privacy Policy !' });
    await expect(privacy).toContainText(`Privacy words ${s}`);
    await privacy.getByRole('button', { name: 'Close' }).click();
    await expect(privacy).toBeHidden();
    await footer.getByRole('button', { name: 'Terms&Agreements' }).click();
    const terms = pub.getByRole('dialog', { name: 'Terms and conditions !' });
    await expect(terms).toContainText(`Terms words ${s}`);

    await reloadEditor(page, PRIVACY_RICH);
    await expect(richBody(page, 'privacy-privacy_policy_text')).toHaveText(`Privacy words ${s}`);
    await expect(richBody(page, 'privacy-terms_and_conditions_text')).toHaveText(`Terms words ${s}`);
  });

  test('both texts are required', async ({ page, request }) => {
    const before = (await getContent(request)).privacyPolicy;
    await loginAndOpen(page, '/admin/privacy-policy', PRIVACY_RICH);
    const sent = recordRequests(page, content.sectionUpdates.privacyPolicy);
    await typeRich(page, 'privacy-privacy_policy_text', '');
    await typeRich(page, 'privacy-terms_and_conditions_text', '');
    await updateButton(page, 'Privacy Policy').click();
    for (const id of PRIVACY_RICH) await expect(richFieldError(page, id)).toHaveText(MSG.empty);
    await typeRich(page, 'privacy-privacy_policy_text', 'Some privacy text');
    await updateButton(page, 'Privacy Policy').click();
    await expect(richFieldError(page, 'privacy-terms_and_conditions_text')).toHaveText(MSG.empty);
    await expect(page.getByText(MSG.empty)).toHaveCount(1);
    expect(sent).toHaveLength(0);
    expect((await getContent(request)).privacyPolicy).toEqual(before);
  });
});

const ABOUT_RICH = ['about-0-title', 'about-0-description', 'about-1-title', 'about-1-description'];

test.describe('about-us editor', () => {
  test('titles, descriptions and an image save and show on /about-us', async ({ page }, testInfo) => {
    const s = stamp();
    await loginAndOpen(page, '/admin/about', ABOUT_RICH);
    const pub = await openPublic(page, '/about-us');
    const second = page.getByRole('group', { name: 'Section 2' });
    const png = await makePng(testInfo, 'about.png', 320, 240, '#cc6633');
    const image = await uploadImage(page, second, 'Image', png);
    await typeRich(page, 'about-0-title', `First title ${s}`);
    await typeRich(page, 'about-0-description', `First story ${s}`);
    await typeRich(page, 'about-1-title', `Second title ${s}`);
    await typeRich(page, 'about-1-description', `Second story ${s}`);
    const sent = await saveWithSpinner(page, content.sectionUpdates.aboutus, updateButton(page, 'About'));
    expect((sent.items as Array<{ image_url: string }>)[1]!.image_url).toBe(image);

    await reloadPublic(pub);
    const items = pub.getByTestId('about-item');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0).locator('.about-title')).toHaveText(`First title ${s}`);
    await expect(items.nth(0)).toContainText(`First story ${s}`);
    await expect(items.nth(1).locator('.about-title')).toHaveText(`Second title ${s}`);
    await expect(items.nth(1)).toContainText(`Second story ${s}`);
    await expect(items.nth(1).locator('img')).toHaveAttribute('src', image);
    // The landing page's About Us section shows the same items.
    await pub.goto('/');
    await expect(pub.locator('#about-us .about-title').first()).toHaveText(`First title ${s}`);

    await reloadEditor(page, ABOUT_RICH);
    await expect(richBody(page, 'about-0-title')).toHaveText(`First title ${s}`);
    await expect(richBody(page, 'about-1-description')).toHaveText(`Second story ${s}`);
    await expect(second.getByRole('img', { name: 'Image preview' })).toHaveAttribute('src', image);
  });

  test('only the first description is required', async ({ page, request }) => {
    await loginAndOpen(page, '/admin/about', ABOUT_RICH);
    const before = (await getContent(request)).aboutus;
    const sent = recordRequests(page, content.sectionUpdates.aboutus);
    await typeRich(page, 'about-0-description', '');
    await updateButton(page, 'About').click();
    await expect(richFieldError(page, 'about-0-description')).toHaveText(MSG.empty);
    await expect(page.getByText(MSG.empty)).toHaveCount(1);
    expect(sent).toHaveLength(0);
    expect((await getContent(request)).aboutus).toEqual(before);

    // An empty second description (and title) is accepted.
    await openEditor(page, '/admin/about', ABOUT_RICH);
    const s = stamp();
    await typeRich(page, 'about-0-description', `Only story ${s}`);
    await typeRich(page, 'about-1-title', '');
    await typeRich(page, 'about-1-description', '');
    const body = await saveWithSpinner(page, content.sectionUpdates.aboutus, updateButton(page, 'About'));
    expect((body.items as Array<{ description: string }>)[1]!.description).toBe('');
    await expect(page.getByText(MSG.empty)).toHaveCount(0);
    const after = (await getContent(request)).aboutus.items;
    expect(after[1]!.description).toBe('');
    const pub = await openPublic(page, '/about-us');
    await expect(pub.getByTestId('about-item').nth(0)).toContainText(`Only story ${s}`);
    // The second item's description (its second rich-text block, after the title) is now empty.
    await expect(pub.getByTestId('about-item').nth(1).locator('.rich-text').nth(1)).toBeEmpty();
  });
});

test.describe('rich-text editor', () => {
  test('TinyMCE comes from /tinymce/tinymce.min.js, is 200 px high and offers 8px to 48px', async ({ page }) => {
    const script = page.waitForResponse((r) => new URL(r.url()).pathname === '/tinymce/tinymce.min.js', {
      timeout: 60_000,
    });
    await loginAndOpen(page, '/admin/banner', BANNER_RICH);
    expect((await script).status()).toBe(200);
    const editors = page.locator('.tox-tinymce');
    await expect(editors).toHaveCount(3);
    for (const box of await editors.all()) {
      expect(Math.round((await box.boundingBox())!.height)).toBe(200);
    }
    await editors
      .first()
      .getByRole('button', { name: /^Font size/ })
      .click();
    const sizes = page.locator('.tox-menu .tox-collection__item-label');
    await expect(sizes.first()).toBeVisible();
    expect(await sizes.allTextContents()).toEqual([
      '8px',
      '10px',
      '12px',
      '14px',
      '16px',
      '18px',
      '20px',
      '24px',
      '28px',
      '32px',
      '36px',
      '40px',
      '44px',
      '48px',
    ]);
    await page.keyboard.press('Escape');
  });

  test('a failed save shows "something went wrong! "', async ({ page }) => {
    await loginAndOpen(page, '/admin/social-media');
    await page.route(`**${urlOf(content.sectionUpdates.social)}`, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    await page.getByLabel('Facebook', { exact: true }).fill('https://example.com/never-saved');
    await updateButton(page, 'Social Media').click();
    await expectToast(page, MSG.wentWrong);
    await expect(updateButton(page, 'Social Media')).toBeEnabled();
    await expect(updateButton(page, 'Social Media')).toHaveText('Update');
  });

  test('a failed banner save only stops the spinner (docs/product.md#error-catalogue)', async ({ page }) => {
    await loginAndOpen(page, '/admin/banner', BANNER_RICH);
    await page.route(`**${urlOf(content.sectionUpdates.banner)}`, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    const response = page.waitForResponse((r) => r.url().endsWith(urlOf(content.sectionUpdates.banner)));
    await updateButton(page, 'Banner').click();
    expect((await response).status()).toBe(500);
    await expect(updateButton(page, 'Banner')).toBeEnabled();
    await expect(updateButton(page, 'Banner')).toHaveText('Update');
    // Give a toast (which would be raised together with the spinner stopping) time to show; none does.
    await page.waitForTimeout(1000);
    await expect(toasts(page)).toHaveCount(0);
  });
});
