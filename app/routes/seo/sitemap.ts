import { blogCategoryUrl } from '#shared/paths.ts';
import { escapeXml, xmlResponse } from '#app/lib/xml.ts';
import type { Route } from './+types/sitemap';

/** Home, About, the blog list, every category and every post with its last change. */
export async function loader({ context }: Route.LoaderArgs) {
  const base = context.site.publicUrl;
  const { blog } = context.services;
  const [{ posts }, categories] = await Promise.all([blog.listPosts(), blog.listCategories()]);
  const entry = (path: string, lastmod?: string) =>
    `  <url><loc>${escapeXml(base + path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
  const urls = [
    entry('/'),
    entry('/about-us'),
    entry('/blogs', posts[0]?.updatedAt),
    ...categories.map((c) => entry(blogCategoryUrl(c.slug))),
    ...posts.map((p) => entry(p.url, p.updatedAt)),
  ];
  return xmlResponse(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
  );
}
