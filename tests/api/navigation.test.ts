import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as blog from '#shared/api/blog.ts';
import * as navApi from '#shared/api/navigation.ts';
import * as pagesApi from '#shared/api/pages.ts';
import * as revisions from '#shared/api/revisions.ts';
import * as tags from '#shared/api/tags.ts';
import { DEFAULT_LANDING_LAYOUT } from '#shared/landing-layout.ts';
import { NAV_MESSAGES, TEAM_MESSAGES } from '#shared/messages.ts';
import { DEFAULT_NAVIGATION, type Navigation, type NavItem, type NavLink } from '#shared/navigation.ts';
import { can, ROLES } from '#shared/roles.ts';
import { buildApp } from '#server/app.ts';
import { boot } from '#server/boot.ts';
import { api } from '#tests/helpers/api.ts';
import { NO_RATE_LIMITS } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { createCategory, createPost, loggedInAdmin, unique, type LoggedInAdmin } from '#tests/helpers/factories.ts';
import { createMember } from '#tests/helpers/team.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * Settings → Navigation (docs/product.md#navigation) on the production build (`npm run build` first): the
 * limits and the targets a save accepts, who may change it, links followed by id through renames and left
 * out when their target is deleted, trashed, unpublished or hidden (and flagged in the admin), revisions,
 * two processes on one database, and the spec's page while nothing is saved.
 */
const buildFile = path.resolve('build/server/index.js');
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

/** The header menu's top-level labels of a rendered page (the spec's and the saved markup alike). */
const menuOf = (html: string) => {
  const start = html.indexOf('id="main-menu"');
  const menu = html.slice(start, html.indexOf('id="header-search"', start));
  return [...menu.matchAll(/class="nav-link[^"]*"[^>]*>([^<]+)</g)].map((m) => m[1]);
};
/** Every href of the header's menu, and of the footer. */
const headerHrefs = (html: string) => {
  const start = html.indexOf('id="main-menu"');
  const menu = html.slice(start, html.indexOf('id="header-search"', start));
  return [...menu.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
};
const footerOf = (html: string) => html.slice(html.indexOf('<footer'));
/** A page without what differs from one render to another of the same page: nonces and script hashes. */
const stable = (html: string) => html.replace(/nonce="[^"]*"/g, '').replace(/\/assets\/[^"]+/g, '');

const link = (label: string, target: NavLink['target']): NavLink => ({ label, target });
const item = (label: string, target: NavItem['target'], children: NavLink[] = []): NavItem => ({
  label,
  target,
  children,
});

