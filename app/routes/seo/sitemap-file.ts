import { sitemapFile } from '#app/features/seo/sitemap.ts';
import type { Route } from './+types/sitemap-file';

/** /sitemaps/<n>.xml: the n-th sitemap (n ≥ 2), older posts 50,000 at a time; 404 past the last. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const file = /^([2-9]|[1-9]\d{1,5})\.xml$/.exec(params.file)?.[1];
  const response = file ? await sitemapFile(context, Number(file)) : null;
  if (!response) throw new Response('Not Found', { status: 404 });
  return response;
}
