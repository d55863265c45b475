import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGING_MESSAGES } from '#shared/schemas/paging.ts';
import { boot } from '#server/boot.ts';
import { hashToken } from '#server/modules/auth/tokens.ts';
import { sitemapPlan } from '#server/modules/blog/sitemap.ts';
import { loginToken } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import * as blog from '#shared/api/blog.ts';
import * as contact from '#shared/api/contact.ts';
import * as subscribers from '#shared/api/subscribers.ts';
import { api, urlOf, type AnyAnswer, type RawInput } from '#tests/helpers/api.ts';
import type { Endpoint } from '#shared/api/endpoint.ts';

/**
 * Lists that grow (docs/decisions/0013-growth.md): keyset pages that walk a list exactly once, clear 400s
 * for bad paging input, the streamed CSV export, the sitemap's files, and clean-up jobs that run once
 * across two app instances on one database.
 */
const HOUR = 3600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
/** A time `n` ms after a fixed start, so rows have distinct and known creation times. */
const at = (n: number) => new Date(Date.UTC(2026, 0, 1) + n).toISOString();

describe.each(DATABASE_KINDS)('growth on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    token = await loginToken(t);
  });
  afterAll(() => t?.close());

  function body<T = unknown>(res: AnyAnswer) {
    expect(res.status, res.text).toBe(200);
    return res.body as { data: T[]; meta?: { next: string | null; hasMore: boolean; limit: number } };
  }
  /** Every row of a list, walked with `?cursor=` `limit` at a time; checks each page's meta. */
  async function walk<T>(endpoint: Endpoint, limit: number, input: RawInput = {}): Promise<T[]> {
    const rows: T[] = [];
    let cursor = '';
    for (let pages = 0; pages < 1000; pages++) {
      const query = { ...(input.query as object), limit, cursor };
      const page = body<T>(await api(t).callRaw(endpoint, { ...input, query, token }));
      expect(page.data.length).toBeLessThanOrEqual(limit);
      rows.push(...page.data);
      expect(page.meta!.hasMore).toBe(page.meta!.next !== null);
      if (!page.meta!.next) return rows;
      expect(page.data).toHaveLength(limit);
      cursor = page.meta!.next;
    }
    throw new Error('the walk never ended');
  }

  async function addSubscribers(count: number, prefix: string) {
    const rows = Array.from({ length: count }, (_, i) => ({
      id: `${prefix}-${String(i).padStart(5, '0')}`,
      email: `${prefix}${i}@example.com`,
      status: 'confirmed' as const,
      blog_id: null,
      // Pairs share a creation time, so the id must break the tie.
      created_at: at(Math.floor(i / 2)),
      updated_at: at(i),
      confirmed_at: at(i),
      unsubscribed_at: null,
      consent_source: i === 0 ? '=cmd|"/c calc"' : null,
    }));
    for (let i = 0; i < rows.length; i += 500) {
      await t.services.db
        .insertInto('subscribers')
        .values(rows.slice(i, i + 500))
        .execute();
    }
  }

  it('walks the public post list by cursor once, in the order of the whole list', async () => {
    for (let i = 0; i < 7; i++) await t.services.blog.createPost({ title: `Growth post ${i}` });
    const all = body<{ _id: string }>(await api(t).call(blog.listPosts, { token })).data.map((p) => p._id);
    expect(all.length).toBeGreaterThan(7);
    expect((await walk<{ _id: string }>(blog.listPosts, 3)).map((p) => p._id)).toEqual(all);
    // The category lists page the same way.
    const [category] = body<{ slug: string }>(await api(t).call(blog.listCategories, { token })).data;
    const ofCategory = body<{ _id: string }>(
      await api(t).call(blog.listPostsOfCategoryName, { params: { categoryName: category!.slug }, token }),
    ).data;
    expect(
      (
        await walk<{ _id: string }>(blog.listPostsOfCategoryName, 1, {
          params: { categoryName: category!.slug },
        })
      ).map((p) => p._id),
    ).toEqual(ofCategory.map((p) => p._id));
    // The admin's list too, with its filters.
    const drafts = body<{ _id: string }>(
      await api(t).call(blog.listAdminPosts, { query: { status: 'published' }, token }),
    ).data;
    expect(
      (await walk<{ _id: string }>(blog.listAdminPosts, 4, { query: { status: 'published' } })).map((p) => p._id),
    ).toEqual(drafts.map((p) => p._id));
    // Without paging parameters the spec's answers are unchanged: every post, no meta.
    expect(body(await api(t).call(blog.listAdminPosts, { token })).meta).toBeUndefined();
    expect(body(await api(t).call(blog.listPosts, { token })).meta).toBeUndefined();
  });

  it.each([
    ['cursor=%%%', PAGING_MESSAGES.badCursor],
    ['cursor=abc', PAGING_MESSAGES.badCursor],
    [`cursor=${Buffer.from('{"a":1}').toString('base64url')}`, PAGING_MESSAGES.badCursor],
    [`cursor=${Buffer.from('["x\\u0000","y"]').toString('base64url')}`, PAGING_MESSAGES.badCursor],
    [`cursor=${'a'.repeat(401)}`, PAGING_MESSAGES.badCursor],
    ['limit=0&cursor=', PAGING_MESSAGES.badLimit(100)],
    ['limit=1000000000&cursor=', PAGING_MESSAGES.badLimit(100)],
    ['limit=2.5&cursor=', PAGING_MESSAGES.badLimit(100)],
    ['page=2&cursor=', PAGING_MESSAGES.pageAndCursor],
  ])('answers 400 with a clear message for ?%s', async (query, message) => {
    for (const endpoint of [blog.listPosts, subscribers.listSubscribers, contact.listMessages, blog.listAdminPosts]) {
      if (query.startsWith('page=') && endpoint.path.startsWith('/admin')) continue;
      const res = await api(t).callRaw(endpoint, { query, token });
      expect(res.status, urlOf(endpoint, { query })).toBe(400);
      const expected =
        endpoint === blog.listPosts ? message : message.replace('100', endpoint.path.includes('posts') ? '200' : '500');
      expect(res.body.message).toBe(expected);
    }
  });

  it('pages subscribers newest first (50 by default), searches them and streams every one as CSV', async () => {
    await t.services.db.deleteFrom('subscribers').execute();
    await addSubscribers(1203, 'g');
    const first = body<{ email: string }>(await api(t).call(subscribers.listSubscribers, { token }));
    expect(first.data).toHaveLength(50);
    expect(first.meta).toMatchObject({ limit: 50, hasMore: true });
    const walked = await walk<{ _id: string; email: string; createdAt: string }>(subscribers.listSubscribers, 500);
    expect(walked).toHaveLength(1203);
    expect(new Set(walked.map((s) => s._id)).size).toBe(1203);
    const order = walked.map((s) => `${s.createdAt} ${s._id}`);
    expect(order).toEqual([...order].sort().reverse());

    const found = await walk<{ email: string }>(subscribers.listSubscribers, 3, { query: { search: 'G119' } });
    expect(found.map((s) => s.email).sort()).toEqual([
      'g1190@example.com',
      'g1191@example.com',
      'g1192@example.com',
      'g1193@example.com',
      'g1194@example.com',
      'g1195@example.com',
      'g1196@example.com',
      'g1197@example.com',
      'g1198@example.com',
      'g1199@example.com',
      'g119@example.com',
    ]);
    // A search's % and _ are plain characters.
    expect(body(await api(t).call(subscribers.listSubscribers, { query: { search: 'g_1' }, token })).data).toEqual([]);

    const res = await api(t).call(subscribers.exportSubscribers, { token });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.text.split('\r\n');
    expect(lines[0]).toBe('email,status,subscribed_at,confirmed_at,source_post');
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(1, -1).map((line) => line.split(',')[0])).toEqual(walked.map((s) => s.email));
    // The same escaping as before: a formula is defused and quoted.
    expect(lines.at(-2)).toBe(`g0@example.com,confirmed,${at(0)},${at(0)},"'=cmd|""/c calc"""`);

    // The export reads a batch at a time: batches of 400 give every row once.
    const batches: number[] = [];
    for await (const batch of t.services.subscribers.all(400)) batches.push(batch.length);
    expect(batches).toEqual([400, 400, 400, 3]);
    await t.services.db.deleteFrom('subscribers').execute();
  });

  it('pages the inbox newest first', async () => {
    await t.services.db.deleteFrom('contact_messages').execute();
    await t.services.db
      .insertInto('contact_messages')
      .values(
        Array.from({ length: 9 }, (_, i) => ({
          id: `m${i}`,
          name: `Writer ${i}`,
          email: `w${i}@example.com`,
          message: 'Hello',
          ip: null,
          created_at: at(Math.floor(i / 3)),
        })),
      )
      .execute();
    const walked = await walk<{ _id: string }>(contact.listMessages, 2);
    expect(walked.map((m) => m._id)).toEqual(['m8', 'm7', 'm6', 'm5', 'm4', 'm3', 'm2', 'm1', 'm0']);
    expect(body(await api(t).call(contact.listMessages, { token })).meta).toEqual({
      limit: 50,
      hasMore: false,
      next: null,
    });
    await t.services.db.deleteFrom('contact_messages').execute();
  });

  it('splits the sitemap into files of 50,000 URLs, each file reading its own posts', async () => {
    expect(sitemapPlan(5, 10).files).toBe(1);
    const plan = sitemapPlan(5, 120_000);
    expect(plan.files).toBe(3);
    expect(plan.postsOf(1)).toEqual({ offset: 0, count: 49_995 });
    expect(plan.postsOf(2)).toEqual({ offset: 49_995, count: 50_000 });
    expect(plan.postsOf(3)).toEqual({ offset: 99_995, count: 50_000 });
    expect(sitemapPlan(5, 49_995).files).toBe(1);
    expect(sitemapPlan(5, 49_996).files).toBe(2);

    const urls = body<{ url: string }>(await api(t).call(blog.listPosts, { token })).data.map((p) => p.url);
    const read = async (offset: number, count: number) =>
      (await t.services.blog.publicAddresses(offset, count)).map((r) => r.url);
    expect(await read(0, 1000)).toEqual(urls);
    expect(await read(3, 4)).toEqual(urls.slice(3, 7));
    expect(await read(urls.length, 10)).toEqual([]);
    expect(await read(2, 0)).toEqual([]);
    expect(await t.services.blog.countPublic()).toBe(urls.length);
  });

  it('answers every numbered page of a long list as the cursor walk has it, deep pages read from the end', async () => {
    // Past 1,000 posts a page beyond the middle is skipped to from the oldest end (blog repository).
    const rows = Array.from({ length: 1100 }, (_, n) => ({
      id: `numbered-${String(n).padStart(5, '0')}`,
      title: `Numbered ${n}`,
      excerpt: '',
      content: '<p>x</p>',
      feature_image: '',
      category_id: null,
      slug: `Numbered-${n}`,
      status: 'published' as const,
      publish_at: null,
      // Pairs share a publication time, so the id must break the tie in both directions.
      published_at: at(Math.floor(n / 2) * 1000),
      custom_slug: '',
      meta_title: '',
      meta_description: '',
      social_image: '',
      newsletter: 0,
      created_at: at(n),
      updated_at: at(n),
    }));
    for (let i = 0; i < rows.length; i += 500) {
      await t.services.db
        .insertInto('blog_posts')
        .values(rows.slice(i, i + 500))
        .execute();
    }
    const all = (await walk<{ _id: string }>(blog.listPosts, 100)).map((p) => p._id);
    const total = all.length;
    expect(total).toBeGreaterThan(1100);
    const last = Math.ceil(total / 10);
    for (const page of [1, 2, 60, 100, 101, last - 1, last, last + 1]) {
      const res = body<{ _id: string }>(await api(t).call(blog.listPosts, { query: { page, limit: '10' }, token }));
      expect(
        res.data.map((p) => p._id),
        `page ${page}`,
      ).toEqual(all.slice((page - 1) * 10, page * 10));
      expect(res.meta).toEqual({ page, limit: 10, total, hasMore: page * 10 < total });
    }
    await t.services.db.deleteFrom('blog_posts').where('id', 'like', 'numbered-%').execute();
  });

  it('runs the clean-up once when two app instances on one database ask at the same time', async () => {
    const second = await boot(t.config, { log: pino({ level: 'silent' }) as never });
    try {
      const live = await loginToken(t);
      const ended = await loginToken(t);
      const { db } = t.services;
      await db
        .updateTable('sessions')
        .set({ expires_at: ago(2 * 24 * HOUR) })
        .where('token_hash', '=', hashToken(ended))
        .execute();
      await db.deleteFrom('job_runs').execute();
      const ran = await Promise.all([t.services.jobs.runDue(), second.services.jobs.runDue()]);
      for (const job of ['prune-auth', 'prune-sent-mail', 'purge-trash']) {
        expect(
          ran.flat().filter((name) => name === job),
          job,
        ).toHaveLength(1);
      }
      const hashes = (await db.selectFrom('sessions').select('token_hash').execute()).map((r) => r.token_hash);
      expect(hashes).toContain(hashToken(live));
      expect(hashes).not.toContain(hashToken(ended));
      // Within the hour neither instance runs it again.
      const again = await Promise.all([t.services.jobs.runDue(), second.services.jobs.runDue()]);
      expect(again.flat()).not.toContain('prune-auth');
    } finally {
      await second.services.jobs.stop();
      await second.services.mailWorker.stop();
      await second.db.destroy();
    }
  });
});
