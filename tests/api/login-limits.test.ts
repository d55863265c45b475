import { createServer, type AddressInfo } from 'node:net';
import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RateLimits } from '#server/plugins/rate-limits.ts';
import { ADMIN, createUser, login, NO_RATE_LIMITS, resetMails } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import * as auth from '#shared/api/auth.ts';
import { api, type AnyAnswer } from '#tests/helpers/api.ts';

/**
 * docs/decisions/0010-login-limits.md: wrong passwords are counted per address and per account from one
 * address, so nobody can lock the owner out from elsewhere; failures from all addresses only e-mail the owner.
 */

/** Counters in memory, and in Redis too when TEST_REDIS_URL is set (as PostgreSQL with TEST_DATABASE_URL). */
const STORES: Array<'memory' | 'redis'> = process.env.TEST_REDIS_URL ? ['memory', 'redis'] : ['memory'];

const LIMITS: Partial<RateLimits> = {
  ...NO_RATE_LIMITS,
  loginPerIp: { max: 5, windowMs: 60_000 },
  loginPerAccount: { max: 3, windowMs: 60_000 },
  loginAlertPerAccount: { max: 4, windowMs: 60_000 },
  resetPerIp: { max: 4, windowMs: 60_000 },
  resetPerAccount: { max: 2, windowMs: 60_000 },
};

const appOptions = (store: 'memory' | 'redis', env: Record<string, string> = {}) => ({
  env: store === 'redis' ? { REDIS_URL: process.env.TEST_REDIS_URL!, ...env } : env,
  app: { rateLimits: LIMITS },
});

