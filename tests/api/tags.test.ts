import path from 'node:path';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as blog from '#shared/api/blog.ts';
import * as revisionsApi from '#shared/api/revisions.ts';
import * as tags from '#shared/api/tags.ts';
import { TAG_MESSAGES } from '#shared/messages.ts';
import type { BlogPost } from '#shared/schemas/blog.ts';
import type { Tag } from '#shared/schemas/tags.ts';
import { api } from '#tests/helpers/api.ts';
import { NO_RATE_LIMITS } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { createCategory, createPost, loggedInAdmin, unique, type LoggedInAdmin } from '#tests/helpers/factories.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * Tags, their pages and feeds, the admin's Tags screen's endpoints, Read next and reading time
 * (docs/product.md#tags, #read-next, #reading-time). Pages are rendered by the production server build
 * (`npm run build` first), as tests/api/post-authors.test.ts.
 */
const buildFile = path.resolve('build/server/index.js');
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

describe.each(DATABASE_KINDS)('tags, Read next and reading time on %s', (kind) => {
  let t: TestApp;
  let admin: LoggedInAdmin;
  beforeAll(async () => {
    const build = (await import(buildFile)) as ServerBuild;
    t = await buildTestApp(kind, {
      app: { rateLimits: NO_RATE_LIMITS, ssr: { build, mode: 'production', cache: false } },
    });
    admin = await loggedInAdmin(t);
  });
  afterAll(() => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const adminPost = async (id: string) => (await admin.api.call(blog.getAdminPost, { params: { id } })).data;
  const allTags = async () => (await admin.api.call(tags.listTags)).data;
  const tagNamed = async (name: string) => (await allTags()).find((tag) => tag.name === name)!;
  const edit = (post: BlogPost, fields: Record<string, unknown>) =>
    admin.api.callRaw(blog.updatePost, {
      params: { id: post._id },
      body: { title: post.title, excerpt: post.excerpt, content: post.content, ...fields },
    });
  const saveTag = (tag: Tag, fields: Partial<Tag>) =>
    admin.api.callRaw(tags.saveTag, {
      params: { id: tag._id },
      body: {
        name: tag.name,
        slug: tag.slug,
        description: tag.description,
        metaTitle: tag.metaTitle,
        metaDescription: tag.metaDescription,
        ...fields,
      },
    });

  it('sets a post’s tags on save, matching existing ones ignoring case and making new ones', async () => {
    const name = unique('Pricing');
    const first = await createPost(admin, { tags: [name, `${name}-Extra`] });
    expect(Object.keys(first)).not.toContain('tags');
    expect((await adminPost(first._id)).tags).toEqual([name, `${name}-Extra`]);
    const second = await createPost(admin, {
      tags: [name.toUpperCase(), ` ${name.toLowerCase()} `, '#internal-group'],
    });
    // One tag per name whatever its case; the stored spelling is kept.
    expect((await adminPost(second._id)).tags).toEqual([name, '#internal-group']);
    expect((await tagNamed(name)).posts).toBe(2);
    // A save without `tags` keeps them; an empty list removes them.
    expect((await edit(second, {})).status).toBe(200);
    expect((await adminPost(second._id)).tags).toEqual([name, '#internal-group']);
    expect((await edit(second, { tags: [] })).status).toBe(200);
    expect((await adminPost(second._id)).tags).toEqual([]);
    expect((await tagNamed(name)).posts).toBe(1);
    const names = (await admin.api.call(tags.listTagNames)).data;
    expect(names).toEqual(expect.arrayContaining([name, `${name}-Extra`, '#internal-group']));
  });

  it('refuses bad tags with a 400 and a message', async () => {
    const post = await createPost(admin);
    const cases: Array<[unknown, string]> = [
      [['a,b'], TAG_MESSAGES.nameComma],
      [[''], TAG_MESSAGES.nameRequired],
      [['x'.repeat(101)], TAG_MESSAGES.nameTooLong],
      [Array.from({ length: 21 }, (_, i) => `t${i}`), TAG_MESSAGES.tooMany],
      [['..'], TAG_MESSAGES.nameUnusable('..')],
      [['#'], TAG_MESSAGES.nameUnusable('#')],
    ];
    for (const [value, message] of cases) {
      const res = await edit(post, { tags: value });
      expect(res.status, res.text).toBe(400);
      expect(res.body.message).toBe(message);
    }
    for (const value of ['a', [1], { a: 1 }, null]) expect((await edit(post, { tags: value })).status).toBe(400);
  });

  it('makes one tag of a new name saved by several posts at once', async () => {
    const name = unique('Race');
    const posts = await Promise.all(Array.from({ length: 6 }, () => createPost(admin, { tags: [name] })));
    expect(posts).toHaveLength(6);
    expect((await allTags()).filter((tag) => tag.name === name)).toHaveLength(1);
    expect((await tagNamed(name)).posts).toBe(6);
  });

  it('shows public tags and reading time on cards and posts, never internal tags', async () => {
    const name = unique('Visible');
    const post = await createPost(admin, { tags: [name, '#hidden-group'], content: `<p>${words(700)}</p>` });
    const page = await get(post.url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('3 min read');
    expect(page.body).toContain(`href="/tags/${name}"`);
    expect(page.body).not.toContain('hidden-group');
    const list = await get('/blogs');
    expect(list.body).toContain(`href="/tags/${name}"`);
    expect(list.body).toContain('3 min read');
    expect(list.body).not.toContain('hidden-group');
    const short = await createPost(admin, { content: '' });
    expect((await get(short.url)).body).toContain('1 min read');
  });

  it('answers a tag page, its posts, its feed and its sitemap entry; unknown and internal tags 404', async () => {
    const name = unique('Topic');
    const category = await createCategory(admin);
    const published = await createPost(admin, { tags: [name], blogCategory: category._id });
    const draft = await createPost(admin, { tags: [name], status: 'draft' });
    const tag = await tagNamed(name);
    expect(
      (await saveTag(tag, { description: 'All about it', metaTitle: 'Meta T', metaDescription: 'Meta D' })).status,
    ).toBe(200);
    const head = await api(t).call(tags.tagBySegment, { params: { segment: name.toLowerCase() } });
    expect(head.status).toBe(200);
    expect(head.data).toEqual({
      name,
      slug: name,
      url: `/tags/${name}`,
      description: 'All about it',
      metaTitle: 'Meta T',
      metaDescription: 'Meta D',
    });
    const posts = await api(t).call(tags.listPostsOfTag, { params: { segment: name }, query: { page: 1, limit: 10 } });
    expect(posts.data.map((p) => p._id)).toEqual([published._id]);
    expect((posts.body as { meta?: unknown }).meta).toMatchObject({ page: 1, total: 1, hasMore: false });
    expect(posts.data.map((p) => p._id)).not.toContain(draft._id);

    const page = await get(`/tags/${name}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Meta T</title>');
    expect(page.body).toContain('All about it');
    expect(page.body).toContain(published.title);
    expect(page.body).not.toContain(draft.title);
    expect(page.body).toContain(`/tags/${name}/rss.xml`);
    const feed = await get(`/tags/${name}/rss.xml`);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('application/rss+xml');
    expect(feed.body).toContain(published.title);
    expect(feed.body).not.toContain(draft.title);
    expect((await get('/sitemap.xml')).body).toContain(`/tags/${name}</loc>`);

    for (const segment of [unique('nope'), '#hidden-group', '%23hidden-group']) {
      expect((await get(`/tags/${segment}`)).statusCode).toBe(404);
      expect((await get(`/tags/${segment}/rss.xml`)).statusCode).toBe(404);
      expect((await api(t).callRaw(tags.tagBySegment, { params: { segment } })).status).toBe(404);
    }
    expect((await get('/sitemap.xml')).body).not.toContain('hidden-group');
  });

  it('renames a tag: the old address answers 301 to the new one, pages, feed and API alike', async () => {
    const name = unique('Old');
    const post = await createPost(admin, { tags: [name] });
    const tag = await tagNamed(name);
    const renamed = unique('New Name');
    const res = await saveTag(tag, { name: renamed, slug: '' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ name: renamed, slug: renamed.replace(' ', '-'), posts: 1 });
    const segment = renamed.replace(' ', '-');
    const page = await get(`/tags/${name}?page=1`);
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe(`/tags/${segment}?page=1`);
    expect((await get(`/tags/${name.toUpperCase()}/rss.xml`)).headers.location).toBe(`/tags/${segment}/rss.xml`);
    const lookup = await api(t).callRaw(tags.tagBySegment, { params: { segment: name } });
    expect(lookup.status).toBe(301);
    expect(lookup.headers.location).toBe(`/api/tags/${segment}`);
    expect((await adminPost(post._id)).tags).toEqual([renamed]);
    expect((await get(`/tags/${segment}`)).body).toContain(post.title);
    // The old address taken by another tag is that tag's again.
    const other = await createPost(admin, { tags: [name] });
    expect((await get(`/tags/${name}`)).statusCode).toBe(200);
    expect((await get(`/tags/${name}`)).body).toContain(other.title);
  });

  it('refuses a rename to a name or address another tag has (409), and bad fields (400)', async () => {
    const a = unique('Alpha');
    const b = unique('Beta');
    await createPost(admin, { tags: [a, b] });
    const tagA = await tagNamed(a);
    const byName = await saveTag(tagA, { name: b.toUpperCase(), slug: '' });
    expect(byName.status).toBe(409);
    expect(byName.body.message).toBe(TAG_MESSAGES.nameTaken(b.toUpperCase()));
    const bySlug = await saveTag(tagA, { slug: b.toLowerCase() });
    expect(bySlug.status).toBe(409);
    expect(bySlug.body.message).toBe(TAG_MESSAGES.slugTaken(b.toLowerCase()));
    for (const fields of [
      { name: '' },
      { name: 'a,b' },
      { slug: 'a/b' },
      { slug: '..' },
      { description: 'x'.repeat(2001) },
    ]) {
      expect((await saveTag(tagA, fields)).status).toBe(400);
    }
    const unknown = await admin.api.callRaw(tags.saveTag, { params: { id: 'nope' }, body: { name: 'x' } });
    expect(unknown.status).toBe(404);
  });

  it('merges two tags: the posts of one get the other, and its address redirects', async () => {
    const from = unique('From');
    const into = unique('Into');
    const onlyFrom = await createPost(admin, { tags: [from] });
    const both = await createPost(admin, { tags: [into, from] });
    const fromTag = await tagNamed(from);
    const intoTag = await tagNamed(into);
    const res = await admin.api.call(tags.mergeTag, { params: { id: fromTag._id }, body: { into: intoTag._id } });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ _id: intoTag._id, posts: 2 });
    expect((await adminPost(onlyFrom._id)).tags).toEqual([into]);
    expect((await adminPost(both._id)).tags).toEqual([into]);
    expect(await tagNamed(from)).toBeUndefined();
    expect((await get(`/tags/${from}`)).headers.location).toBe(`/tags/${into}`);
    const same = await admin.api.callRaw(tags.mergeTag, { params: { id: intoTag._id }, body: { into: intoTag._id } });
    expect(same.status).toBe(400);
    expect(same.body.message).toBe(TAG_MESSAGES.mergeSame);
    const gone = await admin.api.callRaw(tags.mergeTag, { params: { id: fromTag._id }, body: { into: intoTag._id } });
    expect(gone.status).toBe(404);
  });

  it('deletes a tag: its posts lose it, its page answers 404', async () => {
    const name = unique('Doomed');
    const post = await createPost(admin, { tags: [name, `${name}-stays`] });
    const tag = await tagNamed(name);
    const version = await t.services.siteMeta.contentVersion.current();
    expect((await admin.api.call(tags.deleteTag, { params: { id: tag._id } })).data).toEqual({ _id: tag._id });
    expect(await t.services.siteMeta.contentVersion.current()).toBeGreaterThan(version);
    expect((await adminPost(post._id)).tags).toEqual([`${name}-stays`]);
    expect((await get(`/tags/${name}`)).statusCode).toBe(404);
    expect((await admin.api.callRaw(tags.deleteTag, { params: { id: tag._id } })).status).toBe(404);
  });

  it('keeps tags in the post’s history: restoring a revision brings its tags back', async () => {
    const name = unique('Kept');
    const post = await createPost(admin, { tags: [name] });
    expect((await edit(post, { tags: [`${name}-later`] })).status).toBe(200);
    const history = (await admin.api.call(revisionsApi.listRevisions, { params: { docType: 'post', docId: post._id } }))
      .data;
    expect(history[0]!.changed).toEqual(['tags']);
    const restore = await admin.api.callRaw(revisionsApi.restoreRevision, { params: { id: history[1]!._id } });
    expect(restore.status, restore.text).toBe(200);
    expect((await adminPost(post._id)).tags).toEqual([name]);
  });

  it('counts reading time on write: about 230 words a minute, at least 1', async () => {
    const post = await createPost(admin, { content: `<p>${words(460)}</p><p>&nbsp;<b>—</b></p>` });
    const list = (await admin.api.call(blog.listAdminPosts)).data;
    expect(list.find((p) => p._id === post._id)?.readingMinutes).toBe(2);
    expect((await adminPost(post._id)).readingMinutes).toBe(2);
    await edit(post, { content: `<p>${words(1500)}</p>` });
    expect((await adminPost(post._id)).readingMinutes).toBe(7);
  });

  describe('Read next', () => {
    const readNext = async (id: string) => (await api(t).call(tags.readNext, { params: { id } })).data;

    it('lists three published posts by shared tags, then category, then words; never a draft or a trashed post', async () => {
      const shared = unique('Shared');
      const category = await createCategory(admin);
      const subject = await createPost(admin, {
        title: unique('Kubernetes pricing'),
        tags: [shared, `${shared}-2`],
        blogCategory: category._id,
      });
      const twoTags = await createPost(admin, { tags: [shared, `${shared}-2`] });
      const oneTag = await createPost(admin, { tags: [shared] });
      const sameCategory = await createPost(admin, { blogCategory: category._id });
      const draft = await createPost(admin, { tags: [shared, `${shared}-2`], status: 'draft' });
      const similar = await createPost(admin, { title: unique('Kubernetes pricing explained') });
      await t.services.blog.refreshRelated();
      expect((await readNext(subject._id)).map((p) => p._id)).toEqual([twoTags._id, oneTag._id, sameCategory._id]);
      expect((await readNext(subject._id)).map((p) => p._id)).not.toContain(draft._id);
      // A post in the trash leaves every list at once, before any refresh (the next in the list moves up).
      await admin.api.call(blog.deletePost, { params: { id: oneTag._id } });
      for (const refreshed of [false, true]) {
        if (refreshed) await t.services.blog.refreshRelated();
        const after = (await readNext(subject._id)).map((p) => p._id);
        expect(after.slice(0, 2)).toEqual([twoTags._id, sameCategory._id]);
        expect(after).toHaveLength(3);
        expect(after).not.toContain(oneTag._id);
        expect(after).not.toContain(draft._id);
      }
      // By words alone: the post with the most shared title words.
      const lone = await createPost(admin, { title: unique('Kubernetes pricing explained again') });
      await t.services.blog.refreshRelated();
      expect((await readNext(lone._id))[0]!._id).toBe(similar._id);
      // The post's own page shows them.
      const page = await get(subject.url);
      expect(page.body).toContain('Read next');
      expect(page.body).toContain(twoTags.title);
      // A draft has none, and its lookup answers 404.
      expect((await api(t).callRaw(tags.readNext, { params: { id: draft._id } })).status).toBe(404);
    });

    it('survives a refresh that never ran: the marks wait in the database for the next run', async () => {
      const name = unique('Marked');
      const a = await createPost(admin, { tags: [name] });
      const b = await createPost(admin, { tags: [name] });
      // As if the process died after the commit: the marks are there whatever the refresh did.
      await t.services.db
        .insertInto('related_dirty')
        .values([a, b].map((p) => ({ post_id: p._id, marked_at: new Date().toISOString() })))
        .onConflict((oc) => oc.column('post_id').doNothing())
        .execute();
      await t.services.db.deleteFrom('related_posts').where('post_id', 'in', [a._id, b._id]).execute();
      await t.services.blog.refreshRelated();
      expect((await readNext(a._id))[0]!._id).toBe(b._id);
      const left = await t.services.db.selectFrom('related_dirty').select('post_id').execute();
      expect(left).toEqual([]);
    });
  });
});
