import * as content from '#shared/api/content.ts';
import { DEFAULT_LANDING_LAYOUT } from '#shared/landing-layout.ts';
import { LAYOUT_MESSAGES } from '#shared/messages.ts';
import { loggedInAdmin } from '#tests/helpers/factories.ts';
import { ADMIN, expectToast, loginAndOpen, openPublic } from './editor-helpers';
import { expect, openMenuIfCollapsed, test } from './helpers';

/**
 * The landing layout (docs/product.md#landing-layout) at 1366 and 390 px: hide the portfolio and move the
 * team up with the keyboard, see it on the landing page and in the menu (the phone's too), then put the
 * spec's layout back. On an editors' server, whose tests run one after another.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });

for (const width of [1366, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 500 ? 900 : 844 } });
    test.afterEach(async ({ request }) => {
      const admin = await loggedInAdmin(request, ADMIN);
      await admin.api.call(content.saveLandingLayout, { body: { sections: DEFAULT_LANDING_LAYOUT } });
    });

    test('hide the portfolio and move the team up: the landing page and its menu follow', async ({
      page,
    }, testInfo) => {
      await loginAndOpen(page, '/admin/landing-layout');
      const list = page.getByTestId('landing-layout');
      await expect(list.getByRole('listitem')).toHaveCount(7);
      await page.getByRole('checkbox', { name: LAYOUT_MESSAGES.shown }).nth(2).uncheck();
      await expect(page.getByTestId('layout-portfolio').getByRole('checkbox')).not.toBeChecked();
      // The keyboard: focus Team's up arrow and press it four times (Team goes from 6th to 2nd).
      const up = page.getByRole('button', { name: LAYOUT_MESSAGES.moveUp('Team') });
      await up.focus();
      for (let i = 0; i < 4; i++) await page.keyboard.press('Enter');
      await expect(list.getByRole('listitem').nth(1)).toContainText('Team');
      await page.screenshot({ path: testInfo.outputPath(`layout-${width}.png`), fullPage: true });
      await page.getByRole('button', { name: LAYOUT_MESSAGES.save }).click();
      await expectToast(page, LAYOUT_MESSAGES.saved);

      const pub = await openPublic(page, '/');
      await expect(pub.locator('#portfolio')).toHaveCount(0);
      const ids = await pub.locator('main > section[id]').evaluateAll((els) => els.map((el) => el.id));
      expect(ids).toEqual(['home', 'team', 'product_delivery', 'services', 'about-us', 'contact_us']);
      await openMenuIfCollapsed(pub);
      const menu = pub.locator('#main-menu .nav-link');
      await expect(menu).toHaveText([
        'Home',
        'Team',
        'Product Delivery',
        'Services',
        'About Us',
        'Contact Us',
        'Blogs',
      ]);
      await pub.screenshot({ path: testInfo.outputPath(`landing-${width}.png`) });
      // The menu's Team still scrolls to the team.
      await menu.filter({ hasText: 'Team' }).click();
      await expect(pub.locator('#team')).toBeInViewport();
    });

    test('leaving with the layout changed and not saved asks first; the last shown section cannot be hidden', async ({
      page,
    }) => {
      await loginAndOpen(page, '/admin/landing-layout');
      const switches = page.getByRole('checkbox', { name: LAYOUT_MESSAGES.shown });
      for (let i = 0; i < 6; i++) await switches.nth(i).uncheck();
      await expect(switches.nth(6)).toBeDisabled();
      if (width < 992) await page.getByRole('button', { name: 'Toggle sidebar' }).click();
      await page.getByTestId('admin-sidebar').getByRole('link', { name: 'Trash', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/landing-layout$/);
    });
  });
}
