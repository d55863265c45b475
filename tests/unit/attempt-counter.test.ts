import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  memoryAttemptCounter,
  SHARED_COUNTER_DEADLINE_MS,
  withFallback,
  type AttemptCounter,
} from '#server/lib/attempt-counter.ts';

/**
 * The shared counter's deadline (server/lib/attempt-counter.ts), on a fake clock: a shared counter that never
 * answers is given up at the deadline, not at the Redis client's own time-out, and the count goes on in this
 * process. tests/api/redis-outage.test.ts checks the same against real stalled Redis servers.
 */
describe('a limit whose shared counter does not answer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const silent: AttemptCounter = {
    take: () => new Promise(() => {}),
    giveBack: () => new Promise(() => {}),
    add: () => new Promise(() => {}),
  };

  it('counts in this process from the deadline on, and says why each time', async () => {
    const failures: unknown[] = [];
    const counter = withFallback(silent, memoryAttemptCounter(), (error) => failures.push(error));
    const takes: Array<{ ok: boolean } | undefined> = [];
    for (let i = 0; i < 3; i++) {
      let answer: { ok: boolean } | undefined;
      const pending = counter.take('key', 2, 60_000).then((take) => (answer = take));
      await vi.advanceTimersByTimeAsync(SHARED_COUNTER_DEADLINE_MS - 1);
      expect(answer).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      await pending;
      takes.push(answer);
    }
    expect(takes.map((take) => take?.ok)).toEqual([true, true, false]);
    expect(failures).toHaveLength(3);
    expect(String(failures[0])).toContain(`within ${SHARED_COUNTER_DEADLINE_MS} ms`);
  });

  it('uses the shared counter while it answers in time', async () => {
    const shared = memoryAttemptCounter();
    const local = memoryAttemptCounter();
    const counter = withFallback(shared, local, () => {
      throw new Error('no fallback expected');
    });
    await counter.add('key', 60_000);
    expect(await shared.add('key', 60_000)).toBe(2);
    expect(await local.add('key', 60_000)).toBe(1);
  });
});
