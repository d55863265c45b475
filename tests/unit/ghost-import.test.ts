import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import yazl from 'yazl';
import { GHOST_IMPORT_MESSAGES as M } from '#shared/messages.ts';
import { openZip } from '#server/lib/safe-zip.ts';
import { openGhost } from '#server/modules/site-import/ghost/open.ts';
import { SourceRefused, type SourceDoc, type SourceSubscriber } from '#server/modules/site-import/source.ts';

/** A Ghost 5 export (tests/fixtures/import/ghost/: its README says what it holds and where it comes from). */
const EXPORT = fileURLToPath(new URL('../fixtures/import/ghost/export.json', import.meta.url));
const OLD = 'https://old.example.com';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ghost-import-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const list: T[] = [];
  for await (const item of items) list.push(item);
  return list;
}

let counter = 0;
async function makeZip(entries: Record<string, Buffer | string>): Promise<string> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(entries)) zip.addBuffer(Buffer.from(data), name);
  zip.end();
  const file = path.join(dir, `g${++counter}.zip`);
  await pipeline(zip.outputStream, createWriteStream(file));
  return file;
}

async function writeTemp(data: string): Promise<string> {
  const file = path.join(dir, `g${++counter}.json`);
  await writeFile(file, data);
  return file;
}

async function refusal(run: () => Promise<unknown>): Promise<string> {
  const err = await run().then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SourceRefused);
  return (err as SourceRefused).message;
}

