import * as auth from '#shared/api/auth.ts';
import * as setup from '#shared/api/setup.ts';
import { SETUP_NOTICES } from '#shared/messages.ts';
import { api, urlOf } from '#tests/helpers/api.ts';
import { createAdmin, expect, latestMailTo, login, test, uniqueEmail } from './helpers';

// Each test makes its own administrator through the CLI (a short Node process), which takes a moment.
test.describe.configure({ timeout: 60_000 });

test.describe('administrator login and session', () => {
  test('wrong password shows the server message, the right one opens the banner editor', async ({ page }) => {
    const email = uniqueEmail('login');
    createAdmin(email, 'right-pass');
    await page.goto('/admin');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('wrong-pass');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    await page.getByLabel('Password').fill('right-pass');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await expect(page).toHaveURL(/\/admin\/banner$/);
    const stored = await page.evaluate(() => ({
      isLoggedIn: localStorage.getItem('isLoggedIn'),
      token: localStorage.getItem('token'),
      user: JSON.parse(localStorage.getItem('user') ?? 'null'),
    }));
    expect(stored.isLoggedIn).toBe('true');
    expect(stored.token?.length).toBeGreaterThan(20);
    expect(stored.user).toMatchObject({ email, _id: expect.any(String) });
  });

  test('guards: admin pages go to / when logged out, /admin goes to the editor when logged in', async ({ page }) => {
    for (const path of ['/admin/banner', '/admin/change-password', '/admin/blogs/edit/123']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
    }
    const email = uniqueEmail('guard');
    createAdmin(email, 'guard-pass');
    await login(page, email, 'guard-pass');
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/banner$/);
  });

  test('a session the server no longer accepts asks to log in again; giving up clears it and returns to /admin', async ({
    page,
  }) => {
    const email = uniqueEmail('revoked');
    createAdmin(email, 'first-pass');
    await login(page, email, 'first-pass');
    // The password is reset from the shell, which ends every session of the account.
    createAdmin(email, 'second-pass');
    await page.goto('/admin/change-password');
    await page.getByLabel('Old Password').fill('first-pass');
    await page.getByLabel('New Password', { exact: true }).fill('third-pass');
    await page.getByLabel('Confirn New Password').fill('third-pass');
    await page.getByRole('button', { name: 'Change' }).click();
    // The screen stays, with a login dialog in place (docs/product.md#access-and-session) …
    const dialog = page.getByRole('dialog', { name: 'Please log in again' });
    await expect(dialog).toBeVisible();
    await expect(page.getByLabel('Old Password')).toHaveValue('first-pass');
    // … and an administrator who gives up is logged out as before.
    await dialog.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    expect(await page.evaluate(() => localStorage.getItem('isLoggedIn'))).toBeNull();
  });

  test('the home page reached by logging out is fully styled', async ({ page }) => {
    const email = uniqueEmail('logout-styled');
    createAdmin(email, 'logout-pass');
    await login(page, email, 'logout-pass');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    // A client-side navigation: the home page has none of its server-inlined rules, only the site stylesheet
    // the admin screen had, which must still be there.
    await expect(page.locator('.banner-section')).toHaveCSS('display', 'flex');
    await expect(page.getByTestId('site-header')).toBeVisible();
    expect(
      await page.evaluate(() => document.querySelectorAll('link[rel="stylesheet"][href^="/assets/app-"]').length),
    ).toBeGreaterThan(0);
  });

  test('logout revokes the token, clears storage and goes home', async ({ page }) => {
    const email = uniqueEmail('logout');
    createAdmin(email, 'logout-pass');
    await login(page, email, 'logout-pass');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(
      await page.evaluate(() => [
        localStorage.getItem('isLoggedIn'),
        localStorage.getItem('token'),
        localStorage.getItem('user'),
      ]),
    ).toEqual([null, null, null]);
    // The revoke request leaves as the page moves on; it lands moments later.
    await expect
      .poll(
        async () => (await api(page.request).call(auth.me, { headers: { authorization: `Bearer ${token}` } })).status,
      )
      .toBe(401);
  });
});

