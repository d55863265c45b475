import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as auth from '#shared/api/auth.ts';
import type { Endpoint } from '#shared/api/endpoint.ts';
import * as profile from '#shared/api/profile.ts';
import * as sessions from '#shared/api/sessions.ts';
import * as staff from '#shared/api/staff.ts';
import * as siteExport from '#shared/api/site-export.ts';
import * as subscribers from '#shared/api/subscribers.ts';
import { SESSION_MESSAGES, TEAM_MESSAGES } from '#shared/messages.ts';
import { REAUTH_WINDOW_MS } from '#server/modules/auth/reauth.ts';
import { hashToken } from '#server/modules/auth/tokens.ts';
import { api, type RawInput } from '#tests/helpers/api.ts';
import { NO_RATE_LIMITS } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { unique } from '#tests/helpers/factories.ts';
import { createMember, MEMBER_PASSWORD, signIn, type Member } from '#tests/helpers/team.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * Re-authentication (docs/product.md#re-authentication): sensitive changes need the session to have
 * proved who it is in the last 10 minutes, else 403 with SESSION_MESSAGES.reauthRequired; the password
 * proves it again (a wrong one is a 400 that keeps the session), and wrong passwords are limited per
 * account and address so that nobody else's guessing holds the owner back at their own address.
 */
const PER_ACCOUNT = 3;
const PER_ADDRESS = 5;

