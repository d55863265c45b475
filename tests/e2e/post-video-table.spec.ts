import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import * as blog from '#shared/api/blog.ts';
import { EMBED_MESSAGES } from '#shared/messages.ts';
import { loggedInAdmin } from '#tests/helpers/factories.ts';
import { ADMIN, stamp } from './editor-helpers';
import { expect, test } from './helpers';

/**
 * docs/product.md#blog-post, decision 0029: a post with a video and a table as the public page shows it. The
 * post is a draft seen through its preview link (the same page as the public one, postPageData), so no list
 * of the shared site changes. The video hosts are answered by the test (the machine has no way out): what
 * is checked is that nothing is asked of them until the visitor plays the video.
 */
const VIDEO_HOSTS = /^https:\/\/([\w-]+\.)*(youtube\.com|youtube-nocookie\.com|ytimg\.com|vimeo\.com|vimeocdn\.com)\//;
const PLAYER = '<!doctype html><html lang="en"><title>Player</title><p>The player</p></html>';

async function draftWithVideoAndTable(request: Parameters<typeof loggedInAdmin>[0]) {
  const admin = await loggedInAdmin(request, ADMIN);
  const title = `Video and table ${stamp()}`;
  const post = await admin.api.call(blog.createPost, {
    body: {
      title,
      excerpt: 'A post with a video and a table.',
      status: 'draft',
      blogCategory: null,
      sendNewsletter: false,
      content:
        '<p>Watch the walkthrough first.</p>' +
        '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="Release walkthrough" width="560" height="315" allowfullscreen></iframe>' +
        '<p>Then compare the plans.</p>' +
        '<table><tbody><tr><td>Plan</td><td>Seats</td><td>Price</td></tr><tr><td>Team</td><td>5</td><td>9</td></tr>' +
        '<tr><td>Business</td><td>50</td><td>49</td></tr><tr><td>Enterprise</td><td>500</td><td>249</td></tr></tbody></table>' +
        '<iframe src="https://player.vimeo.com/video/76979871"></iframe>',
    },
  });
  const link = await admin.api.call(blog.previewLink, { params: { id: post.data._id } });
  return new URL(link.data.url).pathname;
}

/** Every request the page (and its frames) makes to a video host, answered with a stand-in player. */
async function watchVideoHosts(page: Page) {
  const asked: string[] = [];
  await page.context().route(VIDEO_HOSTS, (route) => {
    asked.push(route.request().url());
    return route.fulfill({ contentType: 'text/html', body: PLAYER });
  });
  return asked;
}

test('a post with a video and a table: click-to-play previews, table headers and no serious axe finding', async ({
  page,
  request,
}) => {
  const path = await draftWithVideoAndTable(request);
  const asked = await watchVideoHosts(page);
  await page.goto(path);
  await page.waitForFunction(() => window.history.scrollRestoration === 'manual');

  const frames = page.locator('.blog-content .video-container > iframe');
  await expect(frames).toHaveCount(2);
  await expect(frames.nth(0)).toHaveAttribute('title', 'Release walkthrough');
  await expect(frames.nth(1)).toHaveAttribute('title', EMBED_MESSAGES.frameTitle);
  const play = page.frameLocator('.video-container > iframe >> nth=0').getByRole('link', {
    name: EMBED_MESSAGES.play('Release walkthrough'),
  });
  await expect(play).toBeVisible();
  await expect(page.frameLocator('.video-container > iframe >> nth=0').getByText('Release walkthrough')).toBeVisible();
  await expect(
    page
      .frameLocator('.video-container > iframe >> nth=1')
      .getByRole('link', { name: EMBED_MESSAGES.play(EMBED_MESSAGES.frameTitle) }),
  ).toBeVisible();

  // The table's first row became its column headers.
  const headers = page.locator('.blog-content table thead th[scope="col"]');
  await expect(headers).toHaveText(['Plan', 'Seats', 'Price']);
  await expect(page.locator('.blog-content table tbody tr')).toHaveCount(3);

  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, serious.join('\n')).toEqual([]);

  // Nothing was asked of YouTube or Vimeo, not even a thumbnail, before the visitor chose to play.
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual([]);

  // Keyboard: Tab reaches the preview, its focus shows, Enter swaps in the player with autoplay.
  await page.locator('.blog-content p').first().click();
  let focused = false;
  for (let i = 0; i < 40 && !focused; i++) {
    await page.keyboard.press('Tab');
    focused = await play.evaluate((a) => a.ownerDocument.activeElement === a && a.ownerDocument.hasFocus());
  }
  expect(focused).toBe(true);
  await expect(play).toHaveCSS('outline-style', 'solid');
  await page.keyboard.press('Enter');
  await expect.poll(() => asked).toEqual(['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1']);
  await expect(page.frameLocator('.video-container > iframe >> nth=0').getByText('The player')).toBeVisible();
  // The other video still waits.
  await expect(
    page
      .frameLocator('.video-container > iframe >> nth=1')
      .getByRole('link', { name: EMBED_MESSAGES.play(EMBED_MESSAGES.frameTitle) }),
  ).toBeVisible();
});

test('without JavaScript the preview is a link that plays the video in place', async ({ browser, request }, info) => {
  const path = await draftWithVideoAndTable(request);
  const context = await browser.newContext({ ...info.project.use, javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    const asked = await watchVideoHosts(page);
    await page.goto(path);
    const preview = page.frameLocator('.video-container > iframe >> nth=1');
    await expect(preview.getByRole('link', { name: EMBED_MESSAGES.play(EMBED_MESSAGES.frameTitle) })).toHaveAttribute(
      'href',
      'https://player.vimeo.com/video/76979871?autoplay=1',
    );
    expect(asked).toEqual([]);
    await preview.getByRole('link').click();
    await expect(preview.getByText('The player')).toBeVisible();
    expect(asked).toEqual(['https://player.vimeo.com/video/76979871?autoplay=1']);
  } finally {
    await page.close();
    await context.close();
  }
});
