import type { FastifyInstance } from 'fastify';
import type { ContentVersion } from '#server/modules/site-meta/content-version.ts';
import type { PageCache } from './cache.ts';
import { sendWire } from './send.ts';

/**
 * Answers cached pages in an onRequest hook registered before the security headers' hook: a hit costs a
 * map lookup, a synchronous version check and one send of stored headers and body. It answers the hits
 * the HTTP server's early answer (./early-answer.ts) leaves to Fastify: `app.inject` calls Fastify's
 * handler directly, and a draining process hands every request on. Anything else (a miss, a version that must be read first, a page never sent
 * yet) goes on to the page route (./route.ts). onResponse hooks still run for a hit (Fastify runs them
 * when the response ends).
 */
export function registerCachedPageHits(app: FastifyInstance, cache: PageCache, contentVersion: ContentVersion) {
  app.addHook('onRequest', (request, reply, done) => {
    const { method, url } = request;
    if ((method !== 'GET' && method !== 'HEAD') || url.startsWith('/api/')) return done();
    const page = cache.freshHit(url, contentVersion.peek());
    if (!page) return done();
    cache.onCacheResult?.(true);
    // Answered: the remaining onRequest hooks and the route do not run for this request.
    sendWire(request, reply, page);
  });
}
