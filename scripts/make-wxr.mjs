#!/usr/bin/env node
/**
 * Writes a large synthetic WordPress export (WXR 1.2) for the import's benchmark and tests:
 *   node scripts/make-wxr.mjs --posts 10000 --out /tmp/big.xml [--kb 50]
 * Each post has about `--kb` KB of classic-editor text (no base64), one in five an image attachment (written
 * after the post, as WordPress's exports often have them) shown in a smaller size in a [caption] and as the
 * featured image.
 * Besides the posts: one page per 50 posts, one menu item per 100 (skipped by the import), two comments on
 * one post in ten, a draft one post in twenty. The file is streamed to disk; the same arguments give the same file.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '1000' },
    out: { type: 'string' },
    kb: { type: 'string', default: '50' },
    // The old site's address: the benchmark uses http://localhost, whose images an import refuses at once.
    site: { type: 'string', default: 'https://big.example.com' },
  },
});
const posts = Number(values.posts);
const kb = Number(values.kb);
if (!values.out || !Number.isInteger(posts) || posts < 1 || !(kb > 0)) {
  console.error('Usage: node scripts/make-wxr.mjs --posts N --out FILE [--kb 50]');
  process.exit(2);
}

const SITE = values.site.replace(/\/+$/, '');
const WORDS =
  'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris nisi aliquip ex ea commodo consequat'.split(
    ' ',
  );
let seed = 42;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
/** A pool of paragraphs, so that 500 MB are written quickly. */
const PARAGRAPHS = Array.from({ length: 64 }, (_, p) => {
  const words = Array.from({ length: 70 + (p % 20) }, () => WORDS[Math.floor(random() * WORDS.length)]);
  return `${words.join(' ')}.`.replace(/^./, (c) => c.toUpperCase()).replace(' dolor ', ' <strong>dolor</strong> ');
});
const cdata = (text) => `<![CDATA[${String(text).replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
const pad = (n) => String(n).padStart(2, '0');

const out = createWriteStream(values.out);
async function write(text) {
  if (!out.write(text)) await once(out, 'drain');
}

const authors = ['ann', 'bob', 'cleo'];
const categories = ['news', 'guides', 'releases', 'stories', 'events'];
const tags = Array.from({ length: 10 }, (_, i) => `tag-${i}`);

await write(`<?xml version="1.0" encoding="UTF-8" ?>
<!-- generator="scripts/make-wxr.mjs" -->
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wfw="http://wellformedweb.org/CommentAPI/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
<title>Big synthetic blog</title>
<link>${SITE}</link>
<description>Generated</description>
<language>en-US</language>
<wp:wxr_version>1.2</wp:wxr_version>
<wp:base_site_url>${SITE}</wp:base_site_url>
<wp:base_blog_url>${SITE}</wp:base_blog_url>
`);
for (const [i, login] of authors.entries()) {
  await write(
    `<wp:author><wp:author_id>${i + 1}</wp:author_id><wp:author_login>${cdata(login)}</wp:author_login><wp:author_email>${cdata(`${login}@example.com`)}</wp:author_email><wp:author_display_name>${cdata(login.toUpperCase())}</wp:author_display_name><wp:author_first_name>${cdata('')}</wp:author_first_name><wp:author_last_name>${cdata('')}</wp:author_last_name></wp:author>\n`,
  );
}
for (const [i, slug] of categories.entries()) {
  await write(
    `<wp:category><wp:term_id>${i + 2}</wp:term_id><wp:category_nicename>${cdata(slug)}</wp:category_nicename><wp:category_parent>${cdata('')}</wp:category_parent><wp:cat_name>${cdata(slug)}</wp:cat_name></wp:category>\n`,
  );
}
for (const [i, slug] of tags.entries()) {
  await write(
    `<wp:tag><wp:term_id>${i + 20}</wp:term_id><wp:tag_slug>${cdata(slug)}</wp:tag_slug><wp:tag_name>${cdata(slug)}</wp:tag_name></wp:tag>\n`,
  );
}

function item({ id, title, slug, type, status, date, parent = 0, content = '', terms = '', meta = {}, extra = '' }) {
  const [day, time] = date.split(' ');
  const permalink =
    type === 'post'
      ? `${SITE}/${day.replaceAll('-', '/')}/${slug}/`
      : type === 'page'
        ? `${SITE}/${slug}/`
        : `${SITE}/?p=${id}`;
  return `<item>
