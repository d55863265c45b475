import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as autosave from '#shared/api/autosave.ts';
import type { Autosave } from '#shared/api/autosave.ts';
import * as revisions from '#shared/api/revisions.ts';
import type { RevisionDetail, RevisionSummary } from '#shared/api/revisions.ts';
import type { AdminPost, BlogCategory, BlogPost, PostDetails } from '#shared/schemas/blog.ts';
import type { SiteContent } from '#shared/schemas/content.ts';
import { SESSION_MAX_AGE_MS, SESSION_TTL_MS } from '#server/modules/auth/service.ts';
import { hashToken } from '#server/modules/auth/tokens.ts';
import { REVISIONS_KEPT } from '#server/modules/revisions/service.ts';
import { ADMIN, createUser, loginToken, me } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import * as blog from '#shared/api/blog.ts';
import * as content from '#shared/api/content.ts';
import { api, urlOf, type AnyAnswer, type RawInput } from '#tests/helpers/api.ts';
import { createCategory, lookupLocation } from '#tests/helpers/factories.ts';
import type { Endpoint } from '#shared/api/endpoint.ts';

/**
 * Never losing work (docs/product.md#revisions): a revision per save of a section or a post, restorable
 * as a new revision; autosaves apart per administrator; a trash for posts and undo for categories; and
 * sessions that slide with use but end 30 days after login.
 */
const DAY = 24 * 3600_000;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
let counter = 0;
const unique = (label: string) => `${label} ${Date.now().toString(36)}${++counter}`;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

