import * as blog from '#shared/api/blog.ts';
import * as navApi from '#shared/api/navigation.ts';
import { NAV_MESSAGES } from '#shared/messages.ts';
import { createPost, loggedInAdmin, unique } from '#tests/helpers/factories.ts';
import { ADMIN, expectToast, loginAndOpen, openPublic } from './editor-helpers';
import type { Locator } from '@playwright/test';
import { expect, openMenuIfCollapsed, test } from './helpers';

/** The values of these inputs, in order. */
const valuesOf = (inputs: Locator) => inputs.evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value));

/**
 * Settings → Navigation (docs/product.md#navigation) at 1366 and 390 px: build a menu with a dropdown
 * holding a post and an external address, reorder by keyboard (and by dragging on the wide screen), add a
 * footer column, save, then on the public pages open the dropdown by mouse and by keyboard (Escape closes
 * it) and follow its post link, without JavaScript too; then a link to a trashed post, flagged on the screen
 * and left out of the site, and the unsaved-changes guard. The spec's menu is put back after each test. On
 * an editors' server, whose tests run one after another.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

for (const width of [1366, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 500 ? 900 : 844 } });
    test.afterEach(async ({ request }) => {
      const admin = await loggedInAdmin(request, ADMIN);
      await admin.api.call(navApi.saveNavigation, { body: { navigation: null } });
    });

    test('build a menu with a dropdown and a footer column, and use it on the public pages', async ({
      page,
      request,
      browser,
    }, testInfo) => {
      const admin = await loggedInAdmin(request, ADMIN);
      const post = await createPost(admin, { title: unique('Navigated') });
      await loginAndOpen(page, '/admin/settings/navigation');
      await expect(page.getByTestId('nav-spec-note')).toBeVisible();
      const header = page.getByTestId('nav-header');
      await expect(header.locator(':scope > li')).toHaveCount(8);
      for (const label of ['Product Delivery', 'Portfolio', 'Services', 'Team']) {
        await page.getByRole('button', { name: NAV_MESSAGES.remove(label), exact: true }).click();
      }
      await expect(header.locator(':scope > li')).toHaveCount(4);

      // A dropdown under Blogs: a post found by its title, then an external address.
      await page.getByRole('button', { name: NAV_MESSAGES.addChild('Blogs') }).click();
      const form = page.getByTestId('nav-link-form');
      await form.getByLabel(NAV_MESSAGES.kindLabel).selectOption('post');
      await form.getByRole('searchbox', { name: NAV_MESSAGES.searchPosts }).fill(post.title);
      const target = form.getByLabel(NAV_MESSAGES.targetLabel);
      await expect(target.locator('option', { hasText: post.title })).toHaveCount(1);
      await target.selectOption({ label: post.title });
      // The label starts as the target's title.
      await expect(form.getByLabel(NAV_MESSAGES.labelLabel)).toHaveValue(post.title);
      await form.getByRole('button', { name: NAV_MESSAGES.add }).click();
      await page.getByRole('button', { name: NAV_MESSAGES.addChild('Blogs') }).click();
      await form.getByLabel(NAV_MESSAGES.kindLabel).selectOption('external');
      await form.getByLabel(NAV_MESSAGES.urlLabel).fill('https://example.com/docs');
      await form.getByLabel(NAV_MESSAGES.labelLabel).fill('Docs');
      await form.getByRole('button', { name: NAV_MESSAGES.add }).click();
      const children = page.getByTestId('nav-children-3');
      await expect.poll(() => valuesOf(children.getByRole('textbox'))).toEqual([post.title, 'Docs']);

      // The keyboard: Contact Us up one place with its arrow button.
      await page.getByRole('button', { name: NAV_MESSAGES.moveUp('Contact Us') }).focus();
      await page.keyboard.press('Enter');
      await expect
        .poll(() => valuesOf(header.locator(':scope > li > div input')))
        .toEqual(['Home', 'Contact Us', 'About Us', 'Blogs']);
      if (width > 500) {
        // Dragging: About Us's handle onto Home's row puts it first.
        // Dragging: About Us's handle onto Home's row puts it first (the mouse moves in steps, as a hand does).
        await page.getByTestId('nav-item-0').scrollIntoViewIfNeeded();
        const handle = await page.getByTestId('nav-item-2').locator('.nav-drag-handle').first().boundingBox();
        const onto = await page.getByTestId('nav-item-0').locator('.nav-target-text').first().boundingBox();
        await page.mouse.move(handle!.x + handle!.width / 2, handle!.y + handle!.height / 2);
        await page.mouse.down();
        await page.mouse.move(onto!.x + 5, onto!.y + onto!.height / 2, { steps: 10 });
        await page.mouse.up();
        await expect
          .poll(() => valuesOf(header.locator(':scope > li > div input')))
          .toEqual(['About Us', 'Home', 'Contact Us', 'Blogs']);
      }

      // A footer column with a landing section.
      await page.getByRole('button', { name: NAV_MESSAGES.addColumn }).click();
      await page.getByRole('textbox', { name: NAV_MESSAGES.headingOf(NAV_MESSAGES.newColumn) }).fill('Company');
      await page.getByRole('button', { name: NAV_MESSAGES.addLink('Company') }).click();
      await form.getByLabel(NAV_MESSAGES.kindLabel).selectOption('section');
      await form.getByLabel(NAV_MESSAGES.targetLabel).selectOption('team');
      await expect(form.getByLabel(NAV_MESSAGES.labelLabel)).toHaveValue('Team');
      await form.getByLabel(NAV_MESSAGES.labelLabel).fill('Our team');
      await form.getByRole('button', { name: NAV_MESSAGES.add }).click();
      await page.screenshot({ path: testInfo.outputPath(`navigation-admin-${width}.png`), fullPage: true });
      await page.getByRole('button', { name: NAV_MESSAGES.save }).click();
      await expectToast(page, NAV_MESSAGES.saved);
      await expect(page.getByTestId('nav-spec-note')).toHaveCount(0);

      const pub = await openPublic(page, '/blogs');
      await openMenuIfCollapsed(pub);
      const menu = pub.locator('#main-menu');
      const order =
        width > 500 ? ['About Us', 'Home', 'Contact Us', 'Blogs'] : ['Home', 'Contact Us', 'About Us', 'Blogs'];
      await expect(menu.locator('a.nav-link')).toHaveText(order);
      // The mouse: the dropdown opens under Blogs and closes again.
      const toggle = menu.getByRole('button', { name: NAV_MESSAGES.submenu('Blogs') });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const postLink = menu.getByRole('link', { name: post.title });
      await expect(postLink).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Docs' })).toHaveAttribute('href', 'https://example.com/docs');
      await pub.screenshot({ path: testInfo.outputPath(`navigation-dropdown-${width}.png`) });
      await toggle.click();
      await expect(postLink).toBeHidden();
      // The keyboard: Enter opens it, Tab reaches its first link, Escape closes it and focus returns.
      await toggle.focus();
      await pub.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await pub.keyboard.press('Tab');
      await expect(postLink).toBeFocused();
      await pub.keyboard.press('Escape');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(toggle).toBeFocused();
      // Follow the post link.
      await pub.keyboard.press('Enter');
      await postLink.click();
      await expect(pub).toHaveURL(new RegExp(`${post.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
      await expect(pub.getByRole('heading', { level: 1, name: post.title })).toBeVisible();

      // The footer column, above the spec's line.
      const footer = pub.locator('footer');
      await footer.scrollIntoViewIfNeeded();
      await expect(footer.getByRole('heading', { name: 'Company' })).toBeVisible();
      await expect(footer.getByRole('link', { name: 'Our team' })).toHaveAttribute('href', '/?section=team');
      await expect(footer).toContainText('All rights reserved.');
      await pub.screenshot({ path: testInfo.outputPath(`navigation-footer-${width}.png`), fullPage: true });
      // A section link keeps the spec's behaviour: to the landing page, at the section.
      await footer.getByRole('link', { name: 'Our team' }).click();
      await expect(pub).toHaveURL(/\/\?section=team$/);
      await expect(pub.locator('#team')).toBeInViewport();

      if (width > 500) {
        // Without JavaScript the top-level links still work (the phone's menu needs it to open, as the spec's).
        const bare = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 } });
        const plain = await bare.newPage();
        await plain.goto('/blogs');
        await plain.locator('#main-menu').getByRole('link', { name: 'Contact Us' }).click();
        await expect(plain).toHaveURL(/\/\?section=contact_us$/);
        await expect(plain.locator('#contact_us')).toHaveCount(1);
        await bare.close();
      }
    });

    test('a link to a post in the trash is flagged and left out; leaving with changes not saved asks first', async ({
      page,
      request,
    }) => {
      const admin = await loggedInAdmin(request, ADMIN);
      const post = await createPost(admin, { title: unique('Binned') });
      await admin.api.call(navApi.saveNavigation, {
        body: {
          navigation: {
            header: [
              { label: 'Home', target: { kind: 'section', id: 'home' }, children: [] },
              { label: 'Binned', target: { kind: 'post', id: post._id }, children: [] },
            ],
            footer: [],
          },
        },
      });
      await admin.api.call(blog.deletePost, { params: { id: post._id } });
      await loginAndOpen(page, '/admin/settings/navigation');
      await expect(page.getByTestId('nav-item-1').getByTestId('nav-flag')).toHaveText(
        NAV_MESSAGES.flagged.trashed('post'),
      );
      const pub = await openPublic(page, '/blogs');
      await openMenuIfCollapsed(pub);
      await expect(pub.locator('#main-menu a.nav-link')).toHaveText(['Home']);
      await pub.close();
      await page.getByRole('button', { name: NAV_MESSAGES.remove('Binned'), exact: true }).click();
      if (width < 992) await page.getByRole('button', { name: 'Toggle sidebar' }).click();
      await page.getByTestId('admin-sidebar').getByRole('link', { name: 'Trash', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/settings\/navigation$/);
    });
  });
}
