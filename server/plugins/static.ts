import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { SERVER_MESSAGES } from '#shared/messages.ts';
import { contentTypeOf, SITE_UPLOAD_NAME, type FileStorage } from '#server/lib/storage/storage.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** An upload opened on its own runs nothing and loads nothing, whatever it holds. */
const UPLOAD_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/**
 * The client build and uploads. Hashed build assets and uploads (random names, never rewritten) are
 * cached for a year; other public files (favicon, robots) for an hour. Build assets are precompressed
 * (scripts/build-server.mjs), so brotli and gzip cost nothing per request.
 */
export async function registerStatic(app: FastifyInstance, dirs: { clientDir?: string; storage: FileStorage }) {
  if (dirs.clientDir) {
    await app.register(fastifyStatic, {
      root: dirs.clientDir,
      prefix: '/',
      wildcard: false,
      preCompressed: true,
      index: false,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', /[\\/]assets[\\/]/.test(filePath) ? IMMUTABLE : 'public, max-age=3600');
      },
    });
  }
  const { storage } = dirs;
  if (storage.kind === 'disk' && 'root' in storage) {
    // On disk, files are sent by @fastify/static (conditional requests, ranges).
    await app.register(fastifyStatic, {
      root: storage.root as string,
      prefix: '/uploads/',
      decorateReply: !dirs.clientDir,
      index: false,
      cacheControl: false,
      setHeaders: (res) => {
        res.setHeader('cache-control', IMMUTABLE);
        res.setHeader('x-content-type-options', 'nosniff');
        res.setHeader('content-security-policy', UPLOAD_CSP);
      },
    });
    return;
  }
  // In a bucket, every process streams the same file from it (a CDN in front, S3_PUBLIC_URL, spares it).
  // Only names the upload service makes, with the type their name says (never the type stored with the
  // object): anything else in the bucket (an HTML page, a script) is not this site's, and is not served.
  app.get('/uploads/:name', async (request, reply) => {
    const { name } = request.params as { name: string };
    const file = SITE_UPLOAD_NAME.test(name) ? await storage.get(name) : null;
    if (!file) return reply.code(404).send({ message: SERVER_MESSAGES.notFound });
    reply.header('content-type', contentTypeOf(name));
    if (file.size) reply.header('content-length', file.size);
    reply.header('cache-control', IMMUTABLE);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('content-security-policy', UPLOAD_CSP);
    return reply.send(file.body);
  });
}
