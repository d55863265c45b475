import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RateLimits } from '#server/plugins/rate-limits.ts';
import { ADMIN, login, NO_RATE_LIMITS } from '#tests/helpers/auth.ts';
import { closedRedisUrl, stalledRedis, type StalledRedis } from '#tests/helpers/stalled-redis.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import * as auth from '#shared/api/auth.ts';
import * as contact from '#shared/api/contact.ts';
import type { Endpoint } from '#shared/api/endpoint.ts';
import * as subscribers from '#shared/api/subscribers.ts';
import { api, urlOf } from '#tests/helpers/api.ts';

/**
 * Every limit keeps holding, per process, while Redis is down, silent or stuck (README, REDIS_URL): each
 * check gives Redis up at its deadline (50 ms), and the log says so once, not once per request.
 */
const LIMITS: Partial<RateLimits> = {
  ...NO_RATE_LIMITS,
  contactPerIp: { max: 2, windowMs: 60_000 },
  subscribePerIp: { max: 2, windowMs: 60_000 },
  resetPerIp: { max: 2, windowMs: 60_000 },
  otpPerIp: { max: 2, windowMs: 60_000 },
  loginPerAccount: { max: 2, windowMs: 60_000 },
};

/** What each limited route is sent; every one of them answers something other than 429 within its limit. */
const ROUTES: Array<[string, Endpoint, object]> = [
  [
    urlOf(contact.sendMail),
    contact.sendMail,
    { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Please call me about a new product.' },
  ],
  [urlOf(subscribers.subscribe), subscribers.subscribe, { email: 'reader@example.com' }],
  [urlOf(auth.requestReset), auth.requestReset, { email: 'someone@example.com' }],
  [urlOf(auth.verifyOtp), auth.verifyOtp, { email: 'someone@example.com', otp: '123456', password: 'new-secret' }],
];

const REDIS_STATES = [
  'down (nothing listens)',
  'silent (accepts, never answers)',
  'stuck after the handshake',
] as const;

describe.each(REDIS_STATES)('rate limits with Redis %s', (state) => {
  let t: TestApp;
  let stalled: StalledRedis | undefined;
  const lines: Array<{ level: number; msg: string }> = [];
  beforeAll(async () => {
    let url: string;
    if (state === REDIS_STATES[0]) url = await closedRedisUrl();
    else {
      stalled = await stalledRedis(state === REDIS_STATES[1] ? 'silent' : 'hangs');
      url = stalled.url;
    }
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    t = await buildTestApp('sqlite', {
      env: { REDIS_URL: url },
      app: { rateLimits: LIMITS, logger: { level: 'warn', stream } },
    });
  });
  afterAll(async () => {
    await t.close();
    await stalled?.close();
  });

  it('a limit check gives Redis up long before the client time-out and counts in this process', async () => {
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const take = await t.app.attempts.take('probe', 2, 60_000);
      // The deadline itself (50 ms) is held on a fake clock in tests/unit/attempt-counter.test.ts; here, on
      // a real clock and a busy machine, the check is only far from the Redis client's 500 ms time-out.
      expect(performance.now() - started).toBeLessThan(400);
      expect(take.ok).toBe(i < 2);
    }
  });

  it.each(ROUTES)(
    '%s still answers, and refuses past its limit instead of letting everything through',
    async (url, endpoint, body) => {
      const remoteAddress = `10.77.${ROUTES.findIndex(([u]) => u === url)}.1`;
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        const res = await api(t).callRaw(endpoint, { body, remoteAddress });
        // Far below the Redis client's own command time-out (500 ms), which the limits used to wait for.
        expect(performance.now() - started).toBeLessThan(400);
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 2)).not.toContain(429);
      expect(statuses[2]).toBe(429);
      // Another address is not affected.
      expect((await api(t).callRaw(endpoint, { body, remoteAddress: '10.78.0.1' })).status).not.toBe(429);
    },
  );

  it('login limits hold too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await login(t, ADMIN.email, 'guess', '10.79.0.1')).status);
    expect(statuses).toEqual([401, 401, 429]);
  });

  it('logs one warning about Redis for all of it', () => {
    const warnings = lines.filter((line) => line.level === 40 && line.msg.includes('Redis'));
    expect(warnings.map((line) => line.msg)).toEqual([
      'Redis (REDIS_URL) does not answer: rate limits are counted per process until it does',
    ]);
  });
});
