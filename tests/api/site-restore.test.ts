import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as navigationApi from '#shared/api/navigation.ts';
import * as profileApi from '#shared/api/profile.ts';
import * as pagesApi from '#shared/api/pages.ts';
import * as redirectsApi from '#shared/api/redirects.ts';
import * as exportApi from '#shared/api/site-export.ts';
import { EXPORT_MESSAGES } from '#shared/messages.ts';
import { DEFAULT_NAVIGATION } from '#shared/navigation.ts';
import { EXPORT_FILES, type ExportedAuthor } from '#shared/site-export.ts';
import { ZipRefused } from '#server/lib/safe-zip.ts';
import { NO_RATE_LIMITS } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { createCategory, createPost, createSubscriber, createUpload, unique } from '#tests/helpers/factories.ts';
import { createMember, insertMessage, type Member } from '#tests/helpers/team.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { readZip, zipOf } from '#tests/helpers/zip.ts';

const buildFile = path.resolve('build/server/index.js');
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/**
 * Every public page of a site by address: its status, where it redirects, and its HTML with what is each
 * site's own taken out (ids the site made, not the content's: sections', people's; script nonces).
 */
async function publicPages(t: TestApp, files: Map<string, Buffer>): Promise<Record<string, string>> {
  const json = <T>(name: string) => JSON.parse(files.get(name)!.toString('utf8')) as T;
  const posts = json<Array<{ url: string; status: string }>>(EXPORT_FILES.posts).filter(
    (p) => p.status === 'published',
  );
  const categories = json<Array<{ slug: string }>>(EXPORT_FILES.categories);
  const tags = json<Array<{ slug: string }>>(EXPORT_FILES.tags);
  const authors = json<Array<{ segment: string }>>(EXPORT_FILES.authors);
  const pages = json<Array<{ segment: string; status: string }>>(EXPORT_FILES.pages).filter(
    (p) => p.status === 'published',
  );
  const redirects = json<Array<{ from: string }>>(EXPORT_FILES.redirects);
  const addresses = [
    '/',
    '/about-us',
    '/blogs',
    '/rss.xml',
    '/sitemap.xml',
    ...posts.map((p) => p.url),
    ...categories.map((c) => `/blogs/${c.slug}`),
    ...tags.map((tag) => `/tags/${tag.slug}`),
    ...authors.map((a) => `/authors/${a.segment}`),
    ...pages.map((p) => `/${p.segment}`),
    ...redirects.map((r) => r.from),
  ];
  const answers: Record<string, string> = {};
  for (const url of addresses) {
    const res = await t.app.inject({ method: 'GET', url });
    answers[url] =
      `${res.statusCode} ${String(res.headers.location ?? '')}\n` +
      res.body.replace(UUID, 'ID').replace(/nonce="[^"]*"/g, 'nonce=""');
  }
  return answers;
}

/**
 * The round trip of docs/decisions/0039-export.md: a site exported, restored into a new site on the other
 * database, exported again, holds the same content (ids, addresses, dates, authors, images, redirects,
 * settings); and back. Refusals: a damaged archive, a file that is not an export, a site that is not new.
 */
const [first, second] = [DATABASE_KINDS[0]!, DATABASE_KINDS.at(-1)!];

async function exportOf(t: TestApp, owner: Member): Promise<{ file: string; files: Map<string, Buffer> }> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api${exportApi.exportSite.path}`,
    headers: { authorization: `Bearer ${owner.token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'export-')), 'site.zip');
  await fs.writeFile(file, res.rawPayload);
  return { file, files: await readZip(res.rawPayload) };
}

const withoutIds = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(withoutIds)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([key]) => key !== '_id')
            .map(([key, v]) => [key, withoutIds(v)]),
        )
      : value;

