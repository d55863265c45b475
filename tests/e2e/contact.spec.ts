import { type Page } from '@playwright/test';
import * as contact from '#shared/api/contact.ts';
import { urlOf } from '#tests/helpers/api.ts';
import { expect, gotoHydrated, openStore, test } from './helpers';

type Field = 'firstName' | 'lastName' | 'email' | 'message';
const LABELS: Record<Field, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  message: 'Message',
};

function contactForm(page: Page) {
  const form = page.getByRole('form', { name: 'Contact form' });
  return {
    form,
    field: (name: Field) => form.getByLabel(LABELS[name], { exact: true }),
    /** The message shown under a field (Bootstrap shows .invalid-feedback only next to an invalid input). */
    error: (name: Field) => form.locator(`#contact-${name} ~ .invalid-feedback`),
    submit: form.locator('button[type="submit"]'),
  };
}

async function expectErrors(page: Page, expected: Partial<Record<Field, string>>) {
  const { error } = contactForm(page);
  for (const name of Object.keys(LABELS) as Field[]) {
    const text = expected[name];
    if (text) {
      await expect(error(name), `error under ${name}`).toBeVisible();
      await expect(error(name), `error under ${name}`).toHaveText(text);
    } else {
      await expect(error(name), `no error under ${name}`).toBeHidden();
    }
  }
}

/**
 * Records inside the page when a toast with the text appears (as an alert) and when it starts closing (it
 * is no longer an alert and plays its exit animation). Timing in the page means a busy test runner
 * polling late cannot skew the measurement. Returns a reader for the two times (ms).
 */
async function timeToastInPage(page: Page, text: string) {
  await page.evaluate((wanted) => {
    const timing: { shown?: number; closing?: number } = {};
    (window as unknown as { __toast: typeof timing }).__toast = timing;
    // `closing` is the last moment the toast went away: a node the toast library swaps within one
    // frame (seen once under heavy load) is not the toast closing, and a real early close is still last.
    let present = false;
    new MutationObserver(() => {
      const now = performance.now();
      const alert = [...document.querySelectorAll('[role="alert"]')].some((el) => el.textContent?.includes(wanted));
      if (alert) timing.shown ??= now;
      if (present && !alert) timing.closing = now;
      present = alert;
    }).observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
  }, text);
  return () => page.evaluate(() => (window as unknown as { __toast: { shown: number; closing: number } }).__toast);
}

const EMPTY_ERRORS = {
  firstName: 'Field cannot be empty !',
  lastName: 'Field cannot be empty !',
  email: 'Please enter a valid Email!',
  message: 'Please enter a message!',
};

test.describe('contact form validation', () => {
  test.beforeEach(async ({ page }) => {
    await gotoHydrated(page, '/');
  });

  test('empty and whitespace-only fields are rejected, and typing clears a field’s error', async ({ page }) => {
    const { field, submit } = contactForm(page);
    await submit.click();
    await expectErrors(page, EMPTY_ERRORS);

    await field('firstName').pressSequentially('A');
    await expectErrors(page, { ...EMPTY_ERRORS, firstName: undefined });
    await field('message').fill('Hello');
    await expectErrors(page, { lastName: EMPTY_ERRORS.lastName, email: EMPTY_ERRORS.email });

    // Only spaces counts as empty. (An e-mail input drops surrounding spaces by itself, so it stays empty.)
    for (const name of ['firstName', 'lastName', 'message'] as const) await field(name).fill('   ');
    await expectErrors(page, { email: EMPTY_ERRORS.email });
    await submit.click();
    await expectErrors(page, EMPTY_ERRORS);
  });

  test('names take only letters and dots, and the e-mail needs an @ and a dot', async ({ page }) => {
    const { field, submit } = contactForm(page);
    await field('firstName').fill('Ada2');
    await field('lastName').fill('L0v');
    await field('email').fill('a.b');
    await field('message').fill('Hello there');
    await submit.click();
    await expectErrors(page, {
      firstName: 'Please enter a valid name!',
      lastName: 'Please enter a valid last name!',
      email: 'Please enter a valid Email!',
    });

    // '@' without a dot is not enough either; a dotted name is a valid name.
    await field('email').fill('ada@example');
    await field('firstName').fill('J.R.R.');
    await field('lastName').fill('Tolkien');
    await submit.click();
    await expectErrors(page, { email: 'Please enter a valid Email!' });
    await expect(field('firstName')).toHaveValue('J.R.R.');
  });
});

test('a valid message shows a spinner while sending, a success toast, clears the form and is stored', async ({
  page,
}, testInfo) => {
  const email = `first.last.${testInfo.project.name}.${Date.now()}@example.com`;
  const message = `Hello from the ${testInfo.project.name} browser test (${Date.now()}).\nSecond line.`;

  // Hold the request until the spinner has been seen; this only slows the network, the server is real.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${urlOf(contact.sendMail)}`, async (route) => {
    await held;
    await route.continue();
  });

  await gotoHydrated(page, '/');
  const toastTiming = await timeToastInPage(page, 'Success !');
  const { field, submit } = contactForm(page);
  await field('firstName').fill('First');
  await field('lastName').fill('Last');
  await field('email').fill(email);
  await field('message').fill(message);
  await submit.click();
  // Keep the pointer off the toast, which would pause its timer.
  await page.mouse.move(1, page.viewportSize()!.height - 1);

  await expect(submit).toHaveAttribute('aria-busy', 'true');
  await expect(submit.getByRole('status')).toBeVisible();
  await expect(submit).toBeDisabled();
  release();

  // The toast is announced as an alert.
  await expect(page.getByRole('alert').filter({ hasText: 'Success !' })).toBeVisible();
  await expect(submit).toHaveAttribute('aria-busy', 'false');
  await expect(submit).toHaveText('Submit');
  for (const name of Object.keys(LABELS) as Field[]) await expect(field(name)).toHaveValue('');

  const db = openStore();
  try {
    const row = db.prepare('SELECT name, email, message FROM contact_messages WHERE email = ?').get(email);
    expect(row).toEqual({ name: 'First Last', email, message });
  } finally {
    db.close();
  }

  // react-toastify closes it after 3000 ms (counted once its entrance has played): still shown at 2 s, closed
  // by 5 s, then it leaves the page after its exit animation.
  await expect(page.getByText('Success !', { exact: true })).toBeHidden({ timeout: 8000 });
  const { shown, closing } = await toastTiming();
  expect(closing - shown, 'toast closes after (ms)').toBeGreaterThan(2000);
  expect(closing - shown, 'toast closes after (ms)').toBeLessThan(5000);
});
