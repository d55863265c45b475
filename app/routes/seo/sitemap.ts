import { sitemapFile } from '#app/features/seo/sitemap.ts';
import type { Route } from './+types/sitemap';

/**
 * The first sitemap: home, About, the blog list, every category and the newest posts (up to 50,000 URLs
 * in all); older posts are in /sitemaps/2.xml … listed by /sitemap-index.xml.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return (await sitemapFile(context, 1))!;
}
