import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSitemaps } from '#server/modules/blog/sitemap.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import * as blog from '#shared/api/blog.ts';
import { api } from '#tests/helpers/api.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * The sitemaps served by server/plugins/sitemaps.ts (docs/decisions/0013-growth.md). The expected XML is
 * written here the way the page routes they replaced wrote it (home, About, the blog list with its newest
 * post's lastmod, the categories, then every public post newest first), from the public API's answers,
 * and compared byte for byte.
 */
const ESCAPES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' };
const esc = (s: string) => s.replace(/[<>&'"]/g, (c) => ESCAPES[c]!);
const url = (loc: string, lastmod?: string) =>
  `<url><loc>${esc(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>\n`;
const urlset = (entries: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('')}</urlset>\n`;
const sitemapIndex = (locs: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locs.map((l) => `<sitemap><loc>${esc(l)}</loc></sitemap>\n`).join('')}</sitemapindex>\n`;

describe.each(DATABASE_KINDS)('sitemaps on %s', (kind) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    base = t.config.publicUrl;
    // Titles that need escaping in XML and in an address, and a draft that must stay out.
    await t.services.blog.createPost({ title: `Tom & Jerry's "<best>" day` });
    await t.services.blog.createPost({ title: 'Ünïcode / slash post' });
    await t.services.blog.createPost({ title: 'Not yet', status: 'draft' });
  });
  afterAll(() => t?.close());

  const get = (path: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: path, headers });
  /** Every public URL in order, from the API: the fixed ones, then the posts newest first. */
  async function expectedUrls() {
    const posts = (await api(t).call(blog.listPosts)).data;
    const categories = (await api(t).call(blog.listCategories)).data;
    const fixed = [
      url(`${base}/`),
      url(`${base}/about-us`),
      url(`${base}/blogs`, posts[0]?.updatedAt),
      ...categories.map((c) => url(`${base}/blogs/${encodeURIComponent(c.slug)}`)),
    ];
    return { fixed, posts: posts.map((p) => url(base + p.url, p.updatedAt)) };
  }

  it('answers /sitemap.xml and the index as the page routes did, with an ETag, 304 and compression', async () => {
    const { fixed, posts } = await expectedUrls();
    expect(posts.join('')).toContain('Tom%20%26%20Jerry'.replaceAll('%20', '-'));
    expect(posts.join('')).not.toContain('Not-yet');
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(urlset([...fixed, ...posts]));

    const index = await get('/sitemap-index.xml');
    expect(index.statusCode).toBe(200);
    expect(index.body).toBe(sitemapIndex([`${base}/sitemap.xml`]));

    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    expect((await get('/sitemap.xml', { 'if-none-match': etag })).statusCode).toBe(304);
    const gz = await get('/sitemap.xml', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(res.body);
    const br = await get('/sitemap.xml', { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(res.body);
    const head = await t.app.inject({ method: 'HEAD', url: '/sitemap.xml' });
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBe(etag);
  });

  it('is made again after a write: a new post is listed and the ETag changes', async () => {
    const before = await get('/sitemap.xml');
    const post = await t.services.blog.createPost({ title: 'Fresh sitemap post' });
    const after = await get('/sitemap.xml');
    expect(after.body).toContain(`<loc>${base}${post.url}</loc>`);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((await get('/sitemap.xml', { 'if-none-match': String(before.headers.etag) })).statusCode).toBe(200);
    const { fixed, posts } = await expectedUrls();
    expect(after.body).toBe(urlset([...fixed, ...posts]));
  });

  it('answers 404 for child files that do not exist, as the page route did', async () => {
    for (const path of ['/sitemaps/1.xml', '/sitemaps/2.xml', '/sitemaps/02.xml', '/sitemaps/abc', '/sitemaps/2']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body).toBe('Not Found');
    }
  });

  it('splits the URLs into files that together hold each URL once, in order', async () => {
    for (let i = 0; i < 8; i++) await t.services.blog.createPost({ title: `Filler ${i}` });
    const { fixed, posts } = await expectedUrls();
    // The first file holds the fixed URLs and 2 posts; each later one `perFile` posts.
    const perFile = fixed.length + 2;
    const sitemaps = createSitemaps(t.services.blog, base, perFile);
    const files = await sitemaps.files();
    expect(posts.length).toBeGreaterThan(2 + perFile);
    expect(files).toBe(1 + Math.ceil((posts.length - 2) / perFile));
    expect(await sitemaps.file(1)).toBe(urlset([...fixed, ...posts.slice(0, 2)]));
    for (let n = 2; n <= files; n++) {
      const from = 2 + (n - 2) * perFile;
      expect(await sitemaps.file(n), `file ${n}`).toBe(urlset(posts.slice(from, from + perFile)));
    }
    expect(await sitemaps.file(files + 1)).toBeNull();
    expect(await sitemaps.index()).toBe(
      sitemapIndex(Array.from({ length: files }, (_, i) => `${base}${i ? `/sitemaps/${i + 1}.xml` : '/sitemap.xml'}`)),
    );
  });
});
