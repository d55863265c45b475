import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The client build and uploads. Hashed build assets and uploads (random names, never rewritten) are
 * cached for a year; other public files (favicon, robots) for an hour. Build assets are precompressed
 * (scripts/build-server.mjs), so brotli and gzip cost nothing per request.
 */
export async function registerStatic(app: FastifyInstance, dirs: { clientDir?: string; uploadsDir: string }) {
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
  await app.register(fastifyStatic, {
    root: dirs.uploadsDir,
    prefix: '/uploads/',
    decorateReply: !dirs.clientDir,
    index: false,
    cacheControl: false,
    setHeaders: (res) => {
      res.setHeader('cache-control', IMMUTABLE);
      res.setHeader('x-content-type-options', 'nosniff');
    },
  });
}
