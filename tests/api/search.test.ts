import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as blog from '#shared/api/blog.ts';
import * as profile from '#shared/api/profile.ts';
import * as search from '#shared/api/search.ts';
import { SEARCH_MESSAGES, SERVER_MESSAGES } from '#shared/messages.ts';
import { MAX_QUERY_LENGTH } from '#shared/schemas/search.ts';
import { api } from '#tests/helpers/api.ts';
import { createUser, loginToken, NO_RATE_LIMITS } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { createCategory, createPost, loggedInAdmin, unique, type LoggedInAdmin } from '#tests/helpers/factories.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * Search (docs/product.md#search, docs/decisions/0023-search.md): ranked, stemmed, accent-folded, prefix
 * matching, snippets escaped, published posts only, and the index kept in the transaction of every write.
 */
describe.each(DATABASE_KINDS)('search on %s', (kind) => {
  let t: TestApp;
  let admin: LoggedInAdmin;
  // A word no seeded post holds, so each test counts only its own posts.
  const mark = () => unique('zq').toLowerCase();
  beforeAll(async () => {
    t = await buildTestApp(kind, { app: { rateLimits: NO_RATE_LIMITS } });
    admin = await loggedInAdmin(t);
  });
  afterAll(() => t?.close());

  const find = async (q: string, query: Record<string, string | number> = {}) => {
    const res = await api(t).call(search.searchPosts, { query: { q, ...query } });
    expect(res.status, res.text).toBe(200);
    return res;
  };
  const titles = async (q: string) => (await find(q)).data.map((hit) => hit.title);

  it('finds stemmed words, accents folded, the last word as a prefix, the title ranked first', async () => {
    const m = mark();
    const inBody = await createPost(admin, {
      title: unique('Body'),
      content: `<p>${m} Our prices changed at the Café on the corner.</p>`,
    });
    const inTitle = await createPost(admin, { title: `Pricing ${m} notes`, content: '<p>Nothing else.</p>' });
    expect(await titles(`${m} pricing`)).toEqual([inTitle.title, inBody.title]);
    expect(await titles(`${m} cafe`)).toEqual([inBody.title]);
    expect(await titles(`${m} CAFÉ`)).toEqual([inBody.title]);
    expect(await titles(`${m} corn`)).toEqual([inBody.title]);
    expect(await titles(`${m} pri`)).toEqual([inTitle.title, inBody.title]);
  });

  // PostgreSQL ranks by the head's words (title, terms, excerpt), so posts matching in the content alone tie
  // and go newest first, by the publication date the index row carries; SQLite's bm25 rarely ties.
  it('finds a draft once published, and on PostgreSQL ranks ties by the newest publication', async () => {
    const m = mark();
    const content = `<p>${m} appears once in this text.</p>`;
    const draft = await createPost(admin, { content, status: 'draft' });
    const older = await createPost(admin, { content });
    const newer = await createPost(admin, { content });
    if (kind === 'postgres') expect(await titles(m)).toEqual([newer.title, older.title]);
    expect(await titles(m)).toHaveLength(2);
    const published = await admin.api.call(blog.updatePost, {
      params: { id: draft._id },
      body: {
        title: draft.title,
        excerpt: draft.excerpt,
        content,
        blogCategory: null,
        _id: draft._id,
        status: 'published',
      },
    });
    expect(published.status, published.text).toBe(200);
    if (kind === 'postgres') expect(await titles(m)).toEqual([draft.title, newer.title, older.title]);
    expect((await titles(m)).sort()).toEqual([draft.title, newer.title, older.title].sort());
  });

  it('answers a snippet with the hits marked and the text escaped', async () => {
    const m = mark();
    await createPost(admin, {
      content: `<p>Before &lt;script&gt;alert(1)&lt;/script&gt; the ${m} word &amp; "quotes" after.</p>`,
    });
    const [hit] = (await find(m)).data;
    expect(hit!.snippet).toContain(`<mark>${m}</mark>`);
    // PostgreSQL's ts_headline leaves out what looks like a tag; SQLite keeps it, escaped.
    expect(hit!.snippet).toContain('&amp; &quot;quotes&quot;');
    expect(hit!.snippet).not.toContain('<script');
    expect(hit!.snippet.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
  });

  it('searches tags, category and authors’ names, and follows their renames in the same write', async () => {
    const m = mark();
    const category = await createCategory(admin, unique('Gardening'));
    const post = await createPost(admin, { blogCategory: category._id, content: `<p>${m}</p>` });
    expect(await titles(`${m} ${category.name}`)).toEqual([post.title]);
    const renamed = unique('Orchards');
    await admin.api.call(blog.saveCategory, { body: { _id: category._id, name: renamed } });
    expect(await titles(`${m} ${renamed}`)).toEqual([post.title]);
    expect(await titles(`${m} ${category.name}`)).toEqual([]);

    const authorName = `Ximena ${unique('Quill')}`;
    const authorId = await createUser(t, `${m}@example.com`, 'secret-1', authorName, 'author');
    await api(t, { token: admin.token }).call(profile.setPostAuthors, {
      params: { id: post._id },
      body: { authorIds: [authorId] },
    });
    expect(await titles(`${m} ${authorName}`)).toEqual([post.title]);
    const token = await loginToken(t, `${m}@example.com`, 'secret-1');
    const own = (await api(t, { token }).call(profile.getProfile)).data;
    const newName = `Yolanda ${unique('Plume')}`;
    const saved = await api(t, { token }).call(profile.saveProfile, {
      body: { name: newName, segment: own.segment, bio: '', avatar: '', website: '' },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(await titles(`${m} ${newName}`)).toEqual([post.title]);
    expect(await titles(`${m} ${authorName}`)).toEqual([]);

    // Tags: public names only (the tags work writes post_tags; the index reads them when it reindexes).
    const db = t.services.db;
    const now = new Date().toISOString();
    for (const [id, name] of [
      ['tag-a', unique('Compost')],
      ['tag-b', `#${unique('internal')}`],
    ] as const) {
      await db
        .insertInto('blog_tags')
        .values({
          id: `${id}-${m}`,
          name,
          name_key: name.toLowerCase(),
          slug: name,
          slug_key: name.toLowerCase(),
          description: '',
          meta_title: '',
          meta_description: '',
          created_at: now,
          updated_at: now,
        })
        .execute();
      await db
        .insertInto('post_tags')
        .values({ post_id: post._id, tag_id: `${id}-${m}`, position: 0 })
        .execute();
    }
    await db.transaction().execute((trx) => t.services.blog.reindexPosts(trx, [post._id]));
    const [tagA, tagB] = await db
      .selectFrom('blog_tags')
      .select('name')
      .where('id', 'in', [`tag-a-${m}`, `tag-b-${m}`])
      .orderBy('id')
      .execute();
    expect(await titles(`${m} ${tagA!.name}`)).toEqual([post.title]);
    expect(await titles(`${m} ${tagB!.name.slice(1)}`)).toEqual([]);
  });

  it('shows published posts only: drafts, scheduled, pending and trashed posts are never found', async () => {
    const m = mark();
    const post = await createPost(admin, { content: `<p>${m}</p>` });
    await createPost(admin, { content: `<p>${m}</p>`, status: 'draft' });
    await createPost(admin, { content: `<p>${m}</p>`, status: 'pending' });
    await createPost(admin, {
      content: `<p>${m}</p>`,
      status: 'scheduled',
      publishAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(await titles(m)).toEqual([post.title]);
    await admin.api.call(blog.deletePost, { params: { id: post._id } });
    expect(await titles(m)).toEqual([]);
    await admin.api.call(blog.restorePost, { params: { id: post._id } });
    expect(await titles(m)).toEqual([post.title]);
    const edited = await admin.api.call(blog.updatePost, {
      params: { id: post._id },
      body: { title: post.title, excerpt: post.excerpt, content: '<p>other words</p>', blogCategory: null },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(await titles(m)).toEqual([]);
    expect(await titles(`${post.title} other`)).toEqual([post.title]);
  });

  it('pages the results with their total', async () => {
    const m = mark();
    for (let i = 0; i < 3; i++) await createPost(admin, { content: `<p>${m}</p>` });
    const first = await find(m, { limit: 2 });
    expect(first.data).toHaveLength(2);
    expect(first.body.meta).toMatchObject({ page: 1, limit: 2, total: 3, hasMore: true, suggestions: [] });
    const second = await find(m, { limit: 2, page: 2 });
    expect(second.data).toHaveLength(1);
    expect(second.body.meta).toMatchObject({ page: 2, total: 3, hasMore: false });
  });

  it('suggests the closest title words when nothing matches', async () => {
    await createPost(admin, { title: `Photosynthesis ${unique('Guide')}` });
    const res = await find('photosinthesis');
    expect(res.data).toEqual([]);
    expect(res.body.meta?.suggestions).toContain('photosynthesis');
  });

  it('takes any text safely and refuses what it cannot search with a message', async () => {
    for (const q of [
      '"',
      '*',
      'NEAR(a b',
      'a AND OR NOT b',
      '((((',
      ')',
      'x" OR "y',
      '🙂',
      'مرحبا بالعالم',
      "'; drop table",
      '-a',
      'a:*',
      '!!&|',
    ]) {
      expect((await api(t).call(search.searchPosts, { query: { q } })).status, q).toBe(200);
    }
    const long = await api(t).call(search.searchPosts, { query: { q: 'a'.repeat(10_000) } });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ message: SEARCH_MESSAGES.queryTooLong(MAX_QUERY_LENGTH) });
    const empty = await api(t).call(search.searchPosts, { query: { q: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ message: SEARCH_MESSAGES.queryRequired });
    const nul = await api(t).call(search.searchPosts, { query: { q: 'a\u0000b' } });
    expect(nul.status).toBe(400);
    expect(nul.body).toMatchObject({ message: SERVER_MESSAGES.unsafeText });
  });

  it('searches the admin list in every status, an Author only their own posts', async () => {
    const m = mark();
    const published = await createPost(admin, { content: `<p>${m}</p>` });
    const draft = await createPost(admin, { content: `<p>${m}</p>`, status: 'draft' });
    const all = await admin.api.call(search.searchAdminPosts, { query: { q: m } });
    expect(all.status, all.text).toBe(200);
    expect(all.data.map((p) => p._id).sort()).toEqual([published._id, draft._id].sort());
    const drafts = await admin.api.call(search.searchAdminPosts, { query: { q: m, status: 'draft' } });
    expect(drafts.data.map((p) => p._id)).toEqual([draft._id]);

    await createUser(t, `author-${m}@example.com`, 'secret-1', 'Own Writer', 'author');
    const author = api(t, { token: await loginToken(t, `author-${m}@example.com`, 'secret-1') });
    const own = await author.call(blog.createPost, {
      body: { title: unique('Own'), excerpt: 'x', content: `<p>${m}</p>`, blogCategory: null, status: 'draft' },
    });
    expect(own.status, own.text).toBe(200);
    const theirs = await author.call(search.searchAdminPosts, { query: { q: m } });
    expect(theirs.data.map((p) => p._id)).toEqual([own.data._id]);
    expect((await api(t).call(search.searchAdminPosts, { query: { q: m } })).status).toBe(401);
  });
});

describe('search rate limit', () => {
  it('refuses the searches past the limit from one address, the page and the API together', async () => {
    const t = await buildTestApp('sqlite', {
      app: { rateLimits: { ...NO_RATE_LIMITS, searchPerIp: { max: 2, windowMs: 60_000 } } },
    });
    try {
      expect((await api(t).call(search.searchPosts, { query: { q: 'one' } })).status).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/search?q=two' })).statusCode).not.toBe(429);
      const third = await api(t).call(search.searchPosts, { query: { q: 'three' } });
      expect(third.status).toBe(429);
      expect((await api(t).call(search.searchPosts, { query: { q: 'four' }, remoteAddress: '10.0.0.9' })).status).toBe(
        200,
      );
    } finally {
      await t.close();
    }
  });
});
