import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { HttpError } from './errors';

export interface LimitRule {
  /** Separates the counters of different limits that may share a key. */
  name: string;
  max: number;
  windowMs: number;
  /** What is counted: the client address by default; e.g. the e-mail of a login. */
  key?: (request: FastifyRequest) => string;
}

const inWords = (seconds: number) =>
  seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : seconds === 1 ? '1 second' : `${seconds} seconds`;

/**
 * A rate limit as a preHandler hook (after validation, so keys may come from the body). Several limits
 * may guard one route, e.g. login per address and per account; the store behind them is the one the
 * rate-limit plugin was registered with (memory, or Redis with REDIS_URL).
 */
export function rateLimit(app: FastifyInstance, rule: LimitRule): preHandlerAsyncHookHandler {
  const check = app.createRateLimit({
    max: rule.max,
    timeWindow: rule.windowMs,
    keyGenerator: (request: FastifyRequest) => `${rule.name}:${rule.key ? rule.key(request) : request.ip}`,
  });
  return async (request, reply) => {
    const result = await check(request);
    if (result.isAllowed) return;
    if (!result.isExceeded) return;
    reply.header('retry-after', String(result.ttlInSeconds));
    throw new HttpError(429, `Too many requests. Please try again in ${inWords(result.ttlInSeconds)}.`);
  };
}
