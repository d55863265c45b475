import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLISHING_MESSAGES } from '#shared/messages.ts';
import type { AdminPost, BlogPost, PostDetails } from '#shared/schemas/blog.ts';
import { boot } from '#server/boot.ts';
import { readContentVersion } from '#server/modules/site-meta/repository.ts';
import { loginToken } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import * as blog from '#shared/api/blog.ts';
import { api, type AnyAnswer } from '#tests/helpers/api.ts';
import { createCategory, lookupLocation, postAddress } from '#tests/helpers/factories.ts';

/**
 * Publishing on purpose (docs/product.md#blog-posts): drafts and scheduled posts are invisible on every
 * public API answer and at their address; a scheduled post publishes itself once when due, with two
 * processes and after a restart; custom addresses redirect like renames; `publishAt` is checked.
 */
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
let counter = 0;
const unique = (label: string) => `${label} ${Date.now().toString(36)}${++counter}`;
const hourAhead = () => new Date(Date.now() + 3600_000).toISOString();
const past = '2001-01-01T00:00:00.000Z';

describe.each(DATABASE_KINDS)('publishing on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    token = await loginToken(t);
  });
  afterAll(() => t.close());

  async function ok<T>(res: AnyAnswer): Promise<T> {
    expect(res.status, res.text).toBe(200);
    return res.data as T;
  }
  const add = async (fields: Record<string, unknown>) =>
    ok<BlogPost>(
      await api(t).callRaw(blog.createPost, {
        body: {
          excerpt: 'Excerpt',
          content: '<p>Body</p>',
          sendNewsletter: false,
          ...fields,
        },
        token,
      }),
    );
  const admin = async (id: string) => ok<AdminPost>(await api(t).call(blog.getAdminPost, { params: { id }, token }));
  const edit = async (id: string, changes: Record<string, unknown>) => {
    const post = await admin(id);
    return ok<BlogPost>(
      await api(t).call(blog.updatePost, {
        params: { id },
        body: {
          _id: id,
          title: post.title,
          excerpt: post.excerpt,
          blogCategory: post.blogCategory[0]?._id ?? '',
          content: post.content,
          featureImage: post.featureImage,
          status: post.status,
          sendNewsletter: false,
          ...changes,
        },
        token,
      }),
    );
  };
  const lookUp = (post: BlogPost) => api(t).call(blog.postByPath, { params: postAddress(post.url) });

  /** Every public API answer that lists or finds posts, as titles. */
  async function publicTitles(post: BlogPost): Promise<Record<string, unknown>> {
    const titles = async (list: Promise<AnyAnswer>) => (await ok<BlogPost[]>(await list)).map((p) => p.title);
    const category = post.blogCategory[0];
    return {
      all: await titles(api(t).call(blog.listPosts)),
      paged: await titles(api(t).call(blog.listPosts, { query: { page: 1, limit: 100 } })),
      recent: await titles(api(t).call(blog.recentPosts)),
      byCategoryId: category
        ? await titles(api(t).call(blog.listPostsOfCategory, { params: { categoryId: category._id } }))
        : [],
      byCategoryName: await titles(
        api(t).call(blog.listPostsOfCategoryName, { params: { categoryName: category?.slug ?? 'uncategorized' } }),
      ),
      lookup: (await lookUp(post)).status,
    };
  }

  it('keeps drafts and scheduled posts off every public answer, and shows them to the administrator', async () => {
    const category = await createCategory({ token, api: api(t, { token }) }, unique('Drafts'));
    const draft = await add({ title: unique('Draft'), blogCategory: category._id, status: 'draft' });
    const scheduled = await add({
      title: unique('Later'),
      blogCategory: category._id,
      status: 'scheduled',
      publishAt: hourAhead(),
    });
    for (const post of [draft, scheduled]) {
      const seen = await publicTitles(post);
      expect(seen.lookup).toBe(404);
      for (const list of Object.values(seen).filter(Array.isArray)) expect(list).not.toContain(post.title);
    }
    const listed = await ok<PostDetails[]>(
      await api(t).call(blog.listAdminPosts, { query: { categoryId: category._id }, token }),
    );
    expect(listed.map((p) => [p.title, p.status]).sort()).toEqual(
      [
        [draft.title, 'draft'],
        [scheduled.title, 'scheduled'],
      ].sort(),
    );
    const drafts = await ok<PostDetails[]>(
      await api(t).call(blog.listAdminPosts, { query: { status: 'draft' }, token }),
    );
    expect(drafts.map((p) => p.title)).toContain(draft.title);
    expect(drafts.every((p) => p.status === 'draft')).toBe(true);
    // The spec's admin read still answers the post, in its own shape.
    expect(
      Object.keys(await ok<BlogPost>(await api(t).call(blog.getPost, { params: { id: draft._id }, token }))).sort(),
    ).toEqual([
      '_id',
      'blogCategory',
      'content',
      'createdAt',
      'excerpt',
      'featureImage',
      'slug',
      'title',
      'updatedAt',
      'url',
    ]);

    // Published by an edit, the draft appears everywhere, dated by its publication.
    await edit(draft._id, { status: 'published' });
    const seen = await publicTitles(draft);
    expect(seen.lookup).toBe(200);
    for (const list of Object.values(seen).filter(Array.isArray)) expect(list).toContain(draft.title);
    expect((await admin(draft._id)).publishedAt).toBeTruthy();

    // Back to draft: gone again, also by its old addresses.
    await edit(draft._id, { status: 'draft' });
    expect((await publicTitles(draft)).lookup).toBe(404);
  });

  it('publishes without a status (the spec’s flow), and refuses a schedule without a future date', async () => {
    const plain = await add({ title: unique('Plain') });
    expect((await admin(plain._id)).status).toBe('published');
    expect((await lookUp(plain)).status).toBe(200);

    const missing = await api(t).call(blog.createPost, {
      body: { title: unique('No date'), status: 'scheduled' },
      token,
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: PUBLISHING_MESSAGES.publishAtRequired, field: 'publishAt' });
    const inPast = await api(t).call(blog.createPost, {
      body: {
        title: unique('Past'),
        status: 'scheduled',
        publishAt: past,
      },
      token,
    });
    expect(inPast.status).toBe(400);
    expect(inPast.body).toEqual({ message: PUBLISHING_MESSAGES.publishAtPast, field: 'publishAt' });
    const notIso = await api(t).call(blog.createPost, {
      body: {
        title: unique('Bad'),
        status: 'scheduled',
        publishAt: 'tomorrow',
      },
      token,
    });
    expect(notIso.status).toBe(400);
    expect(notIso.body.field).toBe('publishAt');
    const badStatus = await api(t).callRaw(blog.createPost, { body: { title: unique('Bad'), status: 'live' }, token });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body).toEqual({ message: PUBLISHING_MESSAGES.badStatus, field: 'status' });
  });

  it('publishes a due post exactly once when two processes run the scheduler at the same time', async () => {
    const post = await add({ title: unique('Due'), status: 'scheduled', publishAt: hourAhead(), sendNewsletter: true });
    await t.services.db.updateTable('blog_posts').set({ publish_at: past }).where('id', '=', post._id).execute();
    const second = await boot(t.config, { log });
    try {
      const before = await readContentVersion(t.services.db);
      // On SQLite two connections of one process would wait on each other inside one event loop (two
      // processes do not); there the second caller shares the connection, as a second request would.
      const other = kind === 'postgres' ? second.services : t.services;
      const published = await Promise.all([
        t.services.blog.publishDue(),
        other.blog.publishDue(),
        t.services.blog.publishDue(),
      ]);
      expect(published.reduce((a, b) => a + b, 0)).toBe(1);
      expect((await admin(post._id)).status).toBe('published');
      expect((await lookUp(post)).status).toBe(200);
      // Its newsletter was recorded once; the page caches of both processes were told.
      const campaigns = await t.services.db
        .selectFrom('campaigns')
        .selectAll()
        .where('post_id', '=', post._id)
        .execute();
      expect(campaigns).toHaveLength(1);
      expect(await readContentVersion(t.services.db)).toBeGreaterThan(before);
      expect(await second.services.siteMeta.contentVersion.refresh()).toBe(await readContentVersion(t.services.db));
    } finally {
      await second.services.mailWorker.stop();
      await second.db.destroy();
    }
  });

  it('leaves the content version (and so every page cache) alone when nothing is due', async () => {
    await t.services.blog.publishDue();
    const before = await readContentVersion(t.services.db);
    expect(await t.services.blog.publishDue()).toBe(0);
    expect(await t.services.blog.publishDue()).toBe(0);
    expect(await readContentVersion(t.services.db)).toBe(before);
  });

  it('publishes on the next start a post that fell due while the server was down', async () => {
    const post = await add({ title: unique('While down'), status: 'scheduled', publishAt: hourAhead() });
    await t.services.db.updateTable('blog_posts').set({ publish_at: past }).where('id', '=', post._id).execute();
    // A new process starts: its scheduler runs the due jobs at once.
    const restarted = await boot(t.config, { log });
    try {
      await restarted.services.db.deleteFrom('job_runs').execute();
      expect(await restarted.services.jobs.runDue()).toContain('publish-due');
      expect((await admin(post._id)).status).toBe('published');
      expect((await lookUp(post)).status).toBe(200);
    } finally {
      await restarted.services.jobs.stop();
      await restarted.services.mailWorker.stop();
      await restarted.db.destroy();
    }
  });

  it('gives a post its own address, redirects the old one, and refuses an address another post has', async () => {
    const post = await add({ title: unique('Custom') });
    const moved = await edit(post._id, { customSlug: 'our own address' });
    expect(moved.slug).toBe('our-own-address');
    const old = await lookUp(post);
    expect(old.status).toBe(301);
    expect(old.headers.location).toBe(lookupLocation(moved.url));
    expect((await ok<BlogPost>(await lookUp(moved)))._id).toBe(post._id);

    const other = await add({ title: unique('Other') });
    const clash = await api(t).call(blog.updatePost, {
      params: { id: other._id },
      body: {
        title: other.title,
        customSlug: 'our-own-address',
      },
      token,
    });
    expect(clash.status).toBe(409);
    expect(clash.body).toEqual({ message: PUBLISHING_MESSAGES.slugTaken, field: 'customSlug' });
    for (const bad of ['a/b', '..', 'x'.repeat(201)]) {
      const refused = await api(t).call(blog.updatePost, {
        params: { id: other._id },
        body: { title: other.title, customSlug: bad },
        token,
      });
      expect(refused.status, bad).toBe(400);
      expect(refused.body.field).toBe('customSlug');
    }
  });

  it('keeps search-engine fields, and shares a preview link that can be revoked', async () => {
    const draft = await add({
      title: unique('Preview me'),
      status: 'draft',
      metaTitle: 'Search title',
      metaDescription: 'Search description',
      socialImage: '/uploads/social.png',
    });
    expect(await admin(draft._id)).toMatchObject({
      metaTitle: 'Search title',
      metaDescription: 'Search description',
      socialImage: '/uploads/social.png',
    });
    const link = await ok<{ url: string }>(await api(t).call(blog.previewLink, { params: { id: draft._id }, token }));
    expect(link.url).toMatch(new RegExp(`^${t.config.publicUrl}/preview/[\\w-]{32}$`));
    const previewToken = link.url.split('/').pop()!;
    expect((await t.services.blog.findByPreviewToken(previewToken))?._id).toBe(draft._id);
    // The same link until it is revoked; then the old one is dead and the next one differs.
    expect(
      (await ok<{ url: string }>(await api(t).call(blog.previewLink, { params: { id: draft._id }, token }))).url,
    ).toBe(link.url);
    await ok(await api(t).call(blog.revokePreviewLink, { params: { id: draft._id }, token }));
    expect(await t.services.blog.findByPreviewToken(previewToken)).toBeUndefined();
    expect(
      (await ok<{ url: string }>(await api(t).call(blog.previewLink, { params: { id: draft._id }, token }))).url,
    ).not.toBe(link.url);
    expect((await api(t).call(blog.previewLink, { params: { id: 'no-such-post' }, token })).status).toBe(404);
  });

  it('ends a preview link with the trash: none is made there, and a restored post does not bring the old one back', async () => {
    const draft = await add({ title: unique('Trashed preview'), status: 'draft' });
    const link = await ok<{ url: string }>(await api(t).call(blog.previewLink, { params: { id: draft._id }, token }));
    const previewToken = link.url.split('/').pop()!;
    await ok(await api(t).call(blog.deletePost, { params: { id: draft._id }, token }));
    expect(await t.services.blog.findByPreviewToken(previewToken)).toBeUndefined();
    expect((await api(t).call(blog.previewLink, { params: { id: draft._id }, token })).status).toBe(404);
    await ok(await api(t).call(blog.restorePost, { params: { id: draft._id }, token }));
    expect(await t.services.blog.findByPreviewToken(previewToken)).toBeUndefined();
    const fresh = await ok<{ url: string }>(await api(t).call(blog.previewLink, { params: { id: draft._id }, token }));
    expect(fresh.url).not.toBe(link.url);
  });
});
