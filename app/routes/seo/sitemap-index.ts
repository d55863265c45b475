import { sitemapIndex } from '#app/features/seo/sitemap.ts';
import type { Route } from './+types/sitemap-index';

/** The sitemap index robots.txt names: /sitemap.xml and, past 50,000 URLs, /sitemaps/2.xml … */
export async function loader({ context }: Route.LoaderArgs) {
  return sitemapIndex(context);
}
