import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import type { Role } from '#shared/roles.ts';
import * as analyticsApi from '#shared/api/analytics.ts';
import * as pagesApi from '#shared/api/pages.ts';
import * as staff from '#shared/api/staff.ts';
import { ANALYTICS_MESSAGES } from '#shared/messages.ts';
import type { BlogPost } from '#shared/schemas/blog.ts';
import { localDayIn } from '#shared/zoned-time.ts';
import { api } from '#tests/helpers/api.ts';
import {
  createCategory,
  createPost,
  loggedInAdmin,
  SEEDED_ADMIN,
  unique,
  type LoggedInAdmin,
} from '#tests/helpers/factories.ts';
import { linkIn, parseMail } from '#tests/helpers/mime.ts';
import { expectToast } from './editor-helpers';
import { expect, isPhone, test } from './helpers';
import { freePort, startServer, waitUntilServing, type ServerProcess } from './server-process';

/**
 * The analytics dashboard (docs/product.md#the-dashboard) against a site of its own behind a trusted proxy
 * (TRUST_PROXY: each browser's address is its X-Forwarded-For), whose summaries are made every second:
 * three visitors, a bot and a signed-in administrator visit; a subscription from a post is confirmed; the
 * server restarts on the same data; an Author sees their own posts; public pages store nothing in the
 * browser. Each project (1366 px, 390 px) runs the file against its own site.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** Three visitors: an address and a browser each (the visitor hash is made of both). */
const ANN = { ip: '198.51.100.1', ua: CHROME };
const BEN = { ip: '198.51.100.2', ua: IPHONE };
const CAT = { ip: '198.51.100.3', ua: FIREFOX };
type Visitor = typeof ANN;

let server: ServerProcess;
let port: number;
let origin: string;
let admin: LoggedInAdmin;
let post: BlogPost;
let postPath: string;
let categoryPath: string;
const today = localDayIn('UTC')(Date.now());

function start(dataDir?: string) {
  server = startServer(
    {
      PORT: String(port),
      PUBLIC_URL: origin,
      ADMIN_EMAIL: SEEDED_ADMIN.email,
      ADMIN_PASSWORD: SEEDED_ADMIN.password,
      RATE_LIMIT_MULTIPLIER: '50',
      TIME_ZONE: 'UTC',
      TRUST_PROXY: 'true',
      ANALYTICS_SUMMARY_MS: '1000',
      ANALYTICS_FLUSH_MS: '200',
    },
    { dataDir },
  );
}

async function stop() {
  server.child.kill('SIGTERM');
  await server.exited;
}

test.beforeAll(async () => {
  port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  start();
  await waitUntilServing(port);
  admin = await loggedInAdmin(origin);
  const category = await createCategory(admin);
  post = await createPost(admin, {
    title: unique('Counted post'),
    blogCategory: category._id,
    content: '<p>A short post, read to its end at once.</p>',
  });
  postPath = new URL(post.url, origin).pathname;
  categoryPath = postPath.split('/').slice(0, 3).join('/');
});

test.afterAll(async () => {
  await stop();
  server.cleanup();
});

/** The report of today as the administrator's API sees it. */
const report = async () =>
  (await admin.api.call(analyticsApi.getAnalytics, { query: { from: today, to: today } })).data!;

/** A browser of its own for a visitor: their address through the proxy's header, their browser string. */
async function browse(browser: Browser, who: Visitor) {
  const context = await browser.newContext({
    baseURL: origin,
    userAgent: who.ua,
    extraHTTPHeaders: { 'x-forwarded-for': who.ip },
  });
  return { context, page: await context.newPage() };
}

/**
 * Opens a public page and waits for it to be counted: the script's beacon (204), or on a page sent without
 * scripts its image (200).
 */
