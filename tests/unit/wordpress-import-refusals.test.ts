import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WORDPRESS_IMPORT_MESSAGES as M } from '#shared/messages.ts';
import { SourceRefused, type SourceDoc } from '#server/modules/site-import/source.ts';
import { openWordPress } from '#server/modules/site-import/wordpress/index.ts';

/** Files that are not a WordPress export, or that try to make the reader do more than read. */

const SITE_XML = fileURLToPath(new URL('../fixtures/import/wordpress/site.xml', import.meta.url));
const MAKE_WXR = fileURLToPath(new URL('../../scripts/make-wxr.mjs', import.meta.url));
const WP_NS =
  'xmlns:wp="http://wordpress.org/export/1.2/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/"';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'wxr-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
function file(content: string | Buffer) {
  const path = join(dir, `file-${(files += 1)}.xml`);
  writeFileSync(path, content);
  return path;
}

async function refusal(path: string, via: 'summary' | 'docs' = 'summary'): Promise<SourceRefused> {
  const source = openWordPress({ xmlPath: path });
  try {
    if (via === 'summary') await source.summary();
    else for await (const _doc of source.docs());
  } catch (error) {
    expect(error).toBeInstanceOf(SourceRefused);
    return error as SourceRefused;
  }
  throw new Error('the file was read');
}

const item = (id: number, content: string) =>
  `<item><title>Post ${id}</title><link>https://x.example/?p=${id}</link><dc:creator>ann</dc:creator><content:encoded><![CDATA[${content}]]></content:encoded><wp:post_id>${id}</wp:post_id><wp:post_date>2024-01-01 10:00:00</wp:post_date><wp:post_date_gmt>2024-01-01 10:00:00</wp:post_date_gmt><wp:post_name>post-${id}</wp:post_name><wp:status>publish</wp:status><wp:post_parent>0</wp:post_parent><wp:post_type>post</wp:post_type></item>`;
const wxr = (items: string, prolog = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>${prolog}<rss version="2.0" ${WP_NS}><channel><title>X</title><link>https://x.example</link><wp:wxr_version>1.2</wp:wxr_version><wp:author><wp:author_login>ann</wp:author_login><wp:author_display_name>Ann</wp:author_display_name></wp:author>${items}</channel></rss>`;

describe('WordPress reader refuses what is not an export', () => {
  it('refuses an entity bomb in a DOCTYPE before expanding anything', async () => {
    const lol = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('');
    const bomb = wxr(item(1, 'x').replace('Post 1', '&lol9;'), `<!DOCTYPE rss [<!ENTITY lol0 "lol">${lol}]>`);
    expect((await refusal(file(bomb))).message).toBe(M.doctype);
  });

  it('refuses an external entity (XXE) and reads no other file', async () => {
    const xxe = wxr(
      item(1, 'x').replace('Post 1', '&xxe;'),
      '<!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
    );
    const error = await refusal(file(xxe));
    expect(error.message).toBe(M.doctype);
    expect(error.message).not.toContain('root:');
    expect((await refusal(file(xxe), 'docs')).message).toBe(M.doctype);
  });

  it('refuses a DOCTYPE after a prolog longer than a chunk, and takes one quoted in a post for text', async () => {
    const longProlog = `<!-- ${'x'.repeat(600_000)} --><!DOCTYPE rss [<!ENTITY a "b">]>`;
    expect((await refusal(file(wxr(item(1, 'x'), longProlog)))).message).toBe(M.doctype);
    const quoted = openWordPress({ xmlPath: file(wxr(item(1, '<pre><!DOCTYPE html></pre>'))) });
    expect((await quoted.summary()).counts.posts).toBe(1);
  });

  it('refuses a file cut off while uploading, naming where it ends', async () => {
    const text = readFileSync(SITE_XML, 'utf8');
    const cut = text.slice(0, Math.floor(text.length / 2));
    const lines = cut.split('\n').length;
    const error = await refusal(file(cut));
    expect(error.message).toBe(M.truncated(lines));
  });

  it('refuses malformed XML with its line', async () => {
    const broken = wxr(item(1, 'x')).replace('<title>Post 1</title>', '\n\n<title>Post 1</titel>');
    const error = await refusal(file(broken));
    expect(error.message).toMatch(/^The file is not a WordPress export: it is not readable XML \(line 3: /);
  });

  it('refuses XML that is not RSS', async () => {
    const error = await refusal(file('<?xml version="1.0"?><html><body><p>Hello</p></body></html>'));
    expect(error.message).toBe(M.notRss('html'));
  });

  it('refuses an RSS feed without WordPress data', async () => {
    const feed =
      '<?xml version="1.0"?><rss version="2.0"><channel><title>Blog</title><link>https://x.example</link><item><title>Hello</title><link>https://x.example/hello</link><description>Hi</description></item></channel></rss>';
    expect((await refusal(file(feed))).message).toBe(M.rssWithoutWordPress);
  });

  it('refuses RSS with the WordPress namespace but no export version', async () => {
    const noVersion = wxr(item(1, 'x')).replace('<wp:wxr_version>1.2</wp:wxr_version>', '');
    expect((await refusal(file(noVersion))).message).toBe(M.noWxrVersion);
    const noItems = wxr('').replace('<wp:wxr_version>1.2</wp:wxr_version>', '');
    expect((await refusal(file(noItems))).message).toBe(M.noWxrVersion);
  });

  it('refuses random bytes and an empty file', async () => {
    let seed = 7;
    const bytes = Buffer.alloc(100_000);
    for (let i = 0; i < bytes.length; i += 1) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      bytes[i] = seed >> 16;
    }
    expect((await refusal(file(bytes))).message).toMatch(/^The file is not a WordPress export: it is not readable XML/);
    expect((await refusal(file(Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj')))).message).toMatch(
      /not readable XML \(line \d+: text data outside of root node\.\)\.$/,
    );
    expect((await refusal(file(''))).message).toBe(M.empty);
  });
});

describe('WordPress reader on a generated export', () => {
  it('reads a 300-post file from scripts/make-wxr.mjs with the right counts', async () => {
    const path = join(dir, 'generated.xml');
    execFileSync(process.execPath, [MAKE_WXR, '--posts', '300', '--out', path]);
    const source = openWordPress({ xmlPath: path });
    const summary = await source.summary();
    expect(summary.counts).toEqual({ posts: 300, pages: 6, comments: 60, subscribers: 0, attachments: 60, skipped: 3 });
    expect(summary.authors.map((a) => a.key)).toEqual(['ann', 'bob', 'cleo']);
    expect(summary.terms).toHaveLength(15);
    expect(summary.images).toHaveLength(60);
    expect(summary.problems).toEqual([]);

    const docs: SourceDoc[] = [];
    for await (const doc of source.docs()) docs.push(doc);
    expect(docs).toHaveLength(306);
    expect(docs.filter((d) => d.status === 'draft')).toHaveLength(15);
    // The attachment comes after its post in the file: the featured image and the resized image in the
    // content are still the attachment's own address.
    const first = docs[0]!;
    expect(first.featureImage).toMatch(/\/wp-content\/uploads\/2010\/01\/image-0\.jpg$/);
    expect(first.images).toEqual([first.featureImage]);
    expect(first.html.length).toBeGreaterThan(45_000);
    expect(first.html).toMatch(/^<p>/);
    expect(first.html).toContain(`<figcaption>Caption 0</figcaption>`);
    expect(first.html).not.toContain('300x200');
    expect(first.oldPaths).toContain('/2010/01/01/post-number-0/');
  });
});
