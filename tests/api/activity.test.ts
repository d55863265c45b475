import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as activityApi from '#shared/api/activity.ts';
import * as authApi from '#shared/api/auth.ts';
import * as blog from '#shared/api/blog.ts';
import * as content from '#shared/api/content.ts';
import { ALL_ENDPOINTS } from '#shared/api/index.ts';
import * as newsletter from '#shared/api/newsletter.ts';
import * as staff from '#shared/api/staff.ts';
import * as subscribers from '#shared/api/subscribers.ts';
import type { ActivityAction } from '#shared/activity.ts';
import { ACTIVITY_MESSAGES, SERVER_MESSAGES } from '#shared/messages.ts';
import { ROLES } from '#shared/roles.ts';
import type { SiteContent } from '#shared/schemas/content.ts';
import { loadConfig } from '#server/config.ts';
import { FAILED_SIGN_IN_ROWS_PER_MINUTE } from '#server/modules/activity/service.ts';
import { api } from '#tests/helpers/api.ts';
import { login, NO_RATE_LIMITS, requestResetCode } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { unique } from '#tests/helpers/factories.ts';
import { createMember, MEMBER_PASSWORD, signIn, type Member } from '#tests/helpers/team.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

type Item = activityApi.ActivityItem;

/** The activity log (docs/product.md#activity-log, docs/decisions/0019-activity-log.md). */
describe.each(DATABASE_KINDS)('activity log on %s', (kind) => {
  let t: TestApp;
  let owner: Member;
  let admin: Member;
  beforeAll(async () => {
    t = await buildTestApp(kind, { app: { rateLimits: NO_RATE_LIMITS } });
    owner = await createMember(t, 'owner');
    admin = await createMember(t, 'administrator');
  });
  afterAll(() => t.close());

  /** Every entry the filters select (all pages), newest first, read as the Owner. */
  async function entries(query: { person?: string; action?: ActivityAction; from?: string; to?: string } = {}) {
    const items: Item[] = [];
    let cursor: string | undefined;
    for (;;) {
      const res = await owner.api.call(activityApi.listActivity, { query: { ...query, limit: 200, cursor } });
      expect(res.status, res.text).toBe(200);
      items.push(...res.data);
      if (!res.body.meta?.next) return items;
      cursor = res.body.meta.next;
    }
  }
  const ofAction = async (action: ActivityAction, targetId?: string) =>
    (await entries({ action })).filter((item) => targetId === undefined || item.target?._id === targetId);
  /** The one entry of an action about a target: recorded once, no more. */
  async function one(action: ActivityAction, targetId?: string): Promise<Item> {
    const found = await ofAction(action, targetId);
    expect(found, `${action} entries about ${targetId}`).toHaveLength(1);
    return found[0]!;
  }

  describe('sign-ins', () => {
    it('records each sign-in once with its method, the person and the address prefix', async () => {
      const member = await createMember(t, 'editor');
      const before = (await ofAction('sign-in')).filter((i) => i.actor?._id === member.id);
      expect(before).toHaveLength(1);
      const res = await login(t, member.email, MEMBER_PASSWORD, '203.0.113.77');
      expect(res.status).toBe(200);
      const mine = (await ofAction('sign-in')).filter((i) => i.actor?._id === member.id);
      expect(mine).toHaveLength(2);
      expect(mine[0]).toMatchObject({
        actor: { _id: member.id },
        detail: { method: 'password' },
        address: '203.0.113.x',
      });
    });

    it('records failed sign-ins naming the e-mail typed, folds repeats, and answers the client the same', async () => {
      const unknown = `${unique('nobody')}@example.com`;
      const wrong = await login(t, admin.email, 'not-the-password', '198.51.100.5');
      const missing = await login(t, unknown, 'not-the-password', '198.51.100.5');
      expect(wrong.status).toBe(401);
      expect(missing.status).toBe(401);
      expect(missing.body).toEqual(wrong.body);
      expect(wrong.body.message).toBe(SERVER_MESSAGES.invalidCredentials);
      await login(t, admin.email, 'still-not-it', '198.51.100.5');
      await login(t, admin.email.toUpperCase(), 'nor-this', '198.51.100.5');

      const failures = await ofAction('sign-in.failed');
      const ofAdmin = failures.filter((i) => i.target?.label === admin.email);
      // Three tries within a minute are one row with a count (two when the clock passed a minute meanwhile).
      expect(ofAdmin.reduce((n, i) => n + i.count, 0)).toBe(3);
      expect(ofAdmin.length).toBeLessThanOrEqual(2);
      expect(ofAdmin[0]).toMatchObject({
        actor: null,
        target: { type: 'person', _id: admin.id },
        detail: { reason: 'wrong-password' },
        address: '198.51.100.x',
      });
      const ofUnknown = failures.filter((i) => i.target?.label === unknown.toLowerCase());
      expect(ofUnknown).toHaveLength(1);
      expect(ofUnknown[0]).toMatchObject({ target: { _id: null }, detail: { reason: 'unknown-email' }, count: 1 });
    });

    it("records a suspended account's attempt with the right password", async () => {
      const member = await createMember(t, 'author', 'suspendee');
      expect((await admin.api.call(staff.suspendStaff, { params: { id: member.id } })).status).toBe(200);
      expect((await login(t, member.email, MEMBER_PASSWORD)).status).toBe(403);
      const found = (await ofAction('sign-in.failed')).filter((i) => i.target?._id === member.id);
      expect(found).toHaveLength(1);
      expect(found[0]!.detail).toEqual({ reason: 'suspended' });
    });

    it('a flood of failures costs at most one row per e-mail and one more per minute, whatever it sends', async () => {
      const { activity, db } = t.services;
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-03-01T10:00:05.000Z') });
      try {
        for (let i = 0; i < FAILED_SIGN_IN_ROWS_PER_MINUTE + 30; i++) {
          await activity.failedSignIn(db, {
            email: `flood${i}@example.com`,
            reason: 'unknown-email',
            address: `10.0.${i}.1`,
          });
        }
        for (let i = 0; i < 5; i++)
          await activity.failedSignIn(db, { email: 'flood0@example.com', reason: 'unknown-email' });
      } finally {
        vi.useRealTimers();
      }
      const minute = await entries({ from: '2031-03-01T10:00:00Z', to: '2031-03-01T10:01:00Z' });
      expect(minute).toHaveLength(FAILED_SIGN_IN_ROWS_PER_MINUTE + 1);
      expect(minute.reduce((n, i) => n + i.count, 0)).toBe(FAILED_SIGN_IN_ROWS_PER_MINUTE + 35);
      const rest = minute.filter((i) => i.target === null);
      expect(rest).toHaveLength(1);
      expect(rest[0]).toMatchObject({ count: 30, detail: { reason: 'many' } });
      expect(minute.find((i) => i.target?.label === 'flood0@example.com')?.count).toBe(6);
    });
  });

  describe('passwords and e-mail', () => {
    it('records a password change, a reset request and a completed reset', async () => {
      let member = await createMember(t, 'author', 'pw');
      const changed = await member.api.call(authApi.changePassword, {
        body: { id: member.id, password: MEMBER_PASSWORD, newPassword: 'second-secret' },
      });
      expect(changed.status, changed.text).toBe(200);
      expect(await one('password.changed', member.id)).toMatchObject({ actor: { _id: member.id } });

      const code = await requestResetCode(t, member.email, '192.0.2.10');
      expect(await one('password.reset-requested', member.id)).toMatchObject({ actor: null, address: '192.0.2.x' });
      // An unknown address is asked about without a trace of an account: no entry names it.
      await api(t).call(authApi.requestReset, { body: { email: `${unique('ghost')}@example.com` } });
      expect((await ofAction('password.reset-requested')).every((i) => i.target?._id)).toBe(true);

      const reset = await api(t).call(authApi.verifyOtp, {
        body: { email: member.email, otp: code, password: 'third-secret' },
      });
      expect(reset.status, reset.text).toBe(200);
      expect(await one('password.reset', member.id)).toMatchObject({ actor: { _id: member.id } });
      member = await signIn(t, { id: member.id, role: member.role, email: member.email, password: 'third-secret' });
      expect(member.token).toBeTruthy();
    });
  });

  describe('the team', () => {
    it('records invitations sent, resent, revoked and accepted', async () => {
      const email = `${unique('invitee')}@example.com`.toLowerCase();
      const sent = await admin.api.call(staff.inviteStaff, { body: { email, role: 'author' } });
      expect(sent.status, sent.text).toBe(200);
      const id = sent.data.invite._id;
      expect(await one('invite.sent', id)).toMatchObject({ actor: { _id: admin.id }, detail: { role: 'author' } });
      const resent = await admin.api.call(staff.resendInvite, { params: { id } });
      expect(await one('invite.resent', id)).toMatchObject({ target: { label: email } });
      expect((await admin.api.call(staff.revokeInvite, { params: { id } })).status).toBe(200);
      expect(await one('invite.revoked', id)).toMatchObject({ actor: { _id: admin.id } });
      expect(resent.status).toBe(200);

      const second = await admin.api.call(staff.inviteStaff, { body: { email, role: 'editor' } });
      const token = second.data.link.split('/').pop()!;
      const accepted = await api(t).call(staff.acceptInvite, {
        params: { token },
        body: { name: 'New Person', password: 'new-person-secret' },
      });
      expect(accepted.status, accepted.text).toBe(200);
      const entry = await one('invite.accepted', second.data.invite._id);
      expect(entry.actor).toMatchObject({ _id: accepted.data.user._id, name: 'New Person' });
      expect((await ofAction('sign-in')).filter((i) => i.actor?._id === accepted.data.user._id)[0]?.detail).toEqual({
        method: 'invite',
      });
    });

    it('records role and switch changes (names only), suspensions, reactivations and deletions', async () => {
      const member = await createMember(t, 'author', 'changing');
      const update = (body: Record<string, unknown>) =>
        admin.api.call(staff.updateStaff, { params: { id: member.id }, body: body as never });
      expect((await update({ role: 'editor' })).status).toBe(200);
      expect(await one('role.changed', member.id)).toMatchObject({ detail: { from: 'author', to: 'editor' } });
      expect((await update({ mayNewsletter: true })).status).toBe(200);
      expect(await one('switches.changed', member.id)).toMatchObject({ detail: { changed: 'newsletter' } });
      // The same values again change nothing and add nothing.
      await update({ role: 'editor', mayNewsletter: true });
      await one('role.changed', member.id);
      await one('switches.changed', member.id);

      await admin.api.call(staff.suspendStaff, { params: { id: member.id } });
      expect(await one('person.suspended', member.id)).toMatchObject({ actor: { _id: admin.id } });
      await admin.api.call(staff.reactivateStaff, { params: { id: member.id } });
      await one('person.reactivated', member.id);
      const removed = await admin.api.call(staff.deleteStaff, {
        params: { id: member.id },
        body: { reassignTo: admin.id },
      });
      expect(removed.status, removed.text).toBe(200);
      const deleted = await one('person.deleted', member.id);
      expect(deleted.target?.label).toContain(member.email);
      // The rows outlive the account: its sign-in still names it.
      expect((await entries({ person: member.id })).some((i) => i.action === 'sign-in')).toBe(true);
    });

    it('records a hand-over of ownership', async () => {
      const heir = await createMember(t, 'administrator', 'heir');
      expect((await owner.api.call(staff.transferOwnership, { body: { to: heir.id } })).status).toBe(200);
      expect(await one('ownership.transferred', heir.id)).toMatchObject({ actor: { _id: owner.id } });
      // Back, so the rest of the suite has its Owner (the heir's own token reads the log as Owner now).
      const back = await heir.api.call(staff.transferOwnership, { body: { to: owner.id } });
      expect(back.status, back.text).toBe(200);
      expect((await ofAction('ownership.transferred', owner.id))[0]?.actor?._id).toBe(heir.id);
    });
  });

  describe('content', () => {
    const postBody = (title: string, status: 'published' | 'draft' | 'scheduled', publishAt?: string) => ({
      title,
      excerpt: 'An excerpt',
      content: '<p>Text</p>',
      blogCategory: null,
      status,
      ...(publishAt ? { publishAt } : {}),
    });

    it('records publish, newsletter, back to draft, schedule, delete, restore and purge of a post', async () => {
      const title = unique('Logged');
      const created = await admin.api.call(blog.createPost, { body: postBody(title, 'published') });
      expect(created.status, created.text).toBe(200);
      const id = created.data._id;
      expect(await one('post.published', id)).toMatchObject({ actor: { _id: admin.id }, target: { label: title } });
      await one('newsletter.sent', id);

      const edit = (body: ReturnType<typeof postBody>) =>
        admin.api.call(blog.updatePost, { params: { id }, body: body as never });
      expect((await edit(postBody(title, 'draft'))).status).toBe(200);
      expect(await one('post.unpublished', id)).toMatchObject({ detail: { status: 'draft' } });
      const later = new Date(Date.now() + 86_400_000).toISOString();
      expect((await edit(postBody(title, 'scheduled', later))).status).toBe(200);
      expect(await one('post.scheduled', id)).toMatchObject({ detail: { publishAt: later } });

      expect((await admin.api.call(blog.deletePost, { params: { id } })).status).toBe(200);
      await one('post.deleted', id);
      expect((await admin.api.call(blog.restorePost, { params: { id } })).status).toBe(200);
      expect(await one('post.restored', id)).toMatchObject({ actor: { _id: admin.id } });
      await admin.api.call(blog.deletePost, { params: { id } });
      await t.services.db
        .updateTable('blog_posts')
        .set({ deleted_at: '2020-01-01T00:00:00.000Z' })
        .where('id', '=', id)
        .execute();
      await t.services.blog.purgeTrash();
      expect(await one('post.purged', id)).toMatchObject({ actor: { _id: null, name: 'System' } });
    });

    it('records a landing section change with the names of its fields, and settings by name', async () => {
      const { banner } = (await api(t).call(content.getContent)).data as SiteContent;
      const { _id, ...current } = banner;
      const saved = await admin.api.callRaw(content.sectionUpdates.banner, {
        body: { ...current, id: _id, title: unique('Banner') },
      });
      expect(saved.status, saved.text).toBe(200);
      expect(await one('section.changed', 'banner')).toMatchObject({
        target: { type: 'section', label: 'Banner' },
        detail: { fields: 'title' },
      });

      const settings = await admin.api.call(newsletter.saveSettings, { body: { newsletterBody: 'full' } });
      expect(settings.status).toBe(200);
      await admin.api.call(newsletter.saveSettings, { body: { newsletterBody: 'full' } });
      const [changed, ...more] = await ofAction('settings.changed');
      expect(more).toHaveLength(0);
      expect(changed!.detail).toEqual({ changed: 'newsletterBody' });
    });

    it('records an export of the subscribers', async () => {
      const res = await admin.api.call(subscribers.exportSubscribers);
      expect(res.status).toBe(200);
      expect((await ofAction('subscribers.exported')).filter((i) => i.actor?._id === admin.id)).toHaveLength(1);
    });
  });

  describe('the same transaction', () => {
    /** A trigger that makes `statement` on `table` fail, for the length of `work`. */
    async function failing(table: string, event: 'INSERT' | 'UPDATE', work: () => Promise<void>) {
      const { db } = t.services;
      if (kind === 'postgres') {
        await sql`CREATE FUNCTION test_fail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'forced'; END $$`.execute(
          db,
        );
        await sql
          .raw(`CREATE TRIGGER test_fail BEFORE ${event} ON ${table} FOR EACH ROW EXECUTE FUNCTION test_fail()`)
          .execute(db);
      } else {
        await sql
          .raw(`CREATE TRIGGER test_fail BEFORE ${event} ON ${table} BEGIN SELECT RAISE(ABORT, 'forced'); END`)
          .execute(db);
      }
      try {
        await work();
      } finally {
        if (kind === 'postgres') await sql`DROP FUNCTION test_fail() CASCADE`.execute(db);
        else await sql`DROP TRIGGER test_fail`.execute(db);
      }
    }

    it('a change that rolls back after its entry was written leaves no entry', async () => {
      const title = unique('Rolled');
      // Publishing writes the post, its entry, then bumps the content version: that last step fails.
      await failing('site_meta', 'UPDATE', async () => {
        const res = await admin.api.call(blog.createPost, { body: postBody(title, 'published') });
        expect(res.status).toBe(500);
      });
      expect((await ofAction('post.published')).filter((i) => i.target?.label === title)).toHaveLength(0);
      const posts = await t.services.db.selectFrom('blog_posts').select('id').where('title', '=', title).execute();
      expect(posts).toHaveLength(0);
    });

    it('an entry that cannot be written undoes its change', async () => {
      const member = await createMember(t, 'author', 'unlogged');
      await failing('activity_log', 'INSERT', async () => {
        expect((await admin.api.call(staff.suspendStaff, { params: { id: member.id } })).status).toBe(500);
      });
      const row = await t.services.db
        .selectFrom('users')
        .select('status')
        .where('id', '=', member.id)
        .executeTakeFirst();
      expect(row?.status).toBe('active');
      expect(await ofAction('person.suspended', member.id)).toHaveLength(0);
    });

    const postBody = (title: string, status: 'published') => ({
      title,
      excerpt: 'An excerpt',
      content: '<p>Text</p>',
      blogCategory: null,
      status,
    });
  });

  describe('append-only', () => {
    it('has no endpoint that changes or deletes an entry', async () => {
      const logEndpoints = ALL_ENDPOINTS.filter((e) => e.path.startsWith('/admin/activity'));
      expect(logEndpoints.map((e) => e.method)).toEqual(['GET', 'GET']);
      const [entry] = await entries();
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        for (const url of ['/api/admin/activity', `/api/admin/activity/${entry!._id}`]) {
          const res = await t.app.inject({
            method,
            url,
            headers: { authorization: `Bearer ${owner.token}` },
            payload: {},
          });
          expect(res.statusCode, `${method} ${url}`).toBe(404);
        }
      }
      expect((await entries()).find((i) => i._id === entry!._id)).toEqual(entry);
    });

    it('refuses an UPDATE of an entry in the database itself (only a folded count may grow)', async () => {
      const { db } = t.services;
      await expect(sql`UPDATE activity_log SET actor_name = 'Someone else'`.execute(db)).rejects.toThrow(/append-only/);
      await expect(sql`UPDATE activity_log SET action = 'sign-in'`.execute(db)).rejects.toThrow(/append-only/);
      await expect(sql`UPDATE activity_log SET count = 0`.execute(db)).rejects.toThrow(/append-only/);
    });
  });

  describe('reading', () => {
    it('filters by person, action and time, and pages by cursor without gaps or repeats', async () => {
      const all = await entries();
      const byPerson = await entries({ person: admin.id });
      expect(byPerson.length).toBeGreaterThan(3);
      expect(byPerson.every((i) => i.actor?._id === admin.id || i.target?._id === admin.id)).toBe(true);
      const signIns = await entries({ action: 'sign-in' });
      expect(signIns.every((i) => i.action === 'sign-in')).toBe(true);
      expect(signIns.length).toBe(all.filter((i) => i.action === 'sign-in').length);

      const middle = all[Math.floor(all.length / 2)]!.at;
      const newer = await entries({ from: middle });
      const older = await entries({ to: middle });
      expect(newer.length + older.length).toBe(all.length);
      expect(newer.every((i) => i.at >= middle) && older.every((i) => i.at < middle)).toBe(true);
      // Offsets other than Z are the same instant.
      const plusTwo = new Date(Date.parse(middle)).toISOString().replace('Z', '+00:00');
      expect((await entries({ from: plusTwo })).length).toBe(newer.length);

      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const res = await owner.api.call(activityApi.listActivity, { query: { limit: 7, cursor } });
        expect(res.data.length).toBeLessThanOrEqual(7);
        seen.push(...res.data.map((i) => i._id));
        cursor = res.body.meta?.next ?? undefined;
      } while (cursor);
      expect(seen).toEqual(all.map((i) => i._id));
    });

    it('answers a clear 400 to a bad filter or cursor', async () => {
      const bad = async (query: Record<string, string>, message: string) => {
        const res = await owner.api.callRaw(activityApi.listActivity, { query });
        expect(res.status, res.text).toBe(400);
        expect(res.body.message).toBe(message);
      };
      await bad({ from: 'yesterday' }, ACTIVITY_MESSAGES.badDate);
      await bad({ action: 'post.edited' }, ACTIVITY_MESSAGES.badAction);
      await bad({ from: '2026-11-30T00:00:00Z', to: '2026-11-29T00:00:00Z' }, ACTIVITY_MESSAGES.badRange);
      const cursor = await owner.api.callRaw(activityApi.listActivity, { query: { cursor: 'bm90LWEtY3Vyc29y' } });
      expect(cursor.status).toBe(400);
    });

    it('exports the filtered log as CSV, defused against spreadsheet formulas, and logs the export', async () => {
      const title = `=HYPERLINK("http://evil.example","${unique('x')}")`;
      await admin.api.call(blog.createPost, {
        body: { title, excerpt: 'An excerpt', content: '<p>Text</p>', blogCategory: null },
      });
      const res = await admin.api.call(activityApi.exportActivity, { query: { action: 'post.published' } });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      const lines = res.text.trim().split('\r\n');
      expect(lines[0]).toBe('time,last_time,count,action,who,target_type,target,details,from');
      expect(lines.length - 1).toBe((await ofAction('post.published')).length);
      expect(lines.every((line, i) => i === 0 || line.includes('Post published'))).toBe(true);
      const evil = lines.find((line) => line.includes('HYPERLINK'))!;
      expect(evil).toContain(`"'=HYPERLINK(""http://evil.example""`);
      expect((await ofAction('activity.exported'))[0]).toMatchObject({
        actor: { _id: admin.id },
        detail: { action: 'post.published' },
      });
    });

    it.each(ROLES)('is open to the Owner and Administrators only (%s)', async (role) => {
      const member = role === 'owner' ? owner : await createMember(t, role);
      const allowed = role === 'owner' || role === 'administrator';
      const list = await member.api.call(activityApi.listActivity);
      const csv = await member.api.call(activityApi.exportActivity);
      expect([list.status, csv.status]).toEqual(allowed ? [200, 200] : [403, 403]);
    });
  });

  describe('retention', () => {
    it('prunes only entries older than the retention (365 days unless configured)', async () => {
      const { activity, db } = t.services;
      expect(activity.retentionDays).toBe(365);
      const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000);
      for (const daysAgo of [400, 366, 364]) {
        vi.useFakeTimers({ toFake: ['Date'], now: at(daysAgo) });
        try {
          await activity.record(db, { action: 'settings.changed', detail: { daysAgo } });
        } finally {
          vi.useRealTimers();
        }
      }
      const before = await entries();
      expect(await activity.prune()).toBe(2);
      const after = await entries();
      expect(after.length).toBe(before.length - 2);
      expect(after.filter((i) => i.detail.daysAgo !== undefined).map((i) => i.detail.daysAgo)).toEqual([364]);
    });

    it('takes ACTIVITY_RETENTION_DAYS from the environment, within 30 to 3650 days', () => {
      expect(loadConfig({ ACTIVITY_RETENTION_DAYS: '90' }).activityRetentionDays).toBe(90);
      expect(() => loadConfig({ ACTIVITY_RETENTION_DAYS: '7' })).toThrow(/ACTIVITY_RETENTION_DAYS/);
    });
  });
});
