import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import { SERVER_MESSAGES } from '#shared/messages.ts';
import { Lru } from '#server/lib/lru.ts';
import { publicSiteInfo, type Services } from '#server/services.ts';
import { describeError, sendApiNotFound } from './errors';
import { pageContentSecurityPolicy } from './security';

export interface SsrOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: 'development' | 'production';
  /** Keep rendered public pages in memory (production). */
  cache: boolean;
}

interface CachedPage {
  version: number;
  status: number;
  headers: [string, string][];
  body: Buffer;
  etag: string;
  /** Content-Security-Policy allowing exactly this page's inline scripts (production). */
  csp?: string;
  br?: Buffer;
  gzip?: Buffer;
}

const CACHE_ENTRIES = 500;
const COMPRESSIBLE = /^(text\/|application\/(json|xml|rss\+xml|javascript))/;

function toWebRequest(request: FastifyRequest, reply: FastifyReply, method = request.method): Request {
  const origin = `${request.protocol}://${request.host}`;
  const controller = new AbortController();
  reply.raw.on('close', () => controller.abort());
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else if (value !== undefined) headers.set(key, value);
  }
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(new URL(request.url, origin), {
    method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

/**
 * The inline scripts this render wrote, by the SHA-256 of their text as CSP wants it. Only scripts that
 * carry the render's nonce count: a `<script>` that reached the page any other way (say, through rich
 * text that slipped past the sanitiser) cannot know a nonce made for this render, so it gets no hash.
 */
export function inlineScriptHashes(html: string, nonce: string): string[] {
  const marked = new RegExp(`<script\\b(?![^>]*\\bsrc=)[^>]*\\bnonce="${nonce}"[^>]*>([\\s\\S]*?)</script>`, 'gi');
  const hashes = new Set<string>();
  for (const match of html.matchAll(marked))
    hashes.add(createHash('sha256').update(match[1]!, 'utf8').digest('base64'));
  return [...hashes];
}

function pickEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  if (!accept) return null;
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return null;
}

function compress(page: CachedPage, encoding: 'br' | 'gzip'): Buffer {
  if (encoding === 'br') {
    page.br ??= brotliCompressSync(page.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } });
    return page.br;
  }
  page.gzip ??= gzipSync(page.body, { level: 6 });
  return page.gzip;
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
 * Serves every path that is not an API route, file or upload through React Router. Public GET pages are
 * rendered once per content version and then answered from memory with an ETag (304 when unchanged);
 * see docs/decisions/0003-page-cache.md.
 */
export async function registerSsr(app: FastifyInstance, options: SsrOptions, services: Services) {
  const handle = createRequestHandler(options.build, options.mode);
  const cache = new Lru<string, CachedPage>(CACHE_ENTRIES);
  const site = publicSiteInfo(services.config);
  const trees = new WeakMap<ServerBuild, RouteObject[]>();
  const currentBuild = () => (typeof options.build === 'function' ? options.build() : options.build);

  /** `asGet`: render a HEAD request as the GET it stands for, so the cache gets the full page. */
  async function render(request: FastifyRequest, reply: FastifyReply, asGet: boolean): Promise<CachedPage> {
    const version = await services.siteMeta.contentVersion.current();
    const nonce = randomBytes(16).toString('hex');
    const response = await handle(toWebRequest(request, reply, asGet ? 'GET' : request.method), {
      services,
      site,
      nonce,
      describeError,
    });
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

  function send(request: FastifyRequest, reply: FastifyReply, page: CachedPage, cacheControl: string) {
    reply.code(page.status);
    for (const [key, value] of page.headers) reply.header(key, value);
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', cacheControl);
    reply.header('etag', page.etag);
    reply.header('vary', 'Accept-Encoding');
    if (page.csp) reply.header('content-security-policy', page.csp);
    if (page.status === 200 && request.headers['if-none-match'] === page.etag) {
      return reply.code(304).send();
    }
    const type = String(reply.getHeader('content-type') ?? '');
    const encoding =
      COMPRESSIBLE.test(type) && page.body.length > 1024 ? pickEncoding(request.headers['accept-encoding']) : null;
    if (encoding) {
      reply.header('content-encoding', encoding);
      return reply.send(compress(page, encoding));
    }
    return reply.send(page.body);
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
      if (cacheable) {
        const version = await services.siteMeta.contentVersion.current();
        const hit = cache.get(request.url);
        if (hit && hit.version === version) return send(request, reply, hit, 'no-cache');
      }
      // A cacheable HEAD is rendered as a GET (Node sends no body for HEAD), so its headers match the GET
      // and the cache gets the whole page.
      const page = await render(request, reply, cacheable);
      const storable = cacheable && page.status === 200 && !page.headers.some(([k]) => k === 'set-cookie');
      if (storable) cache.set(request.url, page);
      return send(request, reply, page, isAdmin || personal ? 'no-store' : 'no-cache');
    });
  });
}
