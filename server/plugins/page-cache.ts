import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { ContentVersion } from '#server/modules/site-meta/content-version.ts';

/**
 * Rendered public pages kept in memory per content version, and the lean path that answers them
 * (docs/decisions/0003-page-cache.md, 0011-shared-page-cache.md).
 */

/** A rendered page as React Router answered it, before it is sent for the first time. */
export interface RenderedPage {
  version: number;
  status: number;
  /** The renderer's own headers (content-type …), set-cookie last. */
  headers: [string, string][];
  body: Buffer;
  etag: string;
  /** Content-Security-Policy allowing exactly this page's inline scripts (production). */
  csp?: string;
}

type Encoding = 'br' | 'gzip';

/**
 * What a cache hit sends: every header computed once, per encoding, with the body in that encoding. `raw`
 * is the same headers as the flat name/value list `writeHead` takes without further work.
 */
interface Wire {
  headers: OutgoingHttpHeaders;
  raw: string[];
  body: Buffer;
}

function wireOf(headers: OutgoingHttpHeaders, body: Buffer): Wire {
  const raw: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    for (const v of Array.isArray(value) ? value : [value]) raw.push(name, String(v));
  }
  raw.push('content-length', String(body.length));
  return { headers, raw, body };
}

export interface CachedPage extends RenderedPage {
  /** The body compressed ahead of its first answer in that encoding (see `compressAhead`). */
  compressed?: Partial<Record<Encoding, Buffer>>;
  compressing?: Partial<Record<Encoding, Promise<Buffer>>>;
  /**
   * The headers of the first answer of this page (security headers included, per-request ones left out),
   * captured when it was sent; hits answer with them as they are. Unset until that first answer.
   */
  wire?: {
    identity: Wire;
    br?: Wire;
    gzip?: Wire;
    notModified: string[];
    compressible: boolean;
    /** The route pattern of the first answer (metrics count hits under it). */
    route: string | undefined;
  };
}

const CACHE_ENTRIES = 500;
const COMPRESSIBLE = /^(text\/|application\/(json|xml|rss\+xml|javascript))/;
/** Headers that differ per request, so they are never stored with a page. */
const PER_REQUEST = new Set(['x-request-id', 'content-length', 'content-encoding', 'date', 'connection']);

/**
 * The query parameters that change a page: the blog lists' `page`, and React Router's own `_routes`
 * (which loaders a client-side `.data` request wants) and `index` (which route a form posts to). Every
 * other parameter (`utm_source`, `fbclid`, `x=1` …) reaches no loader, so it must neither make a new
 * cache entry nor force a render; pages are rendered from the normalised address, so their bytes cannot
 * depend on the ignored parameters either.
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

export function pickEncoding(accept: string | undefined): Encoding | null {
  if (!accept) return null;
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return null;
}

const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } };
const GZIP = { level: 6 };
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Whether a body of this type is worth compressing: text of more than 1 KiB. */
const compressible = (type: string, body: Buffer) => COMPRESSIBLE.test(type) && body.length > 1024;

function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br' ? brotliCompressSync(body, BROTLI) : gzipSync(body, GZIP);
}

/**
 * Compresses a freshly rendered page for the asker's encoding on zlib's thread pool, so its first answer
 * finds the body ready: compressing it on the event loop at the first send took a sixth of an uncached
 * render's time there (`PROF_DIR=… npm run bench`). Requests sharing the render share the compression;
 * a failure leaves the first send to compress as before.
 */
export function compressAhead(page: CachedPage, acceptEncoding: string | undefined): Promise<void> | undefined {
  const encoding = pickEncoding(acceptEncoding);
  if (!encoding || page.wire?.[encoding] || page.compressed?.[encoding]) return;
  if (!compressible(page.headers.find(([name]) => name === 'content-type')?.[1] ?? '', page.body)) return;
  page.compressing ??= {};
  const pending = (page.compressing[encoding] ??=
    encoding === 'br' ? brotliAsync(page.body, BROTLI) : gzipAsync(page.body, GZIP));
  return pending.then(
    (body) => {
      // Unless a send built this encoding's answer meanwhile (it then holds its own copy).
      if (!page.wire?.[encoding]) (page.compressed ??= {})[encoding] = body;
    },
    () => undefined,
  );
}

export function createPageCache(options: { onCacheResult?: (hit: boolean) => void } = {}) {
  // lru-cache marks a hit as recent without touching a Map: the delete-and-set a Map-based LRU does on every
  // hit made V8 shrink and rehash the table, 2 % of a cache hit's time (perf on `npm run bench`).
  const pages = new LRUCache<string, CachedPage>({ max: CACHE_ENTRIES });
  const rendering = new Map<string, Promise<CachedPage>>();

  return {
    get: (key: string) => pages.get(key),
    set: (key: string, page: CachedPage) => {
      pages.set(key, page);
    },
    onCacheResult: options.onCacheResult,

    /**
     * Renders a page once however many requests miss it at the same moment: they share the render of
     * the same address at the same content version (keyed by both, so a render for an older version is
     * never handed to a request that already knows a newer one).
     */
    renderOnce(key: string, version: number, render: () => Promise<CachedPage>): Promise<CachedPage> {
      const id = `${version}\n${key}`;
      let pending = rendering.get(id);
      if (!pending) {
        pending = render().finally(() => rendering.delete(id));
        rendering.set(id, pending);
      }
      return pending;
    },

    /** The hit at the current version, when the version is known without waiting (see ContentVersion.peek). */
    freshHit(url: string, version: number | undefined): CachedPage | undefined {
      if (version === undefined) return undefined;
      // The address as sent is its own key unless it carries ignored parameters.
      let page = pages.get(url);
      if (!page && url.includes('?')) page = pages.get(pageCacheKey(url));
      return page?.version === version && page.wire ? page : undefined;
    },
  };
}
export type PageCache = ReturnType<typeof createPageCache>;

