import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { ALL_ENDPOINTS } from '#shared/api/index.ts';
import { errorSchema, successSchema, type Endpoint } from '#shared/api/endpoint.ts';

const byRoute = new Map<string, Endpoint>(ALL_ENDPOINTS.map((e) => [`${e.method} /api${e.path}`, e]));

export const endpointOf = (method: string, routeUrl: string) =>
  byRoute.get(`${method === 'HEAD' ? 'GET' : method} ${routeUrl}`);

const RAW = Symbol('payload before serialisation');

/**
 * Checks every API answer of a test app against the contract (shared/api): a success answer must parse
 * with its endpoint's schema, a failure with the error schema, and serialisation must not have dropped
 * or changed anything the handler sent (so a field missing from a schema shows up here instead of
 * silently disappearing from the API). Broken answers are collected; the app's `close()` fails with them.
 */
export function checkAnswersAgainstContract(app: FastifyInstance): () => string[] {
  const violations: string[] = [];
  app.addHook('preSerialization', async (request, _reply, payload) => {
    (request as unknown as Record<symbol, unknown>)[RAW] = payload;
    return payload;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url ?? '';
    if (!route.startsWith('/api/') || typeof payload !== 'string' || payload === '') return payload;
    const endpoint = endpointOf(request.method, route);
    const what = `${request.method} ${request.url} → ${reply.statusCode}`;
    if (!endpoint) {
      if (reply.statusCode < 400) violations.push(`${what}: no endpoint of the contract serves ${route}`);
      return payload;
    }
    const ok = reply.statusCode < 400;
    if (ok && endpoint.file) return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      violations.push(`${what}: the answer is not JSON`);
      return payload;
    }
    const parsed = (ok ? successSchema(endpoint) : errorSchema).safeParse(body);
    if (!parsed.success) violations.push(`${what}: ${JSON.stringify(parsed.error.issues).slice(0, 500)}`);
    const raw = (request as unknown as Record<symbol, unknown>)[RAW];
    if (raw !== undefined && !isDeepStrictEqual(JSON.parse(JSON.stringify(raw)), body)) {
      violations.push(
        `${what}: the schema dropped or changed part of the answer: ${JSON.stringify(raw).slice(0, 300)}`,
      );
    }
    return payload;
  });
  return () => violations;
}
