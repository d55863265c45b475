import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { SECTIONS, type SectionDef } from '#shared/sections.ts';
import { ADMIN } from './editor-helpers';
import { expect, login, test } from './helpers';

/**
 * docs/product.md#accessibility: every admin screen (app/routes.ts) has no serious or critical axe
 * violation, logged in as the owner, at 1366 px (project desktop) and 390 px (project phone). Nothing here
 * saves, so it runs beside the other tests on the shared site. A failure lists each rule with its targets.
 */
const SCREENS = [
  ...SECTIONS.map((section) => `/admin/${section.adminRoute}`),
  '/admin/blogs',
  '/admin/blogs/create',
  '/admin/blog-category',
  '/admin/tags',
  '/admin/trash',
  '/admin/media',
  '/admin/messages',
  '/admin/mail',
  '/admin/subscribers',
  '/admin/settings',
  '/admin/landing-layout',
  '/admin/pages',
  '/admin/pages/create',
  '/admin/settings/redirects',
  '/admin/settings/import',
  '/admin/settings/site',
  '/admin/settings/navigation',
  '/admin/settings/export',
  '/admin/profile',
  '/admin/staff',
  '/admin/activity',
  '/admin/analytics',
  '/admin/security',
  '/admin/change-password',
];

/** Screens a visitor without a session sees: the login and the pages a link in an e-mail opens. */
const SIGNED_OUT_SCREENS = ['/admin', '/admin/invite/no-such-invitation', '/admin/confirm-email/no-such-token'];

/** Waits for the screen to be hydrated and every rich-text editor on it to be ready. */
async function settle(page: Page) {
  await page.waitForFunction(() => window.history.scrollRestoration === 'manual');
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () => {
      const fields = document.querySelectorAll('[data-testid^="rich-"]').length;
      if (fields === 0) return true;
      // TinyMCE's get() without an id lists every editor of the page.
      const editors = (window as unknown as { tinymce?: { get(): { initialized: boolean }[] } }).tinymce?.get() ?? [];
      if (editors.length < fields || !editors.every((editor) => editor.initialized)) return false;
      // The resize handle gets its value only once the skin has loaded, which can follow `initialized`
      // (TinyMCE's theme, "set-aria-valuetext" waits for SkinLoaded): axe would see a separator without one.
      return [...document.querySelectorAll('.tox-statusbar__resize-handle')].every((handle) =>
        handle.hasAttribute('aria-valuetext'),
      );
    },
    undefined,
    { timeout: 30_000 },
  );
}

/** Serious and critical violations, each with the elements it names: the failure message says what to fix. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`);
}

test.describe('admin accessibility (axe, serious and critical)', () => {
  test.describe.configure({ timeout: 240_000 });

  test('every screen of a signed-in owner', async ({ page }) => {
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/blogs');
    await settle(page);
    const edit = await page.locator('a[href^="/admin/blogs/edit/"]').first().getAttribute('href');
    expect(edit).toBeTruthy();
    const found: string[] = [];
    for (const path of [...SCREENS, edit!]) {
      await page.goto(path);
      await settle(page);
      for (const violation of await seriousViolations(page)) found.push(`${path}: ${violation}`);
    }
    expect(found, found.join('\n')).toEqual([]);
  });

  test("every section's add dialog", async ({ page }) => {
    await login(page, ADMIN.email, ADMIN.password);
    const found: string[] = [];
    for (const section of (SECTIONS as readonly SectionDef[]).filter((s) => s.items?.table?.add)) {
      const path = `/admin/${section.adminRoute}`;
      await page.goto(path);
      await settle(page);
      await page.getByRole('button', { name: 'Add New' }).click();
      await expect(page.getByRole('dialog', { name: section.items!.table!.add })).toBeVisible();
      await settle(page);
      // Faded in (Bootstrap's .fade): axe measures contrast through the opacity of a dialog still appearing.
      await page.waitForFunction(() => {
        const modal = document.querySelector('.modal.show');
        return modal !== null && getComputedStyle(modal).opacity === '1';
      });
      for (const violation of await seriousViolations(page))
        found.push(`${path} (${section.items!.table!.add}): ${violation}`);
    }
    expect(found, found.join('\n')).toEqual([]);
  });

  test('the screens before signing in', async ({ page }) => {
    const found: string[] = [];
    for (const path of SIGNED_OUT_SCREENS) {
      await page.goto(path);
      await settle(page);
      for (const violation of await seriousViolations(page)) found.push(`${path}: ${violation}`);
    }
    expect(found, found.join('\n')).toEqual([]);
  });
});