describe('Ghost export', () => {
  let docs: SourceDoc[];
  const doc = (slug: string) => {
    const found = docs.find((d) => d.slug === slug);
    if (!found) throw new Error(`no doc ${slug}`);
    return found;
  };

  beforeAll(async () => {
    const source = openGhost({ jsonPath: EXPORT, siteUrl: `${OLD}/` });
    docs = await collect(source.docs());
    await source.close();
  });

  it('summarises the site: counts, authors, tags, images, archives, problems', async () => {
    const source = openGhost({ jsonPath: EXPORT, siteUrl: OLD });
    const summary = await source.summary();
    expect(summary.kind).toBe('ghost');
    expect(summary.siteUrl).toBe(OLD);
    expect(summary.siteTitle).toBe('Old Ghost Blog');
    expect(summary.counts).toEqual({ posts: 4, pages: 1, comments: 1, subscribers: 2, attachments: 0, skipped: 0 });
    expect(summary.authors).toEqual([
      {
        key: '65bb0a0000000000000000d1',
        name: 'Ann Author',
        email: 'ann@example.com',
        slug: 'ann',
        bio: 'Writes things.',
        website: 'https://ann.example.net',
        avatarUrl: `${OLD}/content/images/2024/01/ann.jpg`,
      },
      {
        key: '65bb0a0000000000000000d2',
        name: 'Bob Builder',
        email: 'bob@example.com',
        slug: 'bob',
        bio: '',
        website: '',
        avatarUrl: null,
      },
    ]);
    // The internal tag (#hero) has no archive: left out and counted.
    expect(summary.terms).toEqual([
      { kind: 'tag', key: '65bb0a0000000000000000c1', name: 'Getting Started', slug: 'getting-started' },
      { kind: 'tag', key: '65bb0a0000000000000000c2', name: 'News', slug: 'news' },
    ]);
    expect(summary.images).toEqual(
      expect.arrayContaining([
        `${OLD}/content/images/2024/01/feature.jpg`,
        `${OLD}/content/images/2024/01/photo.jpg`,
        `${OLD}/content/images/2023/12/old.png`,
        'https://static.ghost.org/v4.0.0/images/writing-posts-with-ghost.png',
        'https://static.ghost.org/v4.0.0/images/andreas-selter-e4yK8QQlZa0-unsplash.jpg',
        `${OLD}/content/images/2024/01/ann.jpg`,
      ]),
    );
    expect(new Set(summary.images).size).toBe(summary.images.length);
    expect(summary.archives.map((a) => a.path)).toEqual([
      '/rss/',
      '/tag/getting-started/',
      '/tag/getting-started/rss/',
      '/tag/news/',
      '/tag/news/rss/',
      '/author/ann/',
      '/author/ann/rss/',
      '/author/bob/',
      '/author/bob/rss/',
    ]);
    expect(summary.archives[1]!.target).toEqual({ kind: 'tag', key: '65bb0a0000000000000000c1' });
    expect(summary.archives[5]!.target).toEqual({ kind: 'author', key: '65bb0a0000000000000000d1' });
    expect(summary.problems).toEqual([
      { item: M.fileItem, message: M.internalTags(1) },
      { item: M.postItem('For members', '65bb0a0000000000000000a2'), message: M.membersOnly('paid') },
      { item: M.postItem('A draft in lexical only', '65bb0a0000000000000000a3'), message: M.noHtml },
    ]);
    await source.close();
  });

  it('reads posts and pages in file order with HTML, statuses, dates, authors, tags and SEO fields', () => {
    expect(docs.map((d) => [d.kind, d.slug, d.status])).toEqual([
      ['post', 'welcome', 'published'],
      ['post', 'for-members', 'published'],
      ['post', 'lexical-draft', 'draft'],
      ['post', 'coming-next-week', 'scheduled'],
      ['page', 'about', 'published'],
    ]);
    const welcome = doc('welcome');
    expect(welcome).toMatchObject({
      key: '65bb0a0000000000000000a1',
      title: 'Welcome to the old blog',
      excerpt: 'The first post of the old blog.',
      publishedAt: '2024-01-10T09:00:00.000Z',
      createdAt: '2024-01-10T08:00:00.000Z',
      updatedAt: '2024-01-12T09:30:00.000Z',
      // posts_authors sort_order: Ann (0) before Bob (1); posts_tags likewise, the internal tag dropped.
      authorKeys: ['65bb0a0000000000000000d1', '65bb0a0000000000000000d2'],
      categoryKeys: [],
      tagKeys: ['65bb0a0000000000000000c1', '65bb0a0000000000000000c2'],
      featureImage: `${OLD}/content/images/2024/01/feature.jpg`,
      metaTitle: 'Welcome — Old Ghost Blog',
      metaDescription: 'Where it all began.',
      oldPaths: ['/welcome/'],
      problems: [],
    });
    expect(welcome.html).not.toContain('__GHOST_URL__');
    expect(welcome.html).toContain(`<a href="${OLD}/about/">about</a>`);
    expect(welcome.html).toContain(`<img src="${OLD}/content/images/2024/01/photo.jpg"`);
    expect(welcome.html).toContain(`srcset="${OLD}/content/images/size/w600/2024/01/photo.jpg 600w, `);
    expect(welcome.html).toContain(`<img src="${OLD}/content/images/2023/12/old.png"`);
    expect(welcome.images).toEqual([
      `${OLD}/content/images/2024/01/feature.jpg`,
      `${OLD}/content/images/2024/01/photo.jpg`,
      `${OLD}/content/images/2023/12/old.png`,
    ]);

    expect(doc('for-members').problems).toEqual([M.membersOnly('paid')]);
    expect(doc('for-members').images).toHaveLength(3);
    const draft = doc('lexical-draft');
    expect(draft).toMatchObject({ html: '', publishedAt: null, problems: [M.noHtml] });
    expect(doc('coming-next-week').publishedAt).toBe('2024-02-05T08:00:00.000Z');
    expect(doc('about')).toMatchObject({ kind: 'page', oldPaths: ['/about/'], html: '<p>We write about things.</p>' });
  });

  it('gives the same documents on every reading', async () => {
    const source = openGhost({ jsonPath: EXPORT, siteUrl: OLD });
    expect(await collect(source.docs())).toEqual(docs);
    expect(await collect(source.docs())).toEqual(docs);
  });

  it('reads members as subscribers, email_disabled ones unsubscribed', async () => {
    const source = openGhost({ jsonPath: EXPORT });
    const subscribers: SourceSubscriber[] = await collect(source.subscribers());
    expect(subscribers).toEqual([
      { email: 'reader@example.com', name: 'Rita Reader', status: 'subscribed', createdAt: '2024-01-05T09:00:00.000Z' },
      { email: 'bounced@example.com', name: '', status: 'unsubscribed', createdAt: '2024-01-06T09:00:00.000Z' },
    ]);
  });

  it('without a site address: relative images on ghost.invalid, and a problem says so', async () => {
    const source = openGhost({ jsonPath: EXPORT });
    const summary = await source.summary();
    expect(summary.siteUrl).toBe('');
    expect(summary.problems[0]).toEqual({ item: M.fileItem, message: M.noSiteUrl });
    const [welcome] = await collect(source.docs());
    expect(welcome!.featureImage).toBe('https://ghost.invalid/content/images/2024/01/feature.jpg');
    expect(welcome!.html).toContain('<img src="https://ghost.invalid/content/images/2023/12/old.png"');
  });

  it('reads an older export: { meta, data } without db, page: 1, author_id, dates in milliseconds', async () => {
    const file = await writeTemp(
      JSON.stringify({
        meta: { exported_on: 1388318311015, version: '003' },
        data: {
          posts: [
            {
              id: 1,
              title: 'Old page',
              slug: 'old-page',
              html: '<p>Hi <img src="/content/images/2014/01/cat.jpg"></p>',
              page: 1,
              status: 'published',
              author_id: 1,
              meta_title: 'Old meta',
              created_at: 1388318310782,
              updated_at: 1388318310782,
              published_at: 1388318310783,
            },
            {
              id: 2,
              title: 'Old post',
              slug: 'old-post',
              html: '<p>x</p>',
              page: 0,
              status: 'published',
              author_id: 9,
            },
          ],
          users: [{ id: 1, name: 'Old Author', slug: 'old-author', email: 'old@example.com' }],
          tags: [],
          posts_tags: [],
        },
      }),
    );
    const source = openGhost({ jsonPath: file, siteUrl: 'http://old.example.org' });
    const [page, post] = await collect(source.docs());
    expect(page).toMatchObject({
      kind: 'page',
      key: '1',
      authorKeys: ['1'],
      metaTitle: 'Old meta',
      publishedAt: '2013-12-29T11:58:30.783Z',
      images: ['http://old.example.org/content/images/2014/01/cat.jpg'],
    });
    expect(post).toMatchObject({ kind: 'post', authorKeys: [], problems: [M.unknownAuthor('9')] });
    expect((await source.summary()).counts).toMatchObject({ posts: 1, pages: 1, subscribers: 0 });
  });

  it('reads the export from a ZIP (one folder down) and finds its images in it', async () => {
    const photo = Buffer.from('JPEG-photo-bytes');
    const file = await makeZip({
      'my-site/package.json': '{"name":"casper"}',
      'my-site/old-ghost-blog.ghost.2024-02-01-10-00-00.json': await readFile(EXPORT),
      'my-site/content/images/2024/01/photo.jpg': photo,
      'content/images/2024/01/feature.jpg': 'JPEG-feature',
    });
    const source = openGhost({ zip: await openZip(file), siteUrl: OLD });
    const summary = await source.summary();
    expect(summary.counts.posts).toBe(4);
    expect(await source.bundledImage(`${OLD}/content/images/2024/01/photo.jpg`, 1000)).toEqual(photo);
    expect((await source.bundledImage(`${OLD}/content/images/2024/01/feature.jpg`, 1000))?.toString()).toBe(
      'JPEG-feature',
    );
    expect(await source.bundledImage(`${OLD}/content/images/2024/01/missing.jpg`, 1000)).toBeNull();
    expect(await source.bundledImage('https://static.ghost.org/v4.0.0/images/preview.png', 1000)).toBeNull();
    // The same with the JSON uploaded alone and the images as a ZIP beside it.
    const images = openGhost({ jsonPath: EXPORT, zip: await openZip(file) });
    expect(await images.bundledImage('https://ghost.invalid/content/images/2024/01/photo.jpg', 1000)).toEqual(photo);
    await images.close();
    await source.close();
  });

  it('reads a hand-edited file with rows of the wrong type without failing', async () => {
    const file = await writeTemp(
      JSON.stringify({
        db: [
          {
            meta: { exported_on: 'yesterday' },
            data: {
              posts: [
                null,
                7,
                {
                  id: { x: 1 },
                  title: 5,
                  slug: 'odd',
                  html: 3,
                  status: 'constructor',
                  feature_image: 9,
                  created_at: true,
                },
              ],
              users: { not: 'a list' },
              tags: [null],
              posts_tags: [null, { post_id: null }],
              posts_authors: 'none',
              posts_meta: [null],
              settings: [{ key: 'title', value: { x: 1 } }],
              members: [{ email: 42 }, { email: 'm@example.com', subscribed: false }],
            },
          },
        ],
      }),
    );
    const source = openGhost({ jsonPath: file, siteUrl: 'not a url' });
    const summary = await source.summary();
    expect(summary).toMatchObject({ siteUrl: '', siteTitle: '', authors: [], terms: [] });
    expect(summary.counts).toMatchObject({ posts: 1, pages: 0, subscribers: 1 });
    const [odd] = await collect(source.docs());
    expect(odd).toMatchObject({ slug: 'odd', title: '', html: '', status: 'draft', featureImage: null });
    expect(odd!.problems).toEqual([M.unknownStatus('constructor'), M.noAuthor]);
    expect(odd!.createdAt).toBe(new Date(0).toISOString());
    expect(await collect(source.subscribers())).toEqual([
      { email: 'm@example.com', name: '', status: 'unsubscribed', createdAt: null },
    ]);
  });

  it('refuses what is not a readable Ghost export', async () => {
    const open = (jsonPath: string) => () => openGhost({ jsonPath }).summary();
    expect(await refusal(open(await writeTemp('{"not": "ghost"}')))).toBe(M.notGhost);
    expect(await refusal(open(await writeTemp('{"db": [{"data": {"users": []}}]}')))).toBe(M.notGhost);
    expect(await refusal(open(await writeTemp('[1, 2, 3]')))).toBe(M.notGhost);
    expect(await refusal(open(await writeTemp('{ this is not json')))).toMatch(
      /^The file is not a Ghost export: it is not readable JSON/,
    );
    const cut = await writeTemp((await readFile(EXPORT, 'utf8')).slice(0, 3000));
    expect(await refusal(open(cut))).toBe(M.truncatedJson);
    // docs() refuses the same way before yielding anything.
    expect(await refusal(() => collect(openGhost({ jsonPath: cut }).docs()))).toBe(M.truncatedJson);

    const large = path.join(dir, 'large.json');
    await writeFile(large, '{');
    await truncate(large, 200 * 1024 * 1024 + 1);
    expect(await refusal(open(large))).toBe(M.jsonTooLarge(200));

    const noExport = await makeZip({ 'export.json': '{"not": "ghost"}', 'content/images/a.jpg': 'x' });
    const zipped = await openZip(noExport);
    expect(await refusal(() => openGhost({ zip: zipped }).summary())).toBe(M.zipWithoutExport);
    const twice = await makeZip({ 'a.json': await readFile(EXPORT), 'b/b.json': await readFile(EXPORT) });
    expect(await refusal(async () => openGhost({ zip: await openZip(twice) }).summary())).toBe(
      M.zipManyExports('a.json, b/b.json'),
    );
    // Too deep: a JSON two folders down is not looked for.
    const deep = await makeZip({ 'a/b/export.json': await readFile(EXPORT) });
    expect(await refusal(async () => openGhost({ zip: await openZip(deep) }).summary())).toBe(M.zipWithoutExport);
  });
});

