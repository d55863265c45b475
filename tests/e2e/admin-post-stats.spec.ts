import type { APIRequestContext, Page } from '@playwright/test';
import * as analytics from '#shared/api/analytics.ts';
import * as auth from '#shared/api/auth.ts';
import * as blog from '#shared/api/blog.ts';
import * as staff from '#shared/api/staff.ts';
import { COUNT_PATH } from '#shared/analytics.ts';
import { ANALYTICS_UI_MESSAGES } from '#shared/messages.ts';
import type { PostStats } from '#shared/api/analytics.ts';
import { api } from '#tests/helpers/api.ts';
import { createPost, loggedInAdmin, SEEDED_ADMIN, unique, type LoggedInAdmin } from '#tests/helpers/factories.ts';
import { waitForRich } from './editor-helpers';
import { expect, test, uniqueEmail } from './helpers';

/**
 * The post editor's stats card (docs/product.md#analytics), at 1366 and 390 px: a published post that was
 * viewed and read shows its figures, its 30-day line and the link to the dashboard; a Contributor's editor
 * has no card and never asks for the figures. The test servers run the summaries every 5 s
 * (ANALYTICS_SUMMARY_MS in playwright.config.ts).
 */
test.describe.configure({ timeout: 120_000 });

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** A beacon as public/count.js sends it (text/plain JSON). */
const beacon = (request: APIRequestContext, kind: 'view' | 'read', path: string) =>
  request.post(COUNT_PATH, {
    data: JSON.stringify({ k: kind, p: path, r: kind === 'view' ? 'https://news.example.org/item' : null }),
    headers: { 'content-type': 'text/plain', 'user-agent': BROWSER },
  });

/**
 * Two views and a read of the post, until the summaries show them, then until they stop changing (a
 * beacon sent again may still be on its way). Every browser test's page views come from 127.0.0.1, and an
 * address counts 60 events a minute at most: beacons left out by that cap are sent again after a while.
 */
async function statsOf(admin: LoggedInAdmin, postId: string) {
  const res = await admin.api.call(analytics.postAnalytics, { params: { id: postId } });
  expect(res.status, res.text).toBe(200);
  return res.data;
}

async function countVisits(request: APIRequestContext, admin: LoggedInAdmin, postId: string, path: string) {
  const read = () => statsOf(admin, postId);
  let sentAt = 0;
  await expect
    .poll(
      async () => {
        const stats = await read();
        if (stats.views >= 2 && stats.reads >= 1) return true;
        // Flushed every 2 s, summed every 5 s: 8 s without them is the per-address cap.
        if (Date.now() - sentAt > 8_000) {
          sentAt = Date.now();
          for (const kind of ['view', 'view', 'read'] as const) {
            expect((await beacon(request, kind, path)).status()).toBe(204);
          }
        }
        return false;
      },
      { timeout: 90_000, intervals: [1_000] },
    )
    .toBe(true);
  let last: PostStats | undefined;
  await expect
    .poll(
      async () => {
        const before = last;
        last = await read();
        return JSON.stringify(before) === JSON.stringify(last);
      },
      { timeout: 30_000, intervals: [4_000] },
    )
    .toBe(true);
  return last!;
}

async function openEditor(page: Page, id: string) {
  await page.goto(`/admin/blogs/edit/${id}`);
  await page.waitForFunction(() => window.history.scrollRestoration === 'manual');
  await waitForRich(page, 'blog-content');
}

/** Signs the browser in with a session the API gave (stored as the login screen stores it: app/lib/session.ts). */
async function signIn(page: Page, session: { token: string; user: unknown }) {
  await page.goto('/admin');
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('isLoggedIn', 'true');
    localStorage.setItem('token', token);
    localStorage.setItem('user', JSON.stringify(user));
  }, session);
}

