import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as blog from '#shared/api/blog.ts';
import * as search from '#shared/api/search.ts';
import { boot } from '#server/boot.ts';
import { buildApp } from '#server/app.ts';
import { api } from '#tests/helpers/api.ts';
import { NO_RATE_LIMITS } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { createPost, loggedInAdmin, unique, type LoggedInAdmin } from '#tests/helpers/factories.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * The /search page (docs/product.md#search), rendered by the production server build (`npm run build`
 * first), and search answers across processes: a post edited, trashed, restored or unpublished through one
 * process is found or not at once through another with its own connections and page cache.
 */
const buildFile = path.resolve('build/server/index.js');
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

describe.each(DATABASE_KINDS)('the search page and other processes on %s', (kind) => {
  let t: TestApp;
  let admin: LoggedInAdmin;
  let second: Awaited<ReturnType<typeof boot>>;
  let other: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    const build = (await import(buildFile)) as ServerBuild;
    const ssr = { build, mode: 'production' as const, cache: true };
    t = await buildTestApp(kind, { app: { rateLimits: NO_RATE_LIMITS, ssr } });
    admin = await loggedInAdmin(t);
    second = await boot(t.config, { log });
    other = await buildApp({ services: second.services, logger: false, rateLimits: NO_RATE_LIMITS, ssr });
  });
  afterAll(async () => {
    await other?.close();
    await second?.services.jobs.stop();
    await second?.services.mailWorker.stop();
    await second?.db.destroy();
    await t?.close();
  });

  const page = (url: string, on = t.app) => on.inject({ method: 'GET', url });

  it('shows the results with their snippet, noindex and never cached', async () => {
    const m = unique('zq').toLowerCase();
    const post = await createPost(admin, { title: `Café ${m}`, content: `<p>The ${m} prices &amp; <b>more</b>.</p>` });
    const res = await page(`/search?q=${encodeURIComponent(`${m} cafe`)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<meta name="robots" content="noindex"/>');
    expect(res.body).toContain(`href="${post.url}"`);
    expect(res.body).toContain(`<mark>${m}</mark> prices &amp; more`);
    expect(res.body).toMatch(/id="sidebar-search"[^>]*value="[^"]*cafe"/);
  });

  it('suggests title words and shows the latest posts when nothing matches', async () => {
    await createPost(admin, { title: `Kaleidoscope ${unique('x')}` });
    const res = await page('/search?q=kaleidoskope');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('No articles match');
    expect(res.body).toContain('href="/search?q=kaleidoscope"');
    expect(res.body).toContain('data-testid="blog-card"');
  });

  it('answers any query text with a page, never an error', async () => {
    for (const q of [
      '%22',
      '%00',
      '%ED%A0%80',
      'NEAR(',
      '*',
      '(((',
      encodeURIComponent('🙂 مرحبا'),
      'x'.repeat(10_000),
    ]) {
      const res = await page(`/search?q=${q}`);
      expect(res.statusCode, q.slice(0, 20)).toBe(200);
    }
    expect((await page('/search')).statusCode).toBe(200);
    expect((await page(`/search?q=${'x'.repeat(300)}`)).body).toContain('Search for at most 200 characters');
  });

  it('finds a post through another process as soon as it is published, edited, trashed, restored or taken back', async () => {
    const m = unique('zq').toLowerCase();
    const found = async () => {
      const [res, html] = await Promise.all([
        api(other).call(search.searchPosts, { query: { q: m } }),
        page(`/search?q=${m}`, other),
      ]);
      expect(res.status).toBe(200);
      const ids = res.data.map((hit) => hit._id);
      expect(html.body.includes('data-testid="search-result"')).toBe(ids.length > 0);
      return ids;
    };
    expect(await found()).toEqual([]);
    const post = await createPost(admin, { content: `<p>${m}</p>` });
    expect(await found()).toEqual([post._id]);
    const edit = (content: string, status: 'published' | 'draft' = 'published') =>
      admin.api.call(blog.updatePost, {
        params: { id: post._id },
        body: { title: post.title, excerpt: 'x', content, blogCategory: null, status },
      });
    expect((await edit('<p>gone</p>')).status).toBe(200);
    expect(await found()).toEqual([]);
    expect((await edit(`<p>${m} back</p>`)).status).toBe(200);
    expect(await found()).toEqual([post._id]);
    await admin.api.call(blog.deletePost, { params: { id: post._id } });
    expect(await found()).toEqual([]);
    await admin.api.call(blog.restorePost, { params: { id: post._id } });
    expect(await found()).toEqual([post._id]);
    expect((await edit(`<p>${m}</p>`, 'draft')).status).toBe(200);
    expect(await found()).toEqual([]);
  });
});
