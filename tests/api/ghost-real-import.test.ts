import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as imports from '#shared/api/imports.ts';
import * as subscribersApi from '#shared/api/subscribers.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import type { LoggedInAdmin } from '#tests/helpers/factories.ts';
import { importSite, reportOf, settled, uploadExport } from '#tests/helpers/imports.ts';
import type { TestApp } from '#tests/helpers/test-app.ts';

/**
 * Importing a real Ghost 5.130.6 site (docs/product.md#import): the ZIP of tests/fixtures/import/ghost/real/
 * (Ghost's own JSON export beside its content/images, made by scripts/fixtures/ghost/make-export.mjs; its
 * README says how). Every published post and page answers at its old address with one 301 and then the
 * page, showing its images from the media library; the internal tag is left out; the members of the
 * members CSV in the ZIP become subscribers. Pages are rendered by the production build (`npm run build`).
 */
const REAL = 'tests/fixtures/import/ghost/real';
const escaped = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface RealPost {
  slug: string;
  title: string;
  type: string;
  status: string;
  html: string;
  feature_image: string | null;
}

async function exported() {
  const json = JSON.parse(await fs.readFile(path.join(REAL, 'ghost-export.json'), 'utf8')) as {
    db: [{ meta: { version: string }; data: { posts: RealPost[]; tags: { name: string; slug: string }[] } }];
  };
  return json.db[0];
}

describe.each(DATABASE_KINDS)('importing a real Ghost 5 export on %s', (kind) => {
  let t: TestApp;
  let admin: LoggedInAdmin;
  beforeAll(async () => {
    ({ t, admin } = await importSite(kind));
  });
  afterAll(() => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('imports the posts, pages, images and members, and every old address answers one 301 then the page', async () => {
    const ghost = await exported();
    expect(ghost.meta.version).toBe('5.130.6');
    const analysed = await uploadExport(admin, {
      data: await fs.readFile(path.join(REAL, 'ghost-with-images.zip')),
      name: 'ghost-with-images.zip',
    });
    expect(analysed.status, analysed.text).toBe(200);
    expect(analysed.data.summary).toMatchObject({ kind: 'ghost', siteTitle: 'Real Ghost Blog' });
    expect(analysed.data.summary.counts).toMatchObject({ posts: 4, pages: 2, authors: 2, tags: 2, images: 3 });
    expect(analysed.data.summary.counts.subscribers).toBe(2);

    await admin.api.call(imports.startImport, {
      params: { id: analysed.data._id },
      body: { authors: [], clash: 'skip', subscribersOptedIn: true },
    });
    const done = await settled(t, admin, analysed.data._id);
    expect(done.status, done.error ?? '').toBe('done');
    expect(done.outcomes.failed ?? 0).toBe(0);

    const published = ghost.data.posts.filter((post) => post.status === 'published');
    expect(published.map((post) => post.slug).sort()).toEqual(
      ['about', 'colophon', 'field-notes', 'third-post', 'welcome'].sort(),
    );
    for (const post of published) {
      const link = `/${post.slug}/`;
      const first = await get(link);
      // Ghost's default About page: this site has an /about page of its own, which stays (clash: skip) and
      // answers at the old address itself.
      if (post.slug === 'about') {
        expect(first.statusCode, link).toBe(200);
        continue;
      }
      // A page at the same address here (/colophon/ → /colophon) answers at once, as in
      // tests/api/site-import.test.ts; a post answers one 301 to its address under /blogs/.
      let page = first;
      if (!(post.type === 'page' && first.statusCode === 200)) {
        expect(first.statusCode, link).toBe(301);
        const to = first.headers.location as string;
        expect(to.startsWith('/'), to).toBe(true);
        page = await get(to);
        expect(page.statusCode, `${link} → ${to}`).toBe(200);
      }
      expect(page.body, link).toContain(escaped(post.title));
      if (post.feature_image || post.html.includes('<img')) {
        expect(page.body, link).toMatch(/src="\/uploads\/[0-9a-f]{24}\.png"/);
        expect(page.body, link).not.toContain('__GHOST_URL__');
        expect(page.body, link).not.toContain('ghost.invalid');
      }
    }
    // The welcome post's link to the page (`__GHOST_URL__/colophon/`) is a path here, which leads to it.
    const welcome = await get((await get('/welcome/')).headers.location as string);
    expect(welcome.body).toContain('href="/colophon/"');
    // The draft came in as a draft: its old address leads nowhere public.
    expect((await get('/a-draft/')).statusCode).not.toBe(301);

    // The internal tag (#hidden) is left out; the public ones are imported with their archives.
    const report = await reportOf(admin, analysed.data._id);
    const tags = report.filter((line) => line.kind === 'tag').map((line) => line.label);
    expect(tags.sort()).toEqual(['News', 'Notes']);
    const names = await t.services.db.selectFrom('blog_tags').select('name').execute();
    expect(names.map((row) => row.name)).not.toContain('#hidden');
    expect((await get('/tag/hash-hidden/')).statusCode).not.toBe(301);
    expect((await get('/tag/news/')).statusCode).toBe(301);

    // The members CSV in the ZIP: the subscribed member is confirmed, the unsubscribed one stays so.
    const { data: subscribers } = await admin.api.call(subscribersApi.listSubscribers, { query: {} });
    const status = Object.fromEntries(subscribers.map((s) => [s.email, s.status]));
    expect(status).toMatchObject({ 'reader@example.com': 'confirmed', 'quiet@example.com': 'unsubscribed' });
  });
});
