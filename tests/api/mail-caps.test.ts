import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIBE_MESSAGES } from '#shared/messages.ts';
import * as subscribers from '#shared/api/subscribers.ts';
import { CONFIRMATIONS_PER_DAY } from '#server/modules/subscribers/service.ts';
import { api } from '#tests/helpers/api.ts';
import { loginToken, NO_RATE_LIMITS } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * One mailbox cannot be flooded with confirmation mails, whoever asks and from however many client
 * addresses: 100 reached one victim from 31 addresses before the cap per recipient (issue 30, finding 7).
 */
describe.each(DATABASE_KINDS)('mails per recipient on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let ip = 0;

  beforeAll(async () => {
    t = await buildTestApp(kind, { app: { rateLimits: NO_RATE_LIMITS } });
    token = await loginToken(t);
  });
  afterAll(() => t?.close());

  const confirmationsTo = async (email: string) =>
    (
      await t.services.db
        .selectFrom('mail_outbox')
        .select('id')
        .where('to_address', '=', email)
        .where('kind', '=', 'subscription-confirm')
        .execute()
    ).length;
  const subscribe = (email: string) =>
    api(t).callRaw(subscribers.subscribe, { body: { email }, remoteAddress: `203.0.${++ip % 250}.${ip % 200}` });

  it('sends one address at most the day cap of confirmations, from 40 requests at once on many addresses', async () => {
    const victim = 'victim@example.com';
    const answers = await Promise.all(Array.from({ length: 40 }, () => subscribe(victim)));
    for (const answer of answers) {
      expect(answer.status, answer.text).toBe(200);
      expect(answer.data).toEqual({ message: SUBSCRIBE_MESSAGES.confirmationSent });
    }
    expect(await confirmationsTo(victim)).toBe(CONFIRMATIONS_PER_DAY);
    // Asking in another case or with spaces is the same mailbox.
    await subscribe('  VICTIM@example.com ');
    expect(await confirmationsTo(victim)).toBe(CONFIRMATIONS_PER_DAY);
  });

  it('counts what an administrator asks for too, and leaves other addresses their own allowance', async () => {
    const target = 'added-by-admin@example.com';
    for (let i = 0; i < CONFIRMATIONS_PER_DAY + 2; i++) {
      const added = await api(t).callRaw(subscribers.addSubscriber, {
        body: { email: target, confirmed: false, source: 'A form on paper' },
        token,
      });
      expect(added.status, added.text).toBe(200);
    }
    expect(await confirmationsTo(target)).toBe(CONFIRMATIONS_PER_DAY);
    const other = 'someone-else@example.com';
    expect((await subscribe(other)).status).toBe(200);
    expect(await confirmationsTo(other)).toBe(1);
  });
});