describe.each(DATABASE_KINDS)('navigation on %s', (kind) => {
  let t: TestApp;
  let admin: LoggedInAdmin;
  let build: ServerBuild;
  let specHome: string;

  beforeAll(async () => {
    build = (await import(buildFile)) as ServerBuild;
    t = await buildTestApp(kind, {
      app: { rateLimits: NO_RATE_LIMITS, ssr: { build, mode: 'production', cache: true } },
    });
    admin = await loggedInAdmin(t);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const page = async (url = '/', app: { inject: TestApp['app']['inject'] } = t.app) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  const save = (navigation: unknown, token = admin.token) =>
    api(t).callRaw(navApi.saveNavigation, { body: { navigation } as never, token });
  const current = async () => (await admin.api.call(navApi.getNavigation)).data;

  it('is the spec’s menu while nothing is saved, and the pages are as they were', async () => {
    const got = await current();
    expect(got.custom).toBe(false);
    expect(got.navigation).toEqual(DEFAULT_NAVIGATION);
    expect(got.targets['section:team']).toEqual({ state: 'shown', title: 'Team', path: '/?section=team' });
    expect(got.targets.blog).toEqual({ state: 'shown', title: 'Blogs', path: '/blogs' });
    specHome = await page('/');
    expect(menuOf(specHome)).toEqual([
      'Home',
      'Product Delivery',
      'Portfolio',
      'Services',
      'About Us',
      'Team',
      'Contact Us',
      'Blogs',
    ]);
    // Nor the loader data's key (present only once a menu is saved).
    for (const mark of ['nav-dropdown', 'footer-columns', '\\"navigation\\"']) expect(specHome).not.toContain(mark);
  });

  it('refuses more than 8 items, 8 links in a dropdown, 4 columns or 8 links in a column, and bad targets', async () => {
    const before = await current();
    const blogItem = item('Blog', { kind: 'blog' });
    const external = link('Docs', { kind: 'external', url: 'https://example.com/docs' });
    const cases: Array<[unknown, string | RegExp]> = [
      [{ header: Array(9).fill(blogItem), footer: [] }, NAV_MESSAGES.tooManyItems(8)],
      [{ header: [{ ...blogItem, children: Array(9).fill(external) }], footer: [] }, NAV_MESSAGES.tooManyChildren(8)],
      [{ header: [], footer: Array(5).fill({ heading: 'H', links: [] }) }, NAV_MESSAGES.tooManyColumns(4)],
      [{ header: [], footer: [{ heading: 'H', links: Array(9).fill(external) }] }, NAV_MESSAGES.tooManyLinks(8)],
      [{ header: [item('  ', { kind: 'blog' })], footer: [] }, NAV_MESSAGES.labelRequired],
      [{ header: [item('x'.repeat(61), { kind: 'blog' })], footer: [] }, NAV_MESSAGES.labelTooLong(60)],
      [{ header: [item('Bad', { kind: 'external', url: 'ftp://example.com' })], footer: [] }, NAV_MESSAGES.badUrl],
      [{ header: [item('Bad', { kind: 'external', url: 'javascript:alert(1)' })], footer: [] }, NAV_MESSAGES.badUrl],
      [{ header: [item('Bad', { kind: 'external', url: 'http://x.y"><script>' })], footer: [] }, NAV_MESSAGES.badUrl],
      [
        { header: [item('Bad', { kind: 'external', url: 'https://a.b\\@evil.example' })], footer: [] },
        NAV_MESSAGES.badUrl,
      ],
      [{ header: [item('Bad', { kind: 'form', id: 'x' } as never)], footer: [] }, NAV_MESSAGES.unknownKind],
      [{ header: [item('Bad', { kind: 'section', id: 'pricing' } as never)], footer: [] }, NAV_MESSAGES.unknownSection],
      [
        { header: [item('Ghost', { kind: 'post', id: 'no-such-post' })], footer: [] },
        NAV_MESSAGES.targetMissing('Ghost'),
      ],
      [
        { header: [item('Ghost', { kind: 'tag', id: 'no-such-tag' })], footer: [] },
        NAV_MESSAGES.targetMissing('Ghost'),
      ],
      // One level of dropdown: a child holds no children.
      [{ header: [{ ...blogItem, children: [{ ...external, children: [external] }] }], footer: [] }, /children/],
    ];
    for (const [navigation, message] of cases) {
      const res = await save(navigation);
      expect(res.status, JSON.stringify(navigation).slice(0, 200)).toBe(400);
      expect((res.body as { message: string }).message).toMatch(
        typeof message === 'string' ? new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : message,
      );
    }
    for (const body of [{}, { navigation: 'menu' }, { navigation: { header: [] } }]) {
      const res = await api(t).callRaw(navApi.saveNavigation, { body: body as never, token: admin.token });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    // Exactly at the limits is fine.
    const full: Navigation = {
      header: Array.from({ length: 8 }, (_, i) => ({ ...blogItem, label: `I${i}`, children: Array(8).fill(external) })),
      footer: Array.from({ length: 4 }, (_, i) => ({ heading: `C${i}`, links: Array(8).fill(external) })),
    };
    const ok = await save(full);
    expect(ok.status, ok.text).toBe(200);
    expect(await save(before.custom ? before.navigation : null)).toMatchObject({ status: 200 });
  });

  it('shows a saved menu with a dropdown and footer columns on every public page', async () => {
    const category = await createCategory(admin, unique('NavCat'));
    const post = await createPost(admin, { title: unique('NavPost'), blogCategory: category._id, tags: ['Navtag'] });
    const tag = (await admin.api.call(tags.listTags)).data.find((row) => row.name === 'Navtag')!;
    const owner = await createMember(t, 'owner');
    const navigation: Navigation = {
      header: [
        item('Start', { kind: 'section', id: 'home' }),
        item('Blog', { kind: 'blog' }, [
          link('Featured', { kind: 'post', id: post._id }),
          link('Docs', { kind: 'external', url: 'https://example.com/docs' }),
        ]),
        item('Topic', { kind: 'category', id: category._id }),
        item('Tagged', { kind: 'tag', id: tag._id }),
        item('Writer', { kind: 'author', id: owner.id }),
      ],
      footer: [{ heading: 'Company', links: [link('Our team', { kind: 'section', id: 'team' })] }],
    };
    const res = await save(navigation);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data!.custom).toBe(true);
    expect(res.body.data!.targets[`post:${post._id}`]).toEqual({ state: 'shown', title: post.title, path: post.url });
    for (const url of ['/', '/blogs', post.url]) {
      const html = await page(url);
      expect(menuOf(html), url).toEqual(['Start', 'Blog', 'Topic', 'Tagged', 'Writer']);
      expect(headerHrefs(html)).toEqual(
        expect.arrayContaining([
          '/?section=home',
          '/blogs',
          post.url,
          'https://example.com/docs',
          `/blogs/${category.name}`,
          res.body.data!.targets[`tag:${tag._id}`]!.path,
        ]),
      );
      expect(html).toContain('aria-expanded="false"');
      expect(footerOf(html)).toContain('>Company</h2>');
      expect(footerOf(html)).toContain('href="/?section=team"');
    }
  });

  it('leaves out deleted, trashed, unpublished and hidden targets, flags them, and keeps a dropdown whose parent is gone', async () => {
    const kept = await createPost(admin, { title: unique('Kept') });
    const trashed = await createPost(admin, { title: unique('Trashed') });
    const draft = await createPost(admin, { title: unique('Draft'), status: 'draft' });
    const parent = await createPost(admin, { title: unique('Parent') });
    const category = await createCategory(admin, unique('GoneCat'));
    const quiet = await createMember(t, 'editor', 'quiet');
    const navigation: Navigation = {
      header: [
        item('Kept', { kind: 'post', id: kept._id }),
        item('Trashed', { kind: 'post', id: trashed._id }),
        item('Draft', { kind: 'post', id: draft._id }),
        item('GoneCat', { kind: 'category', id: category._id }),
        item('Quiet', { kind: 'author', id: quiet.id }),
        item('TeamSection', { kind: 'section', id: 'team' }),
        item('ParentLabel', { kind: 'post', id: parent._id }, [link('Child', { kind: 'post', id: kept._id })]),
      ],
      footer: [
        { heading: 'Gone', links: [link('Trashed again', { kind: 'post', id: trashed._id })] },
        { heading: 'Stays', links: [link('Kept again', { kind: 'post', id: kept._id })] },
      ],
    };
    expect((await save(navigation)).status).toBe(200);
    expect((await admin.api.callRaw(blog.deletePost, { params: { id: trashed._id } })).status).toBe(200);
    expect((await admin.api.callRaw(blog.deletePost, { params: { id: parent._id } })).status).toBe(200);
    expect((await admin.api.callRaw(blog.deleteCategory, { params: { id: category._id } })).status).toBe(200);
    await t.services.content.saveLayout(DEFAULT_LANDING_LAYOUT.map((s) => ({ ...s, hidden: s.id === 'team' })));
    try {
      const { targets } = await current();
      expect(targets[`post:${kept._id}`]!.state).toBe('shown');
      expect(targets[`post:${trashed._id}`]).toMatchObject({ state: 'trashed', title: trashed.title });
      expect(targets[`post:${draft._id}`]).toMatchObject({ state: 'unpublished', title: draft.title });
      expect(targets[`category:${category._id}`]!.state).toBe('deleted');
      expect(targets[`author:${quiet.id}`]).toMatchObject({ state: 'unpublished', title: 'quiet person' });
      expect(targets['section:team']!.state).toBe('hidden');
      for (const url of ['/', '/blogs']) {
        const html = await page(url);
        // The parent's post is in the trash: its label stays as the dropdown's button, without a link.
        expect(menuOf(html), url).toEqual(['Kept', 'ParentLabel']);
        expect(headerHrefs(html)).toEqual([kept.url, kept.url]);
        expect(html).not.toContain(trashed.url);
        expect(html).not.toContain(draft.url);
        expect(footerOf(html)).not.toContain('>Gone</h2>');
        expect(footerOf(html)).toContain('>Stays</h2>');
      }
      // Saving the menu again is fine while it links what was deleted since (it stays flagged).
      expect((await save(navigation)).status).toBe(200);
      // Publishing the draft brings its link back at once.
      const published = await admin.api.callRaw(blog.updatePost, {
        params: { id: draft._id },
        body: { title: draft.title, excerpt: 'An excerpt', content: '<p>Text</p>', blogCategory: null },
      });
      expect(published.status, published.text).toBe(200);
      expect(menuOf(await page('/'))).toEqual(['Kept', 'Draft', 'ParentLabel']);
    } finally {
      await t.services.content.saveLayout(DEFAULT_LANDING_LAYOUT);
    }
  });

  it('links a page by id: followed through a rename, left out while unpublished or in the trash, flagged', async () => {
    const segment = unique('navpage').toLowerCase();
    const created = await admin.api.call(pagesApi.createPage, {
      body: { title: 'Careers', segment, blocks: [{ type: 'richText', id: 'b1', html: '<p>Join us</p>' }] },
    });
    const id = created.data._id;
    const status = (to: pagesApi.PageStatus) =>
      admin.api.call(pagesApi.setPageStatus, { params: { id }, body: { status: to } });
    expect((await save({ header: [item('Jobs', { kind: 'page', id })], footer: [] })).status).toBe(200);
    // A draft: flagged, and no link on the site.
    expect((await current()).targets[`page:${id}`]).toMatchObject({ state: 'unpublished', title: 'Careers' });
    expect(menuOf(await page('/blogs'))).toEqual([]);
    await status('published');
    expect(headerHrefs(await page('/blogs'))).toEqual([`/${segment}`]);
    // Renamed: the menu links the new address without a save of the menu.
    const renamed = `${segment}-new`;
    const updated = await admin.api.callRaw(pagesApi.updatePage, {
      params: { id },
      body: { title: 'Careers', segment: renamed, blocks: [{ type: 'richText', id: 'b1', html: '<p>Join us</p>' }] },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(headerHrefs(await page('/blogs'))).toEqual([`/${renamed}`]);
    // In the trash: flagged as such, and gone from the site.
    await admin.api.call(pagesApi.deletePage, { params: { id } });
    expect((await current()).targets[`page:${id}`]).toMatchObject({ state: 'trashed' });
    expect(menuOf(await page('/blogs'))).toEqual([]);
    // The picker finds pages by title.
    await admin.api.call(pagesApi.restorePage, { params: { id } });
    const choices = (await admin.api.call(navApi.navigationTargets, { query: { kind: 'page', search: 'caree' } })).data;
    expect(choices.map((choice) => choice.id)).toContain(id);
  });

  it('follows a renamed post on another process without a save of the menu, and shows a save there too', async () => {
    const post = await createPost(admin, { title: unique('Before') });
    expect((await save({ header: [item('Read this', { kind: 'post', id: post._id })], footer: [] })).status).toBe(200);
    const second = await boot(t.config, { log });
    const other = await buildApp({
      services: second.services,
      logger: false,
      rateLimits: NO_RATE_LIMITS,
      ssr: { build, mode: 'production', cache: true },
    });
    try {
      expect(headerHrefs(await page('/blogs', other))).toEqual([post.url]);
      const title = unique('After');
      const renamed = await admin.api.callRaw(blog.updatePost, {
        params: { id: post._id },
        body: { title, excerpt: 'An excerpt', content: '<p>Text</p>', blogCategory: null },
      });
      expect(renamed.status, renamed.text).toBe(200);
      const url = renamed.body.data!.url;
      expect(url).not.toBe(post.url);
      // Pushed on PostgreSQL, polled each second on SQLite (tests/api/content-push.test.ts's bounds).
      await expect
        .poll(async () => headerHrefs(await page('/blogs', other)), { timeout: kind === 'sqlite' ? 2000 : 500 })
        .toEqual([url]);
      expect(headerHrefs(await page('/blogs'))).toEqual([url]);
      // Its label is the editor's, not the post's title.
      expect(menuOf(await page('/blogs', other))).toEqual(['Read this']);
      // A save of the menu on this process reaches the other's pages the same way.
      expect((await save({ header: [item('Read that', { kind: 'post', id: post._id })], footer: [] })).status).toBe(
        200,
      );
      await expect
        .poll(async () => menuOf(await page('/blogs', other)), { timeout: kind === 'sqlite' ? 2000 : 500 })
        .toEqual(['Read that']);
    } finally {
      await other.close();
      await second.services.siteMeta.contentVersion.stop();
      await second.services.jobs.stop();
      await second.services.mailWorker.stop();
      await second.db.destroy();
    }
  });

  it('resolves the menu once per content version, not per page view', async () => {
    const post = await createPost(admin, { title: unique('Counted') });
    expect((await save({ header: [item('Counted', { kind: 'post', id: post._id })], footer: [] })).status).toBe(200);
    const version = await t.services.siteMeta.contentVersion.current();
    const first = await t.services.navigation.publicMenu(version);
    expect(await t.services.navigation.publicMenu(version)).toBe(first);
  });

  it('lists the picker’s choices with their state', async () => {
    const title = unique('Pickme');
    const post = await createPost(admin, { title, status: 'draft' });
    const category = await createCategory(admin, unique('Pickcat'));
    const posts = (
      await admin.api.call(navApi.navigationTargets, { query: { kind: 'post', search: title.slice(0, 10) } })
    ).data;
    expect(posts).toContainEqual({ id: post._id, title, state: 'unpublished' });
    const categories = (
      await admin.api.call(navApi.navigationTargets, { query: { kind: 'category', search: 'pickcat' } })
    ).data;
    expect(categories).toContainEqual({ id: category._id, title: category.name, state: 'shown' });
    const bad = await admin.api.callRaw(navApi.navigationTargets, { query: { kind: 'form' } as never });
    expect(bad.status).toBe(400);
  });

  it('keeps every save as a revision that can be restored, back to the spec’s menu', async () => {
    expect((await save({ header: [item('Only', { kind: 'blog' })], footer: [] })).status).toBe(200);
    const list = (await admin.api.call(revisions.listRevisions, { params: { docType: 'navigation', docId: 'site' } }))
      .data;
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list[0]!.changed).toEqual(['header']);
    const first = list.at(-1)!;
    expect((await admin.api.call(revisions.getRevision, { params: { id: first._id } })).data.data).toMatchObject({
      custom: false,
    });
    const restored = await admin.api.callRaw(revisions.restoreRevision, { params: { id: first._id } });
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body.data).toEqual({ docType: 'navigation', docId: 'site' });
    expect((await current()).custom).toBe(false);
    // Restoring the newest brings the saved menu back, and the reset (`null`) the spec's again.
    expect((await admin.api.callRaw(revisions.restoreRevision, { params: { id: list[0]!._id } })).status).toBe(200);
    expect(menuOf(await page('/'))).toEqual(['Only']);
    expect((await save(null)).status).toBe(200);
    expect((await current()).custom).toBe(false);
  });

  it('is for the Owner, Administrators and Editors: everyone else gets 403 and changes nothing', async () => {
    for (const role of ROLES) {
      const member = await createMember(t, role);
      const allowed = can({ role, mayNewsletter: false, categoryIds: [] }, 'navigation');
      const answers = [
        await api(t).callRaw(navApi.getNavigation, { token: member.token }),
        await save({ header: [item(`Set by ${role}`, { kind: 'blog' })], footer: [] }, member.token),
        await api(t).callRaw(navApi.navigationTargets, { query: { kind: 'tag' }, token: member.token }),
        await api(t).callRaw(revisions.listRevisions, {
          params: { docType: 'navigation', docId: 'site' },
          token: member.token,
        }),
      ];
      for (const res of answers) {
        if (allowed) expect(res.status, `${role}: ${res.text}`).toBe(200);
        else {
          expect(res.status, role).toBe(403);
          expect(res.body).toEqual({ message: TEAM_MESSAGES.forbidden });
        }
      }
      if (!allowed) expect(menuOf(await page('/'))).not.toContain(`Set by ${role}`);
    }
  });

  it('is the spec’s page again once reset, byte for byte but for nonces', async () => {
    expect((await save(null)).status).toBe(200);
    const home = await page('/');
    expect(stable(home)).toBe(stable(specHome));
  });
});