test('a published post shows its visitors, views, reads, subscriptions and 30 days', async ({ page, request }) => {
  const admin = await loggedInAdmin(request);
  const post = await createPost(admin, { title: unique('Counted') });
  const path = new URL(post.url, 'http://x').pathname;
  let stats = await countVisits(request, admin, post._id, path);

  const login = await api(request).call(auth.login, { body: SEEDED_ADMIN });
  expect(login.status, login.text).toBe(200);
  await signIn(page, login.data);
  const card = page.getByTestId('post-stats');
  const figure = (label: string) => card.locator('div').filter({ has: page.getByText(label, { exact: true }) });
  // Other tests on this server open the newest post too: the card shows what the API says as it loads
  // (opened again until a view counted meanwhile is in both).
  await expect(async () => {
    await openEditor(page, post._id);
    await expect(card.getByRole('heading', { name: ANALYTICS_UI_MESSAGES.statsTitle })).toBeVisible();
    await expect(figure(ANALYTICS_UI_MESSAGES.views).locator('dd')).toHaveText(/^\d+$/);
    stats = await statsOf(admin, post._id);
    await expect(figure(ANALYTICS_UI_MESSAGES.visitors).locator('dd')).toHaveText(String(stats.visitors), {
      timeout: 1_000,
    });
    await expect(figure(ANALYTICS_UI_MESSAGES.views).locator('dd')).toHaveText(String(stats.views), {
      timeout: 1_000,
    });
  }).toPass({ timeout: 60_000 });
  const share = Math.round((stats.reads / stats.visitors) * 100);
  await expect(figure(ANALYTICS_UI_MESSAGES.reads).locator('dd')).toHaveText(
    `${stats.reads}${ANALYTICS_UI_MESSAGES.readShare(share)}`,
  );
  await expect(figure(ANALYTICS_UI_MESSAGES.subscriptions).locator('dd')).toHaveText('0');
  // The line's text alternative names the total of the last 30 days (all of them today's).
  const line = card.getByRole('img', { name: /Views in the last 30 days/ });
  await expect(line).toHaveAccessibleName(new RegExp(`: ${stats.views} in all, most on `));
  await expect(card.getByRole('link', { name: ANALYTICS_UI_MESSAGES.allAnalytics })).toHaveAttribute(
    'href',
    '/admin/analytics',
  );
  // Within the page's width, on a phone too.
  const box = (await card.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('post-stats.png') });
  await card.screenshot({ path: test.info().outputPath('post-stats-card.png') });

  // A draft nobody has seen says so.
  const draft = await createPost(admin, { title: unique('Unseen'), status: 'draft' });
  await openEditor(page, draft._id);
  await expect(page.getByTestId('post-stats')).toContainText(ANALYTICS_UI_MESSAGES.noVisits);
});

test('a Contributor’s editor has no stats card and asks for no figures', async ({ page, request }) => {
  const owner = await loggedInAdmin(request);
  const sent = await owner.api.call(staff.inviteStaff, { body: { email: uniqueEmail('stats'), role: 'contributor' } });
  expect(sent.status, sent.text).toBe(200);
  const joined = await api(request).call(staff.acceptInvite, {
    params: { token: sent.data.link.split('/').pop()! },
    body: { name: 'Cora Contributor', password: 'contributor-secret' },
  });
  expect(joined.status, joined.text).toBe(200);
  const contributor = api(request, { token: joined.data.token });
  const draft = await contributor.call(blog.createPost, {
    body: {
      title: unique('Contributed'),
      excerpt: 'An excerpt',
      content: '<p>Text</p>',
      blogCategory: null,
      status: 'draft',
    },
  });
  expect(draft.status, draft.text).toBe(200);

  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/admin/analytics')) asked.push(r.url());
  });
  await signIn(page, joined.data);
  await openEditor(page, draft.data._id);
  await expect(page.getByRole('button', { name: 'Submit for review' })).toBeVisible();
  await expect(page.getByTestId('post-stats')).toHaveCount(0);
  expect(asked).toEqual([]);
});
