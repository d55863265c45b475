import path from 'node:path';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as blog from '#shared/api/blog.ts';
import * as profile from '#shared/api/profile.ts';
import * as staff from '#shared/api/staff.ts';
import { PROFILE_MESSAGES } from '#shared/messages.ts';
import { api } from '#tests/helpers/api.ts';
import { createUser, loginToken, NO_RATE_LIMITS } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { createPost, loggedInAdmin, postAddress, unique, type LoggedInAdmin } from '#tests/helpers/factories.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * The authors of posts, their bylines and author pages (docs/product.md#profiles-and-author-pages). The
 * pages are rendered by the production server build (`npm run build` first), as tests/api/page-cache.test.ts.
 */
const buildFile = path.resolve('build/server/index.js');

describe.each(DATABASE_KINDS)('post authors and author pages on %s', (kind) => {
  let t: TestApp;
  let owner: LoggedInAdmin;
  const ids: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    const build = (await import(buildFile)) as ServerBuild;
    t = await buildTestApp(kind, {
      app: { rateLimits: NO_RATE_LIMITS, ssr: { build, mode: 'production', cache: false } },
    });
    owner = await loggedInAdmin(t);
    ids.owner = (await api(t, { token: owner.token }).call(profile.getProfile)).data._id;
    for (const [key, role, name] of [
      ['editor', 'editor', 'Eddie Editor'],
      ['author', 'author', 'Ann Author'],
      ['writer', 'author', 'Wren Writer'],
      ['gone', 'author', 'Sus Pended'],
      ['drafter', 'author', 'Dee Drafter'],
    ] as const) {
      ids[key] = await createUser(t, `${key}@example.com`, 'secret-1', name, role);
      tokens[key] = await loginToken(t, `${key}@example.com`, 'secret-1');
    }
    await t.services.db.updateTable('users').set({ status: 'suspended' }).where('id', '=', ids.gone!).execute();
  });
  afterAll(() => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const setAuthors = (token: string, id: string, authorIds: string[]) =>
    api(t, { token }).call(profile.setPostAuthors, { params: { id }, body: { authorIds } });

  it('has the creator as the author in the admin answer', async () => {
    const post = await createPost(owner);
    const res = await owner.api.call(blog.getAdminPost, { params: { id: post._id } });
    expect(res.data.authors).toEqual([{ _id: ids.owner, name: 'Administrator' }]);
  });

  it('lets an Editor replace the authors in byline order, without touching the post', async () => {
    const post = await createPost(owner);
    const version = await t.services.siteMeta.contentVersion.current();
    const res = await setAuthors(tokens.editor!, post._id, [ids.writer!, ids.author!, ids.writer!]);
    expect(res.status).toBe(200);
    expect(res.data).toEqual([
      { _id: ids.writer, name: 'Wren Writer' },
      { _id: ids.author, name: 'Ann Author' },
    ]);
    expect(await t.services.siteMeta.contentVersion.current()).toBeGreaterThan(version);
    const admin = (await owner.api.call(blog.getAdminPost, { params: { id: post._id } })).data;
    expect(admin.authors.map((a) => a.name)).toEqual(['Wren Writer', 'Ann Author']);
    expect(admin.updatedAt).toBe(post.updatedAt);
    // The public API's answer keeps its shape: no authors there.
    const pub = await api(t).call(blog.postByPath, { params: postAddress(post.url) });
    expect(Object.keys(pub.data)).not.toContain('authors');
  });

  it('refuses Authors (403), unknown or suspended people and bad lists (400)', async () => {
    const post = await createPost(owner);
    expect((await setAuthors(tokens.author!, post._id, [ids.author!])).status).toBe(403);
    for (const [authorIds, message] of [
      [[ids.owner!, 'no-such-person'], PROFILE_MESSAGES.authorsUnknown],
      [[ids.gone!], PROFILE_MESSAGES.authorsUnknown],
      [[], PROFILE_MESSAGES.authorsRequired],
      [Array.from({ length: 11 }, (_, i) => `id-${i}`), PROFILE_MESSAGES.authorsTooMany],
    ] as const) {
      const res = await setAuthors(tokens.editor!, post._id, [...authorIds]);
      expect(res.status, JSON.stringify(authorIds)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await setAuthors(tokens.editor!, 'no-such-post', [ids.owner!])).status).toBe(404);
    expect((await owner.api.call(blog.getAdminPost, { params: { id: post._id } })).data.authors).toHaveLength(1);
  });

  it('lists the active people to choose from, for those who may change authors', async () => {
    const list = await api(t, { token: tokens.editor! }).call(profile.listAuthors);
    expect(list.data.map((p) => p.name)).toEqual(
      expect.arrayContaining(['Administrator', 'Eddie Editor', 'Ann Author', 'Wren Writer']),
    );
    expect(list.data.map((p) => p.name)).not.toContain('Sus Pended');
    expect((await api(t, { token: tokens.author! }).call(profile.listAuthors)).status).toBe(403);
  });

  it('shows the bylines on the post page and names the authors as people in its structured data', async () => {
    const post = await createPost(owner, { title: unique('Byline') });
    await setAuthors(owner.token, post._id, [ids.editor!, ids.owner!]);
    const res = await get(post.url);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toMatch(/<ul class="blog-byline" aria-label="Authors">/);
    const editorAt = html.indexOf('href="/authors/eddie-editor"');
    const ownerAt = html.indexOf('href="/authors/administrator"');
    expect(editorAt).toBeGreaterThan(0);
    expect(ownerAt).toBeGreaterThan(editorAt);
    const ld = JSON.parse(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(html)![1]!) as {
      author: unknown;
    };
    expect(ld.author).toEqual([
      { '@type': 'Person', name: 'Eddie Editor', url: `${t.config.publicUrl}/authors/eddie-editor` },
      { '@type': 'Person', name: 'Administrator', url: `${t.config.publicUrl}/authors/administrator` },
    ]);
  });

  it('serves author pages: 200 with the posts, 404 without a published post, 301 after a rename', async () => {
    const title = unique('WrenPost');
    const post = await createPost(owner, { title });
    await createPost(owner, { title: unique('Draft'), status: 'draft' }).then((draft) =>
      setAuthors(owner.token, draft._id, [ids.drafter!]),
    );
    await setAuthors(owner.token, post._id, [ids.writer!]);
    await api(t, { token: tokens.writer! }).call(profile.saveProfile, {
      body: {
        name: 'Wren Writer',
        segment: 'wren-writer',
        bio: 'Writes & edits.',
        avatar: '',
        website: 'https://wren.example',
      },
    });

    const page = await get('/authors/wren-writer');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1 class="h2 mb-2">Wren Writer</h1>');
    expect(page.body).toContain('Writes &amp; edits.');
    expect(page.body).toContain(title);
    expect(page.body).toContain(`href="${t.config.publicUrl}/authors/wren-writer/rss.xml"`);
    expect((await get('/authors/wren-writer?page=2')).statusCode).toBe(200);

    // Dee has only a draft; Sus has nothing; nobody has this address.
    expect((await get('/authors/dee-drafter')).statusCode).toBe(404);
    expect((await get('/authors/sus-pended')).statusCode).toBe(404);
    expect((await get('/authors/nobody-at-all')).statusCode).toBe(404);

    await api(t, { token: tokens.writer! }).call(profile.saveProfile, {
      body: { name: 'Wren Writer', segment: 'wren', bio: '', avatar: '', website: '' },
    });
    const moved = await get('/authors/wren-writer?page=1');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/authors/wren?page=1');
    expect((await get('/authors/Wren')).headers.location).toBe('/authors/wren');
    expect((await get('/authors/wren')).statusCode).toBe(200);

    const feed = await get('/authors/wren/rss.xml');
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('application/rss+xml');
    expect(feed.body).toContain(`<title>Wren Writer on ${t.config.siteName}</title>`);
    expect(feed.body).toContain(`<link>${t.config.publicUrl}${post.url}</link>`);
    expect((await get('/authors/wren-writer/rss.xml')).headers.location).toBe('/authors/wren/rss.xml');
    expect((await get('/authors/dee-drafter/rss.xml')).statusCode).toBe(404);
  });

  it("hands a removed person's bylines to their heir and refreshes cached pages", async () => {
    const leaverId = await createUser(t, 'leaver@example.com', 'secret-1', 'Lee Leaver', 'author');
    const post = await createPost(owner);
    await setAuthors(owner.token, post._id, [leaverId, ids.editor!]);
    const version = await t.services.siteMeta.contentVersion.current();
    const res = await owner.api.call(staff.deleteStaff, {
      params: { id: leaverId },
      body: { reassignTo: ids.writer! },
    });
    expect(res.status).toBe(200);
    expect(await t.services.siteMeta.contentVersion.current()).toBeGreaterThan(version);
    const admin = (await owner.api.call(blog.getAdminPost, { params: { id: post._id } })).data;
    expect(admin.authors.map((a) => a.name)).toEqual(['Wren Writer', 'Eddie Editor']);
  });

  it('lists the author pages in the sitemap', async () => {
    const post = await createPost(owner);
    await setAuthors(owner.token, post._id, [ids.owner!, ids.editor!]);
    const xml = (await get('/sitemap.xml')).body;
    const base = t.config.publicUrl;
    expect(xml).toContain(`<url><loc>${base}/authors/administrator</loc></url>`);
    expect(xml).toContain(`<url><loc>${base}/authors/eddie-editor</loc></url>`);
    expect(xml).not.toContain(`${base}/authors/dee-drafter<`);
  });
});
