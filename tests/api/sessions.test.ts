import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as auth from '#shared/api/auth.ts';
import * as sessions from '#shared/api/sessions.ts';
import * as staff from '#shared/api/staff.ts';
import { SESSION_MESSAGES, TEAM_MESSAGES } from '#shared/messages.ts';
import { ROLES, can } from '#shared/roles.ts';
import { boot } from '#server/boot.ts';
import { buildApp } from '#server/app.ts';
import { SESSION_EXTEND_EVERY_MS, SESSION_MAX_AGE_MS, SESSION_TTL_MS } from '#server/modules/auth/service.ts';
import { hashToken } from '#server/modules/auth/tokens.ts';
import { api } from '#tests/helpers/api.ts';
import { NO_RATE_LIMITS } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { createMember, MEMBER_PASSWORD, type Member } from '#tests/helpers/team.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * Sessions one can see and end (docs/product.md#sessions): each person lists only their own, Owners and
 * Administrators anyone's (only the Owner the Owner's); an ended session is refused on the next request
 * on every process; sessions slide (idle 14 days, at most 90) and "last seen" is written at most every 5
 * minutes.
 */
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const DAY = 24 * 3600_000;
const FIREFOX_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe.each(DATABASE_KINDS)('sessions on %s', (kind) => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof boot>>;
  let other: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    t = await buildTestApp(kind, { app: { rateLimits: NO_RATE_LIMITS } });
    // A second process on the same database, with its own connections, as in a cluster.
    second = await boot(t.config, { log });
    other = await buildApp({ services: second.services, logger: false, rateLimits: NO_RATE_LIMITS });
  });
  afterAll(async () => {
    await other.close();
    await second.services.jobs.stop();
    await second.services.mailWorker.stop();
    await second.db.destroy();
    await t.close();
  });

  /** Signs the member in from a browser and an address; answers the new token. */
  async function signInFrom(member: Member, userAgent: string, remoteAddress: string): Promise<string> {
    const res = await api(t).call(auth.login, {
      body: { email: member.email, password: member.password },
      headers: { 'user-agent': userAgent },
      remoteAddress,
    });
    expect(res.status, res.text).toBe(200);
    return res.data.token;
  }
  const row = (token: string) =>
    t.services.db
      .selectFrom('sessions')
      .selectAll()
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
  const idOf = async (token: string) => (await row(token)).id;
  const list = (token: string) => api(t).call(sessions.listSessions, { token });
  const meOn = (app: Parameters<typeof api>[0], token: string) => api(app).call(auth.me, { token });
  /** The activity log's `session.ended` entries about a person. */
  const endedEntries = (personId: string) =>
    t.services.db
      .selectFrom('activity_log')
      .select(['actor_id', 'target_id', 'target_label', 'detail', 'ip_prefix'])
      .where('action', '=', 'session.ended')
      .where('target_id', '=', personId)
      .orderBy('id')
      .execute();

  it('lists only one’s own live sessions, with browser, device, address prefix, method and this device', async () => {
    const editor = await createMember(t, 'editor');
    const laptop = await signInFrom(editor, FIREFOX_MAC, '203.0.113.77');
    const phone = await signInFrom(editor, SAFARI_IPHONE, '2001:db8:42:7::1');
    const stranger = await createMember(t, 'author');

    const res = await list(laptop);
    expect(res.status, res.text).toBe(200);
    const mine = res.data;
    // The member's first session (createMember) and the two above; never the author's.
    expect(mine).toHaveLength(3);
    expect(mine.map((s) => s._id)).not.toContain(await idOf(stranger.token));
    const here = mine.find((s) => s.current)!;
    expect(here._id).toBe(await idOf(laptop));
    expect(here).toMatchObject({ browser: 'Firefox', os: 'macOS', device: 'desktop', place: '203.0.113.x' });
    expect(here.method).toBe('password');
    expect(mine.filter((s) => s.current)).toHaveLength(1);
    const onPhone = mine.find((s) => s._id !== here._id && s.browser === 'Safari')!;
    expect(onPhone).toMatchObject({ os: 'iOS', device: 'mobile', place: '2001:db8:42::/48', current: false });
    // Never the whole address, nor the token or its hash.
    expect(JSON.stringify(mine)).not.toContain('203.0.113.77');
    expect(JSON.stringify(mine)).not.toContain((await row(phone)).token_hash);
    // A session from a client whose User-Agent names no browser we know shows as unknown, not as an error.
    const firstId = await idOf(editor.token);
    await t.services.db.updateTable('sessions').set({ user_agent: '' }).where('id', '=', firstId).execute();
    expect((await list(laptop)).data.find((s) => s._id === firstId)).toMatchObject({ browser: '', os: '', device: '' });
  });

  it('“Sign out” ends one own session; another person’s session id is not found and stays', async () => {
    const author = await createMember(t, 'author');
    const laptop = await signInFrom(author, FIREFOX_MAC, '198.51.100.1');
    const phone = await signInFrom(author, SAFARI_IPHONE, '198.51.100.2');
    const stranger = await createMember(t, 'contributor');

    const theirs = await api(t).call(sessions.endSession, {
      token: laptop,
      params: { id: await idOf(stranger.token) },
    });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ message: SESSION_MESSAGES.sessionNotFound });
    expect((await meOn(t, stranger.token)).status).toBe(200);

    const ended = await api(t).call(sessions.endSession, { token: laptop, params: { id: await idOf(phone) } });
    expect(ended.status, ended.text).toBe(200);
    expect(ended.data.message).toBe(SESSION_MESSAGES.sessionEnded);
    // On the next request, on the other process too.
    expect((await meOn(other, phone)).status).toBe(401);
    expect((await meOn(t, laptop)).status).toBe(200);
    expect((await list(laptop)).data.map((s) => s._id)).not.toContain(await idOf(phone));
    // Ending it again: already ended, and the log has the one ending, by the person, from their address.
    const again = await api(t).call(sessions.endSession, { token: laptop, params: { id: await idOf(phone) } });
    expect(again.status).toBe(404);
    const entries = await endedEntries(author.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor_id: author.id, target_label: author.email, ip_prefix: '127.0.0.x' });
    expect(JSON.parse(entries[0]!.detail)).toEqual({ scope: 'one', sessions: 1 });
  });

  it('“Sign out everywhere else” keeps only this session, on every process', async () => {
    const editor = await createMember(t, 'editor');
    const laptop = await signInFrom(editor, FIREFOX_MAC, '198.51.100.3');
    const phone = await signInFrom(editor, SAFARI_IPHONE, '198.51.100.4');
    const stranger = await createMember(t, 'editor');
    expect((await meOn(other, phone)).status).toBe(200);

    const res = await api(t).call(sessions.endOtherSessions, { token: laptop });
    expect(res.status, res.text).toBe(200);
    expect(res.data.message).toBe(SESSION_MESSAGES.othersEnded(2));
    expect((await meOn(other, phone)).status).toBe(401);
    expect((await meOn(other, editor.token)).status).toBe(401);
    expect((await meOn(other, laptop)).status).toBe(200);
    expect((await meOn(other, stranger.token)).status).toBe(200);
    expect((await list(laptop)).data.map((s) => s._id)).toEqual([await idOf(laptop)]);
    expect((await api(t).call(sessions.endOtherSessions, { token: laptop })).data.message).toBe(
      SESSION_MESSAGES.othersEnded(0),
    );
  });

  it.each(ROLES)('ending someone else’s sessions needs sessions.all: the %s', async (role) => {
    const asker = await createMember(t, role);
    const person = await createMember(t, 'author');
    const personSession = await idOf(person.token);
    const listed = await asker.api.call(sessions.listPersonSessions, { params: { id: person.id } });
    const one = await asker.api.call(sessions.endPersonSession, {
      params: { id: person.id, sid: personSession },
    });
    if (!can({ role, mayNewsletter: false, categoryIds: [] }, 'sessions.all')) {
      for (const res of [listed, one]) {
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ message: TEAM_MESSAGES.forbidden });
      }
      const all = await asker.api.call(sessions.endPersonSessions, { params: { id: person.id } });
      expect(all.status).toBe(403);
      expect((await meOn(other, person.token)).status).toBe(200);
      expect(await endedEntries(person.id)).toEqual([]);
      return;
    }
    expect(listed.status, listed.text).toBe(200);
    expect(listed.data.map((s) => s._id)).toEqual([personSession]);
    expect(listed.data[0]!.current).toBe(false);
    expect(one.status, one.text).toBe(200);
    expect((await meOn(other, person.token)).status).toBe(401);

    const again = await createMember(t, 'author');
    const second = await api(t).call(auth.login, { body: { email: again.email, password: MEMBER_PASSWORD } });
    const all = await asker.api.call(sessions.endPersonSessions, { params: { id: again.id } });
    expect(all.status, all.text).toBe(200);
    expect(all.data.message).toBe(SESSION_MESSAGES.allEnded('author person', 2));
    const logged = await endedEntries(again.id);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.actor_id).toBe(asker.id);
    expect(JSON.parse(logged[0]!.detail)).toEqual({ scope: 'all', sessions: 2 });
    expect((await meOn(other, again.token)).status).toBe(401);
    expect((await meOn(other, second.data.token)).status).toBe(401);
    expect((await meOn(t, asker.token)).status).toBe(200);
  });

  it('only the Owner sees or ends the Owner’s sessions; an Administrator gets 403 and nothing ends', async () => {
    const owner = await createMember(t, 'owner');
    const admin = await createMember(t, 'administrator');
    for (const res of [
      await admin.api.call(sessions.listPersonSessions, { params: { id: owner.id } }),
      await admin.api.call(sessions.endPersonSession, { params: { id: owner.id, sid: await idOf(owner.token) } }),
      await admin.api.call(sessions.endPersonSessions, { params: { id: owner.id } }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: SESSION_MESSAGES.ownerSessions });
    }
    expect((await meOn(other, owner.token)).status).toBe(200);
    // The Owner may end an Administrator's sessions.
    const ended = await owner.api.call(sessions.endPersonSessions, { params: { id: admin.id } });
    expect(ended.status, ended.text).toBe(200);
    expect((await meOn(other, admin.token)).status).toBe(401);
    // An unknown person: 404.
    const unknown = await owner.api.call(sessions.listPersonSessions, { params: { id: 'no-such-person' } });
    expect(unknown.status).toBe(404);
    // The Owner signing themselves out everywhere from the staff screen keeps this session.
    const elsewhere = await signInFrom(owner, SAFARI_IPHONE, '192.0.2.9');
    const self = await owner.api.call(sessions.endPersonSessions, { params: { id: owner.id } });
    expect(self.status, self.text).toBe(200);
    expect((await meOn(other, elsewhere)).status).toBe(401);
    expect((await meOn(other, owner.token)).status).toBe(200);
  });

  it('changing the password ends every other session, on the other process at once', async () => {
    const editor = await createMember(t, 'editor');
    const phone = await signInFrom(editor, SAFARI_IPHONE, '192.0.2.10');
    expect((await meOn(other, phone)).status).toBe(200);
    const res = await editor.api.call(auth.changePassword, {
      body: { id: editor.id, password: MEMBER_PASSWORD, newPassword: MEMBER_PASSWORD },
    });
    expect(res.status, res.text).toBe(200);
    expect((await meOn(other, phone)).status).toBe(401);
    expect((await meOn(other, editor.token)).status).toBe(200);
  });

  describe('sliding and last seen', () => {
    /** Moves a session's dates back, as if `ms` had passed since each. */
    async function wait(token: string, ms: number) {
      const { created_at, expires_at, last_seen_at } = await row(token);
      const back = (at: string) => new Date(Date.parse(at) - ms).toISOString();
      await t.services.db
        .updateTable('sessions')
        .set({
          created_at: back(created_at),
          expires_at: back(expires_at),
          last_seen_at: last_seen_at ? back(last_seen_at) : null,
        })
        .where('token_hash', '=', hashToken(token))
        .execute();
    }

    it('lives 14 days from its last use, however often used, and never past 90 days from sign-in', async () => {
      expect(SESSION_TTL_MS).toBe(14 * DAY);
      expect(SESSION_MAX_AGE_MS).toBe(90 * DAY);
      const member = await createMember(t, 'author');
      const session = await signInFrom(member, FIREFOX_MAC, '192.0.2.11');
      await wait(session, 13 * DAY);
      expect((await meOn(t, session)).status).toBe(200);
      expect(Math.abs(Date.parse((await row(session)).expires_at) - (Date.now() + SESSION_TTL_MS))).toBeLessThan(
        60_000,
      );
      await wait(session, 13 * DAY);
      expect((await meOn(other, session)).status).toBe(200);

      const idle = await signInFrom(member, FIREFOX_MAC, '192.0.2.11');
      await wait(idle, 14 * DAY + 60_000);
      expect((await meOn(t, idle)).status).toBe(401);

      const busy = await signInFrom(member, FIREFOX_MAC, '192.0.2.11');
      for (let days = 10; days <= 100; days += 10) {
        await wait(busy, 10 * DAY);
        expect((await meOn(t, busy)).status, `after ${days} days`).toBe(days < 90 ? 200 : 401);
        const { created_at, expires_at } = await row(busy);
        expect(Date.parse(expires_at)).toBeLessThanOrEqual(Date.parse(created_at) + SESSION_MAX_AGE_MS);
      }
    });

    it('writes last seen (the session’s and the person’s) at most every 5 minutes', async () => {
      expect(SESSION_EXTEND_EVERY_MS).toBe(5 * 60_000);
      const member = await createMember(t, 'author');
      const session = await signInFrom(member, FIREFOX_MAC, '192.0.2.12');
      const userSeen = async () =>
        (
          await t.services.db
            .selectFrom('users')
            .select('last_seen_at')
            .where('id', '=', member.id)
            .executeTakeFirstOrThrow()
        ).last_seen_at;
      const first = (await row(session)).last_seen_at!;
      expect(first).not.toBeNull();
      // Used again soon: nothing is written.
      expect((await meOn(t, session)).status).toBe(200);
      expect((await row(session)).last_seen_at).toBe(first);

      // Four minutes later: still nothing.
      await wait(session, 4 * 60_000);
      const fourAgo = (await row(session)).last_seen_at!;
      const userBefore = await userSeen();
      expect((await meOn(other, session)).status).toBe(200);
      expect((await row(session)).last_seen_at).toBe(fourAgo);
      expect(await userSeen()).toBe(userBefore);

      // Two more minutes: written, on the session and the person, by whichever process served it.
      await wait(session, 2 * 60_000);
      const before = Date.now();
      expect((await meOn(other, session)).status).toBe(200);
      const written = Date.parse((await row(session)).last_seen_at!);
      expect(written).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse((await userSeen())!)).toBeGreaterThanOrEqual(before - 1000);
      const listed = (await list(session)).data.find((s) => s.current)!;
      expect(Date.parse(listed.lastSeenAt)).toBe(written);
    });

    it('near the 90-day cap the end stays but last seen still moves', async () => {
      const member = await createMember(t, 'author');
      const session = await signInFrom(member, FIREFOX_MAC, '192.0.2.13');
      // 85 days in: the end is capped at 90 days after sign-in.
      for (const days of [10, 10, 10, 10, 10, 10, 10, 10, 5]) {
        await wait(session, days * DAY);
        expect((await meOn(t, session)).status).toBe(200);
      }
      const capped = await row(session);
      expect(Date.parse(capped.expires_at)).toBe(Date.parse(capped.created_at) + SESSION_MAX_AGE_MS);
      await wait(session, 10 * 60_000);
      const before = Date.now();
      expect((await meOn(t, session)).status).toBe(200);
      expect(Date.parse((await row(session)).last_seen_at!)).toBeGreaterThanOrEqual(before - 1000);
    });
  });

  it('answers 401 without a session and 400 for a malformed id', async () => {
    expect((await api(t).call(sessions.listSessions)).status).toBe(401);
    const owner = await createMember(t, 'owner');
    const long = await owner.api.callRaw(sessions.endSession, { params: { id: 'x'.repeat(65) } });
    expect(long.status).toBe(400);
    expect((await owner.api.call(staff.getAccount)).status).toBe(200);
  });
});
