import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/** A try taken, or none left: then how long until the window ends. */
export type Take = { ok: true } | { ok: false; retryAfterMs: number };

/**
 * Counts per key in fixed windows (a window starts with the key's first count and lasts `windowMs`), in
 * memory or in Redis so that several processes share the counts. Unlike the store of @fastify/rate-limit it
 * can give a count back, which a limit on failures needs: a try is taken before the attempt (so attempts
 * running in parallel cannot pass the limit together) and given back when the attempt did not fail.
 */
export interface AttemptCounter {
  /** Counts one try unless `max` are counted in the key's window already. */
  take(key: string, max: number, windowMs: number): Promise<Take>;
  /** Gives one counted try back (never below zero; nothing when the window has ended). */
  giveBack(key: string): Promise<void>;
  /** Counts one and answers the count of the window so far. */
  add(key: string, windowMs: number): Promise<number>;
}

/** One process's counts; the least recently used keys are forgotten past `maxKeys`. */
export function memoryAttemptCounter(maxKeys = 10_000): AttemptCounter {
  const counts = new LRUCache<string, { count: number; endsAt: number }>({ max: maxKeys });
  const live = (key: string) => {
    const entry = counts.get(key);
    return entry && entry.endsAt > Date.now() ? entry : undefined;
  };
  const count = (key: string, windowMs: number) => {
    const entry = live(key) ?? { count: 0, endsAt: Date.now() + windowMs };
    entry.count += 1;
    counts.set(key, entry);
    return entry.count;
  };
  return {
    async take(key, max, windowMs) {
      const entry = live(key);
      if ((entry?.count ?? 0) >= max)
        return { ok: false, retryAfterMs: (entry?.endsAt ?? Date.now() + windowMs) - Date.now() };
      count(key, windowMs);
      return { ok: true };
    },
    async giveBack(key) {
      const entry = live(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async add(key, windowMs) {
      return count(key, windowMs);
    },
  };
}

// Each script is one atomic step on the Redis server, so processes sharing the counts cannot interleave.
const TAKE = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count >= tonumber(ARGV[2]) then return {0, redis.call('PTTL', KEYS[1])} end
if redis.call('INCR', KEYS[1]) == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {1, 0}
`;
const GIVE_BACK = `
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;
const ADD = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count
`;

/** Counts shared by every process on the same Redis, under keys that start with `prefix`. */
export function redisAttemptCounter(redis: Redis, prefix: string): AttemptCounter {
  return {
    async take(key, max, windowMs) {
      const [ok, ttl] = (await redis.eval(TAKE, 1, prefix + key, windowMs, max)) as [number, number];
      return ok === 1 ? { ok: true } : { ok: false, retryAfterMs: Math.max(ttl, 1) };
    },
    async giveBack(key) {
      await redis.eval(GIVE_BACK, 1, prefix + key);
    },
    async add(key, windowMs) {
      return Number(await redis.eval(ADD, 1, prefix + key, windowMs));
    },
  };
}

/**
 * How long a limit waits for the shared counter before it counts in this process instead: a Redis that is
 * connected but silent must not hold requests (a healthy one answers in about a millisecond).
 */
export const SHARED_COUNTER_DEADLINE_MS = 50;

/** The promise's value, or a rejection once `ms` have passed without one. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`the shared counter did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * The shared counter while it answers in time, this process's own when it does not (Redis down, slow or
 * silent): limits keep holding per process instead of failing open, and `onFallback` hears of each
 * failure (to log it). A late answer still counts in the shared counter; erring on the strict side is fine.
 */
export function withFallback(
  shared: AttemptCounter,
  local: AttemptCounter,
  onFallback: (error: unknown) => void,
  deadlineMs = SHARED_COUNTER_DEADLINE_MS,
): AttemptCounter {
  const either =
    <A extends unknown[], R>(method: (counter: AttemptCounter) => (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await within(method(shared)(...args), deadlineMs);
      } catch (error) {
        onFallback(error);
        return method(local)(...args);
      }
    };
  return {
    take: either((counter) => counter.take),
    giveBack: either((counter) => counter.giveBack),
    add: either((counter) => counter.add),
  };
}
