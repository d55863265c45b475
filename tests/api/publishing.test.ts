import type { FastifyBaseLogger, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLISHING_MESSAGES } from '#shared/messages.ts';
import type { AdminPost, BlogPost, PostDetails } from '#shared/schemas/blog.ts';
import { boot } from '#server/boot.ts';
import { readContentVersion } from '#server/modules/site-meta/repository.ts';
import { bearer, loginToken } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

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

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as object, headers: bearer(token) });
  const anonymous = (url: string) => t.app.inject({ method: 'GET', url });
  async function ok<T>(res: LightMyRequestResponse): Promise<T> {
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as T;
  }
  const add = async (fields: Record<string, unknown>) =>
    ok<BlogPost>(
      await call('POST', '/api/blogs/add', {
        excerpt: 'Excerpt',
        content: '<p>Body</p>',
        sendNewsletter: false,
        ...fields,
      }),
    );
  const admin = async (id: string) => ok<AdminPost>(await call('GET', `/api/admin/posts/${id}`));
  const edit = async (id: string, changes: Record<string, unknown>) => {
    const post = await admin(id);
    return ok<BlogPost>(
      await call('POST', `/api/blogs/edit/${id}`, {
        _id: id,
        title: post.title,
        excerpt: post.excerpt,
        blogCategory: post.blogCategory[0]?._id ?? '',
        content: post.content,
        featureImage: post.featureImage,
        status: post.status,
        sendNewsletter: false,
        ...changes,
      }),
    );
  };
  const lookupPath = (post: BlogPost) => post.url.replace(/^\/blogs\//, '/api/blogs/get/by/');

  /** Every public API answer that lists or finds posts, as titles. */
  async function publicTitles(post: BlogPost): Promise<Record<string, unknown>> {
    const titles = async (url: string) => (await ok<BlogPost[]>(await anonymous(url))).map((p) => p.title);
    const category = post.blogCategory[0];
    return {
      all: await titles('/api/blogs/get-all-blogs'),
      paged: await titles('/api/blogs/get-all-blogs?page=1&limit=100'),
      recent: await titles('/api/blogs/get-recent'),
      byCategoryId: category ? await titles(`/api/blogs/get-all-blogs/${category._id}`) : [],
      byCategoryName: await titles(`/api/blogs/fetch/by/${category?.slug ?? 'uncategorized'}`),
      lookup: (await anonymous(lookupPath(post))).statusCode,
    };
  }

  it('keeps drafts and scheduled posts off every public answer, and shows them to the administrator', async () => {
    const category = await ok<{ _id: string }>(
      await call('POST', '/api/blog-category/add/update', { name: unique('Drafts') }),
    );
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
    const listed = await ok<PostDetails[]>(await call('GET', `/api/admin/posts?categoryId=${category._id}`));
    expect(listed.map((p) => [p.title, p.status]).sort()).toEqual(
      [
        [draft.title, 'draft'],
        [scheduled.title, 'scheduled'],
      ].sort(),
    );
    const drafts = await ok<PostDetails[]>(await call('GET', '/api/admin/posts?status=draft'));
    expect(drafts.map((p) => p.title)).toContain(draft.title);
    expect(drafts.every((p) => p.status === 'draft')).toBe(true);
    // The spec's admin read still answers the post, in its own shape.
    expect(Object.keys(await ok<BlogPost>(await call('GET', `/api/blogs/get-by-id/${draft._id}`))).sort()).toEqual([
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
    expect((await anonymous(lookupPath(plain))).statusCode).toBe(200);

    const missing = await call('POST', '/api/blogs/add', { title: unique('No date'), status: 'scheduled' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: PUBLISHING_MESSAGES.publishAtRequired, field: 'publishAt' });
    const inPast = await call('POST', '/api/blogs/add', {
      title: unique('Past'),
      status: 'scheduled',
      publishAt: past,
    });
    expect(inPast.statusCode).toBe(400);
    expect(inPast.json()).toEqual({ message: PUBLISHING_MESSAGES.publishAtPast, field: 'publishAt' });
    const notIso = await call('POST', '/api/blogs/add', {
      title: unique('Bad'),
      status: 'scheduled',
      publishAt: 'tomorrow',
    });
    expect(notIso.statusCode).toBe(400);
    expect(notIso.json().field).toBe('publishAt');
    const badStatus = await call('POST', '/api/blogs/add', { title: unique('Bad'), status: 'live' });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json()).toEqual({ message: PUBLISHING_MESSAGES.badStatus, field: 'status' });
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
      expect((await anonymous(lookupPath(post))).statusCode).toBe(200);
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
      expect((await anonymous(lookupPath(post))).statusCode).toBe(200);
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
    const old = await anonymous(lookupPath(post));
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(lookupPath(moved));
    expect((await ok<BlogPost>(await anonymous(lookupPath(moved))))._id).toBe(post._id);

    const other = await add({ title: unique('Other') });
    const clash = await call('POST', `/api/blogs/edit/${other._id}`, {
      title: other.title,
      customSlug: 'our-own-address',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ message: PUBLISHING_MESSAGES.slugTaken, field: 'customSlug' });
    for (const bad of ['a/b', '..', 'x'.repeat(201)]) {
      const refused = await call('POST', `/api/blogs/edit/${other._id}`, { title: other.title, customSlug: bad });
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().field).toBe('customSlug');
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
    const link = await ok<{ url: string }>(await call('POST', `/api/blogs/${draft._id}/preview-link`));
    expect(link.url).toMatch(new RegExp(`^${t.config.publicUrl}/preview/[\\w-]{32}$`));
    const token = link.url.split('/').pop()!;
    expect((await t.services.blog.findByPreviewToken(token))?._id).toBe(draft._id);
    // The same link until it is revoked; then the old one is dead and the next one differs.
    expect((await ok<{ url: string }>(await call('POST', `/api/blogs/${draft._id}/preview-link`))).url).toBe(link.url);
    await ok(await call('DELETE', `/api/blogs/${draft._id}/preview-link`));
    expect(await t.services.blog.findByPreviewToken(token)).toBeUndefined();
    expect((await ok<{ url: string }>(await call('POST', `/api/blogs/${draft._id}/preview-link`))).url).not.toBe(
      link.url,
    );
    expect((await call('POST', '/api/blogs/no-such-post/preview-link')).statusCode).toBe(404);
  });
});
