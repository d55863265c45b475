import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as imports from '#shared/api/imports.ts';
import * as pagesApi from '#shared/api/pages.ts';
import * as redirectsApi from '#shared/api/redirects.ts';
import * as revisionsApi from '#shared/api/revisions.ts';
import { IMPORT_MESSAGES } from '#shared/messages.ts';
import { NO_RATE_LIMITS } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { createPost, createUpload, loggedInAdmin, unique, type LoggedInAdmin } from '#tests/helpers/factories.ts';
import {
  analysedWordPress,
  importSite,
  EMPTY_WXR,
  reportOf,
  settled,
  uploadExport,
  WORDPRESS_FIXTURE,
} from '#tests/helpers/imports.ts';
import { wxrWithImage } from '#tests/helpers/wxr-with-image.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { openWordPress } from '#server/modules/site-import/wordpress/index.ts';
import { claimWork } from '#server/modules/site-import/repository.ts';

/**
 * Importing a WordPress site (docs/product.md#import, docs/decisions/0038-import.md) from a real
 * WordPress 6.1 export (tests/fixtures/import/wordpress/, made by scripts/fixtures/wordpress/): the
 * analysis writes nothing; the import makes posts, pages, people, terms, images and a 301 from every old
 * address; a second import of the same file makes nothing twice; Undo removes exactly what it made.
 * Pages are rendered by the production build (`npm run build` first).
 */
const OLD = 'https://old.example.com';

/** The published posts and pages of the fixture as its reader gives them (tests/unit/wordpress-import.test.ts pins the reader). */
async function publishedOfFixture() {
  const source = openWordPress({ xmlPath: WORDPRESS_FIXTURE });
  const docs = [];
  for await (const doc of source.docs()) if (doc.status === 'published') docs.push(doc);
  await source.close();
  return docs;
}
const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