/**
 * Sends a page. The first time, the reply's headers so far (security headers, the policy …) become the
 * page's stored headers; every later answer sends those as they are.
 */
export function sendPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage, cacheControl: string) {
  if (!page.wire) {
    for (const [key, value] of page.headers) reply.header(key, value);
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', cacheControl);
    reply.header('etag', page.etag);
    reply.header('vary', 'Accept-Encoding');
    if (page.csp) reply.header('content-security-policy', page.csp);
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (!PER_REQUEST.has(name) && value !== undefined) headers[name] = value;
    }
    page.wire = {
      identity: wireOf(headers, page.body),
      notModified: wireOf(headers, Buffer.alloc(0)).raw.slice(0, -2),
      compressible: compressible(String(headers['content-type'] ?? ''), page.body),
      route: request.routeOptions.url,
    };
  }
  return sendWire(request, reply, page);
}

/**
 * Answers from the stored headers and body only: no header is computed for the request. The answer is
 * written straight to Node's response (`hijack`: Fastify's send path would copy and check every header
 * again); headers earlier hooks set for this request (`x-request-id` …) go along. Fastify still runs the
 * onResponse hooks when the response finishes, and `reply.statusCode` reads the status written here.
 */
function sendWire(request: FastifyRequest, reply: FastifyReply, page: CachedPage) {
  reply.hijack();
  // Only what the page does not store: a miss reaches here through the route, after the security hook has
  // set its own defaults (a second, stricter Content-Security-Policy would block the page's scripts).
  const own = reply.getHeaders();
  const extra: string[] = [];
  for (const name in own) if (!(name in page.wire!.identity.headers)) extra.push(name, String(own[name]));
  writeWire(request.raw, reply.raw, page, extra);
}

/** Writes a page's stored answer (a 304 when the client holds it) plus `extra` headers. */
function writeWire(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  extra: string[],
): { status: number; bytes: number } {
  const wire = page.wire!;
  if (page.status === 200 && req.headers['if-none-match'] === page.etag) {
    res.writeHead(304, extra.length ? wire.notModified.concat(extra) : wire.notModified);
    res.end();
    return { status: 304, bytes: 0 };
  }
  const encoding = wire.compressible ? pickEncoding(req.headers['accept-encoding']) : null;
  let answer = wire.identity;
  if (encoding) {
    answer = wire[encoding] ??= wireOf(
      { ...wire.identity.headers, 'content-encoding': encoding },
      page.compressed?.[encoding] ?? compress(page.body, encoding),
    );
  }
  res.writeHead(page.status, extra.length ? answer.raw.concat(extra) : answer.raw);
  // Node writes no body for HEAD; content-length still says what the GET would get.
  res.end(answer.body);
  return { status: page.status, bytes: answer.body.length };
}

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
 * The cache-hit answer that runs before Fastify (server/http-server.ts): for a page held at the current
 * version, Fastify's request and reply objects, routing, hooks and logger child cost more than the answer
 * itself (docs/decisions/0011-shared-page-cache.md, "Hit path"). What those hooks did for a hit is done
 * here or by `answered`: the request id header, metrics and the access line. Returns false for anything
 * else, which Fastify then handles as usual: other methods, the API, misses, a version that must be read
 * first, and every request once the process drains (the drain hook's `Connection: close` then applies).
 */
export function createHitAnswerer(
  cache: PageCache,
  contentVersion: ContentVersion,
  options: {
    draining: () => boolean;
    requestId: (req: IncomingMessage) => string;
    answered: (hit: AnsweredHit) => void;
  },
) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const { method, url } = req;
    if ((method !== 'GET' && method !== 'HEAD') || !url || url.startsWith('/api/') || options.draining()) return false;
    const page = cache.freshHit(url, contentVersion.peek());
    if (!page) return false;
    const startedAt = performance.now();
    const id = options.requestId(req);
    const { status, bytes } = writeWire(req, res, page, ['x-request-id', id]);
    cache.onCacheResult?.(true);
    options.answered({ method, url, id, status, route: page.wire!.route, bytes, startedAt });
    return true;
  };
}

/**
 * Answers cached pages in an onRequest hook registered before the security headers' hook: a hit costs a
 * map lookup, a synchronous version check and one send of stored headers and body. Anything else
 * (a miss, a version that must be read first, a page never sent yet) goes on to the renderer
 * (server/plugins/ssr.ts). onResponse hooks still run for a hit (Fastify runs them when the response ends).
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