async function view(page: Page, url: string, referer?: string) {
  const beacon = page.waitForResponse((r) => ['/api/seen', '/api/seen.gif'].includes(new URL(r.url()).pathname));
  await page.goto(url, referer ? { referer } : undefined);
  expect([200, 204]).toContain((await beacon).status());
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${origin}/admin`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await page.waitForURL(/\/admin\/(banner|blogs)$/);
}

/** Opens the dashboard over today and waits for its figures. */
async function openDashboard(page: Page) {
  await page.goto(`${origin}/admin/analytics?range=today`);
  await page.waitForFunction(() => window.history.scrollRestoration === 'manual');
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
}

const figure = (page: Page, name: string) => page.getByTestId(`figure-${name}`).locator('.fs-3');
const rowsOf = (page: Page, table: string) => page.getByTestId(`analytics-${table}`).locator('tbody tr');

async function screenshot(page: Page, name: string) {
  const file = test.info().outputPath(`${name}-${test.info().project.name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await test.info().attach(name, { path: file, contentType: 'image/png' });
}

test('three visitors are counted once each, with their pages and referrers; a bot and a signed-in administrator are not', async ({
  browser,
  page,
}) => {
  const ann = await browse(browser, ANN);
  await view(ann.page, '/', 'https://news.example.com/x');
  await view(ann.page, '/blogs');
  const ben = await browse(browser, BEN);
  await view(ben.page, postPath, 'https://social.example.org/post/1');
  const cat = await browse(browser, CAT);
  await view(cat.page, '/about-us');
  // A bot's beacon is answered like any other, and left out.
  const bot = await browse(browser, { ip: '198.51.100.9', ua: GOOGLEBOT });
  await view(bot.page, '/');
  await view(bot.page, postPath);
  // A signed-in administrator's pages send nothing at all.
  const staffer = await browse(browser, { ip: '198.51.100.10', ua: CHROME });
  await signIn(staffer.page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
  const sent: string[] = [];
  staffer.page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/seen') sent.push(r.url());
  });
  for (const url of ['/', postPath]) {
    await staffer.page.goto(url, { waitUntil: 'load' });
    await staffer.page.waitForTimeout(700);
  }
  expect(sent).toEqual([]);
  for (const c of [ann, ben, cat, bot, staffer]) await c.context.close();

  await expect.poll(async () => (await report()).site!.views, { timeout: 15_000 }).toBe(4);
  const site = (await report()).site!;
  expect(site.visitors).toBe(3);

  await signIn(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
  await openDashboard(page);
  await expect(figure(page, 'visitors')).toHaveText('3');
  await expect(figure(page, 'views')).toHaveText('4');
  await expect(figure(page, 'now')).toHaveText('3');
  await expect(figure(page, 'subscriptions')).toHaveText('0');
  await expect(page.getByTestId('analytics-updated')).toContainText('Updated');
  const pages = await rowsOf(page, 'pages').locator('td:first-child').allTextContents();
  expect(pages.sort()).toEqual(['/', '/about-us', '/blogs', postPath].sort());
  const referrers = rowsOf(page, 'referrers');
  await expect(referrers.filter({ hasText: 'news.example.com' })).toHaveCount(1);
  await expect(referrers.filter({ hasText: 'social.example.org' })).toHaveCount(1);
  // Ann's second page (no referrer) and Cat's visit.
  await expect(referrers.filter({ hasText: 'Direct or unknown' })).toContainText('2');
  await expect(page.getByTestId('analytics-posts').getByRole('link', { name: post.title })).toHaveAttribute(
    'href',
    `/admin/blogs/edit/${post._id}`,
  );
  await expect(page.getByTestId('analytics-no-countries')).toHaveText(ANALYTICS_MESSAGES.noCountries);
  await expect(page.getByRole('img', { name: /Visitors and page views per day/ })).toBeVisible();
  // The page fits the screen: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

  // Download CSV fetches with the session's token.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV of Top pages' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`analytics-pages-${today}-${today}.csv`);
  const csv = fs.readFileSync((await file.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('value,visitors,views');
  expect(csv).toContain(`${postPath},1,1`);
  await screenshot(page, 'analytics-dashboard');

  // Filled with figures (the axe list of admin-axe.spec.ts sees the empty state of the shared site).
  await page.getByText('Show the figures per day').click();
  const axe = await new AxeBuilder({ page }).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('a subscription from a post, once confirmed, is a goal of that post and its page', async ({ browser, page }) => {
  const ben = await browse(browser, BEN);
  await view(ben.page, postPath);
  await ben.page.waitForFunction(() => window.history.scrollRestoration === 'manual');
  const email = `ben.${Date.now().toString(36)}@example.com`;
  const box = ben.page.locator('.subscribe-box');
  await box.getByLabel('Email address').fill(email);
  await box.locator('button[type="submit"]').click();
  const mailDir = path.join(server.dataDir, 'mail');
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mails = fs.existsSync(mailDir)
          ? fs
              .readdirSync(mailDir)
              .filter((f) => f.endsWith('.eml'))
              .map((f) => parseMail(fs.readFileSync(path.join(mailDir, f), 'utf8')))
              .filter((m) => m.header('to') === email)
          : [];
        link = linkIn(mails.at(-1)?.text, `${origin}/subscriptions/confirm?`);
        return Boolean(link);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  await ben.page.goto(link!);
  await expect(ben.page.getByRole('heading', { level: 1, name: 'Subscription confirmed' })).toBeVisible();
  await ben.context.close();

  await expect.poll(async () => (await report()).site!.subscriptions, { timeout: 15_000 }).toBe(1);
  expect((await report()).site!.visitors).toBe(3);

  await signIn(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
  await openDashboard(page);
  await expect(figure(page, 'subscriptions')).toHaveText('1');
  const row = page.getByTestId('analytics-post-row').filter({ hasText: post.title });
  await expect(row.locator('td[data-label="Subscriptions"]')).toHaveText('1');
  await expect(row.locator('td[data-label="Reads"]')).not.toHaveText('');
  await expect(rowsOf(page, 'subscriptionPages').first()).toContainText(postPath);
  await expect(rowsOf(page, 'subscriptionReferrers').first()).toContainText('social.example.org');
});

test('a restart on the same data keeps the counts, and the same visitor that day is no new visitor', async ({
  browser,
  page,
}) => {
  const before = await report();
  await stop();
  start(server.dataDir);
  await waitUntilServing(port);
  admin = await loggedInAdmin(origin);
  // The new process reads the summaries as they were (it makes them again only once something is counted).
  const after = await report();
  expect(after.site!.visitors).toBe(before.site!.visitors);
  expect(after.site!.views).toBe(before.site!.views);
  expect(after.site!.subscriptions).toBe(1);
  expect(after.posts).toEqual(before.posts);

  const ann = await browse(browser, ANN);
  await view(ann.page, '/');
  await ann.context.close();
  await expect.poll(async () => (await report()).site!.views, { timeout: 15_000 }).toBe(before.site!.views + 1);
  expect((await report()).site!.visitors).toBe(3);

  await signIn(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
  await openDashboard(page);
  await expect(figure(page, 'visitors')).toHaveText('3');
  await expect(figure(page, 'views')).toHaveText(String(before.site!.views + 1));
});

/** A person of the staff: invited by the Owner through the API, joined through the invitation's API. */
async function member(role: Role) {
  const email = `${role}.${Date.now().toString(36)}@example.com`;
  const sent = await admin.api.call(staff.inviteStaff, { body: { email, role } });
  expect(sent.status, sent.text).toBe(200);
  const token = new URL(sent.data.link).pathname.split('/').at(-1)!;
  const joined = await api(origin).call(staff.acceptInvite, {
    params: { token },
    body: { name: `${role} person`, password: 'team-pass-123' },
  });
  expect(joined.status, joined.text).toBe(200);
  return { email, password: 'team-pass-123', token: joined.data.token, api: api(origin, { token: joined.data.token }) };
}

test('an Author sees only their own posts; a Contributor has no entry and no screen', async ({ browser, page }) => {
  const author = await member('author');
  const own = await createPost(author, { title: unique('Author own') });
  const ann = await browse(browser, ANN);
  await view(ann.page, new URL(own.url, origin).pathname);
  await ann.context.close();
  await expect
    .poll(async () => (await report()).posts.some((p) => p.postId === own._id), { timeout: 15_000 })
    .toBe(true);

  await signIn(page, author.email, author.password);
  const sidebar = page.getByTestId('admin-sidebar');
  if (isPhone(page)) await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await sidebar.getByRole('link', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(/\/admin\/analytics$/);
  await expect(page.getByTestId('analytics-author-note')).toHaveText(ANALYTICS_MESSAGES.authorOnly);
  const rows = page.getByTestId('analytics-post-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(own.title);
  for (const hidden of ['analytics-figures', 'analytics-pages', 'analytics-goals'])
    await expect(page.getByTestId(hidden)).toHaveCount(0);
  // Saving the settings is not theirs: no card for it.
  await expect(page.getByRole('form', { name: 'Analytics settings' })).toHaveCount(0);
  await screenshot(page, 'analytics-author');

  const contributor = await member('contributor');
  const other = await browser.newContext({ viewport: page.viewportSize()! });
  const theirs = await other.newPage();
  await signIn(theirs, contributor.email, contributor.password);
  await expect(theirs.getByTestId('admin-sidebar').getByRole('link', { name: 'Analytics' })).toHaveCount(0);
  await theirs.goto(`${origin}/admin/analytics`);
  await expect(theirs).toHaveURL(/\/admin\/blogs$/);
  await other.close();
});

test('the Owner saves the settings with a toast', async ({ page }) => {
  await signIn(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
  await openDashboard(page);
  const form = page.getByRole('form', { name: 'Analytics settings' });
  await form.getByLabel('Honour Global Privacy Control').check();
  await form.getByLabel('Keep daily summaries').selectOption('24');
  await form.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, ANALYTICS_MESSAGES.settingsSaved);
  expect((await admin.api.call(analyticsApi.getAnalyticsSettings)).data).toEqual({
    counting: true,
    honourGpc: true,
    retentionMonths: 24,
  });
  await page.reload();
  await expect(page.getByRole('form', { name: 'Analytics settings' }).getByLabel('Keep daily summaries')).toHaveValue(
    '24',
  );
  // A range of one's own stays in the address.
  await page.getByLabel('Range', { exact: true }).selectOption('custom');
  await page.getByLabel('From', { exact: true }).fill('2020-01-01');
  await page.getByLabel('To', { exact: true }).fill('2020-01-31');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/\?from=2020-01-01&to=2020-01-31$/);
  await expect(page.getByTestId('analytics-empty')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('From', { exact: true })).toHaveValue('2020-01-01');
  await screenshot(page, 'analytics-empty');
});

test('public pages set no cookie and write nothing to local or session storage', async ({ browser }) => {
  const segment = `visit-us-${Date.now().toString(36)}`;
  const made = await admin.api.call(pagesApi.createPage, {
    body: { title: 'Visit us', segment, blocks: [{ type: 'subscribe', id: 'news', heading: 'News', text: 'Hi' }] },
  });
  await admin.api.call(pagesApi.setPageStatus, { params: { id: made.data._id }, body: { status: 'published' } });
  const cat = await browse(browser, CAT);
  for (const url of ['/', '/about-us', '/blogs', categoryPath, postPath, '/search?q=x', `/${segment}`]) {
    await view(cat.page, url);
    expect(
      await cat.page.evaluate(() => ({ local: localStorage.length, session: sessionStorage.length })),
      url,
    ).toEqual({ local: 0, session: 0 });
  }
  expect(await cat.context.cookies()).toEqual([]);
  await cat.context.close();
});
