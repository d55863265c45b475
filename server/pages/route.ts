import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerBuild } from 'react-router';
import { SERVER_MESSAGES } from '#shared/messages.ts';
import { isDatabaseUnavailable } from '#server/db/unavailable.ts';
import { sendApiNotFound } from '#server/plugins/errors.ts';
import { databaseAnswers } from '#server/plugins/health.ts';
import type { RateLimits } from '#server/plugins/rate-limits.ts';
import type { Services } from '#server/services.ts';
import { createPageCache, type PageCache } from './cache.ts';
import { pageCacheKey } from './cache-key.ts';
import { compressAhead } from './compression.ts';
import { FORM_BODY_LIMIT, FORM_CONTENT_TYPE, formPostContext, formPostRefusal } from './form-post.ts';
import { createRenderer } from './render.ts';
import { sendPage } from './send.ts';
import { isGone } from './redirects.ts';
import { formTaker } from './takes-form.ts';

export interface SsrOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: 'development' | 'production';
  /** Keep rendered public pages in memory (production). */
  cache: boolean;
  /** Told of every cacheable page request: answered from the cache or not (for metrics). */
  onCacheResult?: (hit: boolean) => void;
}

/** The answer for a page the database is needed for while it does not answer (docs/product.md). */
function sendUnavailable(reply: FastifyReply) {
  return reply
    .code(503)
    .header('retry-after', '30')
    .header('cache-control', 'no-store')
    .type('text/plain; charset=utf-8')
    .send(SERVER_MESSAGES.siteUnavailable);
}

/**
 * Serves every path that is not an API route, file or upload through React Router. Public GET pages are
 * rendered once per content version and then answered from memory with an ETag (304 when unchanged);
 * see docs/decisions/0003-page-cache.md and 0011-shared-page-cache.md. Hits at a version known without
 * waiting are answered before routing (./early-answer.ts, ./hit-hook.ts); this route does the rest.
 */