describe('Ghost 5 export made by a real Ghost (tests/fixtures/import/ghost/real/)', () => {
  const REAL = fileURLToPath(new URL('../fixtures/import/ghost/real/', import.meta.url));

  it('reads its members from the members CSV in the ZIP (the JSON holds none), unsubscribed ones unsubscribed', async () => {
    const json = JSON.parse(await readFile(path.join(REAL, 'ghost-export.json'), 'utf8')) as {
      db: [{ data: Record<string, unknown> }];
    };
    expect(json.db[0].data.members).toBeUndefined();
    const source = openGhost({ zip: await openZip(path.join(REAL, 'ghost-with-images.zip')) });
    const summary = await source.summary();
    expect(summary.counts).toMatchObject({ posts: 4, pages: 2, subscribers: 2 });
    expect(await collect(source.subscribers())).toEqual([
      { email: 'reader@example.com', name: 'Rita Reader', status: 'subscribed', createdAt: expect.any(String) },
      { email: 'quiet@example.com', name: 'Quentin Quiet', status: 'unsubscribed', createdAt: expect.any(String) },
    ]);
    await source.close();
  });

  it('makes its links to the site paths, as the export holds no site address (its images are found in the ZIP)', async () => {
    const source = openGhost({ zip: await openZip(path.join(REAL, 'ghost-with-images.zip')) });
    const docs = await collect(source.docs());
    const welcome = docs.find((doc) => doc.slug === 'welcome')!;
    expect(welcome.html).toContain('<a href="/colophon/">Colophon</a>');
    expect(welcome.html).toContain('src="https://ghost.invalid/content/images/2026/11/chart.png"');
    expect(welcome.html).not.toContain('__GHOST_URL__');
    expect(await source.bundledImage(welcome.featureImage!, 10_000)).not.toBeNull();
    // With the address given, links stay on the old site (which this site answers once the domain moves).
    const given = openGhost({ zip: await openZip(path.join(REAL, 'ghost-with-images.zip')), siteUrl: OLD });
    const again = (await collect(given.docs())).find((doc) => doc.slug === 'welcome')!;
    expect(again.html).toContain(`<a href="${OLD}/colophon/">Colophon</a>`);
    await given.close();
    await source.close();
  });

  it('passes over a CSV that is not a members export, and reports a members CSV it cannot read', async () => {
    const json = await readFile(path.join(REAL, 'ghost-export.json'));
    const csv = await readFile(path.join(REAL, 'members.csv'), 'utf8');
    const file = await makeZip({
      'site/ghost-export.json': json,
      'site/redirects.csv': 'from,to\n/a/,/b/\n',
      'site/notes.csv': 'a,b\n"unclosed\n',
      'site/members.csv': csv,
      'broken/members.csv': `${csv.split('\n')[0]}\n"unclosed,quote@example.com\n`,
      'deep/er/members.csv': csv,
    });
    const source = openGhost({ zip: await openZip(file) });
    const summary = await source.summary();
    expect(summary.counts.subscribers).toBe(2);
    const unreadable = summary.problems.filter((p) => p.message.startsWith('The members file'));
    expect(unreadable.map((p) => p.message)).toEqual([expect.stringContaining('"broken/members.csv"')]);
    expect(unreadable[0]!.item).toBe(M.fileItem);
    await source.close();
  });
});
