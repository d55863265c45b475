/**
 * The query parameters that change a page: the blog lists' `page`, and React Router's own `_routes`
 * (which loaders a client-side `.data` request wants) and `index` (which route a form posts to). Every
 * other parameter (`utm_source`, `fbclid`, `x=1` …) reaches no loader, so it must neither make a new
 * cache entry nor force a render; pages are rendered from the normalised address, so their bytes cannot
 * depend on the ignored parameters either (docs/decisions/0011-shared-page-cache.md).
 */
const PAGE_PARAMS = ['page', '_routes', 'index'];
/** React Router's default `routeDiscovery.manifestPath` (react-router.config.ts leaves it as is). */
const ROUTE_DISCOVERY_PATH = '/__manifest';

/** The cache key of a page address: its path and the parameters that change it, in a fixed order. */
export function pageCacheKey(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  // React Router's route discovery (client-side navigation asks which routes match `paths`): its answer
  // depends on its whole query, so that address is its own key as sent.
  if (url.startsWith(ROUTE_DISCOVERY_PATH) && q === ROUTE_DISCOVERY_PATH.length) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  const kept = new URLSearchParams();
  for (const name of PAGE_PARAMS) for (const value of params.getAll(name)) kept.append(name, value);
  const query = kept.toString();
  return query ? `${url.slice(0, q)}?${query}` : url.slice(0, q);
}
