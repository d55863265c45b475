import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import { SERVER_MESSAGES } from '#shared/messages.ts';
import {
  memoryAttemptCounter,
  redisAttemptCounter,
  withFallback,
  type AttemptCounter,
} from '#server/lib/attempt-counter.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The counters of every limit (memory, or Redis with REDIS_URL and memory while Redis does not answer). */
    attempts: AttemptCounter;
  }
}

export interface LimitRule {
  /** Separates the counters of different limits that may share a key. */
  name: string;
  max: number;
  windowMs: number;
  /** What is counted: the client address by default; e.g. the e-mail of a login and its address. */
  key?: (request: FastifyRequest) => string;
}

type Limit = Pick<LimitRule, 'max' | 'windowMs'>;

const MINUTE = 60_000;

/** Every limit of the product (docs/product.md#rate-limits); tests may override any of them. */
export const DEFAULT_LIMITS = {
  contactPerIp: { max: 10, windowMs: 10 * MINUTE },
  /** Failed logins from one address. */
  loginPerIp: { max: 20, windowMs: 15 * MINUTE },
  /** Failed logins to one account from one address (docs/decisions/0010-login-limits.md). */
  loginPerAccount: { max: 10, windowMs: 15 * MINUTE },
  /** Failed logins to one account from all addresses after which its owner is e-mailed; nothing is refused. */
  loginAlertPerAccount: { max: 20, windowMs: 15 * MINUTE },
  resetPerIp: { max: 10, windowMs: 60 * MINUTE },
  /** Reset-code requests for one account from one address. */
  resetPerAccount: { max: 5, windowMs: 60 * MINUTE },
  otpPerIp: { max: 20, windowMs: 15 * MINUTE },
  /** Wrong second-step codes (authenticator or recovery) from one address. */
  secondStepPerIp: { max: 20, windowMs: 15 * MINUTE },
  /** Wrong codes for one account from one address: a stranger elsewhere never uses up the owner's tries. */
  secondStepPerAccount: { max: 10, windowMs: 15 * MINUTE },
  subscribePerIp: { max: 10, windowMs: 60 * MINUTE },
  /** Unknown, used or expired invitation links asked for from one address (only failures count). */
  invitePerIp: { max: 20, windowMs: 15 * MINUTE },
  /** Wrong passwords given to confirm who one is (re-authentication), from one address … */
  reauthPerIp: { max: 20, windowMs: 15 * MINUTE },
  /** … and for one account from one address (docs/decisions/0020-sessions-and-reauthentication.md). */
  reauthPerAccount: { max: 5, windowMs: 15 * MINUTE },
  /** Refused passkey sign-ins from one address (only failures count: docs/product.md#passkeys). */
  passkeyPerIp: { max: 20, windowMs: 15 * MINUTE },
  /** Passkey sign-ins begun from one address (each stores a challenge for 5 minutes). */
  passkeyOptionsPerIp: { max: 60, windowMs: 15 * MINUTE },
  /** Searches from one address, the /search page and the API together (docs/product.md#search). */
  searchPerIp: { max: 60, windowMs: MINUTE },
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

/** What a refused request is told: how long to wait, in words. */
export const tooManyRequestsMessage = (seconds: number) => SERVER_MESSAGES.tooManyRequests(inWords(seconds));

function tooManyRequests(reply: FastifyReply, seconds: number) {
  reply.header('retry-after', String(seconds));
  return reply.code(429).send({ message: tooManyRequestsMessage(seconds) });
}

/**
 * The limits a page's form post shares with its API endpoint: the same rule and the same counter, so a
 * visitor without JavaScript gets exactly the tries the API gives (docs/decisions/0028-forms-without-javascript.md).
 */
export const SHARED_LIMITS = {
  contact: (limits: RateLimits): LimitRule => ({ name: 'contact-ip', ...limits.contactPerIp }),
  subscribe: (limits: RateLimits): LimitRule => ({ name: 'subscribe-ip', ...limits.subscribePerIp }),
};

/**
 * The client address a limit counts: `request.ip` as Fastify derives it (from X-Forwarded-For only when
 * TRUST_PROXY is set), an IPv6 address as its /64 network, which one machine usually has whole.
 */
export const clientAddress = (request: FastifyRequest) => normalizeIP(request.ip);

/** The counter of a limit for a request: the limit's name, then its key (the client address by default). */
const counterKey = (rule: LimitRule, request: FastifyRequest) =>
  `${rule.name}:${rule.key ? rule.key(request) : clientAddress(request)}`;

/**
 * Adds the counters of every limit: shared through Redis when given, else in memory. With Redis down, slow
 * or silent, the limits count in this process instead (they hold per process rather than failing open),
 * and `onRedisTrouble` hears of it (a throttled warning, shared with the connection's own errors).
 */
export function registerAttemptCounter(app: FastifyInstance, redis?: Redis, onRedisTrouble?: (error: unknown) => void) {
  if (!redis) {
    app.decorate('attempts', memoryAttemptCounter());
    return;
  }
  app.decorate(
    'attempts',
    withFallback(redisAttemptCounter(redis, 'site-rl-count-'), memoryAttemptCounter(), onRedisTrouble ?? (() => {})),
  );
}

/**
 * A rate limit on every request as a preHandler hook (after validation, so keys may come from the body).
 * Several limits may guard one route, e.g. reset requests per address and per account and address. Every
 * request counts while the limit lets it through; refused ones do not, so the window is not prolonged.
 */
export function rateLimit(app: FastifyInstance, rule: LimitRule): preHandlerAsyncHookHandler {
  return async (request, reply) => {
    const wait = await takeTry(app, rule, request);
    if (wait !== null) return tooManyRequests(reply, wait);
  };
}

/** Takes a try of a limit for the request: null when it is let through, else the seconds to wait. */
export async function takeTry(app: FastifyInstance, rule: LimitRule, request: FastifyRequest): Promise<number | null> {
  const take = await app.attempts.take(counterKey(rule, request), rule.max, rule.windowMs);
  return take.ok ? null : Math.max(1, Math.ceil(take.retryAfterMs / 1000));
}

/**
 * A rate limit on the pages under `path` (`/search`, and React Router's `/search.data` of client-side
 * navigations), counted with the API's routes that share the rule's name.
 */
export function limitPages(app: FastifyInstance, path: string, rule: LimitRule) {
  const limited = rateLimit(app, rule);
  app.addHook('onRequest', async (request, reply) => {
    const url = request.url;
    if (!url.startsWith(path)) return;
    const next = url.charAt(path.length);
    if (next === '' || next === '?' || next === '/' || url.startsWith(`${path}.data`))
      return limited.call(app, request, reply);
  });
}

/**
 * Limits that count failed attempts only, e.g. wrong passwords: a success neither counts nor is refused
 * because of others' failures under other keys. The preHandler takes a try of every rule before the attempt
 * (so attempts running in parallel cannot pass a limit together) and answers 429 when a rule has none
 * left; `attempt` runs the attempt and gives the tries back unless it failed.
 */
export function failureLimits(
  app: FastifyInstance,
  rules: LimitRule[],
  options: {
    isFailure: (error: unknown) => boolean;
    /** After a failure has been counted; its own errors are logged, never answered. */
    onFailure?: (request: FastifyRequest) => Promise<void>;
  },
) {
  const taken = new WeakMap<FastifyRequest, string[]>();
  const giveBack = async (request: FastifyRequest, keys: string[]) => {
    for (const key of keys)
      await app.attempts
        .giveBack(key)
        .catch((error) => request.log.warn({ err: error }, 'rate-limit counter unavailable'));
  };

  const preHandler: preHandlerAsyncHookHandler = async (request, reply) => {
    const keys: string[] = [];
    for (const rule of rules) {
      const key = counterKey(rule, request);
      const take = await app.attempts.take(key, rule.max, rule.windowMs).catch((error) => {
        request.log.warn({ err: error }, 'rate-limit counter unavailable');
        return null;
      });
      if (take && !take.ok) {
        await giveBack(request, keys);
        return tooManyRequests(reply, Math.max(1, Math.ceil(take.retryAfterMs / 1000)));
      }
      if (take) keys.push(key);
    }
    taken.set(request, keys);
  };

  async function attempt<T>(request: FastifyRequest, run: () => Promise<T>): Promise<T> {
    const keys = taken.get(request) ?? [];
    try {
      const result = await run();
      await giveBack(request, keys);
      return result;
    } catch (error) {
      if (!options.isFailure(error)) await giveBack(request, keys);
      else await options.onFailure?.(request).catch((e) => request.log.error({ err: e }, 'after a failed attempt'));
      throw error;
    }
  }

  return { preHandler, attempt };
}

/**
 * Counts events per key without refusing anything; answers true for exactly the event that brings the
 * window's count to `max`, so whatever it triggers happens at most once a window, however many processes
 * share the counter.
 */
export function alarm(app: FastifyInstance, rule: LimitRule): (request: FastifyRequest) => Promise<boolean> {
  return async (request) => (await app.attempts.add(counterKey(rule, request), rule.windowMs)) === rule.max;
}