describe.each(DATABASE_KINDS)('history on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    token = await loginToken(t);
  });
  afterAll(() => t.close());

  async function ok<T>(res: AnyAnswer | Promise<AnyAnswer>): Promise<T> {
    const answer = await res;
    expect(answer.status, answer.text).toBe(200);
    return answer.data as T;
  }
  const siteContent = () => ok<SiteContent>(api(t).call(content.getContent));
  /** Saves a section as its editor does: its current state with `changes`. */
  async function saveSection(key: 'banner' | 'social', changes: Record<string, string>) {
    const { _id, ...current } = (await siteContent())[key];
    return ok(api(t).callRaw(content.sectionUpdates[key], { body: { ...current, id: _id, ...changes }, token }));
  }
  const history = (docType: 'section' | 'post', docId: string) =>
    ok<RevisionSummary[]>(api(t).call(revisions.listRevisions, { params: { docType, docId }, token }));
  const detail = (id: string) => ok<RevisionDetail>(api(t).call(revisions.getRevision, { params: { id }, token }));
  const restore = (id: string) =>
    ok<{ docType: string; docId: string }>(api(t).call(revisions.restoreRevision, { params: { id }, token }));

  const add = (fields: Record<string, unknown>) =>
    ok<BlogPost>(
      api(t).callRaw(blog.createPost, {
        body: { excerpt: 'Excerpt', content: '<p>Body</p>', sendNewsletter: false, ...fields },
        token,
      }),
    );
  const admin = (id: string) => ok<AdminPost>(api(t).call(blog.getAdminPost, { params: { id }, token }));
  async function edit(id: string, changes: Record<string, unknown>) {
    const post = await admin(id);
    return ok<BlogPost>(
      api(t).call(blog.updatePost, {
        params: { id },
        body: {
          title: post.title,
          excerpt: post.excerpt,
          blogCategory: post.blogCategory[0]?._id ?? '',
          content: post.content,
          featureImage: post.featureImage,
          status: post.status,
          publishAt: post.publishAt ?? undefined,
          sendNewsletter: false,
          ...changes,
        },
        token,
      }),
    );
  }
  /** The public lookup of a post by its address (/blogs/<category>/<title>). */
  const lookUp = (url: string) => {
    const [category, title] = url
      .replace(/^\/blogs\//, '')
      .split('/')
      .map(decodeURIComponent);
    return api(t).call(blog.postByPath, { params: { category: category!, title: title! } });
  };
  const category = (name = unique('History')): Promise<BlogCategory> =>
    createCategory({ token, api: api(t, { token }) }, name);
  const newPostMails = async () =>
    (await t.services.db.selectFrom('mail_outbox').select('id').where('kind', '=', 'new-post').execute()).length;

  it('records a revision per section save, newest first, with its author and changed fields', async () => {
    const seeded = await history('section', 'banner');
    expect(seeded.at(-1)).toMatchObject({ action: 'save', author: 'System', changed: [] });

    const first = unique('Banner');
    await saveSection('banner', { title: first });
    const second = unique('Banner');
    await saveSection('banner', { title: second, subTitle: unique('Sub') });
    // The same state again is no new revision.
    await saveSection('banner', {});
    const listed = await history('section', 'banner');
    expect(listed).toHaveLength(seeded.length + 2);
    expect(listed.slice(0, 2).map((r) => [r.action, r.author, [...r.changed].sort()])).toEqual([
      ['save', ADMIN.name, ['subTitle', 'title']],
      ['save', ADMIN.name, ['title']],
    ]);
    expect(listed.map((r) => r.createdAt)).toEqual(
      listed
        .map((r) => r.createdAt)
        .sort()
        .reverse(),
    );
    const newest = await detail(listed[0]!._id);
    expect(newest).toMatchObject({ _id: listed[0]!._id, data: { title: second }, previous: { title: first } });
    expect((await detail(seeded.at(-1)!._id)).previous).toBeNull();
  });

  it('restores a section as a new revision that shows at once and can itself be undone', async () => {
    const before = unique('Before');
    const after = unique('After');
    await saveSection('banner', { title: before });
    await saveSection('banner', { title: after });
    const [latest, earlier] = await history('section', 'banner');
    expect(await restore(earlier!._id)).toEqual({ docType: 'section', docId: 'banner' });
    expect((await siteContent()).banner.title).toBe(before);
    const [restored] = await history('section', 'banner');
    expect(restored).toMatchObject({ action: 'restore', author: ADMIN.name, changed: ['title'] });
    // Undo the restore by restoring the revision it replaced.
    await restore(latest!._id);
    expect((await siteContent()).banner.title).toBe(after);
    expect((await history('section', 'banner'))[0]).toMatchObject({ action: 'restore', changed: ['title'] });
  });

  it('records post revisions; a restore keeps the status and e-mails nobody', async () => {
    await t.services.db
      .insertInto('subscribers')
      .values({
        id: UNKNOWN,
        email: 'reader@example.com',
        status: 'confirmed',
        blog_id: null,
        consent_source: null,
        created_at: ago(DAY),
        updated_at: ago(DAY),
        confirmed_at: ago(DAY),
        unsubscribed_at: null,
      })
      .execute();
    const publishAt = new Date(Date.now() + 3600_000).toISOString();
    for (const status of ['draft', 'scheduled', 'published'] as const) {
      const title = unique(`First ${status}`);
      const post = await add({ title, status, ...(status === 'scheduled' ? { publishAt } : {}) });
      const [created] = await history('post', post._id);
      expect(created).toMatchObject({ action: 'save', author: ADMIN.name, changed: [] });
      await edit(post._id, { title: unique('Second'), excerpt: 'Changed' });
      await edit(post._id, {}); // no change, no revision
      const listed = await history('post', post._id);
      expect(listed.map((r) => [...r.changed].sort())).toEqual([['excerpt', 'title'], []]);

      await t.services.mailWorker.flush();
      const mails = await newPostMails();
      const before = await admin(post._id);
      await restore(created!._id);
      const after = await admin(post._id);
      expect(after).toMatchObject({ title, excerpt: 'Excerpt', status, publishAt: before.publishAt });
      expect(after.publishedAt).toBe(before.publishedAt);
      expect((await lookUp(after.url)).status).toBe(status === 'published' ? 200 : 404);
      expect((await history('post', post._id))[0]).toMatchObject({ action: 'restore', changed: ['title', 'excerpt'] });
      await t.services.mailWorker.flush();
      expect(await newPostMails()).toBe(mails);
      const campaigns = await t.services.db
        .selectFrom('campaigns')
        .selectAll()
        .where('post_id', '=', post._id)
        .execute();
      expect(campaigns).toEqual([]);
    }
  });

  it(`keeps the newest ${REVISIONS_KEPT} revisions of a document`, async () => {
    const link = (n: number) => `https://example.com/kept-${n}`;
    const seeded = await history('section', 'social');
    for (let n = 1; n <= 55; n++) await saveSection('social', { github_link: link(n) });
    const listed = await history('section', 'social');
    expect(listed).toHaveLength(REVISIONS_KEPT);
    expect(listed.map((r) => r._id)).not.toContain(seeded.at(-1)!._id);
    expect((await detail(listed[0]!._id)).data.github_link).toBe(link(55));
    expect((await detail(listed.at(-1)!._id)).data.github_link).toBe(link(6));
  });

  it('keeps autosaves per administrator, apart from the post and its history', async () => {
    const post = await add({ title: unique('Autosaved') });
    const revisions = await history('post', post._id);
    const key = { params: { key: post._id } };
    const get = (as = token) => api(t).call(autosave.getAutosave, { ...key, token: as });
    const save = (data: Record<string, unknown>, as = token) =>
      api(t).call(autosave.saveAutosave, { ...key, body: { data }, token: as });
    const discard = () => api(t).call(autosave.discardAutosave, { ...key, token });
    expect(await ok(get())).toBeNull();
    const draft = { title: 'Typed but not saved', content: '<p>Half a thought</p>', status: 'draft' };
    const { savedAt } = await ok<{ savedAt: string }>(save(draft));
    expect(await ok<Autosave>(get())).toEqual({ data: draft, savedAt });
    const newer = { ...draft, content: '<p>A whole thought</p>' };
    await ok(save(newer));
    expect((await ok<Autosave>(get())).data).toEqual(newer);
    await ok(
      api(t).call(autosave.saveAutosave, { params: { key: 'new' }, body: { data: { title: 'A new one' } }, token }),
    );
    expect((await ok<Autosave>(api(t).call(autosave.getAutosave, { params: { key: 'new' }, token }))).data).toEqual({
      title: 'A new one',
    });

    // Another administrator sees none of mine, and keeps their own.
    await createUser(t, 'second@example.com', 'second-secret');
    const other = await loginToken(t, 'second@example.com', 'second-secret');
    expect(await ok(get(other))).toBeNull();
    await ok(save({ title: 'Theirs' }, other));
    expect((await ok<Autosave>(get())).data).toEqual(newer);

    // The post, its history and its publishing are untouched.
    const saved = await admin(post._id);
    expect(saved).toMatchObject({ title: post.title, content: '<p>Body</p>', status: 'published' });
    expect(await history('post', post._id)).toEqual(revisions);
    expect((await ok<BlogPost>(lookUp(post.url))).title).toBe(post.title);

    expect(await ok(discard())).toEqual({ discarded: true });
    expect(await ok(discard())).toEqual({ discarded: false });
    expect(await ok(get())).toBeNull();
    expect((await ok<Autosave>(get(other))).data).toEqual({ title: 'Theirs' });
  });

  it('puts a deleted post in the trash, restores it at its old address, and purges it after 30 days', async () => {
    const { _id: categoryId } = await category();
    const title = unique('Trashed');
    const post = await add({ title, blogCategory: categoryId });
    expect(await ok(api(t).call(blog.deletePost, { params: { id: post._id }, token }))).toEqual({ _id: post._id });
    expect((await api(t).call(blog.deletePost, { params: { id: post._id }, token })).status).toBe(404);

    // Gone from every public answer and from the edit form's read.
    const titles = async (list: Promise<AnyAnswer>) => (await ok<BlogPost[]>(list)).map((p) => p.title);
    for (const list of [
      api(t).call(blog.listPosts),
      api(t).call(blog.recentPosts),
      api(t).call(blog.listPostsOfCategory, { params: { categoryId } }),
    ])
      expect(await titles(list)).not.toContain(title);
    expect((await lookUp(post.url)).status).toBe(404);
    expect((await api(t).call(blog.getPost, { params: { id: post._id }, token })).status).toBe(404);
    const trash = await ok<Array<PostDetails & { deletedAt: string }>>(api(t).call(blog.listTrash, { token }));
    expect(trash.find((p) => p._id === post._id)?.deletedAt).toBeTruthy();

    // Back at its old address.
    expect((await ok<BlogPost>(api(t).call(blog.restorePost, { params: { id: post._id }, token }))).url).toBe(post.url);
    expect((await ok<BlogPost>(lookUp(post.url)))._id).toBe(post._id);
    expect((await api(t).call(blog.restorePost, { params: { id: post._id }, token })).status).toBe(404);

    // A trashed post frees its address; restored after another took it, it gets the next one.
    await ok(api(t).call(blog.deletePost, { params: { id: post._id }, token }));
    const taker = await add({ title, blogCategory: categoryId });
    expect(taker.url).toBe(post.url);
    const back = await ok<BlogPost>(api(t).call(blog.restorePost, { params: { id: post._id }, token }));
    expect(back.url).toBe(`${post.url}-2`);
    expect((await ok<BlogPost>(lookUp(post.url)))._id).toBe(taker._id);

    // 30 days later it goes for good, by the service and by the job; a recent one stays.
    const [old, recent, byJob] = await Promise.all(['Old', 'Recent', 'By job'].map((l) => add({ title: unique(l) })));
    for (const p of [old!, recent!, byJob!]) await ok(api(t).call(blog.deletePost, { params: { id: p._id }, token }));
    const setDeleted = (id: string, at: string) =>
      t.services.db.updateTable('blog_posts').set({ deleted_at: at }).where('id', '=', id).execute();
    await setDeleted(old!._id, ago(31 * DAY));
    await t.services.blog.purgeTrash();
    const row = (id: string) =>
      t.services.db.selectFrom('blog_posts').select('id').where('id', '=', id).executeTakeFirst();
    expect(await row(old!._id)).toBeUndefined();
    expect(await row(recent!._id)).toBeDefined();
    await setDeleted(byJob!._id, ago(31 * DAY));
    await t.services.db.deleteFrom('job_runs').execute();
    expect(await t.services.jobs.runDue()).toContain('purge-trash');
    expect(await row(byJob!._id)).toBeUndefined();
    const left = (await ok<PostDetails[]>(api(t).call(blog.listTrash, { token }))).map((p) => p._id);
    expect(left).toContain(recent!._id);
    expect(left).not.toContain(old!._id);
    expect((await api(t).call(blog.restorePost, { params: { id: old!._id }, token })).status).toBe(404);
  });

  it('undoes the deletion of a category: same id, name and slug, its posts back at their addresses', async () => {
    const cat = await category();
    const posts = [
      await add({ title: unique('In cat'), blogCategory: cat._id }),
      await add({ title: unique('Also'), blogCategory: cat._id }),
    ];
    await ok(api(t).call(blog.deleteCategory, { params: { id: cat._id }, token }));
    expect((await lookUp(posts[0]!.url)).status).toBe(301);

    expect(await ok(api(t).call(blog.restoreCategory, { params: { id: cat._id }, token }))).toEqual(cat);
    expect(await ok<BlogCategory[]>(api(t).call(blog.listCategories))).toContainEqual(cat);
    for (const post of posts) {
      expect((await ok<BlogPost>(lookUp(post.url)))._id).toBe(post._id);
      const moved = await lookUp(post.url.replace(`/${cat.slug}/`, '/uncategorized/'));
      expect(moved.status).toBe(301);
      expect(moved.headers.location).toBe(lookupLocation(post.url));
    }
    expect((await api(t).call(blog.restoreCategory, { params: { id: cat._id }, token })).status).toBe(404);

    // A category of the same name made meanwhile keeps it.
    const gone = await category();
    await ok(api(t).call(blog.deleteCategory, { params: { id: gone._id }, token }));
    await category(gone.name);
    expect((await api(t).call(blog.restoreCategory, { params: { id: gone._id }, token })).status).toBe(409);
  });

  describe('sessions', () => {
    const row = async (session: string) =>
      t.services.db
        .selectFrom('sessions')
        .select(['created_at', 'expires_at'])
        .where('token_hash', '=', hashToken(session))
        .executeTakeFirstOrThrow();
    /** Moves a session's dates back, as if `ms` had passed. */
    async function wait(session: string, ms: number) {
      const { created_at, expires_at } = await row(session);
      const back = (at: string) => new Date(Date.parse(at) - ms).toISOString();
      await t.services.db
        .updateTable('sessions')
        .set({ created_at: back(created_at), expires_at: back(expires_at) })
        .where('token_hash', '=', hashToken(session))
        .execute();
    }

    it('stays alive while used, past its first 7 days, and ends after 7 idle days', async () => {
      const session = await loginToken(t);
      await wait(session, 6 * DAY);
      expect((await me(t, session)).status).toBe(200);
      const extended = Date.parse((await row(session)).expires_at);
      expect(Math.abs(extended - (Date.now() + SESSION_TTL_MS))).toBeLessThan(60_000);
      // A use soon after writes nothing (the end moves by less than an hour).
      expect((await me(t, session)).status).toBe(200);
      expect(Date.parse((await row(session)).expires_at)).toBe(extended);
      await wait(session, 3 * DAY);
      expect((await me(t, session)).status).toBe(200);

      const idle = await loginToken(t);
      await wait(idle, SESSION_TTL_MS + 60_000);
      expect((await me(t, idle)).status).toBe(401);
      expect((await api(t).call(blog.listTrash, { token: idle })).status).toBe(401);
    });

    it('ends 30 days after login even when used every day', async () => {
      const session = await loginToken(t);
      for (let day = 1; day <= 31; day++) {
        await wait(session, DAY);
        const res = await me(t, session);
        expect(res.status, `day ${day}`).toBe(day < SESSION_MAX_AGE_MS / DAY ? 200 : 401);
        const { created_at, expires_at } = await row(session);
        expect(Date.parse(expires_at)).toBeLessThanOrEqual(Date.parse(created_at) + SESSION_MAX_AGE_MS);
      }
    });
  });

  it('answers 404 for unknown revisions and trash entries', async () => {
    for (const endpoint of [
      revisions.getRevision,
      revisions.restoreRevision,
      blog.restorePost,
      blog.restoreCategory,
      blog.deletePost,
    ]) {
      const input = { params: { id: UNKNOWN } };
      expect((await api(t).call(endpoint, { ...input, token })).status, urlOf(endpoint, input)).toBe(404);
    }
    // A post that is not in the trash cannot be restored from it.
    const post = await add({ title: unique('Not trashed') });
    expect((await api(t).call(blog.restorePost, { params: { id: post._id }, token })).status).toBe(404);
    expect(await history('post', UNKNOWN)).toEqual([]);
  });

  it('answers 401 without a token and changes nothing', async () => {
    const post = await add({ title: unique('Guarded') });
    const cat = await category();
    const [revision] = await history('post', post._id);
    const calls: Array<[Endpoint, RawInput]> = [
      [revisions.listRevisions, { params: { docType: 'post', docId: post._id } }],
      [revisions.getRevision, { params: { id: revision!._id } }],
      [revisions.restoreRevision, { params: { id: revision!._id } }],
      [autosave.getAutosave, { params: { key: post._id } }],
      [autosave.saveAutosave, { params: { key: post._id }, body: { data: { title: 'x' } } }],
      [autosave.discardAutosave, { params: { key: post._id } }],
      [blog.deletePost, { params: { id: post._id } }],
      [blog.listTrash, {}],
      [blog.restorePost, { params: { id: post._id } }],
      [blog.deleteCategory, { params: { id: cat._id } }],
      [blog.restoreCategory, { params: { id: cat._id } }],
    ];
    for (const [endpoint, input] of calls) {
      const { method } = endpoint;
      const url = urlOf(endpoint, input);
      const res = await api(t).callRaw(endpoint, input);
      expect(res.status, `${method} ${url}`).toBe(401);
      expect((await api(t).callRaw(endpoint, { ...input, token: 'not-a-token' })).status, `${method} ${url}`).toBe(401);
    }
    expect((await admin(post._id)).title).toBe(post.title);
    expect(await history('post', post._id)).toHaveLength(1);
    expect(await ok(api(t).call(autosave.getAutosave, { params: { key: post._id }, token }))).toBeNull();
    expect(await ok<BlogCategory[]>(api(t).call(blog.listCategories))).toContainEqual(cat);
  });

  it('keeps revisions made within one millisecond in the order they were saved', async () => {
    const actor = { id: null, name: 'Order check' };
    const docId = unique('order');
    for (let n = 1; n <= 200; n++) {
      await t.services.revisions.record(t.services.db, { type: 'section', id: docId, data: { n } }, actor);
    }
    const listed = await t.services.revisions.list('section', docId);
    expect(listed).toHaveLength(50);
    const numbers = await Promise.all(listed.map(async (r) => (await t.services.revisions.detail(r._id)).data.n));
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => 200 - i));
  });

  it('brings a trashed post back where it was, even after its category was deleted and restored', async () => {
    const cat = await category();
    const post = await add({ title: unique('Trashed then moved'), blogCategory: cat._id });
    await ok(api(t).call(blog.deletePost, { params: { id: post._id }, token }));
    await ok(api(t).call(blog.deleteCategory, { params: { id: cat._id }, token }));
    await ok(api(t).call(blog.restoreCategory, { params: { id: cat._id }, token }));
    await ok(api(t).call(blog.restorePost, { params: { id: post._id }, token }));
    expect((await lookUp(post.url)).status).toBe(200);
  });

  it('restores an old version of a post whose category has since been deleted, into its present category', async () => {
    const cat = await category();
    const post = await add({ title: unique('Orphaned version'), blogCategory: cat._id });
    const [first] = await history('post', post._id);
    await edit(post._id, { excerpt: 'A later excerpt' });
    await ok(api(t).call(blog.deleteCategory, { params: { id: cat._id }, token }));
    await restore(first!._id);
    const now = await admin(post._id);
    expect(now.excerpt).toBe('Excerpt');
    expect(now.blogCategory).toEqual([]);
  });
});
