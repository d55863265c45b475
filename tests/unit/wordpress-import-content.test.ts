import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WORDPRESS_IMPORT_MESSAGES as M } from '#shared/messages.ts';
import type { SourceDoc } from '#server/modules/site-import/source.ts';
import { AttachmentIndex } from '#server/modules/site-import/wordpress/attachments.ts';
import { convertContent } from '#server/modules/site-import/wordpress/content.ts';
import { openWordPress } from '#server/modules/site-import/wordpress/index.ts';

/** How the reader turns WordPress content into HTML, case by case, and what it reports. */

const SITE = 'https://old.example.com';
const UP = `${SITE}/wp-content/uploads/2024/01`;

function library() {
  const index = new AttachmentIndex();
  index.add({ id: '5', url: `${UP}/photo.jpg`, alt: 'A photo', caption: '' }, '9');
  index.add({ id: '6', url: `${UP}/big-scaled.jpg`, alt: 'Big', caption: 'Big <one>' }, '9');
  return index;
}
const convert = (content: string, postId = '1') => convertContent(content, postId, SITE, library());

describe('WordPress content conversion', () => {
  it('restores paragraphs of classic content, and leaves block content without autop', () => {
    expect(convert('One\n\nTwo\nlines').html).toBe('<p>One</p>\n<p>Two<br />\nlines</p>');
    const blocks = convert(
      '<!-- wp:paragraph -->\n<p>Para</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:separator {"className":"x"} /-->\n\n<!-- wp:html -->\nraw\ntext\n<!-- /wp:html -->',
    );
    expect(blocks.html).toBe('<p>Para</p>\n\nraw\ntext');
  });

  it('rewrites size variants (and query strings) to the attachment, keeps unknown images, drops srcset and sizes', () => {
    const result = convert(
      `<img src="${UP}/photo-300x200.jpg" srcset="${UP}/photo-300x200.jpg 300w, ${UP}/photo-1024x683.jpg 1024w" sizes="(max-width: 300px) 100vw" alt="x">` +
        `<img src='http://old.example.com/wp-content/uploads/2024/01/big-1024x768.jpg'>` +
        `<img src="${UP}/unknown-150x150.png"><img src="/wp-content/uploads/2024/01/photo.jpg?x=1&amp;y=2"><img src="data:image/png;base64,AAAA">`,
    );
    expect(result.html).toBe(
      `<p><img src="${UP}/photo.jpg" alt="x"><img src="${UP}/big-scaled.jpg"><img src="${UP}/unknown-150x150.png">` +
        `<img src="${UP}/photo.jpg"><img src="data:image/png;base64,AAAA"></p>`,
    );
    expect(result.images).toEqual([`${UP}/photo.jpg`, `${UP}/big-scaled.jpg`, `${UP}/unknown-150x150.png`]);
  });

  it('converts [caption] in both its forms', () => {
    expect(convert('[caption id="attachment_5" width="300"]<img src="x.jpg" alt=""> New style[/caption]').html).toBe(
      `<figure><img src="${SITE}/x.jpg" alt=""><figcaption>New style</figcaption></figure>`,
    );
    expect(convert('[caption caption="Old &amp; style"]<img src="x.jpg">[/caption]').html).toBe(
      `<figure><img src="${SITE}/x.jpg"><figcaption>Old &amp;amp; style</figcaption></figure>`,
    );
  });

  it('converts [gallery] by ids (reporting those not in the export) or by the post’s attachments', () => {
    const byIds = convert('[gallery ids="6, 77"]');
    expect(byIds.html).toBe(
      `<figure><img src="${UP}/big-scaled.jpg" alt="Big"><figcaption>Big &lt;one&gt;</figcaption></figure>`,
    );
    expect(byIds.galleryIds).toEqual(['6', '77']);
    expect(convert('[gallery]', '9').html).toBe(
      `<figure><img src="${UP}/photo.jpg" alt="A photo"></figure>\n<figure><img src="${UP}/big-scaled.jpg" alt="Big"><figcaption>Big &lt;one&gt;</figcaption></figure>`,
    );
  });

  it('embeds YouTube and Vimeo as frames, other addresses as links, bare or in [embed]', () => {
    expect(convert('[embed]https://youtu.be/abc_DEF-123[/embed]').html).toBe(
      '<iframe src="https://www.youtube.com/embed/abc_DEF-123" allowfullscreen></iframe>',
    );
    expect(convert('Watch:\n\nhttps://vimeo.com/76979871\n\nDone').html).toBe(
      '<p>Watch:</p>\n<p><iframe src="https://player.vimeo.com/video/76979871" allowfullscreen></iframe></p>\n<p>Done</p>',
    );
    expect(convert('[embed]https://example.com/a?b=1&amp;c=2[/embed]').html).toBe(
      '<p><a href="https://example.com/a?b=1&amp;c=2">https://example.com/a?b=1&amp;c=2</a></p>',
    );
  });

  it('makes [video] and [audio] links and reports them', () => {
    const result = convert('[video mp4="https://old.example.com/v.mp4"][/video]\n\n[audio]');
    expect(result.html).toBe('<p><a href="https://old.example.com/v.mp4">https://old.example.com/v.mp4</a></p>');
    expect(result.problems).toEqual([
      M.mediaAsLink('video', 'https://old.example.com/v.mp4'),
      M.mediaWithoutSource('audio'),
    ]);
  });

  it('removes unknown shortcodes once reported each, keeps escaped ones and prose in brackets', () => {
    const result = convert(
      '[row][col]Left[/col][col]Right[/col][/row]\n\n[[gallery]] is how to write it. A quote [citation needed] and [1].\n\n[box]\n\nFirst\n\nSecond\n\n[/box]',
    );
    expect(result.html).toBe(
      '<p>LeftRight</p>\n<p>[gallery] is how to write it. A quote [citation needed] and [1].</p>\n\n<p>First</p>\n<p>Second</p>',
    );
    expect(result.problems).toEqual([M.unknownShortcode('row'), M.unknownShortcode('col'), M.unknownShortcode('box')]);
  });
});

