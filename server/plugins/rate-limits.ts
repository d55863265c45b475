import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { SERVER_MESSAGES } from '#shared/messages.ts';

export interface LimitRule {
  /** Separates the counters of different limits that may share a key. */
  name: string;
  max: number;
  windowMs: number;
  /** What is counted: the client address by default; e.g. the e-mail of a login. */
  key?: (request: FastifyRequest) => string;
}

type Limit = Pick<LimitRule, 'max' | 'windowMs'>;

const MINUTE = 60_000;

/** Every limit of the product (docs/product.md#rate-limits); tests may override any of them. */
export const DEFAULT_LIMITS = {
  contactPerIp: { max: 10, windowMs: 10 * MINUTE },
  loginPerIp: { max: 20, windowMs: 15 * MINUTE },
  loginPerAccount: { max: 10, windowMs: 15 * MINUTE },
  resetPerIp: { max: 10, windowMs: 60 * MINUTE },
  resetPerAccount: { max: 5, windowMs: 60 * MINUTE },
  otpPerIp: { max: 20, windowMs: 15 * MINUTE },
  subscribePerIp: { max: 10, windowMs: 60 * MINUTE },
} satisfies Record<string, Limit>;
export type RateLimits = Record<keyof typeof DEFAULT_LIMITS, Limit>;

/** The defaults scaled by `RATE_LIMIT_MULTIPLIER`, then any overrides. */
export function effectiveLimits(multiplier: number, overrides: Partial<RateLimits> = {}): RateLimits {
  const scaled = Object.fromEntries(
    Object.entries(DEFAULT_LIMITS).map(([name, rule]) => [name, { ...rule, max: Math.ceil(rule.max * multiplier) }]),
  ) as RateLimits;
  return { ...scaled, ...overrides };
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
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', String(result.ttlInSeconds));
    return reply.code(429).send({ message: SERVER_MESSAGES.tooManyRequests(inWords(result.ttlInSeconds)) });
  };
}
