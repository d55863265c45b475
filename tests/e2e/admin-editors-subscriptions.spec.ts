import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { MESSAGES } from '#shared/messages.ts';
import type { BlogPost } from '#shared/schemas/blog.ts';
import * as contact from '#shared/api/contact.ts';
import * as subscribers from '#shared/api/subscribers.ts';
import { api, urlOf } from '#tests/helpers/api.ts';
import { createPost as factoryPost, loggedInAdmin } from '#tests/helpers/factories.ts';
import { linkIn, type ParsedMail } from '#tests/helpers/mime.ts';
import { ADMIN, newestMailTo, stamp, toasts } from './editor-helpers';
import { expect, gotoHydrated, login, test } from './helpers';

/**
 * Blog subscriptions in the browser (docs/product.md#subscriptions): the STAY IN THE KNOW box, the confirmation and unsubscribe
 * pages its e-mails link to, and the administrator's Subscribers and Messages pages. The editors' server
 * runs without SMTP, so its e-mails are .eml files under its data folder.
 */
test.describe.configure({ mode: 'serial', timeout: 60_000 });

/** A post of this test run's own, so other editor tests changing the blog do not disturb this one. */
async function createPost(request: APIRequestContext, title: string): Promise<BlogPost> {
  const admin = await loggedInAdmin(request, ADMIN);
  return factoryPost(admin, { title, excerpt: 'A post to subscribe from.', content: '<p>Subscribe below.</p>' });
}

const subscribeBox = (page: Page) => {
  const box = page.locator('.subscribe-box');
  return {
    email: box.getByLabel('Email address'),
    submit: box.locator('button[type="submit"]'),
    error: box.locator('.invalid-feedback'),
  };
};

async function subscribe(page: Page, address: string) {
  const { email, submit } = subscribeBox(page);
  await email.fill(address);
  await submit.click();
}

