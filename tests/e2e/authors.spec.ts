import type { APIRequestContext } from '@playwright/test';
import * as blog from '#shared/api/blog.ts';
import * as profile from '#shared/api/profile.ts';
import * as uploads from '#shared/api/uploads.ts';
import { api } from '#tests/helpers/api.ts';
import { loggedInAdmin } from '#tests/helpers/factories.ts';
import { expect, gotoHydrated, test } from './helpers';

/**
 * Bylines and author pages (docs/product.md#profiles-and-author-pages) at 1366 and 390 px. The server is
 * the visitors' one, which other files only read, so this file writes nothing a list shows: it gives a
 * seeded post its Owner as author (the same writes from both projects) and the Owner a bio and picture.
 */
const TITLE = 'What we learned from 120 product launches';
const BIO = 'Runs the studio and writes about launches.';

async function prepare(request: APIRequestContext) {
  const owner = await loggedInAdmin(request);
  const post = (await api(request).call(blog.listPosts)).data.find((p) => p.title === TITLE)!;
  const me = (await owner.api.call(profile.getProfile)).data;
  const media = (await owner.api.call(uploads.listMedia, { query: { search: 'portrait' } })).data;
  const avatar = media.items[0]?.url ?? '';
  const saved = await owner.api.call(profile.saveProfile, {
    body: { name: me.name, segment: me.segment, bio: BIO, avatar, website: 'https://example.com' },
  });
  expect(saved.status).toBe(200);
  expect(
    (await owner.api.call(profile.setPostAuthors, { params: { id: post._id }, body: { authorIds: [me._id] } })).status,
  ).toBe(200);
  return { post, me: saved.data };
}

test('the post page shows its byline, which leads to the author page listing the post', async ({ page, request }) => {
  const { post, me } = await prepare(request);
  await gotoHydrated(page, post.url);
  const byline = page.getByRole('list', { name: 'Authors' });
  await expect(byline).toBeVisible();
  const link = byline.getByRole('link', { name: me.name });
  await expect(link).toHaveAttribute('href', `/authors/${me.segment}`);
  await expect(byline.getByRole('img', { name: `Photo of ${me.name}` })).toBeVisible();
  // The byline sits between the title and the date, inside the article's column.
  const title = await page.getByRole('heading', { level: 1, name: TITLE }).boundingBox();
  const line = await byline.boundingBox();
  expect(line!.y).toBeGreaterThanOrEqual(title!.y + title!.height - 1);

  await link.click();
  await expect(page).toHaveURL(new RegExp(`/authors/${me.segment}$`));
  await expect(page.getByRole('heading', { level: 1, name: me.name })).toBeVisible();
  await expect(page.getByText(BIO)).toBeVisible();
  await expect(page.getByRole('img', { name: `Photo of ${me.name}` })).toBeVisible();
  await expect(page.getByTestId('blog-card').filter({ hasText: TITLE })).toBeVisible();
  // Nothing is wider than the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('an unknown author address answers 404; the author feed lists the post', async ({ request }) => {
  const { me } = await prepare(request);
  const unknown = await request.get('/authors/no-such-author-here');
  expect(unknown.status()).toBe(404);
  const feed = await request.get(`/authors/${me.segment}/rss.xml`);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain(TITLE);
});
