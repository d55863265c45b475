import type { FastifyInstance } from 'fastify';
import type { NewsletterService } from '#server/modules/newsletter/service.ts';

/**
 * `/api/r/<token>`, the address a counted newsletter link has: under `/api`, which redirect rules never take
 * (server/modules/redirects/rules.ts RESERVED_PREFIXES), so no rule can hijack a sent link.
 */
const LINK = /^\/api\/r\/([^/?#]+)\/?(?:\?.*)?$/;

/**
 * Counted newsletter links (docs/product.md#newsletters): a GET or HEAD of `/api/r/<token>` answers 302 to the
 * address the site stored for that token (only those: never an open redirect), and the click is counted
 * per link by the newsletter module, never per reader. An onRequest hook, like the redirect rules: a token
 * that is no link goes on to the API, which answers its JSON 404.
 * While the database is down a link already read by this process still leads on; one not read yet answers
 * 503, as any page that needs the database.
 */
export function registerNewsletterLinks(app: FastifyInstance, newsletter: NewsletterService) {
  app.addHook('onRequest', async (request, reply) => {
    const { method, url } = request;
    if ((method !== 'GET' && method !== 'HEAD') || !url.startsWith('/api/r/')) return;
    const token = LINK.exec(url)?.[1];
    if (!token) return;
    const location = await newsletter.followLink(token, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      head: method === 'HEAD',
    });
    if (!location) return;
    return reply
      .code(302)
      .header('location', location)
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .header('referrer-policy', 'no-referrer')
      .send();
  });
}
