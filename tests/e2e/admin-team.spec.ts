import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { TEAM_MESSAGES } from '#shared/messages.ts';
import { ROLE_LABELS, type Role } from '#shared/roles.ts';
import { SEEDED_ADMIN } from '#tests/helpers/factories.ts';
import { newsletterAudience } from '#shared/api/newsletter.ts';
import { recordRequests } from './editor-helpers';
import { expect, isPhone, login, test, uniqueEmail } from './helpers';

/** docs/product.md#team-and-roles: the Owner invites, the invited join, see their own screens, and are suspended. */
test.describe.configure({ timeout: 90_000 });

const SHOTS = '/tmp/team-shots';
const shot = async (page: Page, name: string) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png` });
};

const sidebarEntries = (page: Page) =>
  page.getByTestId('admin-sidebar').locator('a.admin-nav-link .admin-sidebar-label').allTextContents();

/** Invites someone from the Staff screen and answers the link shown to copy (the test server has no SMTP). */
async function invite(page: Page, email: string, role: Role): Promise<string> {
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption({ label: ROLE_LABELS[role] });
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByText(TEAM_MESSAGES.inviteLinkOnly).first()).toBeVisible();
  const link = await page.getByLabel('Invitation link').inputValue();
  expect(link).toContain('/admin/invite/');
  await expect(page.getByTestId('invite-row').filter({ hasText: email })).toBeVisible();
  return new URL(link).pathname;
}

/** Opens the link in a browser of its own (nobody signed in), at the test's viewport, and joins. */
async function accept(browser: Browser, viewport: { width: number; height: number }, baseURL: string, link: string) {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: /^Join .+ as / })).toBeVisible();
  return { context, page };
}

async function join(page: Page, name: string, password: string) {
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Join' }).click();
}

test('the Owner invites an Editor and a Contributor, who join and see only their screens; a suspended Editor is signed out', async ({
  page,
  browser,
  baseURL,
}) => {
  const viewport = page.viewportSize()!;
  const editorEmail = uniqueEmail('editor');
  const contributorEmail = uniqueEmail('contributor');

  await login(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
  await page.goto('/admin/staff');
  await expect(page.getByRole('heading', { name: 'Staff', exact: true })).toBeVisible();
  const editorLink = await invite(page, editorEmail, 'editor');
  await page.getByTestId('invite-link').getByRole('button', { name: 'Close' }).click();
  const contributorLink = await invite(page, contributorEmail, 'contributor');
  await shot(page, 'staff-owner');

  // A link that does not exist says so, with the way to the login.
  const stranger = await browser.newContext({ baseURL, viewport });
  const lost = await stranger.newPage();
  await lost.goto(`${editorLink}x`);
  await expect(lost.getByText(TEAM_MESSAGES.inviteNotFound)).toBeVisible();
  await expect(lost.getByRole('link', { name: 'Go to the login' })).toBeVisible();
  await stranger.close();

  // The Contributor joins: the accept page, then Blogs, with only their three screens.
  const contributor = await accept(browser, viewport, baseURL!, contributorLink);
  await expect(contributor.page.getByLabel('Email')).toHaveValue(contributorEmail);
  await shot(contributor.page, 'accept');
  await join(contributor.page, 'Casey Contributor', 'contrib-pass');
  await expect(contributor.page).toHaveURL(/\/admin\/blogs$/);
  expect((await sidebarEntries(contributor.page)).sort()).toEqual(['Blogs', 'Change Password', 'Media', 'Profile']);
  // A screen their role does not open sends them back to their first one.
  await contributor.page.goto('/admin/settings');
  await expect(contributor.page).toHaveURL(/\/admin\/blogs$/);
  await contributor.context.close();

  // The Editor joins: the landing page's editors, no Outgoing mail or Settings, and Staff inviting only Authors and Contributors.
  const editor = await accept(browser, viewport, baseURL!, editorLink);
  await join(editor.page, 'Eddie Editor', 'editor-pass');
  await expect(editor.page).toHaveURL(/\/admin\/banner$/);
  const entries = await sidebarEntries(editor.page);
  expect(entries).toContain('Staff');
  expect(entries).toContain('Blogs');
  expect(entries).not.toContain('Outgoing mail');
  expect(entries).not.toContain('Settings');
  await editor.page.goto('/admin/staff');
  await expect(editor.page.getByRole('heading', { name: 'Staff', exact: true })).toBeVisible();
  const roleOptions = await editor.page.getByLabel('Role', { exact: true }).locator('option').allTextContents();
  expect(roleOptions).toEqual(['Author', 'Contributor']);
  await expect(editor.page.getByRole('button', { name: 'Suspend' })).toHaveCount(0);
  await shot(editor.page, 'staff-editor');

  // The Owner suspends the Editor …
  await page.reload();
  const editorRow = page.getByTestId('staff-row').filter({ hasText: editorEmail });
  await editorRow.getByRole('button', { name: 'Suspend' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Suspend' }).click();
  await expect(editorRow.getByText('Suspended')).toBeVisible();

  // … and the Editor's next click ends in the login.
  // (On a phone the sidebar slides in from the menu toggle first.)
  if (isPhone(editor.page)) await editor.page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await editor.page.getByTestId('admin-sidebar').getByRole('link', { name: 'Subscribers' }).click();
  await expect(editor.page.getByLabel('Email')).toBeVisible();
  await expect(editor.page).toHaveURL(/\/admin$/);
  await editor.context.close();
});

test("the Owner sets an Author's switches and role, suspends and reactivates, deletes with their posts handed on, and resends and revokes an invitation", async ({
  page,
  browser,
  baseURL,
}) => {
  const viewport = page.viewportSize()!;
  const authorEmail = uniqueEmail('author');
  await login(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
  await page.goto('/admin/staff');
  const authorLink = await invite(page, authorEmail, 'author');
  const author = await accept(browser, viewport, baseURL!, authorLink);
  await join(author.page, 'Ada Author', 'author-pass');
  await expect(author.page).toHaveURL(/\/admin\/blogs$/);
  // Without "May send newsletters" the post editor has no newsletter controls and asks nothing about them.
  const audienceCalls = recordRequests(author.page, newsletterAudience);
  await author.page.getByRole('link', { name: 'Add New' }).click();
  await expect(author.page).toHaveURL(/\/admin\/blogs\/create$/);
  await expect(author.page.getByLabel('Title', { exact: true })).toBeVisible();
  await author.page.getByLabel('Status', { exact: true }).selectOption('published');
  await expect(author.page.getByText(/E-mail this post to/)).toHaveCount(0);
  await expect(author.page.getByText('Newsletter', { exact: true })).toHaveCount(0);
  expect(audienceCalls).toHaveLength(0);
  await author.context.close();

  await page.reload();
  const row = page.getByTestId('staff-row').filter({ hasText: authorEmail });
  await expect(row.getByText('Author', { exact: true })).toBeVisible();

  // The switches of an Author: newsletters and categories.
  await row.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('May send newsletters')).not.toBeChecked();
  await expect(dialog.getByText('May post in')).toBeVisible();
  await dialog.getByLabel('May send newsletters').check();
  await shot(page, 'staff-manage');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(TEAM_MESSAGES.switchesSaved, { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  // A Contributor has no newsletter switch.
  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(dialog.getByLabel('May send newsletters')).toBeChecked();
  await dialog.getByLabel('Role').selectOption({ label: 'Contributor' });
  await expect(dialog.getByLabel('May send newsletters')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(TEAM_MESSAGES.roleChanged)).toBeVisible();
  await expect(row.getByText('Contributor', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: 'Suspend' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Suspend' }).click();
  await expect(row.getByText('Suspended')).toBeVisible();
  await row.getByRole('button', { name: 'Reactivate' }).click();
  await expect(page.getByText(TEAM_MESSAGES.reactivated('Ada Author'))).toBeVisible();
  await expect(row.getByText('Active')).toBeVisible();

  // Deleting asks who receives their posts.
  await row.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog.getByLabel(/Their .*posts? go to/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);

  // Someone already on the staff cannot be invited: the server's refusal is a toast.
  await page.getByLabel('E-mail', { exact: true }).fill(SEEDED_ADMIN.email);
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByText(TEAM_MESSAGES.alreadyOnStaff)).toBeVisible();

  // An invitation sent again has a new link; a revoked one is gone.
  const pendingEmail = uniqueEmail('pending');
  const firstLink = await invite(page, pendingEmail, 'author');
  const inviteRow = page.getByTestId('invite-row').filter({ hasText: pendingEmail });
  await inviteRow.getByRole('button', { name: 'Resend' }).click();
  await expect(
    page.getByText(TEAM_MESSAGES.inviteResent(pendingEmail)).or(page.getByText(TEAM_MESSAGES.inviteLinkOnly).first()),
  ).toBeVisible();
  await expect
    .poll(async () => new URL(await page.getByLabel('Invitation link').inputValue()).pathname)
    .not.toBe(firstLink);
  await inviteRow.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(inviteRow).toHaveCount(0);
});

test('the Owner hands the site over to an Administrator, who hands it back', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  // The site has one Owner, shared by the tests of this server: one project's run is enough, and it hands it back.
  test.skip(testInfo.project.name !== 'desktop', 'one run changes the shared Owner');
  const viewport = page.viewportSize()!;
  const email = uniqueEmail('heir');
  await login(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
  await page.goto('/admin/staff');
  const link = await invite(page, email, 'administrator');
  const heir = await accept(browser, viewport, baseURL!, link);
  await join(heir.page, 'Hana Heir', 'heir-pass');
  await expect(heir.page).toHaveURL(/\/admin\/banner$/);

  await page.reload();
  const heirRow = page.getByTestId('staff-row').filter({ hasText: email });
  await heirRow.getByRole('button', { name: 'Hand over the site' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Hand over' }).click();
  await expect(page.getByText(TEAM_MESSAGES.ownershipTransferred('Hana Heir'))).toBeVisible();
  await expect(heirRow.getByText('Owner', { exact: true })).toBeVisible();
  // The former Owner is an Administrator now: no more handing over, and their own row says so.
  await expect(page.getByRole('button', { name: 'Hand over the site' })).toHaveCount(0);
  const myRow = page.getByTestId('staff-row').filter({ hasText: SEEDED_ADMIN.email });
  await expect(myRow.getByText('Administrator', { exact: true })).toBeVisible();

  // The new Owner hands it back, and the former heir is removed.
  await heir.page.goto('/admin/staff');
  await heir.page
    .getByTestId('staff-row')
    .filter({ hasText: SEEDED_ADMIN.email })
    .getByRole('button', { name: 'Hand over the site' })
    .click();
  await heir.page.getByRole('dialog').getByRole('button', { name: 'Hand over' }).click();
  await expect(heir.page.getByText(TEAM_MESSAGES.ownershipTransferred('Administrator'))).toBeVisible();
  await heir.context.close();
  await page.reload();
  await expect(myRow.getByText('Owner', { exact: true })).toBeVisible();
  await heirRow.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(heirRow).toHaveCount(0);
});
