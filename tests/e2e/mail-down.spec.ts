import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { MAIL_TROUBLE_MESSAGES, SERVER_MESSAGES } from '#shared/messages.ts';
import * as blog from '#shared/api/blog.ts';
import * as contact from '#shared/api/contact.ts';
import { api } from '#tests/helpers/api.ts';
import { loggedInAdmin, SEEDED_ADMIN } from '#tests/helpers/factories.ts';
import { expect, test } from './helpers';
import { freePort, ownSite } from './server-process';

/**
 * Mail failures speak up (docs/product.md#outgoing-mail, #newsletter-tools) on a site whose mail server is
 * down (SMTP_URL points at a port nobody listens on): "Send a test" shows the server's error, and once
 * delivery has failed for 15 minutes (simulated: the waiting mail's queueing time is moved back) a notice
 * above every admin page says so and leads to Outgoing mail.
 */
test.describe.configure({ timeout: 120_000 });

const site = ownSite({ env: async () => ({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}` }) });

async function logIn(page: Page) {
  await page.goto(`${site.origin}/admin`);
  await page.getByLabel('Email').fill(SEEDED_ADMIN.email);
  await page.getByLabel('Password').fill(SEEDED_ADMIN.password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await page.waitForURL('**/admin/banner');
}

/** Fifteen minutes and more of failures, without waiting them: the waiting mail was queued 20 minutes ago. */
function queuedTwentyMinutesAgo() {
  const store = new Database(path.join(site.server.dataDir, 'site.db'));
  try {
    store.pragma('busy_timeout = 5000');
    store
      .prepare(`update mail_outbox set created_at = ? where status in ('pending', 'sending')`)
      .run(new Date(Date.now() - 20 * 60_000).toISOString());
  } finally {
    store.close();
  }
}

test('with the mail server down, a test send shows its error and the admin shows the notice', async ({ page }) => {
  const admin = await loggedInAdmin(site.origin);
  const [post] = (await admin.api.call(blog.listAdminPosts)).data;
  await logIn(page);
  await expect(page.getByTestId('mail-trouble')).toHaveCount(0);

  await page.goto(`${site.origin}/admin/blogs/edit/${post!._id}`);
  await page.getByLabel('Send a test to').fill('editor@example.com');
  await page.getByRole('button', { name: 'Send a test' }).click();
  const error = page.getByText(SERVER_MESSAGES.mailServerRefused(''), { exact: false });
  await expect(error).toBeVisible({ timeout: 20_000 });
  await expect(error).toContainText('ECONNREFUSED');

  // A visitor's message waits, its tries failing.
  const sent = await api(site.origin).call(contact.sendMail, {
    body: { name: 'Visitor', email: 'visitor@example.com', message: 'Hello, is anyone there?' },
  });
  expect(sent.status, sent.text).toBe(200);
  const store = () => new Database(path.join(site.server.dataDir, 'site.db'), { readonly: true });
  await expect
    .poll(() => {
      const db = store();
      try {
        return db
          .prepare(`select count(*) as n from mail_outbox where last_error is not null and status = 'pending'`)
          .get();
      } finally {
        db.close();
      }
    })
    .not.toEqual({ n: 0 });
  queuedTwentyMinutesAgo();

  await page.goto(`${site.origin}/admin/banner`);
  const notice = page.getByTestId('mail-trouble');
  await expect(notice).toContainText(MAIL_TROUBLE_MESSAGES.heading);
  await expect(notice).toContainText(/\d+ e-mails? waits? to be sent/);
  await expect(notice).toContainText('ECONNREFUSED');
  fs.mkdirSync('/tmp/mail-shots', { recursive: true });
  await page.screenshot({ path: `/tmp/mail-shots/notice-${page.viewportSize()?.width ?? 0}.png` });
  await notice.getByRole('link', { name: MAIL_TROUBLE_MESSAGES.link }).click();
  await expect(page).toHaveURL(/\/admin\/mail\?status=pending/);
  await expect(page.getByTestId('mail-row').first()).toBeVisible();
  // On every admin page.
  await expect(page.getByTestId('mail-trouble')).toBeVisible();
});
