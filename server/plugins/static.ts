import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { SERVER_MESSAGES } from '#shared/messages.ts';
import { SAFE_NAME, type FileStorage } from '#server/lib/storage/storage.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

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
      },
    });
    return;
  }
  // In a bucket, every process streams the same file from it (a CDN in front, S3_PUBLIC_URL, spares it).
  app.get('/uploads/:name', async (request, reply) => {
    const { name } = request.params as { name: string };
    const file = SAFE_NAME.test(name) ? await storage.get(name) : null;
    if (!file) return reply.code(404).send({ message: SERVER_MESSAGES.notFound });
    reply.header('content-type', file.contentType);
    if (file.size) reply.header('content-length', file.size);
    reply.header('cache-control', IMMUTABLE);
    reply.header('x-content-type-options', 'nosniff');
    return reply.send(file.body);
  });
}