describe.each(DATABASE_KINDS)('importing a WordPress site on %s', (kind) => {
  let t: TestApp;
  let admin: LoggedInAdmin;
  beforeAll(async () => {
    ({ t, admin } = await importSite(kind));
  });
  afterAll(() => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('analyses the export without writing anything, and refuses what is not an export', async () => {
    const before = await t.services.db
      .selectFrom('blog_posts')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const analysed = await analysedWordPress(admin);
    expect(analysed.status).toBe('analysed');
    expect(analysed.summary).toMatchObject({ kind: 'wordpress', siteUrl: OLD });
    expect(analysed.summary.counts).toMatchObject({ pages: 2, authors: 2 });
    expect(analysed.summary.counts.posts).toBeGreaterThanOrEqual(7);
    expect(analysed.summary.counts.images).toBeGreaterThanOrEqual(3);
    expect(analysed.summary.problems.some((p) => /shortcode/i.test(p.message))).toBe(true);
    const after = await t.services.db
      .selectFrom('blog_posts')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    await admin.api.call(imports.discardImport, { params: { id: analysed._id } });

    for (const [data, name] of [
      ['just some text', 'notes.txt'],
      ['<?xml version="1.0"?><rss version="2.0"><channel><title>x</title></channel></rss>', 'feed.xml'],
      [
        '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><rss>&lol2;</rss>',
        'bomb.xml',
      ],
      ['<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><rss>&xxe;</rss>', 'xxe.xml'],
      [(await fs.readFile(WORDPRESS_FIXTURE, 'utf8')).slice(0, 5000), 'cut.xml'],
      ['{"not": "ghost"}', 'x.json'],
    ] as const) {
      const res = await uploadExport(admin, { data, name });
      expect(res.status, `${name}: ${res.text}`).toBe(400);
      expect(res.body.message?.length).toBeGreaterThan(10);
    }
    const folders = await fs.readdir(path.join(t.dataDir, 'imports'));
    // Only the discarded import's folder is gone too: nothing of a refused file is kept.
    expect(folders).toEqual([]);
  });

  it('imports posts, pages, people, terms and images, and every old address answers one 301 then the page', async () => {
    const analysed = await analysedWordPress(admin);
    const started = await admin.api.call(imports.startImport, {
      params: { id: analysed._id },
      body: { authors: [], clash: 'skip', subscribersOptedIn: false },
    });
    expect(['queued', 'running', 'done']).toContain(started.data.status);
    const done = await settled(t, admin, analysed._id);
    expect(done.status, done.error ?? '').toBe('done');
    expect(done.outcomes.failed ?? 0).toBe(0);
    expect(done.undoUntil).not.toBeNull();

    const published = await publishedOfFixture();
    expect(published.length).toBeGreaterThanOrEqual(7);
    for (const doc of published) {
      const link = doc.oldPaths[0]!;
      const title = escaped(doc.title);
      const first = await get(link);
      // A page whose address is the same here (/about/ → /about) answers at once.
      if (first.statusCode === 200 && doc.kind === 'page') {
        expect(first.body).toContain(title);
        continue;
      }
      expect(first.statusCode, link).toBe(301);
      const to = first.headers.location as string;
      expect(to.startsWith('/')).toBe(true);
      const page = await get(to);
      expect(page.statusCode, `${link} → ${to}`).toBe(200);
      expect(page.body).toContain(title);
    }
    // The numeric forms and the plain permalink lead to the same post.
    const classic = (await get('/2024/01/15/classic-post/')).headers.location;
    expect((await get('/?p=4')).headers.location).toBe(classic);
    expect((await get('/classic-post/')).headers.location).toBe(classic);
    expect((await get('/2024/01/classic-post/')).headers.location).toBe(classic);
    expect((await get('/category/news/')).statusCode).toBe(301);
    expect((await get('/feed/')).headers.location).toBe('/rss.xml');
    // The landing page itself is untouched by the query rules.
    expect((await get('/')).statusCode).toBe(200);

    // Images came from the uploaded ZIP into the media library, and the posts point at them.
    const classicPage = await get(classic as string);
    expect(classicPage.body).toMatch(/src="\/uploads\/[0-9a-f]{24}\.(jpe?g|png)"/);
    // (A video stays a link to the old site: the report lists it.)
    expect(classicPage.body).not.toMatch(/<img[^>]+old\.example\.com/);

    // Drafts and private posts are imported as drafts, not public.
    const report = await reportOf(admin, analysed._id);
    const draft = report.find((line) => line.label === 'Draft post');
    expect(draft?.outcome).toBe('created');
    expect((await get('/?p=14')).statusCode).not.toBe(301);
    // Byline-only authors were made for the old authors (no staff person has their address).
    expect(report.filter((line) => line.kind === 'person' && line.outcome === 'created')).toHaveLength(2);
    const redirects = await admin.api.call(redirectsApi.listRedirects, { query: { search: '/?p=4' } });
    expect(redirects.data.find((r) => r.from === '/?p=4')).toMatchObject({ imported: true, status: 301 });
  });

  it('makes nothing twice when the same file is imported again, and Undo removes exactly what it made', async () => {
    const posts = async () =>
      Number(
        (
          await t.services.db
            .selectFrom('blog_posts')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const pages = async () =>
      Number(
        (
          await t.services.db
            .selectFrom('pages')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const uploads = async () =>
      Number(
        (
          await t.services.db
            .selectFrom('uploads')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = { posts: await posts(), pages: await pages(), uploads: await uploads() };
    const again = await analysedWordPress(admin);
    await admin.api.call(imports.startImport, {
      params: { id: again._id },
      body: { authors: [], clash: 'keep', subscribersOptedIn: false },
    });
    const done = await settled(t, admin, again._id);
    expect(done.status).toBe('done');
    expect(done.outcomes.created ?? 0).toBeLessThanOrEqual(1); // the redirects line only
    expect({ posts: await posts(), pages: await pages(), uploads: await uploads() }).toEqual(before);

    // Undo of the second import leaves the first one's things.
    await admin.api.call(imports.undoImport, { params: { id: again._id } });
    const undoneAgain = await settled(t, admin, again._id);
    expect(undoneAgain.status, undoneAgain.error ?? '').toBe('undone');
    expect(await posts()).toBe(before.posts);

    // Undo of the first removes its posts, pages, images and redirects.
    const [first] = (await admin.api.call(imports.listImports)).data.filter((i) => i.status === 'done');
    expect(first).toBeDefined();
    // One of its byline authors is credited on a post of this site's since (as a later import may do):
    // that person stays, and the rest of the Undo is not held up by them.
    const bylines = (await reportOf(admin, first!._id)).filter((l) => l.kind === 'person' && l.outcome === 'created');
    const kept = await t.services.db
      .selectFrom('import_items')
      .select('target_id')
      .where('import_id', '=', first!._id)
      .where('source_key', '=', bylines[0]!.key)
      .executeTakeFirstOrThrow();
    const own = await createPost(admin, { title: unique('Own post') });
    await t.services.db
      .insertInto('post_authors')
      .values({ post_id: own._id, user_id: kept.target_id, position: 1 })
      .execute();
    await admin.api.call(imports.undoImport, { params: { id: first!._id } });
    const undone = await settled(t, admin, first!._id);
    expect(undone.status, undone.error ?? '').toBe('undone');
    expect(undone.undoUntil).toBeNull();
    expect((await get('/2024/01/15/classic-post/')).statusCode).toBe(404);
    expect((await get('/?p=4')).statusCode).toBe(200);
    expect(await pages()).toBe(before.pages - 2);
    const people = await t.services.db.selectFrom('users').select('id').where('password_hash', '=', '!').execute();
    expect(people.map((p) => p.id)).toEqual([kept.target_id]);
    expect(await uploads()).toBeLessThan(before.uploads);
    const again2 = await admin.api.callRaw(imports.undoImport, { params: { id: first!._id } });
    expect(again2.status).toBe(409);
    expect(again2.body.message).toBe(IMPORT_MESSAGES.notUndoable);
  });

  it('never lets an old address take over one this site answers itself', async () => {
    const careers = await admin.api.call(pagesApi.createPage, {
      body: { title: 'Careers here', segment: 'careers', blocks: [] },
    });
    await admin.api.call(pagesApi.setPageStatus, { params: { id: careers.data._id }, body: { status: 'published' } });
    // An unlucky export: its pages once answered at addresses this site uses (each check: unit test
    // tests/unit/import-own-addresses.test.ts).
    const xml = (await fs.readFile(WORDPRESS_FIXTURE, 'utf8'))
      .replace('<link>https://old.example.com/about/</link>', '<link>https://old.example.com/careers/</link>')
      .replace(
        '<link>https://old.example.com/2024/01/15/classic-post/</link>',
        '<link>https://old.example.com/blogs/</link>',
      );
    const analysed = await analysedWordPress(admin, xml);
    await admin.api.call(imports.startImport, { params: { id: analysed._id }, body: { clash: 'keep' } });
    expect((await settled(t, admin, analysed._id)).status).toBe('done');
    expect((await get('/blogs')).statusCode).toBe(200);
    const ours = await get('/careers');
    expect(ours.statusCode).toBe(200);
    expect(ours.body).toContain('Careers here');
    await admin.api.call(imports.undoImport, { params: { id: analysed._id } });
    expect((await settled(t, admin, analysed._id)).status).toBe('undone');
  });

  it('makes two posts of the file that want one address one after the other: the second beside the first', async () => {
    // Posts are made two at a time (server/modules/site-import/phase-docs.ts); these two must not be.
    // The third wants the address `keep` gives the second: it is made after both, beside them.
    const twin = (
      id: number,
      title: string,
      slug = 'twins-here',
    ) => `<item><title>${title}</title><link>https://twins.example.com/twin-${id}/</link>
      <content:encoded><![CDATA[<p>${title} text.</p>]]></content:encoded><wp:post_id>${id}</wp:post_id>
      <wp:post_date_gmt>2024-02-01 10:00:00</wp:post_date_gmt><wp:post_name>${slug}</wp:post_name>
      <wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item>`;
    const xml = EMPTY_WXR.replace(
      '<link>https://empty.example.com</link>',
      '<link>https://twins.example.com</link>',
    ).replace(
      '</channel>',
      `${twin(501, 'First twin')}${twin(502, 'Second twin')}${twin(503, 'Third twin', 'twins-here-2')}</channel>`,
    );
    const analysed = await analysedWordPress(admin, xml);
    await admin.api.call(imports.startImport, { params: { id: analysed._id }, body: { clash: 'keep' } });
    expect((await settled(t, admin, analysed._id)).status).toBe('done');
    const lines = (await reportOf(admin, analysed._id)).filter((line) => line.kind === 'post');
    expect(lines.map((line) => [line.label, line.outcome, line.path])).toEqual([
      ['First twin', 'created', '/blogs/uncategorized/twins-here'],
      ['Second twin', 'created', '/blogs/uncategorized/twins-here-2'],
      ['Third twin', 'created', '/blogs/uncategorized/twins-here-2-2'],
    ]);
    expect((await get('/blogs/uncategorized/twins-here-2')).body).toContain('Second twin');
    await admin.api.call(imports.undoImport, { params: { id: analysed._id } });
    expect((await settled(t, admin, analysed._id)).status).toBe('undone');
  });

  it('points a rule made by hand at where an old address now is, and Undo points it back', async () => {
    // A campaign link made here before the move, to the old site's address of a post.
    const promo = `/${unique('promo').toLowerCase()}`;
    const old = '/2024/01/15/classic-post/';
    const rule = await admin.api.call(redirectsApi.createRedirect, { body: { from: promo, to: old, status: 301 } });
    expect(rule.status, rule.text).toBe(200);
    // Another, which someone edits after the import: their edit stands after Undo.
    const edited = `/${unique('edited').toLowerCase()}`;
    const other = await admin.api.call(redirectsApi.createRedirect, { body: { from: edited, to: old, status: 301 } });
    const analysed = await analysedWordPress(admin);
    await admin.api.call(imports.startImport, { params: { id: analysed._id }, body: { clash: 'skip' } });
    expect((await settled(t, admin, analysed._id)).status).toBe('done');
    const classic = (await get(old)).headers.location as string;
    expect(classic).toMatch(/^\/blogs\//);
    // One hop, as a chain made by hand would be collapsed (docs/product.md#redirects).
    expect((await get(promo)).headers.location).toBe(classic);
    expect((await get(edited)).headers.location).toBe(classic);
    const saved = await admin.api.call(redirectsApi.updateRedirect, {
      params: { id: other.data._id },
      body: { from: edited, to: '/blogs', status: 302 },
    });
    expect(saved.status, saved.text).toBe(200);
    await admin.api.call(imports.undoImport, { params: { id: analysed._id } });
    expect((await settled(t, admin, analysed._id)).status).toBe('undone');
    expect((await get(promo)).headers.location).toBe(rule.data.to);
    const kept = await get(edited);
    expect([kept.statusCode, kept.headers.location]).toEqual([302, '/blogs']);
  });

  it('is claimed by one process only, however close two claims come', async () => {
    const analysed = await analysedWordPress(admin);
    await t.services.db.updateTable('imports').set({ status: 'queued' }).where('id', '=', analysed._id).execute();
    const at = new Date().toISOString();
    const until = new Date(Date.now() + 30_000).toISOString();
    const [a, b] = await Promise.all([
      claimWork(t.services.db, 'a', at, until),
      claimWork(t.services.db, 'b', at, until),
    ]);
    expect([a?.id, b?.id].filter(Boolean)).toEqual([analysed._id]);
    expect(await claimWork(t.services.db, 'c', at, until)).toBeUndefined();
    await admin.api.call(imports.startImport, { params: { id: analysed._id }, body: {} }).catch(() => undefined);
    // Its lease runs out (its process died): another takes it over and finishes it.
    await t.services.db.updateTable('imports').set({ lease_until: at }).where('id', '=', analysed._id).execute();
    expect((await settled(t, admin, analysed._id)).status).toBe('done');
  });

  it('keeps what a failed import made and starts it again where it stopped', async () => {
    const analysed = await analysedWordPress(admin);
    const file = path.join(t.dataDir, 'imports', analysed._id, 'file.bin');
    await fs.rename(file, `${file}.away`);
    await admin.api.call(imports.startImport, { params: { id: analysed._id }, body: { clash: 'keep' } });
    const failed = await settled(t, admin, analysed._id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe(IMPORT_MESSAGES.jobFailed);
    expect(failed.undoUntil).not.toBeNull();
    await fs.rename(`${file}.away`, file);
    await admin.api.call(imports.startImport, { params: { id: analysed._id }, body: { clash: 'keep' } });
    const done = await settled(t, admin, analysed._id);
    expect(done.status, done.error ?? '').toBe('done');
    await admin.api.call(imports.undoImport, { params: { id: analysed._id } });
    expect((await settled(t, admin, analysed._id)).status).toBe('undone');
  });

  it('refuses a second import while one is queued, and keeps both on a clash when asked', async () => {
    const one = await analysedWordPress(admin);
    const two = await analysedWordPress(admin);
    await admin.api.call(imports.startImport, {
      params: { id: one._id },
      body: { authors: [], clash: 'skip', subscribersOptedIn: false },
    });
    const refused = await admin.api.callRaw(imports.startImport, {
      params: { id: two._id },
      body: { authors: [], clash: 'skip', subscribersOptedIn: false },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(IMPORT_MESSAGES.anotherRunning);
    expect((await settled(t, admin, one._id)).status).toBe('done');
    await admin.api.call(imports.discardImport, { params: { id: two._id } });
    const listed = (await admin.api.call(pagesApi.listPages, { query: {} })).data;
    expect(listed.filter((p) => p.segment === 'about')).toHaveLength(1);
  });
});

/**
 * Images downloaded from the old site (no ZIP given): each through server/lib/safe-fetch.ts. A host that
 * hangs, answers 404 or sends far too much fails that image alone; the import goes on and lists it.
 */
describe('importing with images downloaded from the old site', () => {
  let t: TestApp;
  let admin: LoggedInAdmin;
  let server: http.Server;
  let origin = '';
  beforeAll(async () => {
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a6' } })
      .jpeg()
      .toBuffer();
    server = http.createServer((req, res) => {
      if (req.url?.includes('hang')) return; // never answers
      if (req.url?.includes('missing')) return void res.writeHead(404).end();
      if (req.url?.includes('huge')) {
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        const chunk = Buffer.alloc(256 * 1024);
        const write = () => {
          while (res.write(chunk));
          res.once('drain', write);
        };
        return write();
      }
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await buildTestApp('sqlite', {
      app: { rateLimits: NO_RATE_LIMITS },
      env: { IMPORT_TRUSTED_HOSTS: origin.replace('http://', ''), IMPORT_DOWNLOAD_MS: '500' },
    });
    admin = await loggedInAdmin(t);
  });
  afterAll(async () => {
    server?.closeAllConnections();
    server?.close();
    await t?.close();
  });

  it('imports the images it can and lists the others with their reason', { timeout: 60_000 }, async () => {
    const broken = ['hang', 'missing', 'huge']
      .map((name) => `<img src="${OLD}/wp-content/uploads/2024/01/${name}.jpg" alt="${name}">`)
      .join('');
    const xml = (await fs.readFile(WORDPRESS_FIXTURE, 'utf8')).replace('<p>', `<p>${broken}`).replaceAll(OLD, origin);
    const res = await uploadExport(admin, { data: xml, name: 'site.xml' });
    expect(res.status, res.text).toBe(200);
    const id = res.data!._id;
    await admin.api.call(imports.startImport, {
      params: { id },
      body: { authors: [], clash: 'skip', subscribersOptedIn: false },
    });
    const done = await settled(t, admin, id);
    expect(done.status, done.error ?? '').toBe('done');
    const report = await reportOf(admin, id);
    const images = report.filter((line) => line.kind === 'upload');
    const failed = images.filter((line) => line.outcome === 'failed');
    expect(failed.map((line) => line.label).sort()).toEqual(['hang.jpg', 'huge.jpg', 'missing.jpg']);
    expect(failed.find((line) => line.label === 'missing.jpg')?.detail).toContain('404');
    expect(failed.find((line) => line.label === 'huge.jpg')?.detail).toContain('larger than');
    expect(images.filter((line) => line.outcome === 'created').length).toBeGreaterThanOrEqual(3);
    expect(report.filter((line) => line.kind === 'post' && line.outcome === 'created').length).toBeGreaterThanOrEqual(
      7,
    );
  });
});

/**
 * A failed image uploaded by hand from the report (docs/product.md#import): the import's post (its text, a
 * link and its featured image) and page point at the upload instead of the old address, through the
 * blog's and the pages' saves; the line becomes the upload's, and Undo still removes what the import made.
 * Pages are rendered by the production build (`npm run build` first).
 */
describe.each(DATABASE_KINDS)('replacing a failed image by hand on %s', (kind) => {
  let t: TestApp;
  let admin: LoggedInAdmin;
  let server: http.Server;
  let origin = '';
  beforeAll(async () => {
    server = http.createServer((_req, res) => void res.writeHead(404).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    ({ t, admin } = await importSite(kind, {
      IMPORT_TRUSTED_HOSTS: origin.replace('http://', ''),
      IMPORT_DOWNLOAD_MS: '500',
    }));
  });
  afterAll(async () => {
    server?.closeAllConnections();
    server?.close();
    await t?.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const replace = (id: string, body: { key: string; url: string }) =>
    admin.api.callRaw(imports.replaceImportImage, { params: { id }, body });

  it('points the posts and pages at the upload, once, and Undo still removes what the import made', async () => {
    const image = `${origin}/wp-content/uploads/2024/02/photo.jpg?v=1&size=full`;
    const key = `image:${image}`;
    const res = await uploadExport(admin, { data: wxrWithImage(origin, image), name: 'site.xml' });
    expect(res.status, res.text).toBe(200);
    const id = res.data!._id;
    await admin.api.call(imports.startImport, { params: { id }, body: { clash: 'skip' } });
    const done = await settled(t, admin, id);
    expect(done.status, done.error ?? '').toBe('done');
    const report = await reportOf(admin, id);
    expect(report.find((line) => line.key === key)).toMatchObject({ kind: 'upload', outcome: 'failed' });
    const postPath = report.find((line) => line.kind === 'post')!.path!;
    // The featured image the post missed is named on its line.
    expect(report.find((line) => line.kind === 'post')!.detail).toContain(IMPORT_MESSAGES.featureImageMissing(image));
    const pagePath = report.find((line) => line.kind === 'page')!.path!;
    const oldInHtml = image.replace(/&/g, '&amp;');
    expect((await get(postPath)).body).toContain(oldInHtml);
    expect((await get(pagePath)).body).toContain(oldInHtml);
    const postId = await t.services.db
      .selectFrom('import_items')
      .select('target_id')
      .where('import_id', '=', id)
      .where('target_kind', '=', 'post')
      .executeTakeFirstOrThrow();
    const revisionsBefore = (
      await admin.api.call(revisionsApi.listRevisions, { params: { docType: 'post', docId: postId.target_id } })
    ).data.length;

    // Refusals change nothing: an address that is no upload (400), a key or import of none (404).
    const notUploaded = await replace(id, { key, url: '/uploads/0123456789abcdef01234567.jpg' });
    expect(notUploaded.status).toBe(400);
    expect(notUploaded.body.message).toBe(IMPORT_MESSAGES.imageNotUploaded);
    expect((await replace(id, { key, url: 'https://elsewhere.example/x.jpg' })).status).toBe(400);
    expect((await replace(id, { key: 'post:10', url: '/uploads/0123456789abcdef01234567.jpg' })).status).toBe(400);
    const { url } = await createUpload(admin, { format: 'jpeg' });
    const unknownKey = await replace(id, { key: `image:${origin}/nowhere.jpg`, url });
    expect(unknownKey.status).toBe(404);
    expect(unknownKey.body.message).toBe(IMPORT_MESSAGES.imageNotFound);
    expect((await replace('no-such-import', { key, url })).status).toBe(404);
    expect((await reportOf(admin, id)).find((line) => line.key === key)?.outcome).toBe('failed');

    // Two clicks at once: one replaces, the other is told the line is not failed any more.
    const [one, two] = await Promise.all([replace(id, { key, url }), replace(id, { key, url })]);
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    const replaced = one.status === 200 ? one : two;
    expect(replaced.body.data).toMatchObject({ key, kind: 'upload', outcome: 'created', detail: url, path: url });
    expect((one.status === 409 ? one : two).body.message).toBe(IMPORT_MESSAGES.imageNotFailed);
    expect((await replace(id, { key, url })).status).toBe(409);
    expect((await reportOf(admin, id)).find((line) => line.key === key)).toMatchObject({
      outcome: 'created',
      path: url,
    });
    expect((await admin.api.call(imports.getImport, { params: { id } })).data.outcomes.failed ?? 0).toBe(0);
    const lines = await reportOf(admin, id);
    expect(lines.find((line) => line.kind === 'post')!.detail).not.toContain(
      IMPORT_MESSAGES.featureImageMissing(image),
    );

    // The post's text (with its size written in), its link and featured image, and the page, all point at the upload.
    const post = (await get(postPath)).body;
    expect(post).not.toContain(origin);
    expect(post).toMatch(
      new RegExp(
        `<img[^>]*src="${url}"[^>]*width="64"[^>]*height="48"|<img[^>]*width="64"[^>]*height="48"[^>]*src="${url}"`,
      ),
    );
    expect(post).toContain(`href="${url}"`);
    const stored = await t.services.blog.getPost(postId.target_id);
    expect(stored.featureImage).toBe(url);
    expect(stored.content).not.toContain(origin);
    const pageId = await t.services.db
      .selectFrom('import_items')
      .select('target_id')
      .where('import_id', '=', id)
      .where('target_kind', '=', 'page')
      .executeTakeFirstOrThrow();
    expect((await t.services.pages.get(pageId.target_id)).socialImage).toBe(url);
    const page = (await get(pagePath)).body;
    expect(page).not.toContain(origin);
    expect(page).toContain(`src="${url}"`);
    // Saved as an edit is: one revision more, and the activity log says who replaced what.
    const revisionsAfter = (
      await admin.api.call(revisionsApi.listRevisions, { params: { docType: 'post', docId: postId.target_id } })
    ).data.length;
    expect(revisionsAfter).toBe(revisionsBefore + 1);
    const logged = await t.services.db
      .selectFrom('activity_log')
      .select(['target_id', 'detail'])
      .where('action', '=', 'import.image-replaced')
      .execute();
    expect(logged).toHaveLength(1);
    expect(logged[0]!.target_id).toBe(id);
    expect(JSON.parse(logged[0]!.detail)).toMatchObject({ url, posts: 1, pages: 1 });

    // Undo removes the post and the page, then the upload, which nothing uses any more.
    await admin.api.call(imports.undoImport, { params: { id } });
    expect((await settled(t, admin, id)).status).toBe('undone');
    expect((await get(postPath)).statusCode).toBe(404);
    expect((await get(pagePath)).statusCode).toBe(404);
    const left = await t.services.db.selectFrom('uploads').select('id').where('url', '=', url).executeTakeFirst();
    expect(left).toBeUndefined();
    const afterUndo = await replace(id, { key, url });
    expect(afterUndo.status).toBe(409);
    expect(afterUndo.body.message).toBe(IMPORT_MESSAGES.imageNotReplaceable);
  });
});
