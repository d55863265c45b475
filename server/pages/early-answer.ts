import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RedirectsService } from '#server/modules/redirects/service.ts';
import type { ContentVersion } from '#server/modules/site-meta/content-version.ts';
import type { PageCache } from './cache.ts';
import { writeWire } from './send.ts';

/** What the server learns of a hit answered before Fastify saw the request (see `createHitAnswerer`). */
export interface AnsweredHit {
  method: string;
  url: string;
  /** The request id sent back as `x-request-id` (server/plugins/request-id.ts). */
  id: string;
  status: number;
  /** The route pattern the page was first rendered under, for metrics. */
  route: string | undefined;
  bytes: number;
  startedAt: number;
}

/**
 * The cache-hit answer that runs before Fastify (./http-server.ts): for a page held at the current
 * version, Fastify's request and reply objects, routing, hooks and logger child cost more than the answer
 * itself (docs/decisions/0011-shared-page-cache.md, "Hits before Fastify"). What those hooks did for a hit
 * is done here or by `answered`: the request id header, metrics and the access line. Returns false for
 * anything else, which Fastify then handles as usual: other methods, the API, misses, a version that must
 * be read first, and every request once the process drains (the drain hook's `Connection: close` then applies).
 */
export function createHitAnswerer(
  cache: PageCache,
  contentVersion: ContentVersion,
  options: {
    draining: () => boolean;
    requestId: (req: IncomingMessage) => string;
    answered: (hit: AnsweredHit) => void;
    /** Redirect rules come first: a path one may answer, or rules not yet read at this version, go to Fastify. */
    redirects?: Pick<RedirectsService, 'peek'>;
  },
) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const { method, url } = req;
    if ((method !== 'GET' && method !== 'HEAD') || !url || url.startsWith('/api/') || options.draining()) return false;
    const version = contentVersion.peek();
    if (options.redirects && options.redirects.peek(url, version) !== null) return false;
    const page = cache.freshHit(url, version);
    if (!page) return false;
    const startedAt = performance.now();
    const id = options.requestId(req);
    const { status, bytes } = writeWire(req, res, page, ['x-request-id', id]);
    cache.onCacheResult?.(true);
    options.answered({ method, url, id, status, route: page.wire!.route, bytes, startedAt });
    return true;
  };
}
