import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '#server/config.ts';
import { throttled } from '#server/lib/throttle.ts';
import { registerAttemptCounter } from './rate-limits';

type Directives = Record<string, string[]>;

/**
 * The Content-Security-Policy of every response. No inline script runs: server-rendered pages add the
 * hashes of their own inline scripts (`pageContentSecurityPolicy`), so only what React Router wrote into
 * the page runs. The dev server (`npm run dev`) allows inline scripts because Vite injects its own.
 */
function cspDirectives(config: Config, devServer: boolean): Directives {
  const https = config.publicUrl.startsWith('https://');
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(devServer ? ["'unsafe-inline'"] : [])],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(config.env === 'development' ? ['ws:'] : [])],
    'frame-src': ['https://www.youtube.com', 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

const serialize = (directives: Directives) =>
  Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join(';');

/** The policy for one rendered page: its inline scripts allowed by SHA-256 hash, nothing else inline. */
export function pageContentSecurityPolicy(config: Config, scriptHashes: readonly string[]): string {
  const directives = cspDirectives(config, false);
  directives['script-src'] = ["'self'", ...scriptHashes.map((hash) => `'sha256-${hash}'`)];
  return serialize(directives);
}

/** How long start-up waits for Redis before serving without it (limits then count per process). */
const REDIS_START_WAIT_MS = 2_000;
/** At most one warning this often while Redis does not answer. */
const REDIS_WARNING_INTERVAL_MS = 60_000;

/**
 * Security headers and the rate-limit counters. Limits themselves are set per route (`rateLimit`,
 * `failureLimits` in ./rate-limits.ts), so public pages are never throttled. Counters live in memory, or
 * in Redis when `REDIS_URL` is set so several processes share them.
 */
export async function registerSecurity(app: FastifyInstance, config: Config, options: { devServer: boolean }) {
  const https = config.publicUrl.startsWith('https://');
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config, options.devServer) },
    hsts: https,
    crossOriginEmbedderPolicy: false,
  });

  const redis = config.redisUrl
    ? new Redis(config.redisUrl, {
        connectTimeout: 500,
        maxRetriesPerRequest: 1,
        lazyConnect: false,
        // With Redis down a limit check fails at once instead of waiting for a reconnect; a connected but
        // silent one is given up on by the counter's own deadline (server/lib/attempt-counter.ts), the
        // command a little later. Either way the limits then count in this process.
        enableOfflineQueue: false,
        commandTimeout: 500,
      })
    : undefined;
  if (redis) {
    app.addHook('onClose', async () => void redis.disconnect());
    // One warning a minute however Redis fails: connection errors (ioredis reconnects by itself, and
    // without a listener each failed attempt would be an unhandled error) and limits that fell back.
    const redisTrouble = throttled(REDIS_WARNING_INTERVAL_MS, (err: unknown) =>
      app.log.warn({ err }, 'Redis (REDIS_URL) does not answer: rate limits are counted per process until it does'),
    );
    redis.on('error', redisTrouble);
    // Commands are not queued while disconnected, so let the first connection come up before requests do.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, REDIS_START_WAIT_MS);
      redis.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    registerAttemptCounter(app, redis, redisTrouble);
    return;
  }
  registerAttemptCounter(app);
}