export async function registerSsr(
  app: FastifyInstance,
  options: SsrOptions,
  services: Services,
  limits: RateLimits,
  cache: PageCache = createPageCache({ onCacheResult: options.onCacheResult }),
) {
  const render = createRenderer(options, services, formPostContext(app, limits));
  const siteOrigin = new URL(services.config.publicUrl).origin;
  const takesForm = formTaker();
  const currentBuild = () => (typeof options.build === 'function' ? options.build() : options.build);
  const { contentVersion } = services.siteMeta;
  const pageCacheControl = services.config.pageCacheControl;

  /** A cacheable page: from the cache, rendered once for all who ask, or stale while the database is down. */
  async function servePublicPage(request: FastifyRequest, reply: FastifyReply) {
    const key = pageCacheKey(request.url);
    let version: number;
    try {
      version = await contentVersion.current();
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      return serveStale(request, reply, key);
    }
    // The redirect rules of this version too: a page cached at it is then answered before Fastify
    // (./early-answer.ts asks the rules first), not handed on once more for rules a version behind.
    await services.redirects.ensure(version);
    const hit = cache.get(key);
    if (hit && hit.version === version) {
      cache.onCacheResult?.(true);
      // A page still being compressed for its first asker: wait for that rather than compress again here.
      await compressAhead(hit, request.headers['accept-encoding']);
      return sendPage(request, reply, hit, pageCacheControl);
    }
    cache.onCacheResult?.(false);
    const page = await cache.renderOnce(key, version, async () => {
      const rendered = await render(request, reply, version, { key });
      if (rendered.status === 200 && !rendered.headers.some(([k]) => k === 'set-cookie')) cache.set(key, rendered);
      return rendered;
    });
    // A loader failed: when the database is why, the last good copy (or a 503) says more than an error page.
    if (page.status >= 500 && !(await databaseAnswers(services.db))) return serveStale(request, reply, key);
    // A public address that answered 404 is counted in the 404 log (docs/product.md#redirects).
    if (page.status === 404) services.redirects.notFound(request.url, request.headers.referer);
    await compressAhead(page, request.headers['accept-encoding']);
    return sendPage(request, reply, page, pageCacheControl);
  }

  /** With the database down, a page already rendered is served as it was; anything else answers 503. */
  function serveStale(request: FastifyRequest, reply: FastifyReply, key: string) {
    const stale = cache.get(key);
    if (stale) return sendPage(request, reply, stale, pageCacheControl);
    return sendUnavailable(reply);
  }

  /** The themed "gone" page of a 410 rule: the public layout with its own text, status 410, not kept. */
  async function serveGone(request: FastifyRequest, reply: FastifyReply) {
    let version = -1;
    try {
      version = await contentVersion.current();
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      return sendUnavailable(reply);
    }
    const page = await render(request, reply, version, undefined, { gone: true });
    return sendPage(request, reply, { ...page, status: 410 }, 'no-store');
  }

  await app.register(async (scope) => {
    // React Router reads request bodies itself (actions), so Fastify must not consume them first.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    // Except a form's fields, read here within the contact API's limit (413 past it): read by React Router
    // as they are, they had no limit at all (docs/decisions/0028-forms-without-javascript.md).
    scope.addContentTypeParser(FORM_CONTENT_TYPE, { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_r, body, done) =>
      done(null, body),
    );

    scope.all('/*', async (request, reply) => {
      const path = request.url.split('?')[0]!;
      // An unknown API address (or a method an endpoint does not take) answers like the API, not as a page.
      if (path === '/api' || path.startsWith('/api/')) return sendApiNotFound(request, reply);
      // Pages are read; only a page with an action takes a POST (docs/product.md#routes). Anything
      // else is refused here, before the renderer, which would log each one as an error with a stack trace.
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        const form = takesForm(await currentBuild(), request.url);
        if (!form || request.method !== 'POST') {
          return reply
            .code(405)
            .header('allow', form ? 'GET, HEAD, POST' : 'GET, HEAD')
            .header('cache-control', 'no-store')
            .type('text/plain; charset=utf-8')
            .send(SERVER_MESSAGES.pageMethodNotAllowed(request.method));
        }
        // Only form fields, and only from the site's own pages (./form-post.ts).
        const refusal = formPostRefusal(request, siteOrigin);
        if (refusal) {
          return reply
            .code(refusal.status)
            .header('cache-control', 'no-store')
            .type('text/plain; charset=utf-8')
            .send(refusal.message);
        }
      }
      const isAdmin = path === '/admin' || path.startsWith('/admin/');
      // A 410 rule: the site's "gone" page, never cached (docs/product.md#redirects).
      if (isGone(request)) return serveGone(request, reply);
      // Subscription links change data when opened, and previews are private: they reach the loader every time.
      // So do searches: each query is its own page, and caching them would let random queries push the
      // site's pages out of the cache (docs/decisions/0023-search.md).
      const personal =
        path.startsWith('/subscriptions/') ||
        path.startsWith('/preview/') ||
        path === '/search' ||
        path === '/search.data';
      const cacheable =
        options.cache && (request.method === 'GET' || request.method === 'HEAD') && !isAdmin && !personal;
      // A cacheable HEAD is rendered as a GET (Node sends no body for HEAD), so its headers match the GET
      // and the cache gets the whole page.
      if (cacheable) return servePublicPage(request, reply);
      let version = -1;
      try {
        version = await contentVersion.current();
      } catch (err) {
        if (!isDatabaseUnavailable(err)) throw err;
        return sendUnavailable(reply);
      }
      const page = await render(request, reply, version);
      if (page.status >= 500 && !(await databaseAnswers(services.db))) return sendUnavailable(reply);
      if (page.status === 404 && !isAdmin && request.method !== 'POST') {
        services.redirects.notFound(request.url, request.headers.referer);
      }
      // The answer to a form post is that visitor's own (what they typed, their result): never kept.
      const mine = isAdmin || personal || request.method === 'POST';
      return sendPage(request, reply, page, mine ? 'no-store' : pageCacheControl);
    });
  });
}