test.describe('change password', () => {
  test('validation messages of docs/product.md#validation-rules', async ({ page }) => {
    const email = uniqueEmail('cp-rules');
    createAdmin(email, 'rules-pass');
    await login(page, email, 'rules-pass');
    await page.goto('/admin/change-password');
    await page.getByRole('button', { name: 'Change' }).click();
    await expect(page.getByText('Field cannot be empty !')).toHaveCount(3);
    await page.getByLabel('Old Password').fill('rules-pass');
    await page.getByLabel('New Password', { exact: true }).fill('abcd');
    await page.getByLabel('Confirn New Password').fill('abc');
    await page.getByRole('button', { name: 'Change' }).click();
    await expect(page.getByText('New password must contain atleast 5 characters')).toBeVisible();
    await expect(page.getByText('Confirm password must contain atleast 5 characters')).toBeVisible();
    await page.getByLabel('New Password', { exact: true }).fill('abcde');
    await expect(page.getByText('New password must contain atleast 5 characters')).toHaveCount(0);
    await page.getByLabel('Confirn New Password').fill('abcdf');
    await page.getByRole('button', { name: 'Change' }).click();
    await expect(page.getByText('Confirm password does not match with new password!')).toBeVisible();
  });

  test('wrong old password shows the server message and keeps the session', async ({ page }) => {
    const email = uniqueEmail('cp-wrong');
    createAdmin(email, 'wrong-old-pass');
    await login(page, email, 'wrong-old-pass');
    await page.goto('/admin/change-password');
    await page.getByLabel('Old Password').fill('not-it');
    await page.getByLabel('New Password', { exact: true }).fill('newer-pass');
    await page.getByLabel('Confirn New Password').fill('newer-pass');
    await page.getByRole('button', { name: 'Change' }).click();
    await expect(page.getByText('Old password is incorrect')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/change-password$/);
  });

  test('changing the password clears the fields and the new password logs in', async ({ page }) => {
    const email = uniqueEmail('cp-ok');
    createAdmin(email, 'old-pass');
    await login(page, email, 'old-pass');
    await page.goto('/admin/change-password');
    await page.getByLabel('Old Password').fill('old-pass');
    await page.getByLabel('New Password', { exact: true }).fill('new-pass');
    await page.getByLabel('Confirn New Password').fill('new-pass');
    await page.getByRole('button', { name: 'Change' }).click();
    await expect(page.getByText('Password changed successfully !')).toBeVisible();
    for (const label of ['Old Password', 'Confirn New Password']) await expect(page.getByLabel(label)).toHaveValue('');
    await expect(page.getByLabel('New Password', { exact: true })).toHaveValue('');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/admin');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('old-pass');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await login(page, email, 'new-pass');
  });
});

test('forgot password end to end with the code from the delivered e-mail', async ({ page }) => {
  const email = uniqueEmail('forgot');
  createAdmin(email, 'forgotten-pass');
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Forgot Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset Password' });
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByRole('button', { name: 'Get OTP' }).click();
  await expect(dialog.getByText('Please enter a valid Email')).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Get OTP' }).click();
  await expect(page.getByText('If an account exists for that e-mail, a reset code has been sent to it.')).toBeVisible();

  await expect(dialog.getByLabel('Email')).toHaveValue(email);
  await expect(dialog.getByLabel('Email')).toHaveAttribute('readonly', '');
  let mail: string | undefined;
  await expect.poll(async () => (mail = await latestMailTo(email)), { timeout: 10_000 }).toBeTruthy();
  const code = /reset code is (\d{6})/.exec(mail!)?.[1];
  expect(code).toMatch(/^\d{6}$/);

  await dialog.getByRole('button', { name: 'Reset Password' }).click();
  await expect(dialog.getByText('Field cannot be empty !').first()).toBeVisible();
  await dialog.getByLabel('OTP').fill(code === '000000' ? '111111' : '000000');
  await dialog.getByLabel('New Password').fill('reset-pass');
  await dialog.getByLabel('Confirm Password').fill('reset-pass');
  await dialog.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('The code is invalid or has expired. Please request a new one.')).toBeVisible();
  await dialog.getByLabel('OTP').fill(code!);
  await dialog.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Your password has been reset. Please log in with the new password.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Opening the dialog again starts from a clean first step.
  await page.getByRole('button', { name: 'Forgot Password' }).click();
  await expect(page.getByRole('dialog', { name: 'Reset Password' }).getByLabel('Email')).toHaveValue('');
  await page.keyboard.press('Escape');
  await login(page, email, 'reset-pass');
});

