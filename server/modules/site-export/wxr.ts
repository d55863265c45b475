import { pagePath } from '#shared/paths.ts';
import type { ExportedAuthor, ExportedPage, ExportedPost } from '#shared/site-export.ts';
import type { PageBlock } from '#shared/page-blocks.ts';
import type { ExportSources } from './sources';
import { absolute, absoluteUrl, blocksHtml, cdata, text } from './wxr-markup';

export interface WxrSite {
  name: string;
  publicUrl: string;
  timeZone: string;
}

const NAMESPACES = [
  'xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/"',
  'xmlns:content="http://purl.org/rss/1.0/modules/content/"',
  'xmlns:wfw="http://wellformedweb.org/CommentAPI/"',
  'xmlns:dc="http://purl.org/dc/elements/1.1/"',
  'xmlns:wp="http://wordpress.org/export/1.2/"',
].join('\n\t');

/** WordPress's status of a post or page. */
const WP_STATUS = { published: 'publish', draft: 'draft', scheduled: 'future', pending: 'pending' } as const;

/** `YYYY-MM-DD HH:mm:ss` of an instant in a time zone (WordPress's post_date is the site's local time). */
function wpDate(iso: string | null, timeZone: string): string {
  if (!iso) return '0000-00-00 00:00:00';
  // Swedish writes dates as ISO does.
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date(iso))
    .replace('T', ' ');
}

const wpDateGmt = (iso: string | null) => (iso ? iso.slice(0, 19).replace('T', ' ') : '0000-00-00 00:00:00');
const rfc822 = (iso: string | null) => (iso ? new Date(iso).toUTCString() : '');

/**
 * The posts and pages as a WordPress export file (WXR 1.2: RSS 2.0 with WordPress's namespaces), written as
 * it is read (docs/product.md#export). WordPress needs numeric ids: authors, terms, posts, pages and the
 * feature images' attachments are numbered in the order they are written, and the file's links are
 * absolute addresses on the site's public URL. Comments do not exist here, so none are written.
 */
