import { createHash } from 'node:crypto';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as activityApi from '#shared/api/activity.ts';
import * as blogApi from '#shared/api/blog.ts';
import * as pagesApi from '#shared/api/pages.ts';
import * as redirectsApi from '#shared/api/redirects.ts';
import * as exportApi from '#shared/api/site-export.ts';
import * as twoFactorApi from '#shared/api/two-factor.ts';
import { SESSION_MESSAGES, TEAM_MESSAGES } from '#shared/messages.ts';
import { EXPORT_FILES, type ExportManifest, type ExportedAuthor, type ExportedPost } from '#shared/site-export.ts';
import { REAUTH_WINDOW_MS } from '#server/modules/auth/reauth.ts';
import { hashToken } from '#server/modules/auth/tokens.ts';
import { NO_RATE_LIMITS } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { createCategory, createPost, createSubscriber, createUpload, unique } from '#tests/helpers/factories.ts';
import { createMember, insertMessage, type Member } from '#tests/helpers/team.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { readZip } from '#tests/helpers/zip.ts';

/**
 * Settings → Export (docs/product.md#export, docs/decisions/0039-export.md): the ZIP's manifest against its
 * files, what it holds and never holds (secrets), who may download, the recent sign-in it needs, the
 * activity log, and the WordPress file read back by an XML parser.
 */
