import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/messages.ts';
import * as subscribers from '#shared/api/subscribers.ts';
import { api } from '#tests/helpers/api.ts';
import { loginToken, NO_RATE_LIMITS } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * What the staff add by hand or import is any address a mail server would take
 * (docs/product.md#admin-address-rule); the public box keeps its narrow rule (issue 29, part 9).
 */
const TAKEN_BY_MAIL_SERVERS = [
  'anna+news@gmail.com',
  "o'brien@example.ie",
  'ops@acme.company',
  'first.last@sub.example.co.uk',
  '"quoted name"@example.com',
  'x@[192.168.0.1]',
];
const REFUSED = [
  'no-at-sign.example.com',
  'two@@example.com',
  'dot.@example.com',
  'a@nodot',
  'a b@example.com',
  'line\nbreak@example.com',
  '"quoted\rreturn"@example.com',
  `${'a'.repeat(250)}@example.com`,
];

describe.each(DATABASE_KINDS)('addresses the staff add on %s', (kind) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await buildTestApp(kind, { app: { rateLimits: NO_RATE_LIMITS } });
    token = await loginToken(t);
  });
  afterAll(() => t?.close());

  const stored = async (email: string) =>
    t.services.db.selectFrom('subscribers').select(['email', 'status']).where('email', '=', email).executeTakeFirst();

  it.each(TAKEN_BY_MAIL_SERVERS)('"Add subscriber" takes %s', async (email) => {
    const res = await api(t).call(subscribers.addSubscriber, {
      body: { email, confirmed: true, source: 'Trade fair sign-up sheet' },
      token,
    });
    expect(res.status, res.text).toBe(200);
    expect(await stored(email.toLowerCase())).toMatchObject({ status: 'confirmed' });
  });

  it.each(REFUSED)('"Add subscriber" refuses %j with the form message and stores nothing', async (email) => {
    const res = await api(t).callRaw(subscribers.addSubscriber, {
      body: { email, confirmed: true, source: 'Trade fair' },
      token,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: MESSAGES.subscribeInvalid, field: 'email' });
    expect(await stored(email.toLowerCase())).toBeUndefined();
  });

  it('the public box keeps its own rule', async () => {
    const res = await api(t).callRaw(subscribers.subscribe, { body: { email: 'anna+box@gmail.com' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: MESSAGES.subscribeInvalid, field: 'email' });
  });

  it('an import takes the same addresses and lists the others as not valid', async () => {
    const imported = ['bob+crm@gmail.com', "d'arcy@example.ie", 'sales@acme.company', '"from crm"@example.com'];
    const csv = ['email', ...imported, ...REFUSED.filter((email) => !/[\r\n]/.test(email))]
      .map((cell) => (/[",]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell))
      .join('\n');
    const res = await api(t).call(subscribers.importSubscribers, {
      body: { csv, confirmed: true, source: 'Old CRM export' },
      token,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.data.added).toBe(imported.length);
    expect(res.data.invalid).toHaveLength(REFUSED.length - 2);
    for (const email of imported) expect(await stored(email.toLowerCase())).toMatchObject({ status: 'confirmed' });
  });
});
