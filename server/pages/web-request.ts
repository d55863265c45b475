import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Request headers a shared render must not see: the page is for everyone, whoever asked first. */
const PRIVATE_HEADERS = new Set(['cookie', 'authorization', 'if-none-match', 'if-modified-since']);

/**
 * The Web Request React Router renders, at `origin` (the configured PUBLIC_URL's): never the client's Host
 * header, which may be anything (`Host: a b` made `new URL` throw, a 500), and the path is appended to it
 * rather than resolved against it, so `//x` stays a path instead of becoming the host `x`. `shared`: a cacheable page rendered for everyone who asks (see
 * `renderOnce` in ./cache.ts): rendered as a GET of its cache key, without the asker's credentials, and
 * not abandoned when the first asker goes away.
 */
export function toWebRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  origin: string,
  shared?: { key: string },
): Request {
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
  // The page route let this post through because it comes from the site's own pages (./form-post.ts).
  // React Router checks again, by `Origin` alone, and refused the `Origin: null` browsers send with our
  // `Referrer-Policy: no-referrer`: a form posted before the scripts ran got "Bad Request".
  if (hasBody && headers.has('origin')) headers.set('origin', origin);
  // Form fields were read within their limit by the page route's parser; anything else is passed on.
  const body = typeof request.body === 'string' ? request.body : (Readable.toWeb(request.raw) as ReadableStream);
  return new Request(new URL(`${origin}${shared?.key ?? request.url}`), {
    method,
    headers,
    signal,
    ...(hasBody ? { body, duplex: 'half' } : {}),
  } as RequestInit);
}
