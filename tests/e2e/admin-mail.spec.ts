import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { UI_MESSAGES } from '#shared/messages.ts';
import { expect, latestMailTo, login, openStore, test, uniqueEmail } from './helpers';

/**
 * The Outgoing mail screen (docs/product.md#outgoing-mail) at 1366 and 390 px: failed e-mails with their
 * last error, Retry (the e-mail goes out) and Discard (it is gone). The failed rows are written into the
 * server's outbox as the worker leaves them after its last try.
 */

function insertFailedMail(to: string, error: string): string {
  const store = new Database(path.join(process.env.E2E_DATA_DIR!, 'site.db'));
  try {
    store.pragma('busy_timeout = 5000');
    const id = randomUUID();
    const created = new Date(Date.now() - 3 * 24 * 3600_000 - 60_000).toISOString();
    store
      .prepare(
        `insert into mail_outbox (id, kind, to_address, subject, text_body, html_body, headers, status, attempts,
          next_attempt_at, locked_until, last_error, created_at, sent_at, campaign_id, dedupe_key, claimed_by, give_up_at)
         values (?, 'contact', ?, ?, 'Hello', null, null, 'failed', 151, ?, null, ?, ?, null, null, null, null, null)`,
      )
      .run(id, to, `Failed mail to ${to}`, new Date().toISOString(), error, created);
    return id;
  } finally {
    store.close();
  }
}

test('the administrator sees failed mail with its last error, retries one and discards another', async ({
  page,
}, testInfo) => {
  const retried = uniqueEmail('retry');
  const discarded = uniqueEmail('discard');
  insertFailedMail(retried, 'connect ECONNREFUSED 127.0.0.1:25');
  const discardedId = insertFailedMail(discarded, '550 5.1.1 mailbox unavailable');

  await login(page, 'admin@example.com', 'admin-secret');
  await page.goto('/admin/mail');
  await expect(page.getByRole('heading', { level: 1, name: 'Outgoing mail' })).toBeVisible();
  const row = (address: string) => page.getByTestId('mail-row').filter({ hasText: address });
  await expect(row(retried)).toContainText('connect ECONNREFUSED 127.0.0.1:25');
  await expect(row(retried)).toContainText('Failed');
  await expect(row(retried)).toContainText('151');
  await expect(row(discarded)).toContainText('550 5.1.1 mailbox unavailable');
  await page.screenshot({ path: testInfo.outputPath('outgoing-mail.png'), fullPage: true });

  await row(retried).getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText(UI_MESSAGES.mailRetried(retried))).toBeVisible();
  await expect(row(retried)).toHaveCount(0);
  await expect.poll(() => latestMailTo(retried), { timeout: 15_000 }).toContain(`Failed mail to ${retried}`);

  const dialog = page.getByRole('dialog', { name: 'Please confirm' });
  await row(discarded).getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toContainText(`Discard the e-mail to ${discarded}? It will not be sent.`);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(UI_MESSAGES.mailDiscarded(discarded))).toBeVisible();
  await expect(row(discarded)).toHaveCount(0);
  const store = openStore();
  try {
    expect(store.prepare('select id from mail_outbox where id = ?').all(discardedId)).toEqual([]);
  } finally {
    store.close();
  }

  // The other view: mail waiting to be sent.
  await page.getByLabel('Show').selectOption('pending');
  await expect(page).toHaveURL(/status=pending/);
  await expect(page.getByTestId('mail-row').or(page.getByTestId('mail-empty')).first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('outgoing-mail-waiting.png'), fullPage: true });
});