export async function* wxrDocument(sources: ExportSources, site: WxrSite): AsyncGenerator<string> {
  const base = site.publicUrl;
  const [authors, categories, tags] = await Promise.all([sources.authors(), sources.categories(), sources.tags()]);
  const loginOf = new Map(authors.map((a) => [a.id, a.segment || a.id]));
  const categoryOf = new Map(categories.map((c) => [c.id, c]));
  const tagOf = new Map(tags.map((t) => [t.id, t]));
  let nextId = 1;

  yield '<?xml version="1.0" encoding="UTF-8" ?>\n';
  yield `<rss version="2.0"\n\t${NAMESPACES}\n>\n<channel>\n`;
  yield `\t<title>${text(site.name)}</title>\n\t<link>${text(base)}</link>\n\t<description></description>\n`;
  yield `\t<pubDate>${new Date().toUTCString()}</pubDate>\n\t<language>en</language>\n`;
  yield `\t<wp:wxr_version>1.2</wp:wxr_version>\n`;
  yield `\t<wp:base_site_url>${text(base)}</wp:base_site_url>\n\t<wp:base_blog_url>${text(base)}</wp:base_blog_url>\n`;
  yield authors.map((a, i) => authorXml(a, i + 1)).join('');
  yield categories
    .map(
      (c) =>
        `\t<wp:category><wp:term_id>${nextId++}</wp:term_id><wp:category_nicename>${cdata(c.slug)}</wp:category_nicename>` +
        `<wp:category_parent></wp:category_parent><wp:cat_name>${cdata(c.name)}</wp:cat_name></wp:category>\n`,
    )
    .join('');
  yield tags
    .map(
      (t) =>
        `\t<wp:tag><wp:term_id>${nextId++}</wp:term_id><wp:tag_slug>${cdata(t.slug)}</wp:tag_slug>` +
        `<wp:tag_name>${cdata(t.name)}</wp:tag_name>` +
        (t.description ? `<wp:tag_description>${cdata(t.description)}</wp:tag_description>` : '') +
        '</wp:tag>\n',
    )
    .join('');

  // A feature image used by several posts is one attachment; the map holds addresses, not content.
  const attachments = new Map<string, number>();
  for await (const batch of sources.posts()) {
    let out = '';
    for (const post of batch) {
      const id = nextId++;
      let thumbnail: { id: number; fresh: boolean } | null = null;
      if (post.featureImage) {
        const known = attachments.get(post.featureImage);
        thumbnail = known ? { id: known, fresh: false } : { id: nextId++, fresh: true };
        if (!known) attachments.set(post.featureImage, thumbnail.id);
      }
      const category = post.categoryId ? categoryOf.get(post.categoryId) : undefined;
      const terms = [
        ...(category ? [termXml('category', category.slug, category.name)] : []),
        ...post.tagIds.flatMap((tagId) => {
          const tag = tagOf.get(tagId);
          return tag ? [termXml('post_tag', tag.slug, tag.name)] : [];
        }),
      ];
      out += itemXml({
        id,
        kind: 'post',
        doc: post,
        link: base + post.url,
        slug: post.slug,
        html: post.content,
        excerpt: post.excerpt,
        creator: loginOf.get(post.authorIds[0] ?? '') ?? '',
        extra: terms.join('') + (thumbnail ? meta('_thumbnail_id', String(thumbnail.id)) : ''),
        site,
      });
      if (thumbnail?.fresh) out += attachmentXml(thumbnail.id, id, absoluteUrl(post.featureImage, base), post, site);
    }
    yield out;
  }
  for await (const batch of sources.pages()) {
    yield batch
      .map((page) =>
        itemXml({
          id: nextId++,
          kind: 'page',
          doc: page,
          link: base + pagePath(page.segment),
          slug: page.segment,
          html: blocksHtml(page.blocks as PageBlock[]),
          excerpt: page.metaDescription,
          creator: '',
          extra: '',
          site,
        }),
      )
      .join('');
  }
  yield '</channel>\n</rss>\n';
}

function authorXml(a: ExportedAuthor, id: number): string {
  return (
    `\t<wp:author><wp:author_id>${id}</wp:author_id><wp:author_login>${cdata(a.segment || a.id)}</wp:author_login>` +
    `<wp:author_email>${cdata(a.email)}</wp:author_email><wp:author_display_name>${cdata(a.name)}</wp:author_display_name>` +
    `<wp:author_first_name>${cdata('')}</wp:author_first_name><wp:author_last_name>${cdata('')}</wp:author_last_name></wp:author>\n`
  );
}

const termXml = (domain: string, slug: string, name: string) =>
  `\n\t\t<category domain="${domain}" nicename="${text(slug)}">${cdata(name)}</category>`;

const meta = (key: string, value: string) =>
  `\n\t\t<wp:postmeta><wp:meta_key>${cdata(key)}</wp:meta_key><wp:meta_value>${cdata(value)}</wp:meta_value></wp:postmeta>`;

