import { createHash, createHmac, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import { SERVER_MESSAGES } from '#shared/messages.ts';
import { isDatabaseUnavailable } from '#server/db/unavailable.ts';
import { publicSiteInfo, type Services } from '#server/services.ts';
import { describeError, sendApiNotFound } from './errors';
import { databaseAnswers } from './health';
import { compressAhead, createPageCache, pageCacheKey, sendPage, type CachedPage, type PageCache } from './page-cache';
import { pageContentSecurityPolicy } from './security';

export interface SsrOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: 'development' | 'production';
  /** Keep rendered public pages in memory (production). */
  cache: boolean;
  /** Told of every cacheable page request: answered from the cache or not (for metrics). */
  onCacheResult?: (hit: boolean) => void;
}

/** Request headers a shared render must not see: the page is for everyone, whoever asked first. */
const PRIVATE_HEADERS = new Set(['cookie', 'authorization', 'if-none-match', 'if-modified-since']);

/**
 * The Web Request React Router renders. `shared`: a cacheable page rendered for everyone who asks (see
 * `renderOnce`): rendered as a GET of its cache key, without the asker's credentials, and not abandoned
 * when the first asker goes away.
 */
function toWebRequest(request: FastifyRequest, reply: FastifyReply, shared?: { key: string }): Request {
  const origin = `${request.protocol}://${request.host}`;
  const method = shared ? 'GET' : request.method;
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (shared && PRIVATE_HEADERS.has(key)) continue;
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else if (value !== undefined) headers.set(key, value);
  }
  let signal: AbortSignal | undefined;
  if (!shared) {
    const controller = new AbortController();
    reply.raw.on('close', () => controller.abort());
    signal = controller.signal;
  }
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(new URL(shared?.key ?? request.url, origin), {
    method,
    headers,
    signal,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

/**
 * The inline scripts this render wrote, by the SHA-256 of their text as CSP wants it. Only scripts that
 * carry the render's nonce count: a `<script>` that reached the page any other way (say, through rich
 * text that slipped past the sanitiser) cannot know a nonce made for this render, so it gets no hash.
 */
export function inlineScriptHashes(html: string, nonce: string): string[] {
  // Found from the nonce with indexOf rather than one regular expression over the page: that scan was 2.6 %
  // of an uncached render's time (`--cpu-prof` of wrk walking 600 posts, docs/decisions/0011).
  const attribute = `nonce="${nonce}"`;
  const closing = /<\/script>/gi;
  const hashes = new Set<string>();
  let at = html.indexOf(attribute);
  while (at >= 0) {
    const start = html.lastIndexOf('<', at);
    const end = html.indexOf('>', at);
    if (end < 0) break;
    let next = end + 1;
    // An attribute of an opening script tag without `src`: the tag is still open where the nonce stands,
    // and the nonce follows whitespace, as React writes it.
    const inOpeningTag = start >= 0 && html.lastIndexOf('>', at) < start && /\s/.test(html[at - 1] ?? '');
    const tag = inOpeningTag ? html.slice(start, end + 1) : '';
    if (/^<script\b/i.test(tag) && !/\bsrc=/i.test(tag)) {
      closing.lastIndex = end + 1;
      const close = closing.exec(html);
      if (!close) break;
      hashes.add(
        createHash('sha256')
          .update(html.slice(end + 1, close.index), 'utf8')
          .digest('base64'),
      );
      next = close.index;
    }
    at = html.indexOf(attribute, next);
  }
  return [...hashes];
}

/** The route tree of a build, for matching an address without running anything. */
function routeTree(routes: ServerBuild['routes'], parentId?: string): RouteObject[] {
  const children = Object.values(routes).filter(
    (r): r is NonNullable<typeof r> => r !== undefined && r.parentId === parentId,
  );
  return children.map(
    ({ id, path, index, caseSensitive }) =>
      ({ id, path, index, caseSensitive, children: routeTree(routes, id) }) as RouteObject,
  );
}

/**
 * Whether a POST to this page address reaches an action: the route React Router would submit to (the
 * deepest match; an index route only with `?index`) exports one. Client-side submissions post to the
 * same address with `.data` added (`/_root.data` for the home page).
 */
function takesForm(build: ServerBuild, trees: WeakMap<ServerBuild, RouteObject[]>, url: string): boolean {
  const [rawPath = '/', query = ''] = url.split('?');
  const path = rawPath === '/_root.data' ? '/' : rawPath.replace(/\.data$/, '');
  let tree = trees.get(build);
  if (!tree) trees.set(build, (tree = routeTree(build.routes)));
  const matches = matchRoutes(tree, path) ?? [];
  let target = matches.at(-1)?.route;
  if (target?.index && !new URLSearchParams(query).has('index')) target = matches.at(-2)?.route;
  return Boolean(target?.id && build.routes[target.id]?.module.action);
}

/**
 * The nonce of a shared render: a keyed hash of the page's cache key and the content version, so every
 * process renders the same page to the same bytes and ETag (docs/decisions/0011-shared-page-cache.md).
 * Without the secret (kept in the database, never sent) nobody can tell the nonce of a future page.
 */
function sharedNonce(secret: Buffer, key: string, version: number): string {
  return createHmac('sha256', secret).update(`${version}\n${key}`).digest('hex').slice(0, 32);
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
 * waiting are answered before routing (`registerCachedPageHits`); this handler does the rest.
 */
export async function registerSsr(
  app: FastifyInstance,
  options: SsrOptions,
  services: Services,
  cache: PageCache = createPageCache({ onCacheResult: options.onCacheResult }),
) {
  const handle = createRequestHandler(options.build, options.mode);
  const site = publicSiteInfo(services.config);
  const trees = new WeakMap<ServerBuild, RouteObject[]>();
  const currentBuild = () => (typeof options.build === 'function' ? options.build() : options.build);
  const { contentVersion } = services.siteMeta;
  const pageCacheControl = services.config.pageCacheControl;

  /** `shared`: a cacheable page, rendered from its cache key for every request that wants it. */
  async function render(
    request: FastifyRequest,
    reply: FastifyReply,
    version: number,
    shared?: { key: string },
  ): Promise<CachedPage> {
    const nonce = shared
      ? sharedNonce(await services.siteMeta.pageSecret(), shared.key, version)
      : randomBytes(16).toString('hex');
    const response = await handle(toWebRequest(request, reply, shared), { services, site, nonce, describeError });
    const body = Buffer.from(await response.arrayBuffer());
    const headers = [...response.headers.entries()].filter(([k]) => k !== 'set-cookie' && k !== 'content-length');
    for (const cookie of response.headers.getSetCookie()) headers.push(['set-cookie', cookie]);
    const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
    // In development Vite injects scripts of its own; the hashed policy is for the production build.
    const html = options.mode === 'production' && (response.headers.get('content-type') ?? '').startsWith('text/html');
    const csp = html
      ? pageContentSecurityPolicy(services.config, inlineScriptHashes(body.toString('utf8'), nonce))
      : undefined;
    return { version, status: response.status, headers, body, etag, csp };
  }

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
    await compressAhead(page, request.headers['accept-encoding']);
    return sendPage(request, reply, page, pageCacheControl);
  }

  /** With the database down, a page already rendered is served as it was; anything else answers 503. */
  function serveStale(request: FastifyRequest, reply: FastifyReply, key: string) {
    const stale = cache.get(key);
    if (stale) return sendPage(request, reply, stale, pageCacheControl);
    return sendUnavailable(reply);
  }

  await app.register(async (scope) => {
    // React Router reads request bodies itself (actions), so Fastify must not consume them first.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    scope.all('/*', async (request, reply) => {
      const path = request.url.split('?')[0]!;
      // An unknown API address (or a method an endpoint does not take) answers like the API, not as a page.
      if (path === '/api' || path.startsWith('/api/')) return sendApiNotFound(request, reply);
      // Pages are read; only a page with an action takes a POST (docs/product.md#routes). Anything
      // else is refused here, before the renderer, which would log each one as an error with a stack trace.
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        const form = takesForm(await currentBuild(), trees, request.url);
        if (!form || request.method !== 'POST') {
          return reply
            .code(405)
            .header('allow', form ? 'GET, HEAD, POST' : 'GET, HEAD')
            .header('cache-control', 'no-store')
            .type('text/plain; charset=utf-8')
            .send(SERVER_MESSAGES.pageMethodNotAllowed(request.method));
        }
      }
      const isAdmin = path === '/admin' || path.startsWith('/admin/');
      // Subscription links change data when opened, and previews are private: they reach the loader every time.
      const personal = path.startsWith('/subscriptions/') || path.startsWith('/preview/');
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
      return sendPage(request, reply, page, isAdmin || personal ? 'no-store' : pageCacheControl);
    });
  });
}
