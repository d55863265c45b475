import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RedirectsService } from '#server/modules/redirects/service.ts';

/** Requests a 410 rule answers: the page route renders the site's "gone" page for them (./route.ts). */
const goneRequests = new WeakSet<FastifyRequest>();

export const isGone = (request: FastifyRequest) => goneRequests.has(request);

/**
 * Redirect rules, checked before routing (docs/product.md#redirects): an onRequest hook registered before
 * the cache-hit hook, for GET and HEAD of public addresses (never /admin, /api, /assets, /uploads). A 301
 * or 302 is answered here with the request's query string kept; a 410 goes on to the page route, which
 * renders the themed "gone" page (or, without pages, a plain 410). Hits answered before Fastify
 * (./early-answer.ts) first ask `redirects.peek`, so a rule is never skipped for a cached page.
 */
export function registerRedirects(app: FastifyInstance, redirects: RedirectsService, options: { pages: boolean }) {
  app.addHook('onRequest', async (request, reply) => {
    const { method, url } = request;
    if (method !== 'GET' && method !== 'HEAD') return;
    const answer = await redirects.answer(url);
    if (!answer) return;
    if (answer.status === 410) {
      if (options.pages) {
        goneRequests.add(request);
        return;
      }
      return reply.code(410).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Gone');
    }
    return reply.code(answer.status).header('location', answer.location!).header('cache-control', 'no-store').send();
  });
}
