import * as navApi from '#shared/api/navigation.ts';
import * as pagesApi from '#shared/api/pages.ts';
import { NAV_MESSAGES, PAGE_MESSAGES } from '#shared/messages.ts';
import { loggedInAdmin } from '#tests/helpers/factories.ts';
import { ADMIN, expectToast, loginAndOpen, openPublic } from './editor-helpers';
import { expect, openMenuIfCollapsed, test } from './helpers';

/**
 * Issue 26's acceptance, end to end at 1366 and 390 px (docs/product.md#pages, #page-blocks, #navigation):
 * build a Careers page from four blocks in the block editor, preview it, publish it, put it in the header
 * menu in a dropdown, and open it from that menu (the phone's collapsed menu at 390 px). On an editors'
 * server, whose tests run one after another; the spec's menu is put back and the page trashed after each.
 */
test.describe.configure({ mode: 'serial', timeout: 150_000 });

async function cleanUp(request: Parameters<typeof loggedInAdmin>[0], segment: string) {
  const admin = await loggedInAdmin(request, ADMIN);
  await admin.api.call(navApi.saveNavigation, { body: { navigation: null } });
  const pages = (await admin.api.call(pagesApi.listPages, { query: {} })).data;
  for (const page of pages.filter((p) => p.segment === segment)) {
    await admin.api.call(pagesApi.deletePage, { params: { id: page._id } });
  }
}