/** What must be the same on both sites, authors named by e-mail (the Owner of each site is the same person). */
function comparable(files: Map<string, Buffer>) {
  const json = <T>(name: string) => JSON.parse(files.get(name)!.toString('utf8')) as T;
  const authors = json<ExportedAuthor[]>(EXPORT_FILES.authors);
  const emailOf = new Map(authors.map((a) => [a.id, a.email]));
  const byId = <T extends { id: string }>(list: T[]) => [...list].sort((a, b) => a.id.localeCompare(b.id));
  const csvRows = (name: string) =>
    (parse(files.get(name)!, { columns: true }) as Array<Record<string, string>>)
      .map((row) => JSON.stringify(row))
      .sort();
  return {
    posts: byId(json<Array<{ id: string; authorIds: string[] }>>(EXPORT_FILES.posts)).map((p) => ({
      ...p,
      authorIds: p.authorIds.map((id) => emailOf.get(id)),
    })),
    pages: byId(json<Array<{ id: string }>>(EXPORT_FILES.pages)),
    categories: byId(json<Array<{ id: string }>>(EXPORT_FILES.categories)),
    tags: byId(json<Array<{ id: string }>>(EXPORT_FILES.tags)),
    redirects: byId(json<Array<{ id: string }>>(EXPORT_FILES.redirects)),
    settings: json(EXPORT_FILES.settings),
    sections: withoutIds(json(EXPORT_FILES.sections)),
    layout: json(EXPORT_FILES.layout),
    authors: authors.map(({ id: _id, createdAt: _at, ...rest }) => rest).sort((a, b) => a.email.localeCompare(b.email)),
    subscribers: csvRows(EXPORT_FILES.subscribers),
    messages: csvRows(EXPORT_FILES.messages),
  };
}

