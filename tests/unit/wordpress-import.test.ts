import { beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { WORDPRESS_IMPORT_MESSAGES as M } from '#shared/messages.ts';
import type { SourceDoc, SourceSummary, ZipArchive } from '#server/modules/site-import/source.ts';
import { openWordPress } from '#server/modules/site-import/wordpress/index.ts';
import { sanitizeRichText } from '#server/lib/sanitize-html.ts';

/**
 * The reader on a real WordPress 6.1.9 export (tests/fixtures/import/wordpress/, made by
 * scripts/fixtures/wordpress/make-fixture.sh: its README lists what the site holds).
 */
const SITE_XML = fileURLToPath(new URL('../fixtures/import/wordpress/site.xml', import.meta.url));
const UPLOADS = 'https://old.example.com/wp-content/uploads/2024/01';

async function collect<T>(items: AsyncIterable<T>) {
  const list: T[] = [];
  for await (const item of items) list.push(item);
  return list;
}

describe('WordPress export from a real WordPress', () => {
  let summary: SourceSummary;
  let docs: SourceDoc[];
  const doc = (key: string) => {
    const found = docs.find((d) => d.key === key);
    if (!found) throw new Error(`no doc ${key}`);
    return found;
  };

  beforeAll(async () => {
    const source = openWordPress({ xmlPath: SITE_XML });
    summary = await source.summary();
    docs = await collect(source.docs());
    await source.close();
  });

  it('summarises the site: counts, authors, terms, images', () => {
    expect(summary.kind).toBe('wordpress');
    expect(summary.siteUrl).toBe('https://old.example.com');
    expect(summary.siteTitle).toBe('Old Example Blog');
    // 8 posts (the trashed one is skipped), the menu item skipped, the comments of the classic post.
    expect(summary.counts).toEqual({ posts: 8, pages: 2, comments: 2, subscribers: 0, attachments: 3, skipped: 2 });
    expect(summary.authors).toEqual([
      {
        key: 'ann',
        name: 'Ann Author',
        email: 'ann@example.com',
        slug: 'ann',
        bio: '',
        website: '',
        avatarUrl: null,
      },
      {
        key: 'bob.builder',
        name: 'Bob Builder',
        email: 'bob@example.com',
        slug: 'bob-builder',
        bio: '',
        website: '',
        avatarUrl: null,
      },
    ]);
    expect(summary.terms.map((t) => `${t.kind}:${t.key}:${t.name}:${t.slug}`)).toEqual([
      'category:news:News:news',
      'category:tutorials:Tutorials:tutorials',
      'category:uncategorized:Uncategorized:uncategorized',
      'category:guides:Guides:guides',
      'tag:cafe:Café:cafe',
      'tag:how-to:How to:how-to',
      'tag:release:Release:release',
    ]);
    expect([...summary.images].sort()).toEqual([`${UPLOADS}/blue.png`, `${UPLOADS}/green.jpg`, `${UPLOADS}/red.jpg`]);
  });

  it('lists the problems of the items, in file order', () => {
    const item = 'Post "Shortcodes 日本" (id 13)';
    expect(summary.problems).toEqual([
      { item, message: M.unknownShortcode('contact-form-7') },
      { item, message: M.unknownShortcode('highlight') },
      { item, message: M.mediaAsLink('video', `${UPLOADS}/clip.mp4`) },
      { item, message: M.mediaAsLink('audio', `${UPLOADS}/sound.mp3`) },
    ]);
  });

  it('gives the archives and feeds of the old site', () => {
    const archives = Object.fromEntries(summary.archives.map((a) => [a.path, a.target]));
    expect(archives['/category/news/']).toEqual({ kind: 'category', key: 'news' });
    expect(archives['/category/tutorials/guides/']).toEqual({ kind: 'category', key: 'guides' });
    expect(archives['/category/guides/']).toEqual({ kind: 'category', key: 'guides' });
    expect(archives['/?cat=4']).toEqual({ kind: 'category', key: 'guides' });
    expect(archives['/tag/how-to/']).toEqual({ kind: 'tag', key: 'how-to' });
    expect(archives['/?tag=release']).toEqual({ kind: 'tag', key: 'release' });
    expect(archives['/author/bob-builder/']).toEqual({ kind: 'author', key: 'bob.builder' });
    expect(archives['/?author=2']).toEqual({ kind: 'author', key: 'bob.builder' });
    for (const feed of ['/feed/', '/comments/feed/', '/tag/cafe/feed/', '/author/ann/feed/', '/category/news/feed/'])
      expect(archives[feed]).toEqual({ kind: 'feed' });
  });

  it('yields the posts and pages in file order, nothing else', () => {
    expect(docs.map((d) => `${d.kind} ${d.key} ${d.status}`)).toEqual([
      'post 4 published',
      'post 7 published',
      'post 11 published',
      'post 12 published',
      'post 13 published',
      'post 14 draft',
      'post 15 scheduled',
      'post 16 private',
      'page 19 published',
      'page 20 published',
    ]);
  });

  it('restores the paragraphs of classic content and takes the original image, SEO and featured image', () => {
    const classic = doc('4');
    expect(classic.title).toBe('Tom & Jerry’s classic post');
    expect(classic.slug).toBe('classic-post');
    expect(classic.html).toContain('<p>First paragraph with <strong>bold</strong> text.</p>');
    expect(classic.html).toContain('<p>Second paragraph<br />\nwith a line break.</p>');
    expect(classic.html).toContain('<p>Last paragraph.</p>');
    // The 300x225 size in the content is the attachment red.jpg; the old site's srcset and sizes are gone.
    expect(classic.html).toContain(`src="${UPLOADS}/red.jpg"`);
    expect(classic.html).not.toMatch(/300x225|srcset|sizes=/);
    expect(classic.featureImage).toBe(`${UPLOADS}/red.jpg`);
    expect(classic.images).toEqual([`${UPLOADS}/red.jpg`]);
    expect(classic.excerpt).toBe('A post written in the classic editor.');
    expect(classic.metaTitle).toBe('Classic SEO title - Old Example Blog');
    expect(classic.metaDescription).toBe('The classic post, described for search engines.');
    expect(classic.authorKeys).toEqual(['ann']);
    expect(classic.categoryKeys).toEqual(['guides', 'news']);
    expect(classic.tagKeys).toEqual(['cafe', 'release']);
    // post_date_gmt; the local date (Europe/Berlin) is an hour later.
    expect(classic.publishedAt).toBe('2024-01-15T09:30:00.000Z');
    expect(classic.createdAt).toBe('2024-01-15T09:30:00.000Z');
    expect(classic.oldPaths).toEqual([
      '/2024/01/15/classic-post/',
      '/?p=4',
      '/2024/01/classic-post/',
      '/archives/4',
      '/classic-post/',
    ]);
    expect(classic.problems).toEqual([]);
  });

  it('removes block comments and keeps block HTML as it is', () => {
    const blocks = doc('7');
    expect(blocks.title).toBe('Blocks & more');
    expect(blocks.html).not.toContain('<!--');
    expect(blocks.html).toContain('<p>A paragraph written in blocks.</p>');
    expect(blocks.html).toContain(`<img src="${UPLOADS}/green.jpg" alt="A green square" class="wp-image-8">`);
    expect(blocks.html).toContain('<h2>A heading</h2>');
    expect(blocks.html).not.toContain('<p><h2>');
    expect(blocks.authorKeys).toEqual(['bob.builder']);
    expect(blocks.publishedAt).toBe('2024-02-01T08:00:00.000Z');
  });

  it('turns [caption] into a figure with its caption', () => {
    const html = doc('11').html;
    expect(html).toBe(
      `<figure><a href="${UPLOADS}/red.jpg"><img class="size-medium wp-image-5" src="${UPLOADS}/red.jpg" alt="A red square" width="300" height="225"></a>` +
        '<figcaption>A red square, captioned</figcaption></figure>\n<p>Text after the caption.</p>',
    );
  });

  it('turns [gallery ids] into figures of the attachments and [embed] of YouTube into a frame', () => {
    const gallery = doc('12');
    expect(gallery.html).toContain(
      `<figure><img src="${UPLOADS}/red.jpg" alt="A red square"><figcaption>Red, as a caption</figcaption></figure>\n` +
        `<figure><img src="${UPLOADS}/green.jpg" alt="A green square"></figure>\n` +
        `<figure><img src="${UPLOADS}/blue.png" alt="A blue square"><figcaption>Blue caption from the library</figcaption></figure>`,
    );
    expect(gallery.html).toContain('<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" allowfullscreen></iframe>');
    expect(gallery.images).toEqual([`${UPLOADS}/red.jpg`, `${UPLOADS}/green.jpg`, `${UPLOADS}/blue.png`]);
    // What the site's sanitiser keeps of it: the figures and the frame.
    const clean = sanitizeRichText(gallery.html);
    expect(clean).toContain('<figcaption>Red, as a caption</figcaption>');
    expect(clean).toContain('<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"');
  });

  it('removes unknown shortcodes but keeps their text, and reports them', () => {
    const shortcodes = doc('13');
    expect(shortcodes.html).not.toMatch(/\[|contact-form/);
    expect(shortcodes.html).toContain('<p>Important text stays readable.</p>');
    expect(shortcodes.html).toContain(`<img src="${UPLOADS}/blue.png" alt="Relative">`);
    expect(shortcodes.html).toContain(`<a href="${UPLOADS}/clip.mp4">`);
    expect(shortcodes.images).toEqual([`${UPLOADS}/blue.png`]);
    expect(shortcodes.problems).toEqual([
      M.unknownShortcode('contact-form-7'),
      M.unknownShortcode('highlight'),
      M.mediaAsLink('video', `${UPLOADS}/clip.mp4`),
      M.mediaAsLink('audio', `${UPLOADS}/sound.mp3`),
    ]);
    expect(shortcodes.slug).toBe('shortcodes-%e6%97%a5%e6%9c%ac');
    expect(shortcodes.oldPaths).toContain('/2024/05/02/shortcodes-%e6%97%a5%e6%9c%ac/');
    expect(shortcodes.oldPaths).toContain('/shortcodes-%e6%97%a5%e6%9c%ac/');
  });

  it('maps statuses and dates of drafts, scheduled and private posts', () => {
    const draft = doc('14');
    expect(draft).toMatchObject({ status: 'draft', publishedAt: null, slug: '', oldPaths: ['/?p=14'] });
    expect(draft.html).toBe('<p>Not ready yet.</p>');
    expect(doc('15')).toMatchObject({ status: 'scheduled', publishedAt: '2030-06-01T08:00:00.000Z' });
    expect(doc('16')).toMatchObject({ status: 'private', publishedAt: '2024-06-01T08:00:00.000Z' });
  });

  it('gives pages their parents in the address and a [gallery] the page’s own images', () => {
    const about = doc('19');
    expect(about.oldPaths).toEqual(['/about/', '/?page_id=19']);
    expect(about.html).toBe(
      `<p>We are a small team.</p>\n<figure><img src="${UPLOADS}/blue.png" alt="A blue square"><figcaption>Blue caption from the library</figcaption></figure>`,
    );
    const team = doc('20');
    expect(team.oldPaths).toEqual(['/about/team/', '/?page_id=20']);
    expect(team.html).toBe('<p>Ann and Bob.<br />\nThat is all.</p>');
    expect(team.authorKeys).toEqual(['bob.builder']);
  });

  it('names in the summary every image the documents use, and gives the same documents on every call', async () => {
    expect(new Set(docs.flatMap((d) => d.images))).toEqual(new Set(summary.images));
    const source = openWordPress({ xmlPath: SITE_XML });
    expect(await collect(source.docs())).toEqual(docs);
    expect(await collect(source.docs())).toEqual(docs);
    expect(await collect(source.subscribers())).toEqual([]);
  });
});

/** The ZipArchive seam (server/lib/safe-zip.ts implements it) over entries in memory. */
function fakeZip(entries: Record<string, string>) {
  const reads: { name: string; maxBytes: number }[] = [];
  let closed = false;
  const zip: ZipArchive = {
    names: () => Object.keys(entries),
    read: async (name, maxBytes) => {
      reads.push({ name, maxBytes });
      return name in entries ? Buffer.from(entries[name]!) : null;
    },
    stream: async () => null,
    close: () => {
      closed = true;
    },
  };
  return { zip, reads, isClosed: () => closed };
}

describe('images from the uploads ZIP', () => {
  it.each([
    ['wp-content/uploads/2024/01/red.jpg'],
    ['uploads/2024/01/red.jpg'],
    ['2024/01/red.jpg'],
    ['my-backup/uploads/2024/01/red.jpg'],
  ])('finds an address of the old site in a ZIP holding %s', async (name) => {
    const { zip, reads } = fakeZip({ [name]: 'red', 'uploads/2024/01/other.jpg': 'other' });
    const source = openWordPress({ xmlPath: SITE_XML, uploadsZip: zip });
    expect((await source.bundledImage(`${UPLOADS}/red.jpg`, 1234))?.toString()).toBe('red');
    expect(reads).toEqual([{ name, maxBytes: 1234 }]);
    expect(await source.bundledImage(`${UPLOADS}/missing.jpg`, 1234)).toBeNull();
    expect(await source.bundledImage('https://elsewhere.example/logo.png', 1234)).toBeNull();
  });

  it('prefers the entry under an uploads folder over one that only ends the same', async () => {
    const { zip } = fakeZip({ 'other/2024/01/red.jpg': 'wrong', 'site/wp-content/uploads/2024/01/red.jpg': 'right' });
    const source = openWordPress({ xmlPath: SITE_XML, uploadsZip: zip });
    expect((await source.bundledImage(`${UPLOADS}/red.jpg`, 10))?.toString()).toBe('right');
  });

  it('decodes the address and answers null without a ZIP; close closes the ZIP', async () => {
    const { zip, isClosed } = fakeZip({ 'uploads/2024/01/café à.jpg': 'accent' });
    const source = openWordPress({ xmlPath: SITE_XML, uploadsZip: zip });
    expect((await source.bundledImage(`${UPLOADS}/caf%C3%A9%20%C3%A0.jpg`, 10))?.toString()).toBe('accent');
    await source.close();
    expect(isClosed()).toBe(true);
    expect(await openWordPress({ xmlPath: SITE_XML }).bundledImage(`${UPLOADS}/red.jpg`, 10)).toBeNull();
  });
});