function itemXml(item: {
  id: number;
  kind: 'post' | 'page';
  doc: ExportedPost | ExportedPage;
  link: string;
  slug: string;
  html: string;
  excerpt: string;
  creator: string;
  extra: string;
  site: WxrSite;
}): string {
  const { doc, site } = item;
  const date = doc.publishedAt ?? doc.publishAt ?? doc.createdAt;
  return (
    `\t<item>\n\t\t<title>${cdata(doc.title)}</title>\n\t\t<link>${text(item.link)}</link>\n` +
    `\t\t<pubDate>${rfc822(doc.publishedAt)}</pubDate>\n\t\t<dc:creator>${cdata(item.creator)}</dc:creator>\n` +
    `\t\t<guid isPermaLink="false">${text(`${site.publicUrl}/?${item.kind}=${doc.id}`)}</guid>\n` +
    `\t\t<description></description>\n` +
    `\t\t<content:encoded>${cdata(absolute(item.html, site.publicUrl))}</content:encoded>\n` +
    `\t\t<excerpt:encoded>${cdata(item.excerpt)}</excerpt:encoded>\n` +
    `\t\t<wp:post_id>${item.id}</wp:post_id>\n` +
    `\t\t<wp:post_date>${cdata(wpDate(date, site.timeZone))}</wp:post_date>\n` +
    `\t\t<wp:post_date_gmt>${cdata(wpDateGmt(date))}</wp:post_date_gmt>\n` +
    `\t\t<wp:post_modified>${cdata(wpDate(doc.updatedAt, site.timeZone))}</wp:post_modified>\n` +
    `\t\t<wp:post_modified_gmt>${cdata(wpDateGmt(doc.updatedAt))}</wp:post_modified_gmt>\n` +
    `\t\t<wp:comment_status>${cdata('closed')}</wp:comment_status>\n\t\t<wp:ping_status>${cdata('closed')}</wp:ping_status>\n` +
    `\t\t<wp:post_name>${cdata(item.slug)}</wp:post_name>\n\t\t<wp:status>${cdata(WP_STATUS[doc.status])}</wp:status>\n` +
    `\t\t<wp:post_parent>0</wp:post_parent>\n\t\t<wp:menu_order>0</wp:menu_order>\n` +
    `\t\t<wp:post_type>${cdata(item.kind)}</wp:post_type>\n\t\t<wp:post_password>${cdata('')}</wp:post_password>\n` +
    `\t\t<wp:is_sticky>0</wp:is_sticky>` +
    item.extra +
    (doc.metaTitle ? meta('_yoast_wpseo_title', doc.metaTitle) : '') +
    (doc.metaDescription ? meta('_yoast_wpseo_metadesc', doc.metaDescription) : '') +
    '\n\t</item>\n'
  );
}

/** The attachment item of a feature image: WordPress downloads it from `url` and links the post to it. */
function attachmentXml(id: number, parent: number, url: string, post: ExportedPost, site: WxrSite): string {
  const name = url.split('/').pop() ?? 'image';
  const date = post.publishedAt ?? post.createdAt;
  return (
    `\t<item>\n\t\t<title>${cdata(name)}</title>\n\t\t<link>${text(url)}</link>\n` +
    `\t\t<pubDate>${rfc822(date)}</pubDate>\n\t\t<dc:creator>${cdata('')}</dc:creator>\n` +
    `\t\t<guid isPermaLink="false">${text(url)}</guid>\n\t\t<description></description>\n` +
    `\t\t<content:encoded>${cdata('')}</content:encoded>\n\t\t<excerpt:encoded>${cdata('')}</excerpt:encoded>\n` +
    `\t\t<wp:post_id>${id}</wp:post_id>\n` +
    `\t\t<wp:post_date>${cdata(wpDate(date, site.timeZone))}</wp:post_date>\n` +
    `\t\t<wp:post_date_gmt>${cdata(wpDateGmt(date))}</wp:post_date_gmt>\n` +
    `\t\t<wp:comment_status>${cdata('closed')}</wp:comment_status>\n\t\t<wp:ping_status>${cdata('closed')}</wp:ping_status>\n` +
    `\t\t<wp:post_name>${cdata(name.replace(/\.[^.]+$/, ''))}</wp:post_name>\n\t\t<wp:status>${cdata('inherit')}</wp:status>\n` +
    `\t\t<wp:post_parent>${parent}</wp:post_parent>\n\t\t<wp:menu_order>0</wp:menu_order>\n` +
    `\t\t<wp:post_type>${cdata('attachment')}</wp:post_type>\n\t\t<wp:post_password>${cdata('')}</wp:post_password>\n` +
    `\t\t<wp:is_sticky>0</wp:is_sticky>\n\t\t<wp:attachment_url>${cdata(url)}</wp:attachment_url>\n\t</item>\n`
  );
}