// Redis keeps counters between runs and between the suites of this file, so every suite uses addresses and
// accounts of its own.
function fresh() {
  const net = `10.${randomInt(256)}.${randomInt(256)}`;
  let host = 0;
  return {
    address: () => `${net}.${++host}`,
    email: (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.com`,
  };
}

async function failedLoginMails(t: TestApp) {
  return t.services.db
    .selectFrom('mail_outbox')
    .select(['to_address', 'subject', 'text_body'])
    .where('kind', '=', 'failed-logins')
    .execute();
}

const expectLimited = (res: AnyAnswer) => {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ message: expect.stringMatching(/^Too many requests. Please try again in /) });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
};

describe.each(DATABASE_KINDS.flatMap((db) => STORES.map((store) => [db, store] as const)))(
  'login and reset limits on %s with counters in %s',
  (kind, store) => {
    let t: TestApp;
    const next = fresh();
    beforeAll(async () => {
      t = await buildTestApp(kind, appOptions(store));
    });
    afterAll(() => t.close());

    it('lets the administrator log in from a clean address while an attacker is refused at theirs', async () => {
      const attacker = next.address();
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await login(t, ADMIN.email, 'guess', attacker)).status);
      expect(statuses).toEqual([401, 401, 401]);
      expectLimited(await login(t, ADMIN.email, 'guess', attacker));
      // Even the right password is refused at the attacker's address …
      expectLimited(await login(t, ADMIN.email, ADMIN.password, attacker));
      // … but not at the owner's, in any case of the e-mail.
      expect((await login(t, ADMIN.email, ADMIN.password, next.address())).status).toBe(200);
      expect((await login(t, ' Admin@Example.COM ', ADMIN.password, next.address())).status).toBe(200);
      // Refused attempts did not use up the attacker address's own limit: another account still answers 401.
      expect((await login(t, next.email('other'), 'guess', attacker)).status).toBe(401);
    });

    it('refuses an address past its failures over all accounts', async () => {
      const attacker = next.address();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await login(t, next.email('spray'), 'guess', attacker)).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      expectLimited(await login(t, ADMIN.email, ADMIN.password, attacker));
      expect((await login(t, ADMIN.email, ADMIN.password, next.address())).status).toBe(200);
    });

    it('does not count a successful login', async () => {
      const email = next.email('owner');
      await createUser(t, email, 'owner-secret');
      const home = next.address();
      // More successes than either limit allows failures: none of them counts.
      for (let i = 0; i < 6; i++) expect((await login(t, email, 'owner-secret', home)).status).toBe(200);
      // Two typos, a success, then the third failure is still answered 401; only the fourth is refused.
      const statuses: number[] = [];
      for (const password of ['typo', 'typo', 'owner-secret', 'typo', 'typo']) {
        statuses.push((await login(t, email, password, home)).status);
      }
      expect(statuses).toEqual([401, 401, 200, 401, 429]);
    });

    it('lets no more wrong passwords through than the limit when they arrive at the same time', async () => {
      const attacker = next.address();
      const answers = await Promise.all(Array.from({ length: 10 }, () => login(t, ADMIN.email, 'guess', attacker)));
      const statuses = answers.map((res) => res.status).sort();
      expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
      expect((await login(t, ADMIN.email, ADMIN.password, next.address())).status).toBe(200);
    });

    it('e-mails the owner once when failures from all addresses reach the alert threshold', async () => {
      const email = next.email('target');
      await createUser(t, email, 'target-secret');
      const before = await failedLoginMails(t);
      // Three failures from three addresses (9 in all, none refused): the fourth failure starts the mail.
      for (let i = 0; i < 3; i++) {
        const address = next.address();
        for (let j = 0; j < 3; j++) expect((await login(t, email, 'guess', address)).status).toBe(401);
      }
      const mails = (await failedLoginMails(t)).filter((m) => !before.some((b) => b.to_address === m.to_address));
      expect(mails).toEqual([
        {
          to_address: email,
          subject: `Failed logins to your ${t.config.siteName} account`,
          text_body: expect.stringContaining('with a wrong password 4 times within 1 minute.'),
        },
      ]);
      // The owner is not held.
      expect((await login(t, email, 'target-secret', next.address())).status).toBe(200);
    });

    it('e-mails nobody for failures on an unknown account', async () => {
      const before = (await failedLoginMails(t)).length;
      const email = next.email('nobody');
      for (let i = 0; i < 6; i++) expect((await login(t, email, 'guess', next.address())).status).toBe(401);
      expect(await failedLoginMails(t)).toHaveLength(before);
    });

    it('lets the owner ask for a reset code from a clean address after another address used up its requests', async () => {
      const email = next.email('reset');
      await createUser(t, email, 'reset-secret');
      const request = (address: string) => api(t).call(auth.requestReset, { body: { email }, remoteAddress: address });
      const attacker = next.address();
      expect((await request(attacker)).status).toBe(200);
      expect((await request(attacker)).status).toBe(200);
      expectLimited(await request(attacker));
      expect((await request(next.address())).status).toBe(200);
      expect(await resetMails(t, email)).toHaveLength(3);
    });

    it('still limits reset requests per address over all accounts', async () => {
      const attacker = next.address();
      const request = (email: string, address: string) =>
        api(t).call(auth.requestReset, { body: { email }, remoteAddress: address });
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await request(next.email('someone'), attacker)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
      expect((await request(next.email('someone'), next.address())).status).toBe(200);
    });

    it('ignores X-Forwarded-For when the proxy is not trusted', async () => {
      const attacker = next.address();
      for (let i = 0; i < 3; i++) {
        const res = await api(t).call(auth.login, {
          body: { email: ADMIN.email, password: 'guess' },
          headers: { 'x-forwarded-for': next.address() },
          remoteAddress: attacker,
        });
        expect(res.status).toBe(401);
      }
      expectLimited(await login(t, ADMIN.email, 'guess', attacker));
    });
  },
);

describe.each(DATABASE_KINDS)('login limits behind a trusted proxy on %s', (kind) => {
  let t: TestApp;
  const next = fresh();
  beforeAll(async () => {
    t = await buildTestApp(kind, appOptions('memory', { TRUST_PROXY: 'true' }));
  });
  afterAll(() => t.close());

  const viaProxy = (client: string, password: string) =>
    api(t).call(auth.login, {
      body: { email: ADMIN.email, password },
      headers: { 'x-forwarded-for': client },
      remoteAddress: '127.0.0.1',
    });

  it('counts the client address the proxy forwards, not the proxy', async () => {
    const attacker = next.address();
    for (let i = 0; i < 3; i++) expect((await viaProxy(attacker, 'guess')).status).toBe(401);
    expectLimited(await viaProxy(attacker, ADMIN.password));
    expect((await viaProxy(next.address(), ADMIN.password)).status).toBe(200);
  });

  it("a client that writes its own X-Forwarded-For in front of the proxy's cannot change its address", async () => {
    const attacker = next.address();
    // The proxy appends the address it saw; what the client sent before it is not believed (one hop trusted).
    const spoofed = (i: number) =>
      api(t).call(auth.login, {
        body: { email: ADMIN.email, password: 'guess' },
        headers: { 'x-forwarded-for': `10.9.${i}.1, ${attacker}` },
        remoteAddress: '127.0.0.1',
      });
    for (let i = 0; i < 3; i++) expect((await spoofed(i)).status).toBe(401);
    expectLimited(await spoofed(99));
  });

  it('counts IPv6 clients by their /64 network', async () => {
    const net = `2001:db8:${randomInt(0xffff).toString(16)}:${randomInt(0xffff).toString(16)}`;
    for (let i = 1; i <= 3; i++) expect((await viaProxy(`${net}::${i}`, 'guess')).status).toBe(401);
    expectLimited(await viaProxy(`${net}::99`, ADMIN.password));
    expect((await viaProxy(`2001:db8:ffff:ffff::1`, ADMIN.password)).status).toBe(200);
  });
});

describe.each(process.env.TEST_REDIS_URL ? DATABASE_KINDS : [])(
  'login limits shared by two processes through Redis on %s',
  (kind) => {
    let one: TestApp;
    let two: TestApp;
    const next = fresh();
    beforeAll(async () => {
      [one, two] = await Promise.all([
        buildTestApp(kind, appOptions('redis')),
        buildTestApp(kind, appOptions('redis')),
      ]);
    });
    afterAll(async () => {
      await Promise.all([one.close(), two.close()]);
    });

    it('counts failures at either process against one limit and e-mails the owner once', async () => {
      const email = next.email('shared');
      await Promise.all([createUser(one, email, 'shared-secret'), createUser(two, email, 'shared-secret')]);
      const attacker = next.address();
      expect((await login(one, email, 'guess', attacker)).status).toBe(401);
      expect((await login(two, email, 'guess', attacker)).status).toBe(401);
      expect((await login(one, email, 'guess', attacker)).status).toBe(401);
      expectLimited(await login(two, email, 'guess', attacker));
      // A fourth failure from another address reaches the alert threshold at the second process only.
      expect((await login(two, email, 'guess', next.address())).status).toBe(401);
      for (let i = 0; i < 3; i++) expect((await login(one, email, 'guess', next.address())).status).toBe(401);
      expect((await failedLoginMails(one)).filter((m) => m.to_address === email)).toHaveLength(0);
      expect((await failedLoginMails(two)).filter((m) => m.to_address === email)).toHaveLength(1);
      expect((await login(one, email, 'shared-secret', next.address())).status).toBe(200);
    });
  },
);

describe('login limits with Redis down', () => {
  let t: TestApp;
  let closedPort: number;
  beforeAll(async () => {
    // A port nothing listens on: Redis is down from the start.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    closedPort = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    t = await buildTestApp('sqlite', appOptions('memory', { REDIS_URL: `redis://127.0.0.1:${closedPort}` }));
  });
  afterAll(() => t.close());

  it('still answers every login, and the limits hold per process instead of failing open', async () => {
    const attacker = fresh().address();
    for (let i = 0; i < 3; i++) expect((await login(t, ADMIN.email, 'guess', attacker)).status).toBe(401);
    expectLimited(await login(t, ADMIN.email, ADMIN.password, attacker));
    expect((await login(t, ADMIN.email, ADMIN.password, fresh().address())).status).toBe(200);
  });
});