describe.each(DATABASE_KINDS)('site export on %s', (kind) => {
  let t: TestApp;
  let owner: Member;
  let files: Map<string, Buffer>;
  let manifest: ExportManifest;
  const odd = `Odd ]]> title ${unique('x')}`;
  const fixtures = { posts: [] as string[], trashed: '', page: '', imageUrl: '', totpSecret: '' };

  const download = (endpoint: { path: string }, token?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api${endpoint.path}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  beforeAll(async () => {
    t = await buildTestApp(kind, { app: { rateLimits: NO_RATE_LIMITS } });
    owner = await createMember(t, 'owner');
    const category = await createCategory(owner);
    const image = await createUpload(owner, { alt: 'A photo' });
    fixtures.imageUrl = image.url;
    const featured = await createPost(owner, {
      title: odd,
      blogCategory: category._id,
      featureImage: image.url,
      content: `<p>Before ]]> after, and an image <img src="${image.url}" alt="A photo"></p>`,
      tags: ['Export', 'Second tag'],
    });
    const plain = await createPost(owner, { title: unique('Plain') });
    fixtures.posts = [featured._id, plain._id];
    const trashed = await createPost(owner, { title: unique('Trashed') });
    await owner.api.call(blogApi.deletePost, { params: { id: trashed._id } });
    fixtures.trashed = trashed._id;
    const page = await owner.api.call(pagesApi.createPage, {
      body: {
        title: unique('About'),
        segment: unique('about').toLowerCase(),
        blocks: [{ type: 'richText', id: 'text1', html: '<p>Our ]]> story</p>' }],
      },
    });
    fixtures.page = page.data._id;
    await owner.api.call(redirectsApi.createRedirect, { body: { from: '/old-home', to: '/', status: 301 } });
    await createSubscriber(owner, `${unique('reader')}@example.com`);
    await insertMessage(t);
    // A TOTP secret being set up: stored (encrypted) in the database, never in an export.
    const setup = await owner.api.call(twoFactorApi.startTotpSetup, {});
    fixtures.totpSecret = setup.data.manualKey.replace(/\s+/g, '');

    const res = await download(exportApi.exportSite, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="site-export-\d{4}-\d\d-\d\d\.zip"$/);
    files = await readZip(res.rawPayload);
    manifest = JSON.parse(files.get(EXPORT_FILES.manifest)!.toString('utf8')) as ExportManifest;
  }, 120_000);
  afterAll(() => t?.close());

  const jsonOf = <T>(name: string) => JSON.parse(files.get(name)!.toString('utf8')) as T;

  it('has a manifest whose checksums and counts match every other file of the archive', () => {
    expect(manifest).toMatchObject({ format: 'site-export', version: 1, app: { database: kind } });
    expect(manifest.app.migration).toMatch(/^\d{4}-\d\d-\d\d-\d{4}-/);
    expect(Date.parse(manifest.createdAt)).toBeGreaterThan(Date.now() - 300_000);
    const others = [...files.keys()].filter((name) => name !== EXPORT_FILES.manifest).sort();
    expect(Object.keys(manifest.checksums).sort()).toEqual(others);
    for (const name of others) {
      expect(createHash('sha256').update(files.get(name)!).digest('hex'), name).toBe(manifest.checksums[name]);
    }
    for (const name of ['posts.json', 'pages.json', 'categories.json', 'tags.json', 'authors.json', 'redirects.json']) {
      expect(manifest.counts[name], name).toBe(jsonOf<unknown[]>(name).length);
    }
    for (const name of ['subscribers.csv', 'messages.csv']) {
      const lines = files.get(name)!.toString('utf8').split('\r\n').filter(Boolean);
      expect(manifest.counts[name], name).toBe(lines.length - 1);
    }
  });

  it('holds every post outside the trash with its fields, the page, the media and the original uploads', async () => {
    const posts = jsonOf<ExportedPost[]>(EXPORT_FILES.posts);
    const total = await t.services.blog.countAllPosts();
    expect(posts).toHaveLength(total);
    expect(posts.map((p) => p.id)).not.toContain(fixtures.trashed);
    const featured = posts.find((p) => p.id === fixtures.posts[0])!;
    expect(featured).toMatchObject({ title: odd, featureImage: fixtures.imageUrl, status: 'published' });
    expect(featured.tagIds).toHaveLength(2);
    expect(featured.authorIds).toEqual([owner.id]);
    expect(featured.categoryId).toBeTruthy();
    expect(featured.publishedAt).toBeTruthy();
    const tags = jsonOf<Array<{ id: string; name: string }>>(EXPORT_FILES.tags);
    expect(featured.tagIds.map((id) => tags.find((tag) => tag.id === id)?.name)).toEqual(['Export', 'Second tag']);

    const pages = jsonOf<Array<{ id: string; blocks: unknown[] }>>(EXPORT_FILES.pages);
    expect(pages.find((p) => p.id === fixtures.page)?.blocks).toHaveLength(1);
    expect(jsonOf<Array<{ from: string }>>(EXPORT_FILES.redirects).map((r) => r.from)).toContain('/old-home');
    expect(jsonOf<Record<string, unknown>>(EXPORT_FILES.sections)).toHaveProperty('banner');
    expect(files.has(EXPORT_FILES.layout)).toBe(true);

    const media = jsonOf<Array<{ url: string; alt: string; width: number }>>(EXPORT_FILES.media);
    expect(media.find((m) => m.url === fixtures.imageUrl)).toMatchObject({ alt: 'A photo', width: 64 });
    const name = fixtures.imageUrl.replace('/uploads/', '');
    const stored = await t.services.storage.get(name);
    const original = Buffer.concat(await stored!.body.toArray());
    expect(files.get(`uploads/${name}`)?.equals(original)).toBe(true);
    // Only originals: the WebP variants are made again from them.
    expect([...files.keys()].filter((n) => n.startsWith('uploads/') && /\.w\d+\./.test(n))).toEqual([]);
    expect([...files.keys()].filter((n) => n.startsWith('uploads/'))).toHaveLength(media.length);

    expect(files.get(EXPORT_FILES.subscribers)!.toString('utf8')).toMatch(/^email,status,created_at,confirmed_at/);
    expect(files.get(EXPORT_FILES.messages)!.toString('utf8')).toContain('visitor@example.com');
  });

  it('names authors with their e-mail and never a secret anywhere in the archive', async () => {
    const authors = jsonOf<ExportedAuthor[]>(EXPORT_FILES.authors);
    const me = authors.find((a) => a.id === owner.id)!;
    expect(me).toMatchObject({ email: owner.email, role: 'owner' });
    expect(Object.keys(me).sort()).toEqual(
      ['avatar', 'bio', 'createdAt', 'email', 'id', 'name', 'role', 'segment', 'status', 'website'].sort(),
    );

    const user = await t.services.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    const sessions = await t.services.db.selectFrom('sessions').select('token_hash').execute();
    const totp = await t.services.db.selectFrom('totp_factors').select('secret').execute();
    const meta = await t.services.db.selectFrom('site_meta').select(['key', 'value']).execute();
    const secrets = [
      user.password_hash,
      owner.token,
      hashToken(owner.token),
      ...sessions.map((s) => s.token_hash),
      fixtures.totpSecret,
      ...totp.map((f) => f.secret),
      ...meta.filter((m) => /secret/.test(m.key)).map((m) => m.value),
    ];
    expect(secrets.length).toBeGreaterThan(5);
    const everything = Buffer.concat([...files.values()]).toString('latin1');
    for (const secret of secrets)
      expect(everything.includes(secret), `a secret of ${secret.length} characters`).toBe(false);
    expect(everything).not.toMatch(/password_hash|passwordHash|token_hash/);
  });

  it('is refused to Editors and below (403), signed-out callers (401), and without a recent sign-in', async () => {
    for (const role of ['editor', 'author', 'contributor'] as const) {
      const member = await createMember(t, role);
      for (const endpoint of [exportApi.exportSite, exportApi.exportWxr]) {
        const res = await download(endpoint, member.token);
        expect(res.statusCode, `${role} ${endpoint.path}`).toBe(403);
        expect(res.json()).toEqual({ message: TEAM_MESSAGES.forbidden });
      }
    }
    for (const endpoint of [exportApi.exportSite, exportApi.exportWxr, exportApi.exportSummary]) {
      expect((await download(endpoint)).statusCode).toBe(401);
    }
    const admin = await createMember(t, 'administrator');
    await t.services.db
      .updateTable('sessions')
      .set({ reauth_at: new Date(Date.now() - REAUTH_WINDOW_MS - 60_000).toISOString() })
      .where('token_hash', '=', hashToken(admin.token))
      .execute();
    for (const endpoint of [exportApi.exportSite, exportApi.exportWxr]) {
      const res = await download(endpoint, admin.token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: SESSION_MESSAGES.reauthRequired });
    }
    // The summary holds counts only: no recent sign-in needed.
    const summary = await admin.api.call(exportApi.exportSummary);
    expect(summary.data).toMatchObject({ posts: await t.services.blog.countAllPosts(), redirects: 1 });
    expect(summary.data.uploads).toBeGreaterThanOrEqual(1);
  });

  it('writes each download to the activity log: who, which export, when', async () => {
    const res = await download(exportApi.exportWxr, owner.token);
    expect(res.statusCode).toBe(200);
    const log = await owner.api.call(activityApi.listActivity, { query: { limit: 50 } });
    const site = log.data.find((item) => item.action === 'site.exported');
    const wxr = log.data.find((item) => item.action === 'wxr.exported');
    expect(site).toMatchObject({ actor: { _id: owner.id }, target: { type: 'site', label: 'ZIP' } });
    expect(wxr).toMatchObject({ actor: { _id: owner.id }, target: { type: 'site', label: 'WXR' } });
  });

  it('names an upload its storage lost in media.json, without a file, the manifest still matching', async () => {
    const lost = await createUpload(owner, { alt: 'Lost' });
    await t.services.storage.delete(lost.url.replace('/uploads/', ''));
    const res = await download(exportApi.exportSite, owner.token);
    expect(res.statusCode).toBe(200);
    const again = await readZip(res.rawPayload);
    const written = JSON.parse(again.get(EXPORT_FILES.manifest)!.toString('utf8')) as ExportManifest;
    const media = JSON.parse(again.get(EXPORT_FILES.media)!.toString('utf8')) as Array<{ url: string }>;
    expect(media.map((m) => m.url)).toContain(lost.url);
    expect(again.has(`uploads/${lost.url.replace('/uploads/', '')}`)).toBe(false);
    const others = [...again.keys()].filter((name) => name !== EXPORT_FILES.manifest).sort();
    expect(Object.keys(written.checksums).sort()).toEqual(others);
  });

  it('gives a WordPress file (WXR 1.2) that parses and holds every post and page, `]]>` included', async () => {
    const res = await download(exportApi.exportWxr, owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/rss\+xml/);
    const items: Array<Record<string, string>> = [];
    let item: Record<string, string> | null = null;
    let field = '';
    let text = '';
    let metaKey = '';
    const parser = new SaxesParser({ xmlns: true });
    parser.on('opentag', (tag) => {
      if (tag.name === 'item') item = {};
      field = tag.name;
      text = '';
    });
    parser.on('text', (value) => (text += value));
    parser.on('cdata', (value) => (text += value));
    parser.on('closetag', (tag) => {
      if (tag.name === 'item') {
        items.push(item!);
        item = null;
      } else if (item && tag.name === 'wp:meta_key') metaKey = text;
      else if (item && tag.name === 'wp:meta_value') item[metaKey] = text;
      else if (item && field === tag.name) item[tag.name] = text;
      text = '';
    });
    parser.write(res.body).close();

    const posts = items.filter((i) => i['wp:post_type'] === 'post');
    const pages = items.filter((i) => i['wp:post_type'] === 'page');
    const attachments = items.filter((i) => i['wp:post_type'] === 'attachment');
    expect(posts).toHaveLength(await t.services.blog.countAllPosts());
    expect(pages.length).toBe((await t.services.pages.list(false)).length);
    const featured = posts.find((p) => p.title === odd)!;
    expect(featured).toBeTruthy();
    expect(featured['content:encoded']).toContain(`${t.config.publicUrl}${fixtures.imageUrl}`);
    expect(featured['wp:status']).toBe('publish');
    expect(featured['wp:post_date_gmt']).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(featured.link).toMatch(new RegExp(`^${t.config.publicUrl}/blogs/`));
    const thumbnail = featured._thumbnail_id;
    const attachment = attachments.find((a) => a['wp:post_id'] === thumbnail)!;
    expect(attachment['wp:attachment_url']).toBe(`${t.config.publicUrl}${fixtures.imageUrl}`);
    expect(
      pages.some(
        (p) => p['content:encoded']!.includes('Our ]]&gt; story') || p['content:encoded']!.includes('Our ]]> story'),
      ),
    ).toBe(true);
    expect(res.body).toContain(']]]]><![CDATA[>');
  });
});
