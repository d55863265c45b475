import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as profile from '#shared/api/profile.ts';
import { PROFILE_MESSAGES, TEAM_MESSAGES } from '#shared/messages.ts';
import { api } from '#tests/helpers/api.ts';
import { ADMIN, createUser, loginToken, NO_RATE_LIMITS, resetAccounts } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { buildTestApp, deliveredMail, type TestApp } from '#tests/helpers/test-app.ts';

/** Profiles and e-mail changes (docs/product.md#profiles-and-author-pages). */
describe.each(DATABASE_KINDS)('profiles on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp(kind, { app: { rateLimits: NO_RATE_LIMITS } });
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await resetAccounts(t);
    await t.services.db.deleteFrom('author_redirects').execute();
    await t.services.db.deleteFrom('email_changes').execute();
    token = await loginToken(t);
    // Every test starts from the Owner's profile as the seed made it.
    await api(t, { token }).call(profile.saveProfile, {
      body: { name: 'Administrator', segment: 'administrator', bio: '', avatar: '', website: '' },
    });
    await t.services.db.deleteFrom('author_redirects').execute();
  });

  const body = (fields: Partial<{ name: string; segment: string; bio: string; avatar: string; website: string }>) => ({
    name: 'Ana Owner',
    segment: 'ana',
    bio: 'Writes about things.',
    avatar: '',
    website: 'https://ana.example',
    ...fields,
  });

  it('gives each account a segment made from its name, never its e-mail, unique', async () => {
    const me = await api(t, { token }).call(profile.getProfile);
    expect(me.status).toBe(200);
    expect(me.data).toEqual({
      _id: expect.any(String),
      name: 'Administrator',
      email: ADMIN.email,
      pendingEmail: null,
      segment: 'administrator',
      bio: '',
      avatar: '',
      website: '',
    });
    await createUser(t, 'jose@example.com', 'secret-1', 'José Müller', 'author');
    await createUser(t, 'jose2@example.com', 'secret-2', 'José  Müller!', 'author');
    await createUser(t, 'nameless@example.com', 'secret-3', '***', 'contributor');
    const other = await api(t).call(profile.getProfile, {
      token: await loginToken(t, 'jose2@example.com', 'secret-2'),
    });
    expect(other.data.segment).toBe('jose-muller-2');
    const nameless = await api(t).call(profile.getProfile, {
      token: await loginToken(t, 'nameless@example.com', 'secret-3'),
    });
    expect(nameless.data.segment).toBe('author');
  });

  it('saves the profile, lower-cases the segment and moves the content version', async () => {
    const before = await t.services.siteMeta.contentVersion.current();
    const res = await api(t, { token }).call(profile.saveProfile, { body: body({ segment: ' Ana-Owner ' }) });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      name: 'Ana Owner',
      segment: 'ana-owner',
      bio: 'Writes about things.',
      website: 'https://ana.example',
    });
    expect(await t.services.siteMeta.contentVersion.current()).toBeGreaterThan(before);
    expect((await api(t, { token }).call(profile.getProfile)).data.segment).toBe('ana-owner');
  });

  it('refuses invalid fields with their message and field', async () => {
    const cases: Array<[Parameters<typeof body>[0], string, string]> = [
      [{ segment: 'two words' }, 'segment', PROFILE_MESSAGES.segmentInvalid],
      [{ segment: 'a--b' }, 'segment', PROFILE_MESSAGES.segmentInvalid],
      [{ segment: '' }, 'segment', PROFILE_MESSAGES.segmentRequired],
      [{ segment: 'a'.repeat(61) }, 'segment', PROFILE_MESSAGES.segmentTooLong],
      [{ name: '  ' }, 'name', TEAM_MESSAGES.nameRequired],
      [{ bio: 'x'.repeat(501) }, 'bio', PROFILE_MESSAGES.bioTooLong],
      [{ website: 'javascript:alert(1)' }, 'website', PROFILE_MESSAGES.websiteInvalid],
      [{ avatar: 'javascript:alert(1)' }, 'avatar', PROFILE_MESSAGES.avatarInvalid],
    ];
    for (const [fields, field, message] of cases) {
      const res = await api(t, { token }).call(profile.saveProfile, { body: body(fields) });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body).toEqual({ message, field });
    }
  });

  it("answers 409 for someone else's segment; an old segment is free to take and stops redirecting", async () => {
    await createUser(t, 'ed@example.com', 'secret-1', 'Ed Itor', 'editor');
    const taken = await api(t, { token }).call(profile.saveProfile, { body: body({ segment: 'ed-itor' }) });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ message: PROFILE_MESSAGES.segmentTaken, field: 'segment' });

    // The Owner renames twice: both old segments lead to the person.
    await api(t, { token }).call(profile.saveProfile, { body: body({ segment: 'ana' }) });
    await api(t, { token }).call(profile.saveProfile, { body: body({ segment: 'ana-owner' }) });
    expect(await t.services.profiles.authorBySegment('administrator')).toEqual({ movedTo: 'ana-owner' });
    expect(await t.services.profiles.authorBySegment('ana')).toEqual({ movedTo: 'ana-owner' });
    // Someone else takes an old one: it is theirs now.
    const edToken = await loginToken(t, 'ed@example.com', 'secret-1');
    const took = await api(t, { token: edToken }).call(profile.saveProfile, {
      body: body({ name: 'Ed Itor', segment: 'ana' }),
    });
    expect(took.status).toBe(200);
    expect(await t.services.profiles.authorBySegment('ana')).toMatchObject({ author: { name: 'Ed Itor' } });
    expect(await t.services.profiles.authorBySegment('ed-itor')).toEqual({ movedTo: 'ana' });
  });

  it('lets every role edit its own profile, and no one without a session', async () => {
    await createUser(t, 'c@example.com', 'secret-1', 'Con Tributor', 'contributor');
    const contributor = await loginToken(t, 'c@example.com', 'secret-1');
    const res = await api(t, { token: contributor }).call(profile.saveProfile, {
      body: body({ name: 'Con', segment: 'con' }),
    });
    expect(res.status).toBe(200);
    expect(res.data.email).toBe('c@example.com');
    expect((await api(t).call(profile.getProfile)).status).toBe(401);
  });

  /** The secret of the newest e-mail-change link sent to `to`. */
  async function linkSentTo(to: string): Promise<string> {
    await t.services.mailWorker.flush();
    // Quoted-printable bodies wrap long lines with a trailing `=`.
    const mails = (await deliveredMail(t.dataDir))
      .filter((m) => m.includes(`To: ${to}`))
      .map((m) => m.replace(/=\r?\n/g, ''));
    const link = /\/admin\/confirm-email\/([A-Za-z0-9_-]+)/.exec(mails.at(-1) ?? '');
    if (!link) throw new Error(`no e-mail change link sent to ${to}`);
    return link[1]!;
  }

  it('changes the e-mail address only when the link sent to the new address is followed, once', async () => {
    const res = await api(t, { token }).call(profile.requestEmailChange, { body: { email: 'New@Example.com' } });
    expect(res.status).toBe(200);
    expect(res.data.message).toBe(PROFILE_MESSAGES.emailSent('new@example.com'));
    expect((await api(t, { token }).call(profile.getProfile)).data).toMatchObject({
      email: ADMIN.email,
      pendingEmail: 'new@example.com',
    });
    const secret = await linkSentTo('new@example.com');
    const confirmed = await api(t).call(profile.confirmEmailChange, { params: { token: secret } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.data.message).toBe(PROFILE_MESSAGES.emailChanged('new@example.com'));
    expect((await api(t, { token }).call(profile.getProfile)).data).toMatchObject({
      email: 'new@example.com',
      pendingEmail: null,
    });
    expect(await loginToken(t, 'new@example.com', ADMIN.password)).toEqual(expect.any(String));

    const again = await api(t).call(profile.confirmEmailChange, { params: { token: secret } });
    expect(again.status).toBe(410);
    expect(again.body.message).toBe(PROFILE_MESSAGES.emailLinkUsed);
    const unknown = await api(t).call(profile.confirmEmailChange, { params: { token: 'not-a-link' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(PROFILE_MESSAGES.emailLinkNotFound);
    // Back to the seeded address for the other tests.
    await t.services.db
      .updateTable('users')
      .set({ email: ADMIN.email })
      .where('email', '=', 'new@example.com')
      .execute();
  });

  it('answers 410 for an expired link, and a newer link replaces an older one', async () => {
    await api(t, { token }).call(profile.requestEmailChange, { body: { email: 'first@example.com' } });
    const first = await linkSentTo('first@example.com');
    await api(t, { token }).call(profile.requestEmailChange, { body: { email: 'second@example.com' } });
    const second = await linkSentTo('second@example.com');
    expect((await api(t).call(profile.confirmEmailChange, { params: { token: first } })).status).toBe(404);
    await t.services.db
      .updateTable('email_changes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const expired = await api(t).call(profile.confirmEmailChange, { params: { token: second } });
    expect(expired.status).toBe(410);
    expect(expired.body.message).toBe(PROFILE_MESSAGES.emailLinkExpired);
    expect((await api(t, { token }).call(profile.getProfile)).data.email).toBe(ADMIN.email);
  });

  it("refuses someone else's address (409) and one's own (400)", async () => {
    await createUser(t, 'taken@example.com', 'secret-1', 'Taken', 'author');
    const taken = await api(t, { token }).call(profile.requestEmailChange, { body: { email: 'taken@example.com' } });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(TEAM_MESSAGES.alreadyOnStaff);
    const same = await api(t, { token }).call(profile.requestEmailChange, { body: { email: ADMIN.email } });
    expect(same.status).toBe(400);
    expect(same.body.message).toBe(PROFILE_MESSAGES.emailSame);
    // Someone takes the address while a link to it is out: following it then changes nothing.
    await api(t, { token }).call(profile.requestEmailChange, { body: { email: 'late@example.com' } });
    const secret = await linkSentTo('late@example.com');
    await createUser(t, 'late@example.com', 'secret-1', 'Late', 'author');
    expect((await api(t).call(profile.confirmEmailChange, { params: { token: secret } })).status).toBe(409);
  });
});
