import type { Page, Request } from '@playwright/test';
import * as subscribers from '#shared/api/subscribers.ts';
import { FORM_POST_MESSAGES, MESSAGES, SUBSCRIBE_MESSAGES } from '#shared/messages.ts';
import { api } from '#tests/helpers/api.ts';
import { linkIn, parseMail } from '#tests/helpers/mime.ts';
import { expect, latestMailTo, openStore, test, uniqueEmail } from './helpers';

/**
 * The contact form, the subscribe box and the unsubscribe button work before the page's scripts have run
 * and without JavaScript at all (docs/product.md#forms-without-javascript): the browser posts the form
 * and the server answers with the page showing what the script would have. Before hydration is
 * simulated by holding the page's JavaScript files back until after the click (only the network is
 * slowed; the server is real).
 */

const contactForm = (page: Page) => {
  const form = page.getByRole('form', { name: 'Contact form' });
  return {
    field: (label: string) => form.getByLabel(label, { exact: true }),
    error: (id: string) => form.locator(`#contact-${id} ~ .invalid-feedback`),
    submit: form.locator('button[type="submit"]'),
    sent: form.getByTestId('contact-sent'),
  };
};

const subscribeBox = (page: Page) => {
  const box = page.locator('.subscribe-box');
  return {
    email: box.getByLabel('Email address'),
    submit: box.getByRole('button', { name: 'Subscribe' }),
    error: box.locator('.invalid-feedback'),
  };
};

/** Holds every JavaScript file of the site until `release()`; requests of a page left behind are dropped. */
async function holdScripts(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/**/*.js', async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  return release;
}

/** The page has not hydrated: React Router's scroll restoration (set once it runs) is not there yet. */
async function expectNotHydrated(page: Page) {
  expect(await page.evaluate(() => window.history.scrollRestoration)).toBe('auto');
}

/** The form post the browser itself sent (a navigation, not a script's fetch). */
function nativePost(page: Page, path: RegExp): Promise<Request> {
  return page.waitForRequest(
    (r) => r.method() === 'POST' && path.test(new URL(r.url()).pathname + new URL(r.url()).search),
  );
}

function storedMessage(email: string) {
  const db = openStore();
  try {
    return db.prepare('SELECT name, email, message FROM contact_messages WHERE email = ?').get(email);
  } finally {
    db.close();
  }
}

/** The unsubscribe link of the newest e-mail to the address, once the mail worker has written it. */
async function unsubscribeLink(address: string, baseURL: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const raw = await latestMailTo(address);
      link = raw ? linkIn(parseMail(raw).text, `${baseURL}/subscriptions/unsubscribe?`) : undefined;
      return Boolean(link);
    })
    .toBe(true);
  return link!;
}

