import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_MESSAGES } from '#shared/messages.ts';
import type { Role } from '#shared/roles.ts';
import * as blog from '#shared/api/blog.ts';
import * as review from '#shared/api/review.ts';
import * as revisions from '#shared/api/revisions.ts';
import type { AdminPost } from '#shared/schemas/blog.ts';
import { api, type AnyAnswer } from '#tests/helpers/api.ts';
import { createUser } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { loggedInAdmin, unique, type LoggedInAdmin } from '#tests/helpers/factories.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * The review of Contributors' posts (docs/product.md#review): submit, the queue, "Request changes" with a
 * note the writer sees and receives, resubmit, publish; every step in the post's history, and a pending
 * post nowhere public.
 */
describe.each(DATABASE_KINDS)('review on %s', (kind) => {
  let t: TestApp;
  let owner: LoggedInAdmin;
  let editor: LoggedInAdmin;
  let contributor: LoggedInAdmin;
  let contributorEmail: string;

  const person = async (role: Role) => {
    const email = `${unique(role)}@example.com`.toLowerCase();
    await createUser(t, email, 'secret-pw', `The ${role}`, role);
    return { email, session: await loggedInAdmin(t, { email, password: 'secret-pw' }) };
  };
  const ok = <T>(res: AnyAnswer): T => {
    expect(res.status, res.text).toBe(200);
    return res.data as T;
  };
  const draftBody = (fields: Record<string, unknown> = {}) => ({
    title: unique('Reviewed'),
    excerpt: 'An excerpt',
    content: '<p>Text</p>',
    blogCategory: null,
    status: 'pending' as const,
    ...fields,
  });
  const edit = (who: LoggedInAdmin, post: AdminPost, fields: Record<string, unknown>) =>
    who.api.call(blog.updatePost, {
      params: { id: post._id },
      body: {
        _id: post._id,
        title: post.title,
        excerpt: post.excerpt,
        content: post.content,
        blogCategory: post.blogCategory[0]?._id ?? null,
        status: post.status,
        ...fields,
      },
    });
  const adminPost = (who: LoggedInAdmin, id: string) =>
    who.api.call(blog.getAdminPost, { params: { id } }).then((res) => ok<AdminPost>(res));
  const pendingCount = async () => ok<{ pending: number }>(await editor.api.call(review.reviewQueue)).pending;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    owner = await loggedInAdmin(t);
    editor = (await person('editor')).session;
    const c = await person('contributor');
    contributor = c.session;
    contributorEmail = c.email;
  });
  afterAll(() => t.close());

  it('takes a post from submission through changes to publication', async () => {
    const before = await pendingCount();
    const created = ok<{ _id: string }>(await contributor.api.call(blog.createPost, { body: draftBody() }));
    let post = await adminPost(contributor, created._id);
    expect(post.status).toBe('pending');
    expect(await pendingCount()).toBe(before + 1);

    // Nowhere public while it waits.
    const publicList = ok<Array<{ _id: string }>>(await api(t).call(blog.listPosts));
    expect(publicList.map((p) => p._id)).not.toContain(post._id);
    expect(
      (await api(t).call(blog.postByPath, { params: { category: 'uncategorized', title: post.slug } })).status,
    ).toBe(404);

    // The reviewer sends it back with a note: a draft again, the note on the post, in the history, e-mailed.
    const note = 'Please add a source for the numbers.';
    const sentBack = ok<AdminPost>(
      await editor.api.call(review.requestChanges, { params: { id: post._id }, body: { note } }),
    );
    expect(sentBack.status).toBe('draft');
    expect(sentBack.review).toMatchObject({ note, by: 'The editor' });
    post = await adminPost(contributor, post._id);
    expect(post.review?.note).toBe(note);
    expect(await pendingCount()).toBe(before);
    const mails = await t.services.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'text_body'])
      .where('kind', '=', 'review-changes')
      .execute();
    expect(mails.filter((m) => m.to_address === contributorEmail && m.text_body.includes(note))).toHaveLength(1);

    // The writer edits and submits again; the reviewer publishes; the note is done with.
    post = await adminPost(contributor, post._id);
    ok(await edit(contributor, post, { content: '<p>Text, with a source.</p>', status: 'pending' }));
    post = await adminPost(editor, post._id);
    ok(await edit(editor, post, { status: 'published' }));
    post = await adminPost(editor, post._id);
    expect(post.status).toBe('published');
    expect(post.review).toBeNull();

    const history = ok<Array<{ action: string; note?: string }>>(
      await editor.api.call(revisions.listRevisions, { params: { docType: 'post', docId: post._id } }),
    );
    expect(history.map((r) => r.action).reverse()).toEqual(['submit', 'changes', 'submit', 'publish']);
    expect(history.find((r) => r.action === 'changes')?.note).toBe(note);
  });

  it('sends a post back once when two reviewers act at the same moment', async () => {
    const { _id } = ok<{ _id: string }>(await contributor.api.call(blog.createPost, { body: draftBody() }));
    const answers = await Promise.all(
      [editor, owner].map((who) => who.api.call(review.requestChanges, { params: { id: _id }, body: { note: 'No' } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.message).toBe(TEAM_MESSAGES.notPending);
  });

  it('keeps the queue and the way back to reviewers', async () => {
    const { _id } = ok<{ _id: string }>(await contributor.api.call(blog.createPost, { body: draftBody() }));
    for (const res of [
      await contributor.api.call(review.reviewQueue),
      await contributor.api.call(review.requestChanges, { params: { id: _id }, body: { note: 'x' } }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(TEAM_MESSAGES.forbidden);
    }
    const empty = await editor.api.call(review.requestChanges, { params: { id: _id }, body: { note: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ message: TEAM_MESSAGES.reviewNoteRequired, field: 'note' });
    expect((await adminPost(editor, _id)).status).toBe('pending');
  });

  it('never lets a Contributor publish a pending post, and lets them withdraw it to a draft', async () => {
    const { _id } = ok<{ _id: string }>(await contributor.api.call(blog.createPost, { body: draftBody() }));
    const post = await adminPost(contributor, _id);
    for (const status of ['published', 'scheduled'] as const) {
      const res = await edit(contributor, post, { status, publishAt: new Date(Date.now() + 3600_000).toISOString() });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(TEAM_MESSAGES.publishNotAllowed);
    }
    ok(await edit(contributor, post, { status: 'draft' }));
    expect((await adminPost(contributor, _id)).status).toBe('draft');
  });
});