test('sidebar collapses to icons on desktop and slides in on phone width', async ({ page }) => {
  const email = uniqueEmail('sidebar');
  createAdmin(email, 'sidebar-pass');
  await login(page, email, 'sidebar-pass');
  const sidebar = page.getByTestId('admin-sidebar');
  const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
  const width = () => sidebar.evaluate((el) => Math.round(el.getBoundingClientRect().width));
  const left = () => sidebar.evaluate((el) => Math.round(el.getBoundingClientRect().left));
  for (const label of [
    'Banner',
    'Product Delivery',
    'Portfolio',
    'Our Services',
    'Team',
    'About',
    'Social Media',
    'Blog Category',
    'Blogs',
    'Privacy Policy',
    'Change Password',
  ]) {
    await expect(sidebar.getByRole('link', { name: label, exact: true })).toHaveCount(1);
  }
  const transition = await sidebar.evaluate((el) => getComputedStyle(el).transitionDuration);
  expect(transition.split(',').map((d) => d.trim())).toContain('0.3s');

  if ((page.viewportSize()?.width ?? 0) >= 992) {
    expect(await width()).toBe(250);
    await toggle.click();
    await expect.poll(width).toBe(80);
    await toggle.click();
    await expect.poll(width).toBe(250);
  } else {
    await expect.poll(left).toBeLessThan(-200);
    await toggle.click();
    await expect.poll(left).toBe(0);
    await sidebar.getByRole('link', { name: 'Change Password' }).click();
    await expect(page).toHaveURL(/\/admin\/change-password$/);
    await expect.poll(left).toBeLessThan(-200);
  }
});

// docs/product.md#setup-notices: the browser-test server has PUBLIC_URL but no SMTP_URL.
test('a site without SMTP_URL says so above the admin pages, until the notice is closed', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail('notices');
  createAdmin(email, 'notice-pass');
  await login(page, email, 'notice-pass');
  const notice = page.getByRole('alert').filter({ hasText: SETUP_NOTICES.smtp });
  await expect(notice).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'PUBLIC_URL' })).toHaveCount(0);
  // Above the page, inside the viewport, and the page does not scroll sideways because of it.
  const box = (await notice.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  await page.screenshot({ path: testInfo.outputPath(`setup-notice-${page.viewportSize()!.width}.png`) });

  await notice.getByRole('button', { name: SETUP_NOTICES.dismiss }).click();
  await expect(notice).toHaveCount(0);
  // Closed for the rest of the browser session: not back on the next page or after a reload.
  await page.goto('/admin/change-password');
  await expect(page.getByLabel('Old Password')).toBeVisible();
  // (Settled first, so the answer awaited is the reloaded page's.)
  await page.waitForLoadState('networkidle');
  const asked = page.waitForResponse(`**${urlOf(setup.listSetupNotices)}`);
  await page.reload();
  // The server still answers with it (as when it was shown above); the browser keeps it closed.
  expect((await asked).status()).toBe(200);
  await expect(page.getByLabel('Old Password')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: SETUP_NOTICES.smtp })).toHaveCount(0);
});
