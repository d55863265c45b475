import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { compress, compressible, pickEncoding } from './compression.ts';
import type { CachedPage, Wire } from './page.ts';

/** Headers that differ per request, so they are never stored with a page. */
const PER_REQUEST = new Set(['x-request-id', 'content-length', 'content-encoding', 'date', 'connection']);

function wireOf(headers: OutgoingHttpHeaders, body: Buffer): Wire {
  const raw: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    for (const v of Array.isArray(value) ? value : [value]) raw.push(name, String(v));
  }
  raw.push('content-length', String(body.length));
  return { headers, raw, body };
}

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
export function sendWire(request: FastifyRequest, reply: FastifyReply, page: CachedPage) {
  reply.hijack();
  // Only what the page does not store: a miss reaches here through the route, after the security hook has
  // set its own defaults (a second, stricter Content-Security-Policy would block the page's scripts).
  const own = reply.getHeaders();
  const extra: string[] = [];
  for (const name in own) if (!(name in page.wire!.identity.headers)) extra.push(name, String(own[name]));
  writeWire(request.raw, reply.raw, page, extra);
}

/** Writes a page's stored answer (a 304 when the client holds it) plus `extra` headers. */
export function writeWire(
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