<title>${cdata(title)}</title>
<link>${permalink}</link>
<pubDate>${new Date(`${day}T${time}Z`).toUTCString()}</pubDate>
<dc:creator>${cdata(authors[id % authors.length])}</dc:creator>
<guid isPermaLink="false">${SITE}/?p=${id}</guid>
<description></description>
<content:encoded>${cdata(content)}</content:encoded>
<excerpt:encoded>${cdata('')}</excerpt:encoded>
<wp:post_id>${id}</wp:post_id>
<wp:post_date>${cdata(date)}</wp:post_date>
<wp:post_date_gmt>${cdata(status === 'draft' ? '0000-00-00 00:00:00' : date)}</wp:post_date_gmt>
<wp:post_modified>${cdata(date)}</wp:post_modified>
<wp:post_modified_gmt>${cdata(date)}</wp:post_modified_gmt>
<wp:comment_status>${cdata('open')}</wp:comment_status>
<wp:post_name>${cdata(slug)}</wp:post_name>
<wp:status>${cdata(status)}</wp:status>
<wp:post_parent>${parent}</wp:post_parent>
<wp:menu_order>0</wp:menu_order>
<wp:post_type>${cdata(type)}</wp:post_type>
<wp:post_password>${cdata('')}</wp:post_password>
<wp:is_sticky>0</wp:is_sticky>
${extra}${terms}${Object.entries(meta)
    .map(
      ([key, value]) =>
        `<wp:postmeta><wp:meta_key>${cdata(key)}</wp:meta_key><wp:meta_value>${cdata(value)}</wp:meta_value></wp:postmeta>\n`,
    )
    .join('')}</item>
`;
}

const comment = (id, text) =>
  `<wp:comment><wp:comment_id>${id}</wp:comment_id><wp:comment_author>${cdata('Reader')}</wp:comment_author><wp:comment_content>${cdata(text)}</wp:comment_content><wp:comment_approved>${cdata('1')}</wp:comment_approved></wp:comment>\n`;

const paragraphsPerPost = Math.max(1, Math.round((kb * 1024) / 560));
for (let i = 0; i < posts; i += 1) {
  const id = 1000 + i * 2;
  const date = `20${pad(10 + (i % 14))}-${pad(1 + (i % 12))}-${pad(1 + (i % 28))} ${pad(i % 24)}:${pad(i % 60)}:00`;
  const month = date.slice(0, 7).replace('-', '/');
  const withImage = i % 5 === 0;
  const body = [];
  for (let p = 0; p < paragraphsPerPost; p += 1) body.push(PARAGRAPHS[(i * 7 + p) % PARAGRAPHS.length]);
  if (withImage)
    body.splice(
      1,
      0,
      `[caption id="attachment_${id + 1}" align="alignnone" width="300"]<img class="wp-image-${id + 1}" src="${SITE}/wp-content/uploads/${month}/image-${i}-300x200.jpg" alt="Image ${i}" width="300" height="200" /> Caption ${i}[/caption]`,
    );
  const terms =
    `<category domain="category" nicename="${categories[i % categories.length]}">${cdata(categories[i % categories.length])}</category>\n` +
    `<category domain="post_tag" nicename="${tags[i % tags.length]}">${cdata(tags[i % tags.length])}</category>\n`;
  await write(
    item({
      id,
      title: `Post number ${i}`,
      slug: `post-number-${i}`,
      type: 'post',
      status: i % 20 === 19 ? 'draft' : 'publish',
      date,
      content: body.join('\n\n'),
      terms,
      meta: withImage ? { _thumbnail_id: String(id + 1) } : {},
      extra: i % 10 === 0 ? comment(id * 10, 'Nice') + comment(id * 10 + 1, 'Thanks') : '',
    }),
  );
  if (withImage) {
    await write(
      item({
        id: id + 1,
        title: `Image ${i}`,
        slug: `image-${i}`,
        type: 'attachment',
        status: 'inherit',
        date,
        parent: id,
        meta: { _wp_attachment_image_alt: `Image ${i}` },
        extra: `<wp:attachment_url>${cdata(`${SITE}/wp-content/uploads/${month}/image-${i}.jpg`)}</wp:attachment_url>\n`,
      }),
    );
  }
  if (i % 50 === 49) {
    await write(
      item({
        id: 500_000 + i,
        title: `Page ${i}`,
        slug: `page-${i}`,
        type: 'page',
        status: 'publish',
        date,
        content: PARAGRAPHS[i % 64],
      }),
    );
  }
  if (i % 100 === 99) {
    await write(
      item({ id: 600_000 + i, title: '', slug: `${600_000 + i}`, type: 'nav_menu_item', status: 'publish', date }),
    );
  }
}
await write('</channel>\n</rss>\n');
out.end();
await once(out, 'finish');
