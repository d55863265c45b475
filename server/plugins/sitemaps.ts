import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { createSitemaps } from '#server/modules/blog/sitemap.ts';
import type { Services } from '#server/services.ts';
import { authorUrl } from '#shared/profile.ts';

/**
 * The sitemaps as plain routes, not pages: a 50,000-URL file is a few MB of text built from batched rows
 * (server/modules/blog/sitemap.ts), which the page renderer would only have wrapped in a Response and
 * copied. Each answer is made once per content version, kept with its ETag (304 when unchanged) and
 * compressed at most once per encoding; every blog write bumps the version, so a crawler never reads an
 * address that has moved. Concurrent requests for an answer being made wait for that one.
 */
interface Answer {
  version: number;
  body: Buffer;
  etag: string;
  compressed: Partial<Record<'br' | 'gzip', Promise<Buffer>>>;
}

/** Files kept: the index, the first file and a few children (each at most a few MB). */
const KEPT = 8;
/** `/sitemaps/<n>.xml` for n ≥ 2, as the page route took them (no leading zeros, no 1: that is /sitemap.xml). */
const CHILD = /^([2-9]|[1-9]\d{1,5})\.xml$/;
const XML = 'application/xml; charset=utf-8';

const compressors = {
  br: (body: Buffer) =>
    promisify(brotliCompress)(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  gzip: (body: Buffer) => promisify(gzip)(body, { level: 6 }),
};

function pickEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  if (!accept) return null;
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return null;
}

export function registerSitemaps(app: FastifyInstance, services: Services) {
  // Author pages exist for people with a published post (docs/product.md#profiles-and-author-pages).
  // A site where one person writes everything lists none: that page would repeat /blogs, and the
  // sitemap stays exactly what it was before there were authors.
  const authorPages = async () => {
    const ids = await services.blog.publicAuthorIds();
    return ids.length < 2 ? [] : (await services.profiles.segmentsOf(ids)).map(authorUrl);
  };
  const sitemaps = createSitemaps(services.blog, services.config.publicUrl, undefined, authorPages, () =>
    services.pages.sitemapEntries(),
  );
  const kept = new LRUCache<string, Answer>({ max: KEPT });
  const making = new Map<string, Promise<Answer | null>>();

  /** The answer of `key` at the current content version: kept, being made, or made now (null: none). */
  async function answer(key: string, make: () => Promise<string | null>): Promise<Answer | null> {
    // Read before making, so an answer made while a write commits is stamped with the older version.
    const version = await services.siteMeta.contentVersion.current();
    const hit = kept.get(key);
    if (hit?.version === version) return hit;
    const flight = `${version} ${key}`;
    let pending = making.get(flight);
    if (!pending) {
      pending = (async () => {
        const text = await make();
        if (text === null) return null;
        const body = Buffer.from(text, 'utf8');
        const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
        const made: Answer = { version, body, etag, compressed: {} };
        kept.set(key, made);
        return made;
      })().finally(() => making.delete(flight));
      making.set(flight, pending);
    }
    return pending;
  }

  async function send(request: FastifyRequest, reply: FastifyReply, made: Answer | null) {
    if (!made)
      return reply.code(404).header('cache-control', 'no-cache').type('text/plain;charset=UTF-8').send('Not Found');
    reply.type(XML).header('cache-control', 'no-cache').header('etag', made.etag).header('vary', 'Accept-Encoding');
    if (request.headers['if-none-match'] === made.etag) return reply.code(304).send();
    const encoding = made.body.length > 1024 ? pickEncoding(request.headers['accept-encoding']) : null;
    if (!encoding) return reply.send(made.body);
    // A failed compression is not kept: the next request tries again.
    const compressed = (made.compressed[encoding] ??= compressors[encoding](made.body).catch((err: unknown) => {
      delete made.compressed[encoding];
      throw err;
    }));
    return reply.header('content-encoding', encoding).send(await compressed);
  }

  app.get('/sitemap.xml', async (request, reply) => send(request, reply, await answer('1', () => sitemaps.file(1))));
  app.get('/sitemap-index.xml', async (request, reply) =>
    send(request, reply, await answer('index', () => sitemaps.index())),
  );
  app.get<{ Params: { file: string } }>('/sitemaps/:file', async (request, reply) => {
    const file = CHILD.exec(request.params.file)?.[1];
    return send(request, reply, file ? await answer(file, () => sitemaps.file(Number(file))) : null);
  });
}
