import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as blog from '#shared/api/blog.ts';
import * as newsletter from '#shared/api/newsletter.ts';
import * as revisions from '#shared/api/revisions.ts';
import * as staff from '#shared/api/staff.ts';
import * as uploads from '#shared/api/uploads.ts';
import { SERVER_MESSAGES, TEAM_MESSAGES } from '#shared/messages.ts';
import type { BlogPost } from '#shared/schemas/blog.ts';
import { NO_RATE_LIMITS } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { createCategory, createPost, createSubscriber, createUpload, unique } from '#tests/helpers/factories.ts';
import { createMember, databaseState, uploadIdOf, type Member } from '#tests/helpers/team.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * Authors and Contributors work on their own posts and uploads (server/modules/blog/post-access.ts): someone
 * else's answers 404, as if it did not exist; a Contributor writes drafts only.
 */
describe.each(DATABASE_KINDS)('own posts on %s', (kind) => {
  let t: TestApp;
  let owner: Member;
  let a: Member;
  let b: Member;
  let c: Member;
  let e: Member;
  let postsOfA: BlogPost[];
  let postsOfB: BlogPost[];
  beforeAll(async () => {
    t = await buildTestApp(kind, { app: { rateLimits: NO_RATE_LIMITS } });
    owner = await createMember(t, 'owner');
    a = await createMember(t, 'author', 'authorA');
    b = await createMember(t, 'author', 'authorB');
    c = await createMember(t, 'contributor');
    e = await createMember(t, 'editor');
    postsOfA = [await createPost(a), await createPost(a, { status: 'draft' })];
    postsOfB = [await createPost(b), await createPost(b, { status: 'draft' })];
  });
  afterAll(() => t.close());

  const newDraft = (by: Member) => createPost(by, { status: 'draft' });
  const saveAs = (by: Member, post: BlogPost, changes: Record<string, unknown>) =>
    by.api.callRaw(blog.updatePost, {
      params: { id: post._id },
      body: { title: post.title, excerpt: post.excerpt, content: post.content, blogCategory: null, ...changes },
    });
  /** A post's status, as the Editor (who sees every post) reads it. */
  const statusOf = async (id: string) => (await e.api.call(blog.getAdminPost, { params: { id } })).data.status;
  const campaignsOf = async (postId: string) =>
    (await t.services.db.selectFrom('campaigns').select('id').where('post_id', '=', postId).execute()).length;
  const switches = async (who: Member, body: { mayNewsletter?: boolean; categoryIds?: string[] }) => {
    const res = await owner.api.call(staff.updateStaff, { params: { id: who.id }, body });
    expect(res.status, res.text).toBe(200);
  };

  it("an Author's list has only their posts; an Editor's has everyone's", async () => {
    const listOf = async (who: Member) => {
      const res = await who.api.call(blog.listAdminPosts);
      expect(res.status).toBe(200);
      return res.data.map((post) => post._id);
    };
    const ofA = await listOf(a);
    expect(ofA.sort()).toEqual(postsOfA.map((post) => post._id).sort());
    // Paged, the same.
    const paged = await a.api.call(blog.listAdminPosts, { query: { limit: 50 } });
    expect(paged.data.map((post) => post._id).sort()).toEqual(ofA);
    const ofE = await listOf(e);
    for (const post of [...postsOfA, ...postsOfB]) expect(ofE).toContain(post._id);
  });

  it("an Author asking for another's post by its id gets 404 everywhere, and nothing changes", async () => {
    // With the newsletter switch on, so the newsletter report answers for the post rather than the role.
    await switches(a, { mayNewsletter: true });
    for (const post of postsOfB) {
      const [revision] = (await e.api.call(revisions.listRevisions, { params: { docType: 'post', docId: post._id } }))
        .data;
      const before = await databaseState(t);
      const id = { id: post._id };
      const answers = {
        getAdminPost: await a.api.call(blog.getAdminPost, { params: id }),
        getPost: await a.api.call(blog.getPost, { params: id }),
        updatePost: await saveAs(a, post, { title: 'Taken over', status: await statusOf(post._id) }),
        deletePost: await a.api.call(blog.deletePost, { params: id }),
        previewLink: await a.api.call(blog.previewLink, { params: id }),
        revokePreviewLink: await a.api.call(blog.revokePreviewLink, { params: id }),
        listRevisions: await a.api.call(revisions.listRevisions, { params: { docType: 'post', docId: post._id } }),
        getRevision: await a.api.call(revisions.getRevision, { params: { id: revision!._id } }),
        restoreRevision: await a.api.call(revisions.restoreRevision, { params: { id: revision!._id } }),
        deliveryReport: await a.api.call(newsletter.deliveryReport, { params: id }),
        newsletterPreview: await a.api.call(newsletter.newsletterPreview, { params: id }),
        newsletterTest: await a.api.call(newsletter.newsletterTest, { params: id, body: { to: 'x@example.com' } }),
      };
      for (const [name, res] of Object.entries(answers)) {
        expect(res.status, `${name} ${post.title}: ${res.text}`).toBe(404);
        expect(res.body, name).toEqual({ message: SERVER_MESSAGES.postNotFound });
      }
      expect(await databaseState(t)).toBe(before);
      // The Editor sees it, and the Author their own.
      expect((await e.api.call(blog.getAdminPost, { params: id })).status).toBe(200);
      expect((await e.api.call(newsletter.deliveryReport, { params: id })).status).toBe(200);
    }
    for (const post of postsOfA) {
      expect((await a.api.call(blog.getAdminPost, { params: { id: post._id } })).status).toBe(200);
      expect((await a.api.call(newsletter.deliveryReport, { params: { id: post._id } })).status).toBe(200);
    }
    await switches(a, { mayNewsletter: false });
  });

  describe('a Contributor', () => {
    it('cannot create a post that is published, scheduled or left to the default (published); a draft is fine', async () => {
      const bodies = [
        { title: unique('C'), status: 'published' },
        { title: unique('C'), status: 'scheduled', publishAt: new Date(Date.now() + 86_400_000).toISOString() },
        { title: unique('C') },
      ] as const;
      for (const body of bodies) {
        const before = await databaseState(t);
        const res = await c.api.call(blog.createPost, { body });
        expect(res.status, JSON.stringify(body)).toBe(403);
        expect(res.body).toMatchObject({ message: TEAM_MESSAGES.publishNotAllowed });
        expect(await databaseState(t)).toBe(before);
      }
      const draft = await c.api.call(blog.createPost, { body: { title: unique('C'), status: 'draft' } });
      expect(draft.status, draft.text).toBe(200);
      expect(await statusOf(draft.data._id)).toBe('draft');
    });

    it('cannot publish or schedule their own draft, but may keep editing it', async () => {
      const post = await newDraft(c);
      const publish = await saveAs(c, post, { status: 'published' });
      expect(publish.status).toBe(403);
      expect(publish.body).toMatchObject({ message: TEAM_MESSAGES.publishNotAllowed });
      const schedule = await saveAs(c, post, {
        status: 'scheduled',
        publishAt: new Date(Date.now() + 86_400_000).toISOString(),
      });
      expect(schedule.status).toBe(403);
      expect(await statusOf(post._id)).toBe('draft');
      const edit = await saveAs(c, post, { title: unique('Better'), status: 'draft' });
      expect(edit.status, edit.text).toBe(200);
    });

    it('cannot edit, delete or restore a revision of their post once an Editor published it (403)', async () => {
      const post = await newDraft(c);
      const [firstRevision] = (
        await c.api.call(revisions.listRevisions, { params: { docType: 'post', docId: post._id } })
      ).data;
      const published = await saveAs(e, post, { status: 'published' });
      expect(published.status, published.text).toBe(200);
      // Still the Contributor's: they see it.
      expect((await c.api.call(blog.getPost, { params: { id: post._id } })).status).toBe(200);

      const before = await databaseState(t);
      const answers = [
        await saveAs(c, post, { title: unique('Sneaky'), status: 'published' }),
        await saveAs(c, post, { status: 'draft' }),
        await c.api.call(blog.deletePost, { params: { id: post._id } }),
        await c.api.call(revisions.restoreRevision, { params: { id: firstRevision!._id } }),
      ];
      for (const res of answers) {
        expect(res.status, res.text).toBe(403);
        expect(res.body).toMatchObject({ message: TEAM_MESSAGES.publishNotAllowed });
      }
      expect(await databaseState(t)).toBe(before);
      expect(await statusOf(post._id)).toBe('published');
    });
  });

  it('an Author kept to category X gets 403 in Y (and uncategorized), 200 in X', async () => {
    const admin = { token: owner.token, api: owner.api };
    const [x, y] = [await createCategory(admin), await createCategory(admin)];
    const author = await createMember(t, 'author', 'limited');
    await switches(author, { categoryIds: [x._id] });
    for (const blogCategory of [y._id, null]) {
      const res = await author.api.call(blog.createPost, { body: { title: unique('P'), blogCategory } });
      expect(res.status, res.text).toBe(403);
      expect(res.body).toMatchObject({ message: TEAM_MESSAGES.categoryNotAllowed });
    }
    const inX = await author.api.call(blog.createPost, { body: { title: unique('P'), blogCategory: x._id } });
    expect(inX.status, inX.text).toBe(200);
    expect(inX.data.blogCategory.map((category) => category._id)).toEqual([x._id]);
    // Nor can a post of theirs move to Y.
    const move = await saveAs(author, inX.data, { blogCategory: y._id, status: 'published' });
    expect(move.status).toBe(403);
    expect(move.body).toMatchObject({ message: TEAM_MESSAGES.categoryNotAllowed });
    // Without the switch every category is open again.
    await switches(author, { categoryIds: [] });
    const inY = await author.api.call(blog.createPost, { body: { title: unique('P'), blogCategory: y._id } });
    expect(inY.status, inY.text).toBe(200);
  });

  it("an Author's newsletter: none without the switch (and 403 on its endpoints), their own posts' with it", async () => {
    await createSubscriber({ token: owner.token, api: owner.api }, `${unique('reader')}@example.com`);
    const author = await createMember(t, 'author', 'writer');
    const quiet = await createPost(author, { sendNewsletter: true });
    expect(await statusOf(quiet._id)).toBe('published');
    expect(await campaignsOf(quiet._id)).toBe(0);
    const id = { id: quiet._id };
    const refused = [
      await author.api.call(newsletter.deliveryReport, { params: id }),
      await author.api.call(newsletter.newsletterPreview, { params: id }),
      await author.api.call(newsletter.newsletterTest, { params: id, body: { to: 'x@example.com' } }),
      await author.api.call(newsletter.newsletterAudience),
    ];
    for (const res of refused) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: TEAM_MESSAGES.forbidden });
    }

    await switches(author, { mayNewsletter: true });
    const sent = await createPost(author, { sendNewsletter: true });
    expect(await campaignsOf(sent._id)).toBe(1);
    const own = { id: sent._id };
    expect((await author.api.call(newsletter.deliveryReport, { params: own })).data).not.toBeNull();
    expect((await author.api.call(newsletter.newsletterPreview, { params: own })).status).toBe(200);
    const test = await author.api.call(newsletter.newsletterTest, { params: own, body: { to: 'x@example.com' } });
    expect(test.status, test.text).toBe(200);
    expect((await author.api.call(newsletter.newsletterAudience)).status).toBe(200);
    // Someone else's post stays out of reach.
    const other = await author.api.call(newsletter.newsletterPreview, { params: { id: postsOfB[0]!._id } });
    expect(other.status).toBe(404);
  });

  it("uploads: an Author sees and changes only their own; the Owner's answer 404; the Editor sees all", async () => {
    const mine = await createUpload(a);
    const theirs = await createUpload(owner);
    const [mineId, theirsId] = [await uploadIdOf(t, mine.url), await uploadIdOf(t, theirs.url)];

    const listed = await a.api.call(uploads.listMedia);
    expect(listed.status).toBe(200);
    const ids = listed.data.items.map((item) => item._id);
    expect(ids).toContain(mineId);
    expect(ids).not.toContain(theirsId);
    const rows = await t.services.db
      .selectFrom('uploads')
      .select(['id', 'uploaded_by'])
      .where('id', 'in', ids)
      .execute();
    expect(rows.every((row) => row.uploaded_by === a.id)).toBe(true);

    const before = await databaseState(t);
    const answers = [
      await a.api.call(uploads.updateMedia, { params: { id: theirsId }, body: { alt: 'Mine now' } }),
      await a.api.call(uploads.deleteMedia, { params: { id: theirsId } }),
    ];
    for (const res of answers) expect(res.status, res.text).toBe(404);
    expect(await databaseState(t)).toBe(before);

    expect((await a.api.call(uploads.updateMedia, { params: { id: mineId }, body: { alt: 'Mine' } })).status).toBe(200);
    const all = (await e.api.call(uploads.listMedia)).data.items.map((item) => item._id);
    expect(all).toEqual(expect.arrayContaining([mineId, theirsId]));
    expect(
      (await e.api.call(uploads.updateMedia, { params: { id: theirsId }, body: { alt: 'By the Editor' } })).status,
    ).toBe(200);
    expect((await a.api.call(uploads.deleteMedia, { params: { id: mineId } })).status).toBe(200);
  });
});
