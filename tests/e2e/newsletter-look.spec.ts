import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import * as blog from '#shared/api/blog.ts';
import * as newsletter from '#shared/api/newsletter.ts';
import { PUBLISHING_MESSAGES } from '#shared/messages.ts';
import { loggedInAdmin } from '#tests/helpers/factories.ts';
import { parseMail, type ParsedMail } from '#tests/helpers/mime.ts';
import { expect, login, openStore, test, uniqueEmail } from './helpers';

/**
 * At 1366 and 390 px: the post editor's newsletter subject and preheader (kept for the newsletter, used by
 * the preview and by a test send, whose Read more opens the draft's preview), and the Outgoing mail
 * screen's first view, which lists waiting mail with its next try's date and time above the failed mail
 * (docs/product.md#newsletter-tools, docs/product.md#outgoing-mail). The server writes its e-mails as .eml
 * files (no SMTP).
 */

const ADMIN = { email: 'admin@example.com', password: 'admin-secret' };
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Serious or critical axe violations inside `selector` (the parts this file is about). */
async function seriousViolations(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The newest e-mail to `to` whose subject matches, once the server has written it. */
async function newestMailTo(to: string, subject: RegExp): Promise<ParsedMail> {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'mail');
  let found: ParsedMail | undefined;
  await expect
    .poll(
      () => {
        const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
        found = files
          .sort()
          .map((f) => parseMail(fs.readFileSync(path.join(dir, f), 'utf8')))
          .filter((m) => m.header('to') === to && subject.test(m.header('subject') ?? ''))
          .at(-1);
        return found !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

test('the editor sets the newsletter subject and preheader; the preview and a test of the draft use them', async ({
  page,
}, testInfo) => {
  const admin = await loggedInAdmin(page.request, ADMIN);
  const title = `Quarterly notes ${stamp()}`;
  const draft = (
    await admin.api.call(blog.createPost, {
      body: { title, excerpt: 'Three changes in five minutes.', content: '<p>What changed.</p>', status: 'draft' },
    })
  ).data;
  const tester = uniqueEmail('subject-tester');
  const subject = `Three changes you will like ${stamp()}`;

  await login(page, ADMIN.email, ADMIN.password);
  await page.goto(`/admin/blogs/edit/${draft._id}`);
  const subjectField = page.getByLabel('E-mail subject');
  const preheaderField = page.getByLabel('Preheader');
  await expect(subjectField).toBeVisible({ timeout: 20_000 });
  // Empty, showing the defaults: the title in the subject, the excerpt as preheader.
  await expect(subjectField).toHaveValue('');
  await expect(subjectField).toHaveAttribute('placeholder', `New on the Brightpath Labs blog: ${title}`);
  await expect(preheaderField).toHaveAttribute('placeholder', 'Three changes in five minutes.');

  // Typed and not yet kept (the field not left): a reload or a closed tab asks first (the page guard's
  // beforeunload answer, read without leaving the field).
  await subjectField.fill(subject);
  const asksBeforeUnload = () =>
    page.evaluate(() => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
  expect(await asksBeforeUnload()).toBe(true);
  await expect(subjectField).toBeFocused();
  // Enter keeps the subject; it does not submit (save, or publish) the post.
  await subjectField.press('Enter');
  await preheaderField.fill('The short version, before you open it.');
  await preheaderField.blur();
  await expect
    .poll(async () => (await admin.api.call(newsletter.getNewsletterMessage, { params: { id: draft._id } })).data)
    .toMatchObject({ subject, preheader: 'The short version, before you open it.', sent: false });
  // Kept: nothing left to ask about.
  await expect.poll(asksBeforeUnload).toBe(false);
  expect((await admin.api.call(blog.listAdminPosts)).data.find((p) => p._id === draft._id)?.status).toBe('draft');
  expect(await seriousViolations(page, '[data-testid="newsletter-message"]')).toEqual([]);
  await page.getByLabel('Send a test to').scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('newsletter-fields.png'), fullPage: false });

  await page.getByRole('button', { name: 'E-mail preview' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toHaveText(subject);
  const frame = dialog.frameLocator('iframe');
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(frame.locator('img').first()).toHaveAttribute('src', /^https?:\/\/.+\/logo-mail\.png$/);
  await page.screenshot({ path: testInfo.outputPath('newsletter-preview.png') });
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  await page.getByLabel('Send a test to').fill(tester);
  await page.getByRole('button', { name: 'Send a test' }).click();
  await expect(page.getByText(PUBLISHING_MESSAGES.testSent(tester))).toBeVisible();
  const mail = await newestMailTo(tester, /^\[Test\] /);
  expect(mail.header('subject')).toBe(`[Test] ${subject}`);
  expect(mail.html).toContain('The short version, before you open it.');
  // Read more opens the draft's preview, which shows the post (its own address does not answer yet).
  const readMore = /href="([^"]+)"[^>]*>Read more<\/a>/.exec(mail.html ?? '')?.[1];
  expect(readMore).toMatch(/\/preview\/[\w-]+$/);
  await page.goto(new URL(readMore!).pathname);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  expect((await page.request.get(draft.url)).status()).toBe(404);
});

/** A mail as the worker leaves it: waiting for its next try after failed attempts, or failed for good. */
function insertMail(to: string, state: { status: 'pending' | 'failed'; error: string; nextTry: Date }): string {
  const store = new Database(path.join(process.env.E2E_DATA_DIR!, 'site.db'));
  try {
    store.pragma('busy_timeout = 5000');
    const id = randomUUID();
    store
      .prepare(
        `insert into mail_outbox (id, kind, to_address, subject, text_body, html_body, headers, status, attempts,
          next_attempt_at, locked_until, last_error, created_at, sent_at, campaign_id, dedupe_key, claimed_by, give_up_at)
         values (?, 'contact', ?, ?, 'Hello', null, null, ?, 4, ?, null, ?, ?, null, null, null, null, ?)`,
      )
      .run(
        id,
        to,
        `Mail to ${to}`,
        state.status,
        state.nextTry.toISOString(),
        state.error,
        new Date().toISOString(),
        // Not tried again before the test looks: its next try is a day away, its last day later still.
        new Date(Date.now() + 3 * 24 * 3600_000).toISOString(),
      );
    return id;
  } finally {
    store.close();
  }
}

test("Outgoing mail's first view lists waiting mail with its next try's date and time above the failed mail", async ({
  page,
}, testInfo) => {
  const waiting = uniqueEmail('waiting');
  const failed = uniqueEmail('failed');
  // Tomorrow at 09:30 local time: the screen shows the date and the time.
  const nextTry = new Date(Date.now() + 24 * 3600_000);
  nextTry.setHours(9, 30, 0, 0);
  const waitingId = insertMail(waiting, { status: 'pending', error: 'connect ECONNREFUSED 127.0.0.1:25', nextTry });
  insertMail(failed, { status: 'failed', error: '550 5.1.1 mailbox unavailable', nextTry: new Date() });

  await login(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/mail');
  const section = page.getByTestId('mail-waiting');
  await expect(section.getByRole('heading', { level: 2, name: 'Waiting to be sent' })).toBeVisible();
  const waitingRow = page.getByTestId('mail-waiting-row').filter({ hasText: waiting });
  await expect(waitingRow).toContainText('connect ECONNREFUSED 127.0.0.1:25');
  await expect(waitingRow).toContainText('Waiting');
  const when = nextTry.toLocaleString('en-GB', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  await expect(waitingRow.getByTestId('mail-next-try')).toHaveText(when);
  expect(when).toMatch(/09:30/);
  await expect(waitingRow.locator('time')).toHaveAttribute('datetime', nextTry.toISOString());
  // The failed mail is in the list below, as before; the waiting one is not in it.
  await expect(page.getByRole('heading', { level: 2, name: 'Failed' })).toBeVisible();
  await expect(page.getByTestId('mail-row').filter({ hasText: failed })).toContainText('550 5.1.1 mailbox unavailable');
  await expect(page.getByTestId('mail-row').filter({ hasText: waiting })).toHaveCount(0);
  expect(await seriousViolations(page, '.admin-card')).toEqual([]);
  await waitingRow.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('outgoing-mail-first-view.png'), fullPage: true });

  // Discarded from the waiting list, it is gone from it.
  await waitingRow.getByRole('button', { name: 'Discard' }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Delete' }).click();
  await expect(waitingRow).toHaveCount(0);
  const store = openStore();
  try {
    expect(store.prepare('select id from mail_outbox where id = ?').all(waitingId)).toEqual([]);
  } finally {
    store.close();
  }
});
