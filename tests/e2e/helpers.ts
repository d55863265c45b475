import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import * as content from '#shared/api/content.ts';
import type { SiteContent } from '#shared/schemas/content.ts';
import { api } from '#tests/helpers/api.ts';

export { expect };

/** The SQLite database of the server under test, read-only, for checking what a flow stored. */
export function openStore() {
  return new Database(path.join(process.env.E2E_DATA_DIR!, 'site.db'), { readonly: true, fileMustExist: true });
}

export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1366) < 768;

/** On narrow screens the navigation sits behind the menu toggle. */
export async function openMenuIfCollapsed(page: Page) {
  const toggle = page.getByRole('button', { name: 'Toggle navigation' });
  if (await toggle.isVisible()) {
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  }
}

/** The element's top edge relative to the viewport, once smooth scrolling has settled. */
export async function settledTop(page: Page, selector: string): Promise<number> {
  let previous = Number.NaN;
  for (let i = 0; i < 40; i++) {
    const top = await page.locator(selector).evaluate((el) => Math.round(el.getBoundingClientRect().top));
    if (top === previous) return top;
    previous = top;
    await page.waitForTimeout(100);
  }
  return previous;
}

/**
 * Closes the test's pages (and any tabs it opened) before Playwright disposes of the context: disposing
 * of a context that still shows a page of the site can take seconds in Chromium, closing the pages first
 * does not.
 */
export const test = base.extend({
  page: async ({ page }, provide) => {
    await provide(page);
    for (const open of page.context().pages()) await open.close();
  },
});

/**
 * Opens a page and waits until React has hydrated it. React Router's <ScrollRestoration> switches
 * `history.scrollRestoration` to 'manual' in an effect, so once it reads 'manual' the first commit has
 * run and every event handler and effect of the page is live.
 */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await page.waitForFunction(() => window.history.scrollRestoration === 'manual');
  return response;
}

/** The site content object as the public API serves it (docs/product.md#api GET /get-content). */
export async function getContent(request: APIRequestContext): Promise<SiteContent> {
  const res = await api(request).call(content.getContent);
  expect(res.status).toBe(200);
  return res.data;
}

/** The visible text runs of stored rich text (tags dropped), for checking that a page shows it. */
export function textFragments(html: string): string[] {
  return html
    .replace(/<[^>]*>/g, '\n')
    .replace(/&nbsp;/g, ' ')
    .split('\n')
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/** Scrolls the window at once (no smooth animation) and waits until it is there. */
export async function scrollInstantly(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(y);
}

/** Waits until the page has painted twice, so scroll and resize handlers have run and React has rendered. */
export async function nextFrames(page: Page) {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * A fresh administrator for one test, made with the project's own command (`npm run admin`), so tests
 * that change passwords never disturb each other.
 */
export function createAdmin(email: string, password: string) {
  execFileSync(process.execPath, ['--import', 'tsx', 'server/cli/admin.ts', '--email', email, '--password', password], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR!, LOG_LEVEL: 'silent' },
    stdio: 'pipe',
  });
}

export const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;

export async function login(page: Page, email: string, password: string) {
  await page.goto('/admin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await page.waitForURL('**/admin/banner');
}

/** The newest e-mail the server delivered to an address (written as .eml files without SMTP). */
export async function latestMailTo(address: string): Promise<string | undefined> {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'mail');
  const files = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.eml'))
        .sort()
    : [];
  const mails = files
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .filter((m) => m.includes(`To: ${address}`));
  return mails.at(-1);
}

/** Where an about-us row's image and its title text sit on the page. */
export async function aboutRowBoxes(row: Locator) {
  const image = (await row.locator('img').boundingBox())!;
  const text = (await row.locator('.about-title').boundingBox())!;
  return { image, text };
}

/**
 * Checks that about-us rows alternate: on wide screens the first row has its image left of the text and
 * the second its image right of the text; on phones (one column) every image sits above its text.
 */
export async function expectAboutRowsAlternate(page: Page, rows: Locator) {
  await expect(rows).toHaveCount(2);
  const first = await aboutRowBoxes(rows.nth(0));
  const second = await aboutRowBoxes(rows.nth(1));
  if (isPhone(page)) {
    for (const { image, text } of [first, second]) expect(image.y + image.height).toBeLessThanOrEqual(text.y);
  } else {
    expect(first.image.x + first.image.width, 'row 1: image left of text').toBeLessThanOrEqual(first.text.x);
    expect(second.text.x + second.text.width, 'row 2: image right of text').toBeLessThanOrEqual(second.image.x);
  }
}

/**
 * Waits for smooth scrolling to settle and checks that the section's top edge ends just under the fixed
 * header (~72 px tall; sections have scroll-margin-top 64 px). A last section too short to reach the top
 * passes when the page has scrolled to its very end instead. It asks again while the answer is wrong, so
 * a scroll that stalls for a moment on a busy machine is not taken for its end.
 */
export async function expectScrolledToSection(page: Page, id: string) {
  await expect
    .poll(
      async () => {
        const top = await settledTop(page, `#${id}`);
        const { atEnd, viewportHeight } = await page.evaluate(() => ({
          atEnd: window.scrollY >= document.documentElement.scrollHeight - window.innerHeight - 2,
          viewportHeight: window.innerHeight,
        }));
        return { top, nearTop: top >= -5 && top <= (atEnd ? viewportHeight / 3 : 120) };
      },
      { message: `#${id} should end near the top of the viewport`, timeout: 10_000 },
    )
    .toMatchObject({ nearTop: true });
}
