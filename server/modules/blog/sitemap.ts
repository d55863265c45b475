import { blogCategoryUrl } from '#shared/paths.ts';
import { escapeXml } from '#shared/xml.ts';
import type { BlogService } from './service';

/**
 * The sitemaps as XML text (docs/decisions/0013-growth.md). A sitemap file holds at most 50,000 URLs, so
 * the site's URLs are split into files: `/sitemap.xml` (the one robots.txt has always named) holds the
 * fixed pages, the categories and the newest posts; `/sitemaps/2.xml`, `/sitemaps/3.xml` … hold the older
 * posts, 50,000 each; `/sitemap-index.xml` lists them all. A file's posts are one read of the three columns
 * an address needs (BlogService.publicAddresses). Served by server/plugins/sitemaps.ts, which keeps the
 * answers per content version.
 */
export const URLS_PER_SITEMAP = 50_000;

const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const URLSET_CLOSE = '</urlset>\n';

/** Where each file's posts start: file 1 after the fixed URLs, file n ≥ 2 further on. */
export function sitemapPlan(fixedUrls: number, posts: number, perFile = URLS_PER_SITEMAP) {
  const inFirst = Math.max(0, perFile - fixedUrls);
  const files = 1 + Math.ceil(Math.max(0, posts - inFirst) / perFile);
  const postsOf = (file: number) =>
    file === 1 ? { offset: 0, count: inFirst } : { offset: inFirst + (file - 2) * perFile, count: perFile };
  return { files, postsOf };
}

const urlEntry = (base: string, path: string, lastmod?: string) =>
  `<url><loc>${escapeXml(base + path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>\n`;

type Blog = Pick<BlogService, 'listCategories' | 'countPublic' | 'publicAddresses' | 'publicTagPaths'>;

/**
 * `perFile`: URLs per file (tests make it small to get several files from a few posts). `authorPages`:
 * the paths of the author pages that exist (people with a published post), listed after the categories.
 * `sitePages`: the published pages at /{segment} (docs/product.md#pages), listed after /about-us.
 */
export function createSitemaps(
  blog: Blog,
  base: string,
  perFile = URLS_PER_SITEMAP,
  authorPages: () => Promise<string[]> = async () => [],
  sitePages: () => Promise<Array<{ path: string; updatedAt: string }>> = async () => [],
) {
  async function plan() {
    const [categories, authors, tags, posts, pages] = await Promise.all([
      blog.listCategories(),
      authorPages(),
      // Public tags with a published post (docs/product.md#tags); internal tags have no page.
      blog.publicTagPaths(),
      blog.countPublic(),
      sitePages(),
    ]);
    const fixed = 3 + pages.length + categories.length + authors.length + tags.length;
    return { categories, authors, tags, pages, ...sitemapPlan(fixed, posts, perFile) };
  }

  return {
    /** How many files there are (the index lists them; past the last a file is not found). */
    files: async () => (await plan()).files,

    /** One sitemap file (1-based) as XML text, or null past the last. */
    async file(file: number): Promise<string | null> {
      const { categories, authors, tags, pages, files, postsOf } = await plan();
      if (!Number.isInteger(file) || file < 1 || file > files) return null;
      const { offset, count } = postsOf(file);
      const posts = await blog.publicAddresses(offset, count);
      const newest = posts[0]?.updatedAt;
      // The base is escaped once; escaping is per character, so escaping its parts is escaping the whole.
      const open = `<url><loc>${escapeXml(base)}`;
      let text = '';
      for (const post of posts)
        text += `${open}${escapeXml(post.url)}</loc><lastmod>${post.updatedAt}</lastmod></url>\n`;
      // The first file opens with the fixed pages; the blog list's lastmod is its newest post's.
      const fixed =
        file === 1
          ? urlEntry(base, '/') +
            urlEntry(base, '/about-us') +
            pages.map((page) => urlEntry(base, page.path, page.updatedAt)).join('') +
            urlEntry(base, '/blogs', newest) +
            categories.map((c) => urlEntry(base, blogCategoryUrl(c.slug))).join('') +
            authors.map((path) => urlEntry(base, path)).join('') +
            tags.map((path) => urlEntry(base, path)).join('')
          : '';
      return URLSET_OPEN + fixed + text + URLSET_CLOSE;
    },

    /** The index of every sitemap file. */
    async index(): Promise<string> {
      const { files } = await plan();
      let entries = '';
      for (let i = 1; i <= files; i++) {
        const loc = i === 1 ? '/sitemap.xml' : `/sitemaps/${i}.xml`;
        entries += `<sitemap><loc>${escapeXml(base + loc)}</loc></sitemap>\n`;
      }
      return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}</sitemapindex>\n`;
    },
  };
}
