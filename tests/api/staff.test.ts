import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as contact from '#shared/api/contact.ts';
import * as staff from '#shared/api/staff.ts';
import { TEAM_MESSAGES } from '#shared/messages.ts';
import { makeOwner } from '#server/modules/auth/user-repository.ts';
import { api } from '#tests/helpers/api.ts';
import { login, NO_RATE_LIMITS } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { unique } from '#tests/helpers/factories.ts';
import {
  authorLines,
  countRole,
  createMember,
  databaseState,
  insertPosts,
  MEMBER_PASSWORD,
  postsWithoutAuthor,
  type Member,
} from '#tests/helpers/team.ts';
import { buildTestApp, deliveredMail, type TestApp } from '#tests/helpers/test-app.ts';

/** Invitations and the staff (docs/product.md#team-and-roles). */
describe.each(DATABASE_KINDS)('staff on %s', (kind) => {
  let t: TestApp;
  let owner: Member;
  let admin: Member;
  beforeAll(async () => {
    t = await buildTestApp(kind, { app: { rateLimits: NO_RATE_LIMITS } });
    owner = await createMember(t, 'owner');
    admin = await createMember(t, 'administrator');
  });
  afterAll(() => t.close());

  const newAddress = (label = 'invitee') => `${unique(label)}@example.com`.toLowerCase();
  const tokenOf = (link: string) => link.split('/').pop()!;

  async function invite(by: Member, role: 'administrator' | 'editor' | 'author' | 'contributor', email = newAddress()) {
    const res = await by.api.call(staff.inviteStaff, { body: { email, role } });
    expect(res.status, res.text).toBe(200);
    return { email, ...res.data, token: tokenOf(res.data.link) };
  }
  const details = (token: string) => api(t).call(staff.getInvite, { params: { token } });
  const accept = (token: string, name = 'New Person') =>
    api(t).call(staff.acceptInvite, { params: { token }, body: { name, password: MEMBER_PASSWORD } });
  const usersWith = async (email: string) =>
    (await t.services.db.selectFrom('users').select('id').where('email', '=', email).execute()).length;
  const statusOf = async (id: string) =>
    (await t.services.db.selectFrom('users').select('status').where('id', '=', id).executeTakeFirst())?.status;

  describe('invitations', () => {
    it('an Owner invites an Editor: the link comes back (no SMTP) and the e-mail with it is queued and written', async () => {
      const email = newAddress('editor');
      const res = await owner.api.call(staff.inviteStaff, { body: { email, role: 'editor' } });
      expect(res.status, res.text).toBe(200);
      const { link, delivery, message, invite: row } = res.data;
      // The test app has no SMTP_URL: nothing really leaves, so the screen shows the link to copy.
      expect(t.config.smtpUrl).toBeUndefined();
      expect(delivery).toBe('link');
      expect(message).toBe(TEAM_MESSAGES.inviteLinkOnly);
      expect(link).toMatch(new RegExp(`^${t.config.publicUrl}/admin/invite/[^/]+$`));
      expect(row).toMatchObject({ email, role: 'editor', expired: false });
      const token = tokenOf(link);

      // Queued in the outbox in the same transaction, with the link in it …
      const queued = await t.services.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('to_address', '=', email)
        .execute();
      expect(queued).toHaveLength(1);
      expect(queued[0]!.kind).toBe('staff-invite');
      expect(queued[0]!.text_body).toContain(link);
      // … and written as a file by the mail worker (the test app's file transport).
      await t.services.mailWorker.flush();
      const mails = (await deliveredMail(t.dataDir)).map((m) => m.replace(/=\r?\n/g, ''));
      expect(mails.filter((m) => m.includes(email) && m.includes(token))).toHaveLength(1);

      // The list shows the open invitation.
      const list = await owner.api.call(staff.listStaff);
      expect(list.data.invites.map((i) => i._id)).toContain(row._id);
    });

    it('the link gives an account of the invited role that is signed in at once', async () => {
      const { email, token } = await invite(owner, 'editor');
      const shown = await details(token);
      expect(shown.status).toBe(200);
      expect(shown.data).toEqual({ email, role: 'editor', siteName: t.config.siteName });

      const accepted = await accept(token, 'Eddie Editor');
      expect(accepted.status, accepted.text).toBe(200);
      expect(accepted.data.user).toMatchObject({ email, name: 'Eddie Editor' });
      const account = await api(t).call(staff.getAccount, { token: accepted.data.token });
      expect(account.status).toBe(200);
      expect(account.data).toMatchObject({ email, role: 'editor', name: 'Eddie Editor' });
      // An Editor reads the messages; the password chosen works for logging in.
      expect((await api(t).call(contact.listMessages, { token: accepted.data.token })).status).toBe(200);
      expect((await login(t, email, MEMBER_PASSWORD)).status).toBe(200);
      // The link is used now.
      const again = await details(token);
      expect(again.status).toBe(410);
      expect(again.body).toEqual({ message: TEAM_MESSAGES.inviteUsed });
      expect((await accept(token)).status).toBe(410);
      expect(await usersWith(email)).toBe(1);
    });

    it('refuses to invite an address someone on the staff already has (409)', async () => {
      const res = await owner.api.call(staff.inviteStaff, {
        body: { email: admin.email.toUpperCase(), role: 'author' },
      });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: TEAM_MESSAGES.alreadyOnStaff });
    });

    it('an expired link answers 410, on reading and on accepting, and makes no account', async () => {
      const { email, token, invite: row } = await invite(owner, 'author');
      await t.services.db
        .updateTable('staff_invites')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', row._id)
        .execute();
      for (const res of [await details(token), await accept(token)]) {
        expect(res.status).toBe(410);
        expect(res.body).toEqual({ message: TEAM_MESSAGES.inviteExpired });
      }
      expect(await usersWith(email)).toBe(0);
    });

    it('a withdrawn link answers 410, and the invitation leaves the list', async () => {
      const { email, token, invite: row } = await invite(owner, 'author');
      const revoked = await owner.api.call(staff.revokeInvite, { params: { id: row._id } });
      expect(revoked.status).toBe(200);
      expect(revoked.data).toEqual({ message: TEAM_MESSAGES.inviteRevokedDone });
      for (const res of [await details(token), await accept(token)]) {
        expect(res.status).toBe(410);
        expect(res.body).toEqual({ message: TEAM_MESSAGES.inviteRevoked });
      }
      expect(await usersWith(email)).toBe(0);
      const list = await owner.api.call(staff.listStaff);
      expect(list.data.invites.map((i) => i._id)).not.toContain(row._id);
    });

    it('an unknown link answers 404', async () => {
      for (const res of [await details('no-such-invitation-token'), await accept('no-such-invitation-token')]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ message: TEAM_MESSAGES.inviteNotFound });
      }
    });

    it('two acceptances of one link at the same moment make exactly one account', async () => {
      const { email, token } = await invite(owner, 'author');
      const answers = await Promise.all([accept(token, 'First'), accept(token, 'Second'), accept(token, 'Third')]);
      const statuses = answers.map((res) => res.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      for (const res of answers.filter((r) => r.status !== 200)) {
        expect([409, 410], res.text).toContain(res.status);
      }
      expect(await usersWith(email)).toBe(1);
    });

    it('two people of the same name joining at the same moment both join, at different author addresses', async () => {
      const invites = await Promise.all([invite(owner, 'author'), invite(owner, 'author'), invite(owner, 'author')]);
      const answers = await Promise.all(invites.map(({ token }) => accept(token, 'Sam Same')));
      for (const res of answers) expect(res.status, res.text).toBe(200);
      const rows = await t.services.db
        .selectFrom('users')
        .select('segment')
        .where(
          'email',
          'in',
          invites.map((i) => i.email),
        )
        .execute();
      expect(new Set(rows.map((r) => r.segment)).size).toBe(3);
    });

    it('an Editor invites Authors and Contributors, not Editors or Administrators', async () => {
      const editor = await createMember(t, 'editor');
      await invite(editor, 'author');
      await invite(editor, 'contributor');
      for (const [role, label] of [
        ['editor', 'Editor'],
        ['administrator', 'Administrator'],
      ] as const) {
        const email = newAddress();
        const res = await editor.api.call(staff.inviteStaff, { body: { email, role } });
        expect(res.status, role).toBe(403);
        expect(res.body).toEqual({ message: TEAM_MESSAGES.cannotGiveRole(label) });
        const rows = await t.services.db.selectFrom('staff_invites').select('id').where('email', '=', email).execute();
        expect(rows).toHaveLength(0);
      }
      // Nobody invites an Owner: ownership only moves by a transfer.
      const res = await owner.api.call(staff.inviteStaff, { body: { email: newAddress(), role: 'owner' } });
      expect(res.status).toBe(403);
    });

    it('resending gives a new link; the old one stops working and the new one works', async () => {
      const first = await invite(owner, 'contributor');
      const res = await owner.api.call(staff.resendInvite, { params: { id: first.invite._id } });
      expect(res.status, res.text).toBe(200);
      expect(res.data.invite._id).toBe(first.invite._id);
      expect(res.data.link).not.toBe(first.link);
      const old = await details(first.token);
      expect(old.status).toBe(404);
      expect(old.body).toEqual({ message: TEAM_MESSAGES.inviteNotFound });
      expect((await accept(first.token)).status).toBe(404);
      const accepted = await accept(tokenOf(res.data.link));
      expect(accepted.status, accepted.text).toBe(200);
      const account = await api(t).call(staff.getAccount, { token: accepted.data.token });
      expect(account.data.role).toBe('contributor');
    });
  });

  describe('the Owner', () => {
    // The seeded Owner is the Owner again after each test, whatever it handed over.
    afterEach(async () => {
      await t.services.db.transaction().execute((trx) => makeOwner(trx, owner.id));
      expect(await countRole(t, 'owner')).toBe(1);
    });

    it('cannot be changed, suspended or deleted by an Administrator (409), and nothing changes', async () => {
      const before = await databaseState(t);
      const answers = [
        await admin.api.call(staff.updateStaff, { params: { id: owner.id }, body: { role: 'editor' } }),
        await admin.api.call(staff.suspendStaff, { params: { id: owner.id } }),
        await admin.api.call(staff.deleteStaff, { params: { id: owner.id }, body: { reassignTo: admin.id } }),
      ];
      for (const res of answers) {
        expect(res.status, res.text).toBe(409);
        expect(res.body).toEqual({ message: TEAM_MESSAGES.ownerProtected });
      }
      expect(await databaseState(t)).toBe(before);
      expect((await owner.api.call(staff.getAccount)).data.role).toBe('owner');
    });

    it('an Administrator cannot make anyone the Owner', async () => {
      const author = await createMember(t, 'author');
      const res = await admin.api.call(staff.updateStaff, { params: { id: author.id }, body: { role: 'owner' } });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: TEAM_MESSAGES.cannotGiveRole('Owner') });
      expect(await countRole(t, 'owner')).toBe(1);
      expect((await author.api.call(staff.getAccount)).data.role).toBe('author');
    });

    it('hands the site over: one Owner after, the old one an Administrator; an Administrator may not (403)', async () => {
      const refused = await admin.api.call(staff.transferOwnership, { body: { to: admin.id } });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ message: TEAM_MESSAGES.forbidden });

      const heir = await createMember(t, 'editor', 'heir');
      const res = await owner.api.call(staff.transferOwnership, { body: { to: heir.id } });
      expect(res.status, res.text).toBe(200);
      expect(res.data).toEqual({ message: TEAM_MESSAGES.ownershipTransferred('heir person') });
      expect(await countRole(t, 'owner')).toBe(1);
      // Both see their new role on their very next request.
      expect((await heir.api.call(staff.getAccount)).data.role).toBe('owner');
      expect((await owner.api.call(staff.getAccount)).data.role).toBe('administrator');
      const again = await owner.api.call(staff.transferOwnership, { body: { to: admin.id } });
      expect(again.status).toBe(403);
    });

    it('two hand-overs at the same moment leave exactly one Owner', async () => {
      const [a, b] = [await createMember(t, 'administrator'), await createMember(t, 'administrator')];
      const answers = await Promise.all([
        owner.api.call(staff.transferOwnership, { body: { to: a.id } }),
        owner.api.call(staff.transferOwnership, { body: { to: b.id } }),
      ]);
      expect(answers.filter((res) => res.status === 200).length, answers.map((r) => r.text).join()).toBe(1);
      for (const res of answers) expect([200, 403, 409]).toContain(res.status);
      expect(await countRole(t, 'owner')).toBe(1);
      const owners = await t.services.db.selectFrom('users').select('id').where('role', '=', 'owner').execute();
      expect([a.id, b.id]).toContain(owners[0]!.id);
    });

    it('a hand-over and a demotion of the heir at the same moment leave exactly one Owner', async () => {
      const heir = await createMember(t, 'administrator');
      const [transfer, demotion] = await Promise.all([
        owner.api.call(staff.transferOwnership, { body: { to: heir.id } }),
        admin.api.call(staff.updateStaff, { params: { id: heir.id }, body: { role: 'editor' } }),
      ]);
      expect(transfer.status, transfer.text).toBe(200);
      // Either the demotion came first (and then the heir was made Owner) or it met the Owner (409).
      expect([200, 409], demotion.text).toContain(demotion.status);
      expect(await countRole(t, 'owner')).toBe(1);
      const heirRole = (await heir.api.call(staff.getAccount)).data.role;
      expect(heirRole).toBe('owner');
    });

    it('a hand-over and a demotion of the Owner at the same moment leave exactly one Owner', async () => {
      const heir = await createMember(t, 'administrator');
      const [transfer, demotion] = await Promise.all([
        owner.api.call(staff.transferOwnership, { body: { to: heir.id } }),
        admin.api.call(staff.updateStaff, { params: { id: owner.id }, body: { role: 'editor' } }),
      ]);
      expect(transfer.status, transfer.text).toBe(200);
      expect([200, 409], demotion.text).toContain(demotion.status);
      expect(await countRole(t, 'owner')).toBe(1);
    });
  });

  describe('suspension', () => {
    it('ends the session at once, refuses login with 403, and reactivating lets them in again', async () => {
      const author = await createMember(t, 'author');
      expect((await author.api.call(staff.getAccount)).status).toBe(200);

      const res = await admin.api.call(staff.suspendStaff, { params: { id: author.id } });
      expect(res.status, res.text).toBe(200);
      expect(res.data).toMatchObject({ _id: author.id, status: 'suspended' });
      expect((await author.api.call(staff.getAccount)).status).toBe(401);
      const refused = await login(t, author.email, author.password);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ message: TEAM_MESSAGES.accountSuspended });
      // A wrong password still gets the usual 401: the suspension is told only to who knows the password.
      expect((await login(t, author.email, 'not-the-password')).status).toBe(401);

      const back = await admin.api.call(staff.reactivateStaff, { params: { id: author.id } });
      expect(back.status).toBe(200);
      expect(back.data.status).toBe('active');
      const again = await login(t, author.email, author.password);
      expect(again.status).toBe(200);
      expect((await api(t).call(staff.getAccount, { token: again.data.token })).status).toBe(200);
      // The session that was ended stays ended.
      expect((await author.api.call(staff.getAccount)).status).toBe(401);
    });

    it('nobody suspends or deletes themselves', async () => {
      const other = await createMember(t, 'administrator');
      const suspend = await other.api.call(staff.suspendStaff, { params: { id: other.id } });
      expect(suspend.status).toBe(409);
      expect(suspend.body).toEqual({ message: TEAM_MESSAGES.notYourself });
      expect(await statusOf(other.id)).toBe('active');
    });
  });

  describe('deleting someone', () => {
    it('hands all of 1,000 posts to the heir in one go, none left without an author', async () => {
      const leaver = await createMember(t, 'author', 'leaver');
      const heir = await createMember(t, 'editor', 'heir');
      const posts = await insertPosts(t, leaver.id, 1000);
      // The heir already co-writes a few of them: those keep one line each.
      await t.services.db
        .insertInto('post_authors')
        .values(posts.slice(0, 5).map((id) => ({ post_id: id, user_id: heir.id, position: 1 })))
        .execute();
      const heirBefore = await authorLines(t, heir.id);
      // (The seed's demo posts are written by no one: they are counted here so the check below is about these.)
      const orphansBefore = await postsWithoutAuthor(t);
      expect(await authorLines(t, leaver.id)).toBe(1000);

      // A heir who is suspended cannot take them: 400, and nothing changed.
      await admin.api.call(staff.suspendStaff, { params: { id: heir.id } });
      const before = await databaseState(t);
      const refused = await admin.api.call(staff.deleteStaff, {
        params: { id: leaver.id },
        body: { reassignTo: heir.id },
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ message: TEAM_MESSAGES.reassignTarget, field: 'reassignTo' });
      expect(await databaseState(t)).toBe(before);
      // Nor can the leaver inherit from themselves.
      const self = await admin.api.call(staff.deleteStaff, {
        params: { id: leaver.id },
        body: { reassignTo: leaver.id },
      });
      expect(self.status).toBe(400);
      expect(await databaseState(t)).toBe(before);
      expect(await authorLines(t, leaver.id)).toBe(1000);

      await admin.api.call(staff.reactivateStaff, { params: { id: heir.id } });
      const res = await admin.api.call(staff.deleteStaff, { params: { id: leaver.id }, body: { reassignTo: heir.id } });
      expect(res.status, res.text).toBe(200);
      expect(res.data).toEqual({ message: TEAM_MESSAGES.deleted('leaver person') });
      expect(await usersWith(leaver.email)).toBe(0);
      expect(await authorLines(t, leaver.id)).toBe(0);
      expect(await authorLines(t, heir.id)).toBe(heirBefore + 1000 - 5);
      expect(await postsWithoutAuthor(t)).toBe(orphansBefore);
      // Each of the 1,000 has exactly one line now, the heir's.
      const lines = await t.services.db
        .selectFrom('post_authors')
        .select(['post_id', 'user_id'])
        .where('post_id', 'in', posts)
        .execute();
      expect(lines).toHaveLength(1000);
      expect(new Set(lines.map((line) => line.post_id)).size).toBe(1000);
      expect(lines.every((line) => line.user_id === heir.id)).toBe(true);
      const heirRow = (await admin.api.call(staff.listStaff)).data.people.find((p) => p._id === heir.id);
      expect(heirRow?.posts).toBeGreaterThanOrEqual(1000);
      // The leaver's session went with the account.
      expect((await leaver.api.call(staff.getAccount)).status).toBe(401);
    });
  });

  it('a role change applies on the next request: an Editor made Contributor gets 403 on the messages', async () => {
    const editor = await createMember(t, 'editor');
    expect((await editor.api.call(contact.listMessages)).status).toBe(200);
    const res = await admin.api.call(staff.updateStaff, { params: { id: editor.id }, body: { role: 'contributor' } });
    expect(res.status, res.text).toBe(200);
    expect(res.data.role).toBe('contributor');
    const refused = await editor.api.call(contact.listMessages);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: TEAM_MESSAGES.forbidden });
    expect((await editor.api.call(staff.getAccount)).data.role).toBe('contributor');
  });
});