test.describe('blog subscriptions', () => {
  const address = `reader.${stamp()}@example.com`;
  let post: BlogPost;
  let confirmation: ParsedMail;

  test.beforeAll(async ({ request }) => {
    post = await createPost(request, `Subscriptions ${stamp()}`);
  });

  test('the subscribe box checks the address, shows a spinner, thanks and clears the field', async ({ page }) => {
    await gotoHydrated(page, post.url);
    const { email, submit, error } = subscribeBox(page);
    await expect(page.getByRole('heading', { name: 'STAY IN THE KNOW' })).toBeVisible();

    await submit.click();
    await expect(error).toBeVisible();
    await expect(error).toHaveText(MESSAGES.subscribeEmpty);
    await email.pressSequentially('x');
    await expect(error).toBeHidden();

    await email.fill('a+b@x.com');
    await submit.click();
    await expect(error).toHaveText(MESSAGES.subscribeInvalid);
    await email.press('End');
    await email.press('Backspace');
    await expect(error).toBeHidden();

    // Hold the request until the spinner has been seen; only the network is slowed, the server is real.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${urlOf(subscribers.subscribe)}`, async (route) => {
      await held;
      await route.continue();
    });
    const sent = page.waitForRequest(`**${urlOf(subscribers.subscribe)}`);
    const before = Date.now() - 1000;
    await subscribe(page, address);
    expect((await sent).postDataJSON()).toEqual({ email: address, blogId: post._id });
    await expect(submit).toHaveAttribute('aria-busy', 'true');
    await expect(submit.getByRole('status')).toBeVisible();
    await expect(submit).toBeDisabled();
    release();

    await expect(toasts(page, MESSAGES.subscribed)).toBeVisible();
    expect(await toasts(page, MESSAGES.subscribed).first().textContent()).toContain(MESSAGES.subscribed);
    await expect(email).toHaveValue('');
    await expect(submit).toHaveAttribute('aria-busy', 'false');
    await expect(error).toBeHidden();

    confirmation = await newestMailTo(address, /confirm your subscription/, before);
    expect(confirmation.header('list-unsubscribe')).toMatch(
      new RegExp(`^<http://127\\.0\\.0\\.1:\\d+${urlOf(subscribers.unsubscribeOneClick)}\\?id=`),
    );
    expect(confirmation.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  });

  test('the confirmation link opens a page that confirms; subscribing again looks like a new subscription and mails a note', async ({
    page,
    baseURL,
  }) => {
    const link = linkIn(confirmation.text, `${baseURL}/subscriptions/confirm?`);
    expect(link, 'confirmation link in the e-mail').toBeDefined();
    await page.goto(link!);
    await expect(page.getByRole('heading', { level: 1, name: 'Subscription confirmed' })).toBeVisible();
    await expect(page.getByText(address)).toBeVisible();

    // The answer is the one a new address gets, so the box tells nobody who is subscribed; the mailbox's
    // owner gets a note that there is nothing to do.
    await gotoHydrated(page, post.url);
    const before = Date.now() - 1000;
    await subscribe(page, address);
    await expect(toasts(page, MESSAGES.subscribed)).toBeVisible();
    const note = await newestMailTo(address, /^You are already subscribed/, before);
    expect(note.text).toContain('nothing to do');
  });

  test('the Subscribers page lists the address with its status and source post, and exports it as CSV', async ({
    page,
  }) => {
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/subscribers');
    await expect(page.getByRole('heading', { level: 1, name: 'Subscribers' })).toBeVisible();
    const row = page.getByTestId('subscriber-row').filter({ hasText: address });
    await expect(row).toHaveCount(1);
    await expect(row.locator('td').nth(1)).toHaveText('confirmed');
    await expect(row.locator('td').nth(2)).not.toBeEmpty();
    await expect(row.locator('td').nth(3)).toHaveText(post.title);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('subscribers.csv');
    const csv = fs.readFileSync(await file.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toBe('email,status,subscribed_at,confirmed_at,source_post');
    const line = csv.split('\r\n').find((l) => l.startsWith(`${address},`));
    expect(line).toMatch(new RegExp(`^${address.replace(/\./g, '\\.')},confirmed,[^,]+,[^,]+,${post.title}$`));
  });

  test('the unsubscribe link of the e-mail unsubscribes, and the administrator can remove the address', async ({
    page,
    baseURL,
  }) => {
    const link = linkIn(confirmation.text, `${baseURL}/subscriptions/unsubscribe?`);
    expect(link, 'unsubscribe link in the e-mail').toBeDefined();
    await page.goto(link!);
    // Opening the link only asks (mail scanners open every link, some twice); the button unsubscribes.
    await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe?' })).toBeVisible();
    await page.reload();
    const admin = await loggedInAdmin(page.request, ADMIN);
    const listed = (await admin.api.call(subscribers.listSubscribers)).body as {
      data: Array<{ email: string; status: string }>;
    };
    expect(listed.data.find((s) => s.email === address)?.status).toBe('confirmed');
    // The button works once the page's scripts run: a click before then posted the form natively and got
    // "Bad Request" in CI (forms that work before hydration are issue 29's part 7).
    await page.waitForFunction(() => window.history.scrollRestoration === 'manual');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();
    await expect(page.getByText(`${address} will get no more e-mails`)).toBeVisible();

    await login(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/subscribers');
    const row = page.getByTestId('subscriber-row').filter({ hasText: address });
    await expect(row.locator('td').nth(1)).toHaveText('unsubscribed');

    const dialog = page.getByRole('dialog', { name: 'Please confirm' });
    await row.getByRole('button', { name: `Remove ${address}` }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`Remove ${address} from the list?`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(1);

    await row.getByRole('button', { name: `Remove ${address}` }).click();
    const removed = page.waitForResponse(
      // The path up to the subscriber's id, which the page knows and the test does not.
      (r) =>
        r.url().includes(urlOf(subscribers.removeSubscriber, { params: { id: '' } })) &&
        r.request().method() === 'DELETE',
    );
    await dialog.getByRole('button', { name: 'Delete' }).click();
    expect((await removed).status()).toBe(200);
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Subscribers' })).toBeVisible();
    await expect(page.getByTestId('subscriber-row').filter({ hasText: address })).toHaveCount(0);
  });
});

test('a contact message shows on the Messages page as new; it can be marked read and deleted', async ({ page }) => {
  const letters = stamp().replace(/[^a-z]/g, '') || 'x';
  const firstName = `Inbox${letters}`;
  const name = `${firstName} Tester`;
  const message = `Please call me back about ${stamp()}.`;

  await gotoHydrated(page, '/');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('First Name', { exact: true }).fill(firstName);
  await form.getByLabel('Last Name', { exact: true }).fill('Tester');
  await form.getByLabel('Email', { exact: true }).fill('inbox.tester@example.com');
  await form.getByLabel('Message', { exact: true }).fill(message);
  await form.locator('button[type="submit"]').click();
  await expect(page.getByRole('alert').filter({ hasText: 'Success !' })).toBeVisible();

  await login(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  const row = page.getByTestId('message-row').filter({ hasText: message });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(name);
  await expect(row).toContainText('inbox.tester@example.com');
  // The newest message comes first.
  await expect(page.getByTestId('message-row').first()).toContainText(message);
  const badge = row.getByText('New', { exact: true });
  await expect(badge).toBeVisible();

  await row.getByRole('button', { name: 'Mark read' }).click();
  await expect(badge).toBeHidden();
  await expect(row.getByRole('button', { name: 'Mark unread' })).toBeVisible();
  await page.reload();
  await expect(row.getByRole('button', { name: 'Mark unread' })).toBeVisible();
  await expect(row.getByText('New', { exact: true })).toBeHidden();
  await row.getByRole('button', { name: 'Mark unread' }).click();
  await expect(row.getByText('New', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Mark read' })).toBeVisible();

  const dialog = page.getByRole('dialog', { name: 'Please confirm' });
  await row.getByRole('button', { name: `Delete message from ${name}` }).click();
  await expect(dialog).toContainText(`Delete the message from ${name}?`);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(page.getByTestId('message-row').filter({ hasText: message })).toHaveCount(0);
});

test.describe('admin lists on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('subscribers and messages show each row as a card of labelled lines, without sideways scrolling', async ({
    page,
    request,
  }) => {
    const address = `a-rather-long-reader-address.${stamp()}@example-company-domain.com`;
    expect((await api(request).call(subscribers.subscribe, { body: { email: address } })).status).toBe(200);
    const message = `Phone list check ${stamp()}, a message long enough to wrap over several lines on a phone.`;
    const sent = await api(request).call(contact.sendMail, {
      body: { name: 'Phone Tester', email: 'phone.tester@example-company-domain.com', message },
    });
    expect(sent.status).toBe(200);

    await login(page, ADMIN.email, ADMIN.password);
    for (const [path, row, labels] of [
      ['/admin/subscribers', page.getByTestId('subscriber-row').filter({ hasText: address }), ['E-mail', 'Status']],
      ['/admin/messages', page.getByTestId('message-row').filter({ hasText: message }), ['Date', 'From']],
    ] as const) {
      await page.goto(path);
      await expect(row).toBeVisible();
      const overflow = await page.evaluate(() => [
        document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ...[...document.querySelectorAll('.table-responsive')].map((w) => w.scrollWidth - w.clientWidth),
      ]);
      expect(
        overflow.every((px) => px <= 0),
        `${path} scrolls sideways by ${overflow.join(', ')} px`,
      ).toBe(true);
      const box = (await row.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      // Each line is labelled with its column's heading.
      const shown = await row
        .locator('td')
        .evaluateAll((cells) => cells.map((td) => getComputedStyle(td, '::before').content));
      expect(shown.slice(0, 2)).toEqual(labels.map((l) => `"${l}"`));
    }
  });
});
