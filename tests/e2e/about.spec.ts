import {
  expect,
  expectAboutRowsAlternate,
  expectScrolledToSection,
  getContent,
  gotoHydrated,
  openMenuIfCollapsed,
  test,
  textFragments,
} from './helpers';

const SECTIONS: Array<[label: string, id: string]> = [
  ['Home', 'home'],
  ['Product Delivery', 'product_delivery'],
  ['Portfolio', 'portfolio'],
  ['Services', 'services'],
  ['About Us', 'about-us'],
  ['Team', 'team'],
  ['Contact Us', 'contact_us'],
];

test('/about-us shows the company banner and the about items alternating', async ({ page, request }) => {
  const { aboutus } = await getContent(request);
  await page.goto('/about-us');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Brightpath Labs');

  const rows = page.getByTestId('about-item');
  await expect(rows).toHaveCount(aboutus.items.length);
  for (const [index, item] of aboutus.items.entries()) {
    for (const text of textFragments(item.title + item.description)) await expect(rows.nth(index)).toContainText(text);
  }
  await expectAboutRowsAlternate(page, rows);
});

test('navigation buttons on /about-us go to /?section=<id> and land scrolled there', async ({ page }) => {
  await gotoHydrated(page, '/about-us');
  for (const [label, id] of SECTIONS) {
    await test.step(`${label} → /?section=${id}`, async () => {
      await openMenuIfCollapsed(page);
      await page.locator('#main-menu .navbar-nav').getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/\\?section=${id}$`));
      await expectScrolledToSection(page, id);

      await page.goBack();
      await expect(page).toHaveURL(/\/about-us$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Brightpath Labs');
    });
  }
});

test('/about-us headings descend without skipping a level (h1, h2, then the items’ h3)', async ({ page }) => {
  await page.goto('/about-us');
  const levels = await page
    .locator('main')
    .evaluate((main) => [...main.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1])));
  expect(levels[0]).toBe(1);
  for (const [i, level] of levels.entries())
    if (i > 0) expect(level, `heading ${i} after h${levels[i - 1]}`).toBeLessThanOrEqual(levels[i - 1]! + 1);
});
