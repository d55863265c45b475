import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as content from '#shared/api/content.ts';
import * as presence from '#shared/api/presence.ts';
import * as revisions from '#shared/api/revisions.ts';
import { EDIT_CONFLICT_MESSAGES, PRESENCE_MESSAGES, TEAM_MESSAGES } from '#shared/messages.ts';
import { ROLES } from '#shared/roles.ts';
import { boot } from '#server/boot.ts';
import { buildApp } from '#server/app.ts';
import { createPresenceService } from '#server/modules/presence/service.ts';
import { api } from '#tests/helpers/api.ts';
import { NO_RATE_LIMITS } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { createPost, loggedInAdmin, unique } from '#tests/helpers/factories.ts';
import { createMember, type Member } from '#tests/helpers/team.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * Edit conflicts of the landing sections, and who else has an editor open (docs/product.md#edit-conflicts):
 * a section's save names the version it opened and over a newer one answers 409 and changes nothing; every
 * open editor says so, and hears of the others, on any process.
 */
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const tab = () =>
  unique('tab-')
    .replace(/[^A-Za-z0-9-]/g, '')
    .padEnd(8, '0');

describe.each(DATABASE_KINDS)('section conflicts and presence on %s', (kind) => {
  let t: TestApp;
  let owner: Member;
  let second: Awaited<ReturnType<typeof boot>>;
  let other: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    t = await buildTestApp(kind, { app: { rateLimits: NO_RATE_LIMITS } });
    owner = await createMember(t, 'owner');
    // A second process on the same database, with its own connections (presence is shared through it).
    second = await boot(t.config, { log });
    other = await buildApp({ services: second.services, logger: false, rateLimits: NO_RATE_LIMITS });
  });
  afterAll(async () => {
    await other?.close();
    await second?.services.jobs.stop();
    await second?.services.mailWorker.stop();
    await second?.db.destroy();
    await t?.close();
  });

  const opened = async (member: Member = owner) =>
    (await member.api.call(content.getSectionForEdit, { params: { key: 'banner' } })).data;
  const save = (section: Record<string, unknown>, fields: Record<string, unknown>, member: Member = owner) => {
    const { _id, ...rest } = section;
    return member.api.callRaw(content.sectionUpdates.banner, { body: { ...rest, id: _id, ...fields } });
  };

  it('reads a section with its version, as the public content has it', async () => {
    const { section, version } = await opened();
    expect(version).toBeGreaterThanOrEqual(1);
    const publicContent = (await api(t).call(content.getContent)).data;
    expect(section).toEqual(publicContent.banner);
  });

  it('answers 409 to a save over a newer version and keeps the newer one whole', async () => {
    const first = await opened();
    const theirs = unique('Theirs');
    const newer = await save(first.section, { title: theirs, baseVersion: first.version });
    expect(newer.status, newer.text).toBe(200);
    const stale = await save(first.section, {
      title: unique('Mine'),
      subTitle: 'Mine too',
      baseVersion: first.version,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: EDIT_CONFLICT_MESSAGES.sectionConflict });
    const stored = await opened();
    expect(stored.version).toBe(first.version + 1);
    expect(stored.section).toMatchObject({ title: theirs, subTitle: first.section.subTitle });
    // "Keep mine": the same save again, from the version now stored.
    const kept = await save(first.section, { title: unique('Mine'), baseVersion: stored.version });
    expect(kept.status, kept.text).toBe(200);
    expect((await opened()).version).toBe(first.version + 2);
  });

  it('keeps the spec’s save without a version (last write wins), and it still counts', async () => {
    const first = await opened();
    expect((await save(first.section, { title: unique('One') })).status).toBe(200);
    expect((await save(first.section, { title: unique('Two') })).status).toBe(200);
    expect((await opened()).version).toBe(first.version + 2);
    expect((await save(first.section, { baseVersion: first.version + 1 })).status).toBe(409);
  });

  it('of two saves from one version on two processes at once, exactly one is stored', async () => {
    const first = await opened();
    const titles = [unique('Left'), unique('Right')];
    const [left, right] = await Promise.all([
      save(first.section, { title: titles[0], baseVersion: first.version }),
      api(other).callRaw(content.sectionUpdates.banner, {
        token: owner.token,
        body: { ...first.section, _id: undefined, id: first.section._id, title: titles[1], baseVersion: first.version },
      }),
    ]);
    expect([left.status, right.status].sort()).toEqual([200, 409]);
    const winner = left.status === 200 ? titles[0] : titles[1];
    const stored = await opened();
    expect(stored).toMatchObject({ version: first.version + 1, section: { title: winner } });
  });

  it('reads the version just saved on one process from the other at once (no false conflict)', async () => {
    await api(other).call(content.getContent); // the other process's cache holds the content as it is now
    const first = await opened();
    expect((await save(first.section, { title: unique('Fresh'), baseVersion: first.version })).status).toBe(200);
    const there = (await api(other).call(content.getSectionForEdit, { token: owner.token, params: { key: 'banner' } }))
      .data;
    expect(there.version).toBe(first.version + 1);
    const res = await api(other).callRaw(content.sectionUpdates.banner, {
      token: owner.token,
      body: { ...there.section, _id: undefined, id: there.section._id, baseVersion: there.version },
    });
    expect(res.status, res.text).toBe(200);
  });

  it('counts a restore from the history as a save', async () => {
    const first = await opened();
    expect((await save(first.section, { title: unique('Later'), baseVersion: first.version })).status).toBe(200);
    const history = (await owner.api.call(revisions.listRevisions, { params: { docType: 'section', docId: 'banner' } }))
      .data;
    const restored = await owner.api.callRaw(revisions.restoreRevision, { params: { id: history[1]!._id } });
    expect(restored.status, restored.text).toBe(200);
    expect((await opened()).version).toBe(first.version + 2);
  });

  it.each([0, -1, 1.5, 'two', null])('refuses a version of %s with a 400 and its message', async (baseVersion) => {
    const { section } = await opened();
    const res = await save(section, { baseVersion });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: EDIT_CONFLICT_MESSAGES.badVersion });
  });

  it('tells each open editor of the others, on either process, and forgets a tab that left', async () => {
    const editor = await createMember(t, 'editor', 'Edna');
    const subject = 'section:team';
    const [mine, theirs, myOther] = [tab(), tab(), tab()];
    const first = await owner.api.call(presence.beatPresence, { body: { subject, tab: mine } });
    expect(first.data.others).toEqual([]);
    // Another person, through the other process, typing.
    const seen = await api(other).call(presence.beatPresence, {
      token: editor.token,
      body: { subject, tab: theirs, typed: true },
    });
    expect(seen.status, seen.text).toBe(200);
    expect(seen.data.others).toEqual([expect.objectContaining({ self: false, typedAt: null })]);
    // The owner's second tab hears of both: the Editor (with when they typed) and the owner's first tab.
    const both = (await owner.api.call(presence.beatPresence, { body: { subject, tab: myOther } })).data.others;
    expect(both).toHaveLength(2);
    expect(both.find((o) => !o.self)).toMatchObject({ name: 'Edna person', typedAt: expect.any(String) });
    expect(both.find((o) => o.self)).toMatchObject({ typedAt: null });
    // Another subject is not this one.
    const elsewhere = await owner.api.call(presence.beatPresence, { body: { subject: 'section:services', tab: mine } });
    expect(elsewhere.data.others).toEqual([]);
    // The Editor closes the editor: gone at once, on the other process too.
    expect(
      (await api(other).call(presence.leavePresence, { token: editor.token, body: { subject, tab: theirs } })).data,
    ).toEqual({ left: true });
    const after = (await owner.api.call(presence.beatPresence, { body: { subject, tab: mine } })).data.others;
    expect(after.map((o) => o.self)).toEqual([true]);
    // Someone else's tab id is not theirs to end or to take over.
    expect((await editor.api.call(presence.leavePresence, { body: { subject, tab: myOther } })).data).toEqual({
      left: false,
    });
    await editor.api.call(presence.beatPresence, { body: { subject, tab: myOther, typed: true } });
    const still = (await owner.api.call(presence.beatPresence, { body: { subject, tab: mine } })).data.others;
    expect(still).toEqual([expect.objectContaining({ self: true, typedAt: null })]);
  });

  it('drops a tab not heard of for a minute (a closed laptop)', async () => {
    let now = Date.parse('2030-01-01T00:00:00Z');
    const service = createPresenceService({ db: t.services.db, clock: () => now });
    const anna = { id: owner.id, name: 'Anna' };
    const ben = { id: unique('ben'), name: 'Ben' };
    await service.beat(anna, 'post:quiet', 'tab-anna-1', true);
    now += 59_000;
    expect(await service.beat(ben, 'post:quiet', 'tab-ben-01', false)).toEqual([
      { name: 'Anna', self: false, seenAt: '2030-01-01T00:00:00.000Z', typedAt: '2030-01-01T00:00:00.000Z' },
    ]);
    now += 2_000;
    expect(await service.beat(ben, 'post:quiet', 'tab-ben-01', false)).toEqual([]);
  });

  it('refuses a subject or tab that is not one, with its message', async () => {
    for (const body of [
      { subject: 'page:1', tab: tab() },
      { subject: 'post:', tab: tab() },
      { subject: 'section:team', tab: 'short' },
      { subject: 'section:team', tab: 'x'.repeat(65) },
      { subject: 'section:team' },
    ]) {
      const res = await owner.api.callRaw(presence.beatPresence, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect([PRESENCE_MESSAGES.badSubject, PRESENCE_MESSAGES.badTab]).toContain(
        (res.body as { message: string }).message,
      );
    }
  });

  it('tells only those who may open the post or section, whatever their role', async () => {
    const admin = await loggedInAdmin(t);
    const post = await createPost(admin);
    for (const role of ROLES) {
      const member = await createMember(t, role);
      const onSection = await member.api.callRaw(presence.beatPresence, {
        body: { subject: 'section:team', tab: tab() },
      });
      const onPost = await member.api.callRaw(presence.beatPresence, {
        body: { subject: `post:${post._id}`, tab: tab() },
      });
      const readSection = await member.api.callRaw(content.getSectionForEdit, { params: { key: 'team' } });
      const editsEverything = ['owner', 'administrator', 'editor'].includes(role);
      expect(onSection.status, role).toBe(editsEverything ? 200 : 403);
      expect(readSection.status, role).toBe(editsEverything ? 200 : 403);
      if (!editsEverything) expect(onSection.body).toEqual({ message: TEAM_MESSAGES.forbidden });
      // Someone else's post: as unknown to an Author or Contributor as opening it would be.
      expect(onPost.status, role).toBe(editsEverything ? 200 : 404);
    }
    for (const subject of ['post:nope', 'section:nope']) {
      const unknown = await owner.api.callRaw(presence.beatPresence, { body: { subject, tab: tab() } });
      expect(unknown.status, subject).toBe(404);
    }
    const noSession = await api(t).callRaw(presence.beatPresence, { body: { subject: 'section:team', tab: tab() } });
    expect(noSession.status).toBe(401);
  });

  it('answers 400 for a section that does not exist', async () => {
    const res = await owner.api.callRaw(content.getSectionForEdit, { params: { key: 'nope' as 'banner' } });
    expect(res.status).toBe(400);
  });
});
