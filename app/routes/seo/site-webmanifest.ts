import { mediaSrc } from '#shared/paths.ts';
import { DEFAULT_ACCENT, faviconUrl } from '#shared/schemas/site-identity.ts';
import type { Route } from './+types/site-webmanifest';

/**
 * The web manifest of Site identity (docs/product.md#site-identity): the name, the icons made from the
 * favicon image and the accent colour. Served like a page (cached per content version on every process).
 */
export function loader({ context }: Route.LoaderArgs) {
  const { siteName, look, mediaUrl } = context.site;
  const icons = look?.favicon
    ? ([192, 512] as const).map((size) => ({
        src: mediaSrc(faviconUrl(look.favicon!, size), mediaUrl),
        sizes: `${size}x${size}`,
        type: 'image/png',
      }))
    : [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' }];
  const manifest = {
    name: siteName,
    short_name: [...siteName].slice(0, 12).join(''),
    ...(look?.tagline ? { description: look.tagline } : {}),
    start_url: '/',
    display: 'browser',
    background_color: '#ffffff',
    theme_color: look?.accent ?? DEFAULT_ACCENT,
    icons,
  };
  return new Response(JSON.stringify(manifest), {
    headers: { 'content-type': 'application/manifest+json; charset=utf-8' },
  });
}
