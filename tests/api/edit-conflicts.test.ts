import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as blog from '#shared/api/blog.ts';
import * as revisions from '#shared/api/revisions.ts';
import { EDIT_CONFLICT_MESSAGES } from '#shared/messages.ts';
import type { BlogPost } from '#shared/schemas/blog.ts';
import { NO_RATE_LIMITS } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { createPost, loggedInAdmin, unique, type LoggedInAdmin } from '#tests/helpers/factories.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * Edit conflicts (docs/product.md#edit-conflicts): a save names the version it opened; over a newer one it
 * answers 409 and changes nothing; without a version it is the spec's save, whatever came before.
 */
describe.each(DATABASE_KINDS)('edit conflicts on %s', (kind) => {
  let t: TestApp;
  let admin: LoggedInAdmin;
  beforeAll(async () => {
    t = await buildTestApp(kind, { app: { rateLimits: NO_RATE_LIMITS } });
    admin = await loggedInAdmin(t);
  });
  afterAll(() => t?.close());

  const opened = async (post: BlogPost) => (await admin.api.call(blog.getAdminPost, { params: { id: post._id } })).data;
  const save = (post: BlogPost, fields: Record<string, unknown>) =>
    admin.api.callRaw(blog.updatePost, {
      params: { id: post._id },
      body: {
        title: post.title,
        excerpt: post.excerpt,
        content: post.content,
        blogCategory: null,
        _id: post._id,
        ...fields,
      },
    });

  it('answers 409 to a save over a newer version and keeps the newer one whole', async () => {
    const post = await createPost(admin);
    const first = await opened(post);
    expect(first.version).toBe(1);
    const newer = await save(post, { title: unique('Theirs'), baseVersion: first.version });
    expect(newer.status, newer.text).toBe(200);
    expect((await opened(post)).version).toBe(2);

    const stale = await save(post, { title: unique('Mine'), excerpt: 'Mine too', baseVersion: first.version });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ message: EDIT_CONFLICT_MESSAGES.conflict });
    const stored = await opened(post);
    expect(stored).toMatchObject({
      title: (newer.body as { data: BlogPost }).data.title,
      excerpt: post.excerpt,
      version: 2,
    });

    // Saved over on purpose, from the version now stored ("Keep mine").
    const kept = await save(post, { title: unique('Mine'), baseVersion: stored.version });
    expect(kept.status, kept.text).toBe(200);
    expect((await opened(post)).version).toBe(3);
  });

  it('keeps the spec’s save without a version: the last one is stored, and it still counts', async () => {
    const post = await createPost(admin);
    expect((await save(post, { title: unique('One') })).status).toBe(200);
    const last = unique('Two');
    expect((await save(post, { title: last })).status).toBe(200);
    expect(await opened(post)).toMatchObject({ title: last, version: 3 });
    expect((await save(post, { baseVersion: 2 })).status).toBe(409);
  });

  it('of two saves from one version at once, exactly one is stored and the other is told', async () => {
    const post = await createPost(admin);
    const { version } = await opened(post);
    const titles = [unique('Left'), unique('Right')];
    const results = await Promise.all(titles.map((title) => save(post, { title, baseVersion: version })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = titles[results.findIndex((r) => r.status === 200)];
    expect(await opened(post)).toMatchObject({ title: winner, version: version + 1 });
  });

  it('counts a restore from the history as a save', async () => {
    const post = await createPost(admin);
    const { version } = await opened(post);
    expect((await save(post, { title: unique('Later'), baseVersion: version })).status).toBe(200);
    const history = (await admin.api.call(revisions.listRevisions, { params: { docType: 'post', docId: post._id } }))
      .data;
    const oldest = history[history.length - 1]!;
    const restored = await admin.api.callRaw(revisions.restoreRevision, {
      params: { id: oldest._id },
    });
    expect(restored.status, restored.text).toBe(200);
    expect((await opened(post)).version).toBe(version + 2);
    expect((await save(post, { baseVersion: version + 1 })).status).toBe(409);
  });

  it.each([0, -1, 1.5, 'two', null])('refuses a version of %s with a 400 and its message', async (baseVersion) => {
    const post = await createPost(admin);
    const res = await save(post, { baseVersion });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: EDIT_CONFLICT_MESSAGES.badVersion });
  });
});
