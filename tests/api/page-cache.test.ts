import path from 'node:path';
import pino from 'pino';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { boot } from '#server/boot.ts';
import { loginToken } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import * as content from '#shared/api/content.ts';
import { api } from '#tests/helpers/api.ts';

/**
 * The shared page cache (docs/decisions/0011-shared-page-cache.md) on the production server build
 * (`npm run build` first): what a cache key keeps, one render for simultaneous misses, hits answered with
 * the very headers of the first answer, and the same bytes from two processes on one database.
 */
const buildFile = path.resolve('build/server/index.js');

describe.each(DATABASE_KINDS)('page cache on %s', (kind) => {
  let t: TestApp;
  let build: ServerBuild;
  let token: string;
  const results: boolean[] = [];

  beforeAll(async () => {
    build = (await import(buildFile)) as ServerBuild;
    t = await buildTestApp(kind, {
      app: { ssr: { build, mode: 'production', cache: true, onCacheResult: (hit) => results.push(hit) } },
    });
    token = await loginToken(t);
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  /** Every shared render derives its nonce from the page secret: counting reads of it counts renders. */
  function countRenders(): { count: () => number; restore: () => void } {
    const meta = t.services.siteMeta;
    const original = meta.pageSecret;
    let renders = 0;
    meta.pageSecret = () => {
      renders++;
      return original();
    };
    return { count: () => renders, restore: () => void (meta.pageSecret = original) };
  }

  async function edit(i: number) {
    const { data } = await api(t).call(content.getContent);
    const res = await api(t).callRaw(content.sectionUpdates.social, {
      body: { ...data.social, id: data.social._id, github_link: `https://github.com/page-cache-${i}` },
      token,
    });
    expect(res.status).toBe(200);
  }

  it('ignores query parameters no loader reads: no new entry, no render, the same bytes', async () => {
    const first = await get('/about-us');
    expect(first.statusCode).toBe(200);
    const renders = countRenders();
    try {
      for (const query of ['?utm_source=news&utm_medium=mail', '?x=1', '?fbclid=abc&x=2']) {
        const res = await get(`/about-us${query}`);
        expect(res.statusCode).toBe(200);
        expect(res.headers.etag).toBe(first.headers.etag);
        expect(res.rawPayload.equals(first.rawPayload)).toBe(true);
      }
      expect(renders.count()).toBe(0);
      // A parameter a loader reads is a page of its own.
      const listing = await get('/blogs');
      const second = await get('/blogs?page=2&utm_source=x');
      expect(second.statusCode).toBe(200);
      expect(renders.count()).toBe(2);
      expect(second.headers.etag).not.toBe(listing.headers.etag);
      expect((await get('/blogs?utm_source=y&page=2')).headers.etag).toBe(second.headers.etag);
      expect(renders.count()).toBe(2);
    } finally {
      renders.restore();
    }
  });

  it("keeps route discovery's whole query: client-side navigation learns the routes it asked for", async () => {
    const version = build.assets.version;
    const about = await get(`/__manifest?paths=${encodeURIComponent('/about-us')}&version=${version}`);
    const admin = await get(`/__manifest?paths=${encodeURIComponent('/admin/change-password')}&version=${version}`);
    expect(about.statusCode).toBe(200);
    expect(admin.statusCode).toBe(200);
    expect(admin.body).toContain('change-password');
    expect(admin.body).not.toBe(about.body);
  });

  it('renders a page once for 20 simultaneous requests after an edit', async () => {
    await get('/');
    await edit(1);
    const renders = countRenders();
    results.length = 0;
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => get('/?utm_source=burst')));
      expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
      expect(new Set(answers.map((a) => a.headers.etag)).size).toBe(1);
      expect(renders.count()).toBe(1);
      expect(results.filter((hit) => !hit).length).toBe(20);
      await get('/');
      expect(renders.count()).toBe(1);
      expect(results.at(-1)).toBe(true);
    } finally {
      renders.restore();
    }
  });

  it('answers a hit that waited for the version with the stored headers only, one policy among them', async () => {
    const miss = await get('/blogs');
    // Past the poll interval the version must be read first, so the hit goes through the route, after the
    // security headers' hook has set its defaults.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const hit = await get('/blogs');
    expect(hit.headers.etag).toBe(miss.headers.etag);
    expect(hit.headers['content-security-policy']).toBe(miss.headers['content-security-policy']);
    expect(String(hit.headers['content-security-policy'])).toContain("'sha256-");
    expect(hit.headers['x-frame-options']).toBe(miss.headers['x-frame-options']);
  });

  it('answers a hit with exactly the headers of the first answer', async () => {
    await edit(2);
    const miss = await get('/about-us', { 'accept-encoding': 'br' });
    const hit = await get('/about-us', { 'accept-encoding': 'br' });
    const comparable = (headers: Record<string, unknown>) => {
      const { date: _date, 'x-request-id': _id, ...rest } = headers;
      return rest;
    };
    expect(hit.headers['content-encoding']).toBe('br');
    expect(comparable(hit.headers)).toEqual(comparable(miss.headers));
    // The security headers are among them, and the policy names the page's own scripts.
    expect(hit.headers['x-content-type-options']).toBe('nosniff');
    expect(String(hit.headers['content-security-policy'])).toMatch(/script-src 'self' 'sha256-/);
    expect(hit.headers['x-request-id']).not.toBe(miss.headers['x-request-id']);
    const notModified = await get('/about-us', { 'if-none-match': String(hit.headers.etag) });
    expect(notModified.statusCode).toBe(304);
  });

  it('renders the same page to the same bytes and ETag in another process on the same database', async () => {
    const other = await boot(t.config, { log: pino({ level: 'silent' }) as never });
    const app = await buildApp({
      services: other.services,
      logger: false,
      ssr: { build, mode: 'production', cache: true },
    });
    try {
      for (const url of ['/', '/about-us', '/blogs', '/contact-us']) {
        const [mine, theirs] = [await get(url), await app.inject({ method: 'GET', url })];
        expect(theirs.statusCode, url).toBe(mine.statusCode);
        expect(theirs.headers.etag, url).toBe(mine.headers.etag);
        expect(theirs.headers['content-security-policy'], url).toBe(mine.headers['content-security-policy']);
        expect(theirs.rawPayload.equals(mine.rawPayload), url).toBe(true);
      }
    } finally {
      await app.close();
      await other.services.jobs.stop();
      await other.services.mailWorker.stop();
      await other.db.destroy();
    }
  });
});

describe('CDN caching of public pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    const build = (await import(buildFile)) as ServerBuild;
    t = await buildTestApp('sqlite', {
      env: { PAGE_S_MAXAGE: '60', PAGE_STALE_WHILE_REVALIDATE: '600' },
      app: { ssr: { build, mode: 'production', cache: true } },
    });
  });
  afterAll(() => t.close());

  it('lets shared caches keep public pages when PAGE_S_MAXAGE is set, never admin pages', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/about-us' });
      expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600');
    }
    const admin = await t.app.inject({ method: 'GET', url: '/admin' });
    expect(admin.headers['cache-control']).toBe('no-store');
  });
});
