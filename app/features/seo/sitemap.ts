import { blogCategoryUrl } from '#shared/paths.ts';
import { escapeXml, xmlResponse } from '#app/lib/xml.ts';
import type { AppLoadContext } from 'react-router';

/**
 * The sitemaps (docs/decisions/0013-growth.md). A sitemap file holds at most 50,000 URLs, so the site's
 * URLs are split into files: `/sitemap.xml` (the one robots.txt has always named) holds the fixed pages,
 * the categories and the newest posts; `/sitemaps/2.xml`, `/sitemaps/3.xml` … hold the older posts,
 * 50,000 each; `/sitemap-index.xml` lists them all. Posts are read a batch at a time, a few columns each.
 */
export const URLS_PER_SITEMAP = 50_000;

/** Where each file's posts start: file 1 after the fixed URLs, file n ≥ 2 further on. */
export function sitemapPlan(fixedUrls: number, posts: number, perFile = URLS_PER_SITEMAP) {
  const inFirst = Math.max(0, perFile - fixedUrls);
  const files = 1 + Math.ceil(Math.max(0, posts - inFirst) / perFile);
  const postsOf = (file: number) =>
    file === 1 ? { offset: 0, count: inFirst } : { offset: inFirst + (file - 2) * perFile, count: perFile };
  return { files, postsOf };
}

type Context = Pick<AppLoadContext, 'services' | 'site'>;

const urlEntry = (base: string, path: string, lastmod?: string) =>
  `<url><loc>${escapeXml(base + path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>\n`;

async function plan(context: Context) {
  const { blog } = context.services;
  const [categories, posts] = await Promise.all([blog.listCategories(), blog.countPublic()]);
  return { categories, ...sitemapPlan(3 + categories.length, posts) };
}

/** One sitemap file (1-based), or null past the last. */
export async function sitemapFile(context: Context, file: number): Promise<Response | null> {
  const base = context.site.publicUrl;
  const { categories, files, postsOf } = await plan(context);
  if (!Number.isInteger(file) || file < 1 || file > files) return null;
  const { offset, count } = postsOf(file);
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
  ];
  let fixed: string[] = [];
  if (file === 1) {
    fixed = [
      urlEntry(base, '/'),
      urlEntry(base, '/about-us'),
      ...categories.map((c) => urlEntry(base, blogCategoryUrl(c.slug))),
    ];
  }
  let newest: string | undefined;
  const posts: string[] = [];
  for await (const batch of context.services.blog.publicAddresses(offset, count)) {
    newest ??= batch[0]?.updatedAt;
    for (const post of batch) posts.push(urlEntry(base, post.url, post.updatedAt));
  }
  if (file === 1) fixed.splice(2, 0, urlEntry(base, '/blogs', newest));
  parts.push(...fixed, ...posts, '</urlset>\n');
  return xmlResponse(parts.join(''));
}

/** The index of every sitemap file. */
export async function sitemapIndex(context: Context): Promise<Response> {
  const base = context.site.publicUrl;
  const { files } = await plan(context);
  const locs = Array.from({ length: files }, (_, i) => (i === 0 ? '/sitemap.xml' : `/sitemaps/${i + 1}.xml`));
  const entries = locs.map((loc) => `<sitemap><loc>${escapeXml(base + loc)}</loc></sitemap>\n`);
  return xmlResponse(
    `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('')}</sitemapindex>\n`,
  );
}
