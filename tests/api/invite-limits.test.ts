import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_MESSAGES } from '#shared/messages.ts';
import * as staff from '#shared/api/staff.ts';
import { api } from '#tests/helpers/api.ts';
import { NO_RATE_LIMITS } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { loggedInAdmin, unique, type LoggedInAdmin } from '#tests/helpers/factories.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * Invitation links are rate limited like logins, without locking anyone out (docs/product.md#staff): only
 * links that do not work count, per address, so a guesser is held back while an invitee at another
 * address is never blocked by the guesser's failures. Also the recovery path, `npm run admin -- --owner`.
 */
describe.each(DATABASE_KINDS)('invitation link limits on %s', (kind) => {
  let t: TestApp;
  let owner: LoggedInAdmin;
  beforeAll(async () => {
    t = await buildTestApp(kind, {
      app: { rateLimits: { ...NO_RATE_LIMITS, invitePerIp: { max: 3, windowMs: 60_000 } } },
    });
    owner = await loggedInAdmin(t);
  });
  afterAll(() => t.close());

  const newLink = async () => {
    const email = `${unique('invitee')}@example.com`.toLowerCase();
    const sent = await owner.api.call(staff.inviteStaff, { body: { email, role: 'author' } });
    expect(sent.status, sent.text).toBe(200);
    return new URL(sent.data.link).pathname.split('/').at(-1)!;
  };

  it('holds back an address after its failed links, and never the invitee at another address', async () => {
    const guesser = '203.0.113.7';
    for (let i = 0; i < 3; i++) {
      const res = await api(t).call(staff.getInvite, { params: { token: `guess-${i}` }, remoteAddress: guesser });
      expect(res.status).toBe(404);
    }
    const held = await api(t).call(staff.getInvite, { params: { token: 'guess-x' }, remoteAddress: guesser });
    expect(held.status).toBe(429);

    // Someone else's link, opened and accepted from another address, works.
    const token = await newLink();
    const elsewhere = '198.51.100.20';
    expect((await api(t).call(staff.getInvite, { params: { token }, remoteAddress: elsewhere })).status).toBe(200);
    const joined = await api(t).call(staff.acceptInvite, {
      params: { token },
      body: { name: 'Ivy Invitee', password: 'invitee-pass' },
      remoteAddress: elsewhere,
    });
    expect(joined.status, joined.text).toBe(200);
  });

  it('does not count links that work', async () => {
    const address = '198.51.100.30';
    for (let i = 0; i < 5; i++) {
      const token = await newLink();
      const res = await api(t).call(staff.getInvite, { params: { token }, remoteAddress: address });
      expect(res.status, res.text).toBe(200);
    }
    const used = await api(t).call(staff.getInvite, { params: { token: 'no-such-link' }, remoteAddress: address });
    expect(used.body).toEqual({ message: TEAM_MESSAGES.inviteNotFound });
  });
});

describe('npm run admin --owner', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
  });
  afterAll(() => t.close());

  const admin = (...args: string[]) =>
    execFileSync(process.execPath, ['--import', 'tsx', 'server/cli/admin.ts', ...args], {
      env: { ...process.env, DATA_DIR: t.dataDir, DATABASE_URL: `sqlite:${t.dataDir}/test.db`, LOG_LEVEL: 'silent' },
      stdio: 'pipe',
    }).toString();
  const roleOf = async (email: string) =>
    (await t.services.db.selectFrom('users').select('role').where('email', '=', email).executeTakeFirstOrThrow()).role;

  it('adds an Administrator beside the Owner, and with --owner makes an account the Owner (the one before an Administrator)', async () => {
    expect(admin('--email', 'rescue@example.com', '--password', 'rescue-pass')).toContain('Administrator');
    expect(await roleOf('rescue@example.com')).toBe('administrator');
    expect(admin('--email', 'rescue@example.com', '--password', 'rescue-pass', '--owner')).toContain('is the Owner');
    expect(await roleOf('rescue@example.com')).toBe('owner');
    expect(await roleOf('admin@example.com')).toBe('administrator');
    const owners = await t.services.db.selectFrom('users').select('id').where('role', '=', 'owner').execute();
    expect(owners).toHaveLength(1);
  });
});
