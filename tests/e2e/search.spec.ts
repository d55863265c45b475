import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, gotoHydrated, isPhone, openMenuIfCollapsed, test } from './helpers';

/**
 * Search (docs/product.md#search) on the seeded demo posts, at 1366 and 390 px: from the sidebar's box
 * (above Recent Articles) with a stemmed word and with an accented one, opening a result; the small
 * screen's box in the header menu; suggestions and the latest posts when nothing matches; and the page
 * without JavaScript. These tests only read.
 */
const SHOTS = '/tmp/search-shots';
const SHIPPING = 'Shipping every two weeks without the drama';
const ONBOARDING = 'Designing onboarding that people finish';

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
}

async function searchFromSidebar(page: Page, words: string) {
  const sidebar = page.getByRole('complementary', { name: 'Blog' });
  const box = sidebar.getByRole('searchbox', { name: 'Search articles' });
  await box.fill(words);
  await sidebar.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(`/search?q=${encodeURIComponent(words).replace(/%20/g, '+')}`);
}

test('a stemmed word from the sidebar finds the post, marked, and opens it', async ({ page }) => {
  await gotoHydrated(page, '/blogs');
  // The box sits above Recent Articles.
  const sidebar = page.getByRole('complementary', { name: 'Blog' });
  const boxTop = (await sidebar.getByRole('searchbox').boundingBox())!.y;
  const recentTop = (await sidebar.getByRole('heading', { name: 'Recent Articles' }).boundingBox())!.y;
  expect(boxTop).toBeLessThan(recentTop);

  await searchFromSidebar(page, 'shipped');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “shipped”');
  const result = page.getByTestId('search-result').filter({ hasText: SHIPPING });
  await expect(result).toBeVisible();
  await expect(result.locator('mark').first()).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await shot(page, 'results');
  await result.getByRole('link', { name: SHIPPING }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SHIPPING);
});

test('an accented word finds the post without the accent, and opens it', async ({ page }) => {
  await gotoHydrated(page, '/blogs');
  await searchFromSidebar(page, 'onbóarding');
  const result = page.getByTestId('search-result').filter({ hasText: ONBOARDING });
  await expect(result).toBeVisible();
  await result.getByRole('link', { name: ONBOARDING }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ONBOARDING);
});

test('a word typed wrong suggests the title word and shows the latest posts', async ({ page }) => {
  await gotoHydrated(page, '/search?q=onbording');
  await expect(page.getByText('No articles match “onbording”.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Latest articles' })).toBeVisible();
  await expect(page.getByTestId('blog-card').first()).toBeVisible();
  await shot(page, 'no-results');
  await page.getByTestId('search-suggestions').getByRole('link', { name: 'onboarding' }).click();
  await expect(page).toHaveURL('/search?q=onboarding');
  await expect(page.getByTestId('search-result').filter({ hasText: ONBOARDING })).toBeVisible();
});

test('on a small screen the header menu has the search box beside Blogs; wide screens do not', async ({ page }) => {
  await gotoHydrated(page, '/blogs');
  await openMenuIfCollapsed(page);
  const box = page.getByRole('navigation', { name: 'Main' }).getByRole('searchbox', { name: 'Search articles' });
  if (!isPhone(page)) {
    // The sidebar's box is in view there.
    await expect(box).toBeHidden();
    return;
  }
  await expect(box).toBeVisible();
  await shot(page, 'header-menu');
  await box.fill('launches');
  await box.press('Enter');
  await expect(page).toHaveURL('/search?q=launches');
  await expect(page.getByRole('button', { name: 'Toggle navigation' })).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('search-result').first()).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the sidebar form searches and the results are links', async ({ page }) => {
    await page.goto('/blogs');
    await searchFromSidebar(page, 'shipping');
    await expect(page.getByTestId('search-result').getByRole('link', { name: SHIPPING })).toBeVisible();
  });
});