describe(`site export restored ${first} → ${second} → ${first}`, () => {
  const apps: TestApp[] = [];
  let source: TestApp;
  let owner: Member;
  let exported: { file: string; files: Map<string, Buffer> };

  const fresh = async (kind: 'sqlite' | 'postgres') => {
    // Public pages are rendered by the production build (`npm run build` first).
    const build = (await import(buildFile)) as ServerBuild;
    const ssr = { build, mode: 'production' as const, cache: false };
    const t = await buildTestApp(kind, { app: { rateLimits: NO_RATE_LIMITS, ssr } });
    apps.push(t);
    return t;
  };

  beforeAll(async () => {
    source = await fresh(first);
    owner = await createMember(source, 'owner');
    const author = await createMember(source, 'author');
    const category = await createCategory(owner);
    const image = await createUpload(owner, { alt: 'A photo' });
    const post = await createPost(owner, {
      title: unique('Round trip'),
      blogCategory: category._id,
      featureImage: image.url,
      content: `<p>Words and an image <img src="${image.url}" alt="A photo"></p>`,
      tags: ['Travel', 'Round'],
    });
    await owner.api.call(profileApi.setPostAuthors, {
      params: { id: post._id },
      body: { authorIds: [owner.id, author.id] },
    });
    await createPost(owner, { title: unique('Draft'), status: 'draft' });
    const page = await owner.api.call(pagesApi.createPage, {
      body: {
        title: 'Our story',
        segment: 'our-story',
        blocks: [{ type: 'richText', id: 'text1', html: '<p>Story</p>' }],
      },
    });
    await owner.api.call(pagesApi.setPageStatus, { params: { id: page.data._id }, body: { status: 'published' } });
    await owner.api.call(redirectsApi.createRedirect, { body: { from: '/old-story', to: '/our-story', status: 301 } });
    await owner.api.call(navigationApi.saveNavigation, {
      body: {
        navigation: {
          ...DEFAULT_NAVIGATION,
          header: DEFAULT_NAVIGATION.header.map((item, i) => (i === 0 ? { ...item, label: 'Start' } : item)),
        },
      },
    });
    await createSubscriber(owner, `${unique('reader')}@example.com`);
    await insertMessage(source);
    exported = await exportOf(source, owner);
  }, 180_000);
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it(`restores into a new ${second} site and back, the content the same each time`, async () => {
    const target = await fresh(second);
    const report = await target.services.restoreExport(exported.file);
    expect(report).toMatchObject({ pages: 1, subscribers: 1, messages: 1 });
    const targetOwner = await createMember(target, 'owner');
    const again = await exportOf(target, targetOwner);
    const expected = comparable(exported.files);
    const got = comparable(again.files);
    expect(got).toEqual(expected);
    // Every public page is the same HTML on both sites. Read next lists are made again on the new site by
    // the full sweep (they are not exported): the source's are brought to the same state by its daily sweep.
    await source.services.blog.sweepRelated();
    const pagesBefore = await publicPages(source, exported.files);
    expect(Object.keys(pagesBefore).length).toBeGreaterThan(12);
    const pagesAfter = await publicPages(target, exported.files);
    for (const [url, html] of Object.entries(pagesBefore)) expect(pagesAfter[url], url).toBe(html);
    // The images are the same bytes at the same addresses, their WebP sizes made again.
    const sourceMedia = JSON.parse(exported.files.get(EXPORT_FILES.media)!.toString('utf8')) as Array<{ url: string }>;
    for (const { url } of sourceMedia) {
      const name = `uploads/${url.replace('/uploads/', '')}`;
      expect(again.files.get(name)?.equals(exported.files.get(name)!), name).toBe(true);
    }
    expect(
      await target.services.storage.exists(`${sourceMedia[0]!.url.replace('/uploads/', '').split('.')[0]}.w480.webp`),
    ).toBe(true);

    // And back, onto the first database.
    const back = await fresh(first);
    await back.services.restoreExport(again.file);
    const third = await exportOf(back, await createMember(back, 'owner'));
    expect(comparable(third.files)).toEqual(expected);
    const pagesBack = await publicPages(back, exported.files);
    for (const [url, html] of Object.entries(pagesBefore)) expect(pagesBack[url], url).toBe(html);
  }, 180_000);

  it('refuses a site that is not new, a damaged archive and a file that is not an export, writing nothing', async () => {
    await expect(source.services.restoreExport(exported.file)).rejects.toMatchObject({
      message: EXPORT_MESSAGES.notEmpty,
    });
    const target = await fresh(first);
    const dir = path.dirname(exported.file);
    const variant = async (name: string, change: (files: Map<string, Buffer>) => void) => {
      const files = new Map(exported.files);
      change(files);
      const file = path.join(dir, name);
      await fs.writeFile(file, await zipOf(files));
      return file;
    };
    const posts = exported.files.get(EXPORT_FILES.posts)!.toString('utf8');
    const edited = await variant('edited.zip', (files) =>
      files.set(EXPORT_FILES.posts, Buffer.from(posts.replace('"title": "', '"title": "Changed '))),
    );
    await expect(target.services.restoreExport(edited)).rejects.toMatchObject({
      message: EXPORT_MESSAGES.damaged(EXPORT_FILES.posts),
    });
    const extra = await variant('extra.zip', (files) => files.set('uploads/evil.html', Buffer.from('<script>')));
    await expect(target.services.restoreExport(extra)).rejects.toMatchObject({
      message: EXPORT_MESSAGES.unlisted('uploads/evil.html'),
    });
    const manifest = JSON.parse(exported.files.get(EXPORT_FILES.manifest)!.toString('utf8')) as { version: number };
    const newer = await variant('newer.zip', (files) =>
      files.set(EXPORT_FILES.manifest, Buffer.from(JSON.stringify({ ...manifest, version: 2 }))),
    );
    await expect(target.services.restoreExport(newer)).rejects.toMatchObject({
      message: EXPORT_MESSAGES.unknownVersion(2),
    });
    const notZip = path.join(dir, 'not.zip');
    await fs.writeFile(notZip, 'hello');
    await expect(target.services.restoreExport(notZip)).rejects.toBeInstanceOf(ZipRefused);
    const noManifest = await variant('no-manifest.zip', (files) => files.delete(EXPORT_FILES.manifest));
    await expect(target.services.restoreExport(noManifest)).rejects.toMatchObject({
      message: EXPORT_MESSAGES.notAnExport,
    });
    expect(await target.services.pages.countPages()).toBe(0);
    expect(await target.services.uploads.totals()).toEqual(await (await fresh(first)).services.uploads.totals());
  }, 120_000);
});
