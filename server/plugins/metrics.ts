import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SERVER_MESSAGES } from '#shared/messages.ts';
import type { MetricsConfig } from '#server/config.ts';
import type { Metrics } from '#server/lib/metrics.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether an Authorization header carries the token. Both sides are hashed first, so the comparison takes
 * the same time whatever was sent, and its length tells nothing either.
 */
function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const sent = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(sent), expected);
}

/**
 * Counts every answer by the route pattern it matched (bounded, unlike addresses) and, with METRICS_TOKEN,
 * serves `GET /metrics` to a scraper that sends it as a bearer token. Without a token the address is
 * unknown (404), so a site that configured nothing publishes nothing; METRICS_PORT serves the same
 * registry without a token on an internal address (server/lib/metrics-server.ts).
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, config: MetricsConfig) {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.request(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  if (!config.token) return;
  const expected = digest(config.token);
  app.get('/metrics', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!bearerMatches(request.headers.authorization, expected)) {
      reply.header('www-authenticate', 'Bearer');
      return reply.code(401).send({ message: SERVER_MESSAGES.metricsTokenRequired });
    }
    reply.type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