for (const mode of ['without JavaScript', 'before the scripts have loaded'] as const) {
  test.describe(`forms ${mode}`, () => {
    const noScript = mode === 'without JavaScript';
    test.use({ javaScriptEnabled: !noScript });

    /** Opens the page; with JavaScript, its scripts are held until the returned function is called. */
    async function open(page: Page, url: string) {
      const release = noScript ? () => {} : await holdScripts(page);
      await page.goto(url, { waitUntil: 'commit' });
      await page.locator('footer').waitFor();
      if (!noScript) await expectNotHydrated(page);
      return release;
    }

    test('the contact form sends and says so; then it works as the script would', async ({ page }, testInfo) => {
      const email = uniqueEmail(`contact-${testInfo.project.name}`);
      const message = `Sent ${mode} from the ${testInfo.project.name} browser.\nSecond line.`;
      const release = await open(page, '/');
      const form = contactForm(page);
      await form.field('First Name').fill('Grace');
      await form.field('Last Name').fill('Hopper');
      await form.field('Email').fill(email);
      await form.field('Message').fill(message);
      const posted = nativePost(page, /^\/\?index$/);
      await form.submit.click();
      expect((await posted).isNavigationRequest()).toBe(true);
      await page.waitForURL('/?index#contact_us');
      release();

      await expect(form.sent).toHaveText(MESSAGES.sendMailSuccess);
      for (const label of ['First Name', 'Last Name', 'Email', 'Message'])
        await expect(form.field(label)).toHaveValue('');
      expect(storedMessage(email)).toEqual({ name: 'Grace Hopper', email, message });
      await expect(form.sent).toBeInViewport();
      await page.screenshot({ path: testInfo.outputPath(`contact-sent-${testInfo.project.name}.png`) });
      if (noScript) return;

      // Once hydrated, the page is the script's again: a refusal is shown without any post.
      await page.waitForFunction(() => window.history.scrollRestoration === 'manual');
      await form.field('First Name').fill('Grace2');
      await form.submit.click();
      await expect(form.error('firstName')).toHaveText(MESSAGES.invalidFirstName);
      await expect(form.sent).toBeHidden();
      await expect(page).toHaveURL('/?index#contact_us');
    });

    test('a refused contact form shows the messages beside the fields and keeps what was typed', async ({ page }) => {
      const release = await open(page, '/');
      const form = contactForm(page);
      const message = `Kept word for word ${mode}: <b>bold</b> & more.`;
      await form.field('First Name').fill('Grace2');
      await form.field('Email').fill('grace@example');
      await form.field('Message').fill(message);
      await form.submit.click();
      await page.waitForURL('/?index#contact_us');
      release();

      await expect(form.error('firstName')).toHaveText(MESSAGES.invalidFirstName);
      await expect(form.error('lastName')).toHaveText(MESSAGES.fieldEmpty);
      await expect(form.error('email')).toHaveText(MESSAGES.invalidContactEmail);
      await expect(form.error('message')).toBeHidden();
      await expect(form.field('First Name')).toHaveValue('Grace2');
      await expect(form.field('Email')).toHaveValue('grace@example');
      await expect(form.field('Message')).toHaveValue(message);
      await expect(form.sent).toHaveCount(0);
    });

    test('the subscribe box subscribes, and a refused address is shown again with its message', async ({
      page,
      baseURL,
    }, testInfo) => {
      let release = await open(page, '/blogs');
      const box = subscribeBox(page);
      await box.email.fill('not an address');
      await box.submit.click();
      await page.waitForURL('/subscriptions/subscribe');
      release();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(FORM_POST_MESSAGES.subscribeTitle);
      await expect(box.error).toHaveText(MESSAGES.subscribeInvalid);
      await expect(box.email).toHaveValue('not an address');

      // The box on that page posts the same way.
      const address = uniqueEmail(`early-${testInfo.project.name}`);
      if (!noScript) {
        await page.unrouteAll({ behavior: 'ignoreErrors' });
        release = await open(page, '/subscriptions/subscribe');
      }
      await box.email.fill(address);
      const posted = nativePost(page, /^\/subscriptions\/subscribe$/);
      await box.submit.click();
      expect((await posted).isNavigationRequest()).toBe(true);
      release();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(MESSAGES.subscribed);
      await expect(page.getByText(SUBSCRIBE_MESSAGES.checkInbox)).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`subscribed-${testInfo.project.name}.png`) });

      // The confirmation e-mail went out: the address is pending, as after the script's subscription.
      const link = await unsubscribeLink(address, baseURL!);
      expect(link).toContain('/subscriptions/unsubscribe?id=');
    });

    test('the unsubscribe button unsubscribes', async ({ page, request, baseURL }, testInfo) => {
      const address = uniqueEmail(`leaving-${testInfo.project.name}`);
      const res = await api(request).call(subscribers.subscribe, { body: { email: address, blogId: null } });
      expect(res.status).toBe(200);
      const link = await unsubscribeLink(address, baseURL!);

      const release = await open(page, link);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unsubscribe?');
      const posted = nativePost(page, /^\/subscriptions\/unsubscribe\?/);
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      expect((await posted).isNavigationRequest()).toBe(true);
      release();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are unsubscribed');
      await expect(page.getByText(SUBSCRIBE_MESSAGES.unsubscribedEmail(address))).toBeVisible();
      const db = openStore();
      try {
        expect(db.prepare('SELECT status FROM subscribers WHERE email = ?').get(address)).toEqual({
          status: 'unsubscribed',
        });
      } finally {
        db.close();
      }
    });
  });
}