for (const width of [1366, 390]) {
  const segment = `careers-${width}`;
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 500 ? 900 : 844 } });
    test.beforeEach(({ request }) => cleanUp(request, segment));
    test.afterEach(({ request }) => cleanUp(request, segment));

    test('build a Careers page from four blocks, preview, publish, add it to a dropdown and open it', async ({
      page,
    }, testInfo) => {
      await loginAndOpen(page, '/admin/pages/create');
      await page.getByLabel('Title', { exact: true }).fill('Careers');
      await page.getByRole('textbox', { name: 'Address' }).fill(segment);

      const blocks = page.locator('li[data-testid^="block-"]');
      const addBlock = async (label: string) => {
        await page.getByTestId('add-block').click();
        await page.getByRole('button', { name: label, exact: true }).click();
      };
      await addBlock('Hero');
      const hero = blocks.nth(0);
      await hero.getByLabel('Heading', { exact: true }).fill('Build with us');
      await hero.getByLabel('Text', { exact: true }).fill('We are hiring engineers and designers in Berlin.');

      await addBlock('Feature grid');
      const features = blocks.nth(1);
      await features.getByLabel('Heading', { exact: true }).fill('Why join');
      // A new grid comes with its first feature to fill in, an FAQ with its first question.
      await features.getByLabel('Title', { exact: true }).fill('Four-day week');
      await features.getByLabel('Text', { exact: true }).fill('Fridays are yours.');

      await addBlock('FAQ');
      const faq = blocks.nth(2);
      await faq.getByLabel('Heading', { exact: true }).fill('Questions');
      await faq.getByLabel('Question', { exact: true }).fill('Can I work remotely?');
      await faq.getByLabel('Answer', { exact: true }).fill('Yes, from anywhere in Europe.');

      await addBlock('Call to action');
      const cta = blocks.nth(3);
      await cta.getByLabel('Heading', { exact: true }).fill('Ready to apply?');
      await cta.getByLabel('Button text', { exact: true }).fill('Write to us');
      await cta.getByLabel('Link', { exact: true }).fill('/?section=contact_us');
      await expect(blocks).toHaveCount(4);

      await page.getByRole('button', { name: 'Save draft' }).click();
      await expectToast(page, PAGE_MESSAGES.created);
      await expect(page).toHaveURL(/\/admin\/pages\/edit\//);
      await page.screenshot({ path: testInfo.outputPath(`careers-editor-${width}.png`), fullPage: true });
      expect((await page.request.get(`/${segment}`)).status()).toBe(404);

      // The preview shows the draft's four blocks.
      const popup = page.waitForEvent('popup');
      await page.getByRole('button', { name: 'Preview' }).click();
      const preview = await popup;
      await expect(preview.getByRole('status')).toContainText('Preview of a draft page');
      await expect(preview.getByRole('heading', { level: 1, name: 'Build with us' })).toBeVisible();
      await expect(preview.getByRole('heading', { name: 'Four-day week' })).toBeVisible();
      await expect(preview.getByText('Can I work remotely?')).toBeVisible();
      await expect(preview.getByRole('link', { name: 'Write to us' })).toBeVisible();
      await preview.close();

      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await expectToast(page, PAGE_MESSAGES.published);

      // The header menu: the page in the dropdown under About Us.
      await page.goto('/admin/settings/navigation');
      await page.getByRole('button', { name: NAV_MESSAGES.addChild('About Us') }).click();
      const form = page.getByTestId('nav-link-form');
      await form.getByLabel(NAV_MESSAGES.kindLabel).selectOption('page');
      const target = form.getByLabel(NAV_MESSAGES.targetLabel);
      await expect(target.locator('option', { hasText: 'Careers' })).toHaveCount(1);
      await target.selectOption({ label: 'Careers' });
      await expect(form.getByLabel(NAV_MESSAGES.labelLabel)).toHaveValue('Careers');
      await form.getByRole('button', { name: NAV_MESSAGES.add }).click();
      await page.getByRole('button', { name: NAV_MESSAGES.save }).click();
      await expectToast(page, NAV_MESSAGES.saved);

      const pub = await openPublic(page, '/blogs');
      await openMenuIfCollapsed(pub);
      const menu = pub.locator('#main-menu');
      await menu.getByRole('button', { name: NAV_MESSAGES.submenu('About Us') }).click();
      await pub.screenshot({ path: testInfo.outputPath(`careers-menu-${width}.png`) });
      await menu.getByRole('link', { name: 'Careers' }).click();
      await expect(pub).toHaveURL(new RegExp(`/${segment}$`));
      await expect(pub.getByRole('heading', { level: 1, name: 'Build with us' })).toBeVisible();
      await expect(pub).toHaveTitle(/^Careers \| /);
      // The FAQ answers without JavaScript (details), and is given to search engines as FAQPage.
      await pub.getByText('Can I work remotely?').click();
      await expect(pub.getByText('Yes, from anywhere in Europe.')).toBeVisible();
      const ld = await pub.locator('script[type="application/ld+json"]').allTextContents();
      expect(ld.some((text) => text.includes('"FAQPage"'))).toBe(true);
      // Nothing wider than the screen.
      expect(await pub.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await pub.screenshot({ path: testInfo.outputPath(`careers-public-${width}.png`), fullPage: true });

      // Opened by its address, a page without a form block ships no JavaScript, and its menu still works.
      const scripts: string[] = [];
      pub.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      await pub.goto(`/${segment}`);
      await expect(pub.getByRole('heading', { level: 1, name: 'Build with us' })).toBeVisible();
      expect(await pub.locator('script:not([type="application/ld+json"])').count()).toBe(0);
      const careers = pub.locator('#main-menu').getByRole('link', { name: 'Careers' });
      if (width < 1200) {
        await expect(careers).toBeHidden();
        await pub.locator('label[for="main-menu-toggle"]').click();
        // In the phone's menu the dropdown stands open under its item.
        await expect(careers).toBeVisible();
      } else {
        // Closed, the dropdown is hidden from the eye only (a screen reader still finds its links).
        const dropdown = pub.locator('#main-menu .nav-dropdown-menu');
        expect((await dropdown.boundingBox())!.width).toBeLessThanOrEqual(1);
        await pub.locator('#main-menu').getByRole('link', { name: 'About Us' }).hover();
        await expect.poll(async () => (await dropdown.boundingBox())!.width).toBeGreaterThan(100);
      }
      await pub.screenshot({ path: testInfo.outputPath(`careers-scriptless-menu-${width}.png`) });
      await careers.click();
      await expect(pub).toHaveURL(new RegExp(`/${segment}$`));
      // The stylesheet loaded, and no script at all.
      await expect(pub.locator('.page-hero')).toHaveCSS('color', 'rgb(255, 255, 255)');
      expect(scripts).toEqual([]);
      // The footer's policy links, which cannot open a modal here, open it on the landing page.
      await pub.locator('footer').getByRole('link', { name: 'Privacy Policy' }).click();
      await expect(pub).toHaveURL(/\/\?policy=privacy$/);
      await expect(pub.getByRole('dialog', { name: 'Privacy Policy !' })).toBeVisible();
    });
  });
}