describe('WordPress content of hostile size', () => {
  it.each([
    ['unclosed shortcodes', '[a]x'.repeat(20_000)],
    ['brackets that never close', '[a '.repeat(20_000)],
    ['block comments that never close', '<!-- wp:x '.repeat(20_000)],
    ['shortcodes nested deep', `${'[a]'.repeat(5_000)}x${'[/a]'.repeat(5_000)}`],
  ])('converts %s in linear time', (_name, content) => {
    const started = performance.now();
    convert(content);
    // WordPress's own expression took about 4 s on the first two on this machine.
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('WordPress problems across the file', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'wxr-content-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const NS =
    'xmlns:wp="http://wordpress.org/export/1.2/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/"';
  const item = (id: number, content: string, extra = '', type = 'post', creator = 'ann') =>
    `<item><title>Post ${id}</title><link>${SITE}/?p=${id}</link><dc:creator>${creator}</dc:creator><content:encoded><![CDATA[${content}]]></content:encoded><wp:post_id>${id}</wp:post_id><wp:post_date>2024-01-01 10:00:00</wp:post_date><wp:post_date_gmt>0000-00-00 00:00:00</wp:post_date_gmt><wp:post_name>p${id}</wp:post_name><wp:status>${type === 'attachment' ? 'inherit' : 'publish'}</wp:status><wp:post_parent>0</wp:post_parent><wp:post_type>${type}</wp:post_type>${extra}</item>`;
  const write = (items: string) => {
    const path = join(dir, `${Math.random().toString(36).slice(2)}.xml`);
    writeFileSync(
      path,
      `<?xml version="1.0"?><rss ${NS}><channel><title>T</title><link>${SITE}/blog</link><wp:wxr_version>1.2</wp:wxr_version><wp:base_site_url>${SITE}</wp:base_site_url><wp:author><wp:author_login>ann</wp:author_login></wp:author>${items}</channel></rss>`,
    );
    return path;
  };

  it('resolves attachments named before they appear, and reports those never found, alike in summary and docs', async () => {
    const path = write(
      item(
        1,
        '[gallery ids="2,3"]',
        '<wp:postmeta><wp:meta_key>_thumbnail_id</wp:meta_key><wp:meta_value>4</wp:meta_value></wp:postmeta>',
      ) +
        item(2, '', `<wp:attachment_url>${UP}/late.jpg</wp:attachment_url>`, 'attachment') +
        item(5, 'By someone else', '', 'post', 'zed'),
    );
    const source = openWordPress({ xmlPath: path });
    const summary = await source.summary();
    const docs: SourceDoc[] = [];
    for await (const doc of source.docs()) docs.push(doc);
    const expected = [M.galleryImageMissing('3'), M.featureImageMissing('4')];
    expect(docs[0]!.problems).toEqual(expected);
    expect(docs[0]!.html).toBe(`<figure><img src="${UP}/late.jpg" alt=""></figure>`);
    expect(docs[0]!.featureImage).toBeNull();
    expect(docs[1]!.problems).toEqual([M.unknownAuthor('zed')]);
    expect(summary.problems).toEqual([
      ...expected.map((message) => ({ item: 'Post "Post 1" (id 1)', message })),
      { item: 'Post "Post 5" (id 5)', message: M.unknownAuthor('zed') },
    ]);
    expect(summary.images).toEqual([`${UP}/late.jpg`]);
    expect(summary.authors.map((a) => [a.key, a.slug])).toEqual([
      ['ann', 'ann'],
      ['zed', 'zed'],
    ]);
    // A site in a folder: its old paths keep the folder; the draft-less GMT date falls back to the local one.
    expect(docs[1]!.oldPaths).toEqual([
      '/?p=5',
      '/blog/?p=5',
      '/blog/2024/01/01/p5/',
      '/blog/2024/01/p5/',
      '/blog/archives/5',
      '/blog/p5/',
    ]);
    expect(docs[1]!.publishedAt).toBe('2024-01-01T10:00:00.000Z');
    expect(summary.archives.map((a) => a.path)).toContain('/blog/author/ann/');
  });

  it('keeps the first 1,000 problems and counts the rest', async () => {
    const items = Array.from({ length: 1003 }, (_, i) => item(i + 1, `[plugin-thing] text ${i}`)).join('');
    const summary = await openWordPress({ xmlPath: write(items) }).summary();
    expect(summary.problems).toHaveLength(1001);
    expect(summary.problems[999]).toEqual({
      item: 'Post "Post 1000" (id 1000)',
      message: M.unknownShortcode('plugin-thing'),
    });
    expect(summary.problems[1000]).toEqual({ item: M.fileItem, message: M.moreProblems(3) });
  });
});
