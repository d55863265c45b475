import type { Browser, Page } from '@playwright/test';
import { MESSAGES, TEAM_MESSAGES, TEAM_UI_MESSAGES } from '#shared/messages.ts';
import type { Role } from '#shared/roles.ts';
import * as blog from '#shared/api/blog.ts';
import * as staff from '#shared/api/staff.ts';
import { loggedInAdmin } from '#tests/helpers/factories.ts';
import { linkIn, parseMail } from '#tests/helpers/mime.ts';
import { expectToast, typeRich, waitForRich } from './editor-helpers';
import { expect, isPhone, latestMailTo, test, uniqueEmail } from './helpers';

/**
 * docs/product.md#review, in the browser at both widths: a Contributor submits a post, an Editor asks for
 * changes with a note, the Contributor sees it, edits and submits again, the Editor publishes. The
 * invitations are sent as the staff screen sends them, and the links are read from the mail files.
 */
test.describe.configure({ timeout: 120_000 });

/** This run's post (one worker runs this file per project). */
let title = '';

/** Invites through the API as the Owner, reads the link from the e-mail the site wrote, and joins there. */
async function member(browser: Browser, page: Page, baseURL: string, role: Role, name: string) {
  const email = uniqueEmail(role);
  const owner = await loggedInAdmin(page.request);
  const sent = await owner.api.call(staff.inviteStaff, { body: { email, role } });
  expect(sent.status, sent.text).toBe(200);
  await expect.poll(async () => Boolean(await latestMailTo(email)), { timeout: 15_000 }).toBe(true);
  const mail = parseMail((await latestMailTo(email))!);
  const link = linkIn(mail.text, `${baseURL}/admin/invite/`);
  expect(link, 'the invitation e-mail carries the link').toBe(sent.data.link);
  const context = await browser.newContext({ baseURL, viewport: page.viewportSize()! });
  const own = await context.newPage();
  await own.goto(new URL(link!).pathname);
  await own.getByLabel('Name').fill(name);
  await own.getByLabel('Password', { exact: true }).fill('team-pass');
  await own.getByLabel('Confirm Password').fill('team-pass');
  await own.getByRole('button', { name: 'Join' }).click();
  await expect(own).toHaveURL(/\/admin\/(blogs|banner)$/);
  return { context, page: own };
}

async function openPost(page: Page, title: string) {
  await page.goto('/admin/blogs?category=all');
  await page
    .getByRole('link', { name: `Edit ${title}` })
    .first()
    .click();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
  await waitForRich(page, 'blog-content');
}

test('a Contributor submits, an Editor asks for changes, the Contributor resubmits, the Editor publishes', async ({
  page,
  browser,
  baseURL,
}) => {
  title = `Reviewed ${Date.now().toString(36)} ${test.info().project.name}`;
  const contributor = await member(browser, page, baseURL!, 'contributor', 'Cleo Contributor');
  const editor = await member(browser, page, baseURL!, 'editor', 'Evan Editor');

  // The Contributor writes and submits: no publishing controls, only "Submit for review" and "Save draft".
  const c = contributor.page;
  await c.goto('/admin/blogs/create');
  await c.getByLabel('Title', { exact: true }).fill(title);
  await c.getByLabel('Excerpt').fill('What the review is about.');
  // Text of this run alone: the visitors' server's list checks compare posts by their sentences.
  await typeRich(c, 'blog-content', `A first draft of ${title}.`);
  await expect(c.getByLabel('Status', { exact: true })).toHaveCount(0);
  await expect(c.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  await c.getByRole('button', { name: 'Submit for review' }).click();
  await expectToast(c, TEAM_UI_MESSAGES.submitted);
  await expect(c).toHaveURL(/\/admin\/blogs$/);

  // The Editor sees the count beside Blogs, opens the post and sends it back with a note.
  const e = editor.page;
  await e.goto('/admin/blogs');
  if (isPhone(e)) await e.getByRole('button', { name: 'Toggle sidebar' }).click();
  await expect(e.getByTestId('admin-sidebar').locator('.admin-nav-badge')).toBeVisible();
  // The backdrop beside the open sidebar (250 px wide): its middle is under the sidebar once it has slid in.
  if (isPhone(e)) await e.getByRole('button', { name: 'Close menu' }).click({ position: { x: 370, y: 400 } });
  await e.getByRole('link', { name: 'Show the review queue' }).click();
  await expect(e).toHaveURL(/status=pending/);
  await e.getByRole('link', { name: `Edit ${title}` }).click();
  await waitForRich(e, 'blog-content');
  await expect(e.getByText(TEAM_UI_MESSAGES.waitsForYourReview)).toBeVisible();
  await e.getByRole('button', { name: 'Request changes' }).click();
  const dialog = e.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Send back' }).click();
  await expect(dialog.getByText(TEAM_MESSAGES.reviewNoteRequired)).toBeVisible();
  const note = 'Please name a source for the numbers.';
  await dialog.getByLabel(TEAM_UI_MESSAGES.requestChangesHelp).fill(note);
  await dialog.getByRole('button', { name: 'Send back' }).click();
  await expectToast(e, TEAM_MESSAGES.changesRequested);

  // The Contributor sees the note, edits and submits again.
  await openPost(c, title);
  await expect(c.getByTestId('review-note')).toContainText(note);
  await expect(c.getByTestId('review-note')).toContainText('Evan Editor');
  await typeRich(c, 'blog-content', `A second draft of ${title}, with a source.`);
  await c.getByRole('button', { name: 'Submit for review' }).click();
  await expectToast(c, TEAM_UI_MESSAGES.submitted);

  // The Editor publishes it; the public page shows it.
  await openPost(e, title);
  await e.getByLabel('Status', { exact: true }).selectOption('published');
  await e.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(e, MESSAGES.blogUpdated);
  await openPost(c, title);
  await expect(c.getByText(TEAM_UI_MESSAGES.notYoursToEdit)).toBeVisible();
  await expect(c.getByRole('button', { name: 'Submit for review' })).toHaveCount(0);
  await expect(c.getByTestId('review-note')).toHaveCount(0);

  await contributor.context.close();
  await editor.context.close();
});

/** The published post leaves the visitors' lists again (other files read them), to the trash. */
test.afterEach(async ({ request }) => {
  const owner = await loggedInAdmin(request);
  const posts = (await owner.api.call(blog.listAdminPosts, { query: { status: 'published' } })).data;
  for (const post of posts.filter((p) => p.title === title)) {
    await owner.api.call(blog.deletePost, { params: { id: post._id } });
  }
});
