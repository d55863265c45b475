import type { Route } from './+types/robots';

export function loader({ context }: Route.LoaderArgs) {
  const base = context.site.publicUrl;
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /api/',
    '',
    // The index lists every sitemap file; the first is also named on its own, as it always was.
    `Sitemap: ${base}/sitemap-index.xml`,
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
}