describe.each(DATABASE_KINDS)('re-authentication on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, {
      app: {
        rateLimits: {
          ...NO_RATE_LIMITS,
          reauthPerAccount: { max: PER_ACCOUNT, windowMs: 60_000 },
          reauthPerIp: { max: PER_ADDRESS, windowMs: 60_000 },
        },
      },
    });
  });
  afterAll(() => t.close());

  /** Makes the session's last proof `ms` old. */
  const proofAgo = (member: Member, ms: number) =>
    t.services.db
      .updateTable('sessions')
      .set({ reauth_at: new Date(Date.now() - ms).toISOString() })
      .where('token_hash', '=', hashToken(member.token))
      .execute();
  const stale = (member: Member) => proofAgo(member, REAUTH_WINDOW_MS + 60_000);
  const reauth = (member: Member, password: string, remoteAddress = '127.0.0.1') =>
    api(t).call(sessions.reauthenticate, { token: member.token, body: { password }, remoteAddress });

  /** Every guarded action, with a fresh valid input (made by the Owner, who may do all of them). */
  const GUARDED: Array<{ name: string; endpoint: Endpoint; input: (owner: Member) => Promise<RawInput> }> = [
    {
      name: 'changing one’s e-mail address',
      endpoint: profile.requestEmailChange,
      input: async () => ({ body: { email: `${unique('new')}@example.com` } }),
    },
    {
      name: 'inviting an Administrator',
      endpoint: staff.inviteStaff,
      input: async () => ({ body: { email: `${unique('admin')}@example.com`, role: 'administrator' } }),
    },
    {
      name: 'changing a role',
      endpoint: staff.updateStaff,
      input: async () => ({ params: { id: (await createMember(t, 'author')).id }, body: { role: 'editor' } }),
    },
    {
      name: 'exporting subscribers',
      endpoint: subscribers.exportSubscribers,
      input: async () => ({}),
    },
    { name: 'exporting the whole site', endpoint: siteExport.exportSite, input: async () => ({}) },
    { name: 'exporting posts and pages as WXR', endpoint: siteExport.exportWxr, input: async () => ({}) },
  ];

  it.each(GUARDED)('$name answers the re-auth 403 when stale and works when fresh', async ({ endpoint, input }) => {
    const owner = await createMember(t, 'owner');
    // Right after signing in: fresh.
    const fresh = await owner.api.callRaw(endpoint, await input(owner));
    expect(fresh.status, fresh.text).toBe(200);

    await proofAgo(owner, REAUTH_WINDOW_MS - 60_000);
    expect((await owner.api.callRaw(endpoint, await input(owner))).status).toBe(200);

    await stale(owner);
    const refused = await owner.api.callRaw(endpoint, await input(owner));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: SESSION_MESSAGES.reauthRequired });
    // The session itself is fine.
    expect((await owner.api.call(auth.me)).status).toBe(200);

    const confirmed = await reauth(owner, owner.password);
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.data.message).toBe(SESSION_MESSAGES.reauthDone);
    expect(Math.abs(Date.parse(confirmed.data.reauthAt) - Date.now())).toBeLessThan(60_000);
    const retried = await owner.api.callRaw(endpoint, await input(owner));
    expect(retried.status, retried.text).toBe(200);
  });

  it('a stale role change changes nothing; switches alone and non-Administrator invitations need no proof', async () => {
    const owner = await createMember(t, 'owner');
    const author = await createMember(t, 'author');
    await stale(owner);
    const refused = await owner.api.call(staff.updateStaff, { params: { id: author.id }, body: { role: 'editor' } });
    expect(refused.status).toBe(403);
    const role = await t.services.db.selectFrom('users').select('role').where('id', '=', author.id).executeTakeFirst();
    expect(role?.role).toBe('author');
    const switches = await owner.api.call(staff.updateStaff, {
      params: { id: author.id },
      body: { mayNewsletter: true },
    });
    expect(switches.status, switches.text).toBe(200);
    const invite = await owner.api.call(staff.inviteStaff, {
      body: { email: `${unique('ed')}@example.com`, role: 'editor' },
    });
    expect(invite.status, invite.text).toBe(200);
  });

  it('a role without the capability gets the role 403, not the re-auth one', async () => {
    const editor = await createMember(t, 'editor');
    const author = await createMember(t, 'author');
    await stale(editor);
    const res = await editor.api.call(staff.updateStaff, { params: { id: author.id }, body: { role: 'editor' } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: TEAM_MESSAGES.forbidden });
  });

  it('handing the site over needs a recent proof', async () => {
    const owner = await createMember(t, 'owner');
    const heir = await createMember(t, 'administrator');
    await stale(owner);
    const refused = await owner.api.call(staff.transferOwnership, { body: { to: heir.id } });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: SESSION_MESSAGES.reauthRequired });
    expect((await reauth(owner, owner.password)).status).toBe(200);
    const handed = await owner.api.call(staff.transferOwnership, { body: { to: heir.id } });
    expect(handed.status, handed.text).toBe(200);
    // And back, by the new Owner, who just signed in.
    const back = await heir.api.call(staff.transferOwnership, { body: { to: owner.id } });
    expect(back.status, back.text).toBe(200);
  });

  it('changing the password needs no other proof (the current password is one) and counts as one', async () => {
    const editor = await createMember(t, 'editor');
    await stale(editor);
    const res = await editor.api.call(auth.changePassword, {
      body: { id: editor.id, password: MEMBER_PASSWORD, newPassword: MEMBER_PASSWORD },
    });
    expect(res.status, res.text).toBe(200);
    const email = await editor.api.call(profile.requestEmailChange, { body: { email: `${unique('e')}@example.com` } });
    expect(email.status, email.text).toBe(200);
  });

  it('a wrong password answers 400 and keeps the session; a proof in one session is not one in another', async () => {
    const editor = await createMember(t, 'editor');
    const elsewhere = await signIn(t, editor);
    await stale(editor);
    await stale(elsewhere);
    const wrong = await reauth(editor, 'not-the-password', '10.9.0.1');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: SESSION_MESSAGES.wrongPassword, field: 'password' });
    expect((await editor.api.call(auth.me)).status).toBe(200);
    const empty = await api(t).callRaw(sessions.reauthenticate, { token: editor.token, body: {} });
    expect(empty.status).toBe(400);
    expect((await api(t).call(sessions.reauthenticate, { body: { password: 'x' } })).status).toBe(401);

    expect((await reauth(editor, editor.password, '10.9.0.1')).status).toBe(200);
    const other = await elsewhere.api.call(profile.requestEmailChange, {
      body: { email: `${unique('x')}@example.com` },
    });
    expect(other.status).toBe(403);

    // The activity log has the failure, naming the account, never the password tried.
    const failures = await t.services.db
      .selectFrom('activity_log')
      .selectAll()
      .where('action', '=', 'reauth.failed')
      .where('target_id', '=', editor.id)
      .execute();
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ target_label: editor.email, ip_prefix: '10.9.0.x', count: 1 });
    expect(JSON.stringify(failures)).not.toContain('not-the-password');
  });

  it('wrong passwords are limited per account and address: a stranger’s guessing never holds the owner back at their own address', async () => {
    const owner = await createMember(t, 'owner');
    // Someone with a stolen session of the Owner's guesses from elsewhere.
    const stolen = await signIn(t, owner);
    for (let i = 0; i < PER_ACCOUNT; i++)
      expect((await reauth(stolen, `guess-${i}`, '198.51.100.66')).status).toBe(400);
    const held = await reauth(stolen, `guess-more`, '198.51.100.66');
    expect(held.status).toBe(429);
    // Even the right password is held back there for now …
    expect((await reauth(stolen, owner.password, '198.51.100.66')).status).toBe(429);
    // … while the Owner at their own address is not.
    await stale(owner);
    const mine = await reauth(owner, owner.password, '203.0.113.5');
    expect(mine.status, mine.text).toBe(200);
    const email = await owner.api.call(profile.requestEmailChange, { body: { email: `${unique('o')}@example.com` } });
    expect(email.status, email.text).toBe(200);

    // Many accounts guessing from one address are held back per address, never the owner elsewhere.
    for (let i = 0; i < PER_ADDRESS; i++) {
      const member = await createMember(t, 'author');
      const res = await reauth(member, 'wrong', '192.0.2.200');
      expect(res.status).toBe(400);
    }
    const next = await createMember(t, 'author');
    expect((await reauth(next, next.password, '192.0.2.200')).status).toBe(429);
    expect((await reauth(owner, owner.password, '203.0.113.5')).status).toBe(200);
    // Right passwords never count.
    for (let i = 0; i < PER_ACCOUNT + 2; i++)
      expect((await reauth(owner, owner.password, '203.0.113.6')).status).toBe(200);
  });
});
