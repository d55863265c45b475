import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import * as blog from '#shared/api/blog.ts';
import * as newsletter from '#shared/api/newsletter.ts';
import { MESSAGES, NEWSLETTER_MESSAGES } from '#shared/messages.ts';
import { createSubscriber, loggedInAdmin } from '#tests/helpers/factories.ts';
import { ADMIN, dismissToasts, expectToast, loginAndOpen, newestMailTo, openEditor, stamp } from './editor-helpers';
import { expect, test } from './helpers';

/**
 * Counting clicks on a newsletter's links in the browser (docs/product.md#newsletter, issue 28): the
 * editor ticks 'Count clicks on links', publishes with the e-mail, a reader's click on a link of the
 * e-mail leads through the site to the article's link, and the delivery report lists the links with
 * their clicks and says that opens are not tracked; at 1366 px and at 390 px. The editors' server writes
 * its e-mails as .eml files (no SMTP).
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });

/** A reader's browser (Playwright's own user agent says HeadlessChrome, which is rightly not counted). */
const BROWSER =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const COUNTED = /^https?:\/\/[^/]+\/api\/r\/[A-Za-z0-9_-]{22}$/;

/** Serious or critical axe violations inside `selector`. */
async function seriousViolations(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const [width, height] of [
  [1366, 800],
  [390, 844],
] as const) {
  test(`at ${width} px: count clicks when sending, and the report shows each link's clicks and that opens are not tracked`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height });
    const admin = await loggedInAdmin(page.request, ADMIN);
    const title = `Counted links ${width} ${stamp()}`;
    const post = (
      await admin.api.call(blog.createPost, {
        body: {
          title,
          excerpt: 'Where to read more.',
          content: '<p>The whole story.</p>',
          blogCategory: null,
          status: 'draft',
        },
      })
    ).data;
    const reader = `clicker.${stamp()}@example.com`;
    await createSubscriber(admin, reader);

    await loginAndOpen(page, `/admin/blogs/edit/${post._id}`, ['blog-content']);
    const box = page.getByLabel(NEWSLETTER_MESSAGES.countClicks);
    await expect(box).not.toBeChecked();
    await expect(page.getByText(NEWSLETTER_MESSAGES.countClicksHelp, { exact: false })).toBeVisible();
    await box.check();
    // Kept at once: publishing sends it with counting on.
    await expect
      .poll(async () => (await admin.api.call(newsletter.getNewsletterMessage, { params: { id: post._id } })).data)
      .toMatchObject({ countClicks: true, sent: false });
    await box.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`count-clicks-box-${width}.png`) });

    await page.getByLabel('Status', { exact: true }).selectOption('published');
    await expect(page.getByLabel(/E-mail this post to \d+ subscribers?/)).toBeChecked();
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Please confirm' })
      .getByRole('button', { name: 'Publish and e-mail' })
      .click();
    await expectToast(page, MESSAGES.blogUpdated);

    // The e-mail's links lead through the site; the reader's unsubscribe link does not.
    const mail = await newestMailTo(reader, new RegExp(title));
    const hrefs = [...(mail.html ?? '').matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)].map((m) =>
      m[1]!.replace(/&amp;/g, '&'),
    );
    expect(hrefs.filter((h) => h.includes('/subscriptions/unsubscribe?'))).toHaveLength(1);
    expect(hrefs.filter((h) => !h.includes('/subscriptions/unsubscribe?')).every((h) => COUNTED.test(h))).toBe(true);
    // The header's link to the site comes first, then Read more (this server's e-mails carry the excerpt):
    // a reader clicks it and lands on the post.
    const click = await page.request.get(hrefs[1]!, { maxRedirects: 0, headers: { 'user-agent': BROWSER } });
    expect(click.status()).toBe(302);
    const postUrl = click.headers().location!;
    expect(new URL(postUrl).pathname).toBe(post.url);

    await openEditor(page, `/admin/blogs/edit/${post._id}`, ['blog-content']);
    await expect(page.getByText(NEWSLETTER_MESSAGES.countClicksSent)).toBeVisible();
    const clicks = page.getByTestId('link-clicks');
    // Counted in memory, in the database within 5 s: Refresh until it shows.
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      const row = clicks.getByRole('row').filter({ hasText: postUrl });
      await expect(row.getByRole('cell').last()).toHaveText('1', { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(clicks.getByRole('columnheader')).toHaveText([
      NEWSLETTER_MESSAGES.linkColumn,
      NEWSLETTER_MESSAGES.clicksColumn,
    ]);
    await expect(clicks).toContainText(NEWSLETTER_MESSAGES.clicksNote);
    await expect(clicks.getByText(NEWSLETTER_MESSAGES.opensNotTracked)).toBeVisible();
    // Long addresses wrap inside the screen: nothing sticks out sideways.
    const table = await clicks.locator('table').boundingBox();
    expect(table!.x + table!.width).toBeLessThanOrEqual(width);
    expect(await seriousViolations(page, '[data-testid="link-clicks"]')).toEqual([]);
    await clicks.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`link-clicks-${width}.png`) });
  });
}
