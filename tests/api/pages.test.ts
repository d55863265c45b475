import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as activityApi from '#shared/api/activity.ts';
import * as pagesApi from '#shared/api/pages.ts';
import * as redirectsApi from '#shared/api/redirects.ts';
import * as revisionsApi from '#shared/api/revisions.ts';
import {
  PAGE_MESSAGES,
  PAGE_BLOCK_MESSAGES,
  PUBLISHING_MESSAGES,
  REDIRECT_MESSAGES,
  TEAM_MESSAGES,
} from '#shared/messages.ts';
import { RESERVED_SEGMENTS } from '#shared/page-segments.ts';
import { buildApp } from '#server/app.ts';
import { boot } from '#server/boot.ts';
import { api } from '#tests/helpers/api.ts';
import { NO_RATE_LIMITS } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { unique } from '#tests/helpers/factories.ts';
import { createMember, type Member } from '#tests/helpers/team.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * Pages at /{segment} (docs/product.md#pages, docs/decisions/0034-pages.md): saves and their checks
 * (reserved, malformed, taken and redirected segments, bad blocks, edit conflicts), publishing and
 * schedules, the public page and its 404, renames leaving a 301, trash, preview links, history, the
 * sitemap, the search, starter pages, roles, and a save on one process seen by another. Renders the
 * production build (`npm run build` first).
 */
const buildFile = path.resolve('build/server/index.js');
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

const richText = (html: string, id = 'text1') => ({ type: 'richText' as const, id, html });

describe.each(DATABASE_KINDS)('pages on %s', (kind) => {
  let t: TestApp;
  let owner: Member;
  let editor: Member;
  let second: Awaited<ReturnType<typeof boot>>;
  let other: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    const build = (await import(buildFile)) as ServerBuild;
    const ssr = { build, mode: 'production' as const, cache: true };
    t = await buildTestApp(kind, { app: { rateLimits: NO_RATE_LIMITS, ssr } });
    owner = await createMember(t, 'owner');
    editor = await createMember(t, 'editor');
    second = await boot(t.config, { log });
    other = await buildApp({ services: second.services, logger: false, rateLimits: NO_RATE_LIMITS, ssr });
  }, 180_000);
  afterAll(async () => {
    await other?.close();
    await second?.services.jobs.stop();
    await second?.services.mailWorker.stop();
    await second?.db.destroy();
    await t?.close();
  });

  const get = (url: string, app: { inject: TestApp['app']['inject'] } = t.app) => app.inject({ method: 'GET', url });
  const input = (segment: string, fields: Partial<pagesApi.PageInput> = {}): pagesApi.PageInput => ({
    title: `Page ${segment}`,
    segment,
    blocks: [richText(`<p>Words of ${segment}</p>`)],
    ...fields,
  });
  const create = async (segment: string, fields: Partial<pagesApi.PageInput> = {}, member = editor) => {
    const res = await member.api.callRaw(pagesApi.createPage, { body: input(segment, fields) });
    expect(res.status, res.text).toBe(200);
    return res.data;
  };
  const setStatus = (id: string, status: pagesApi.PageStatus, publishAt?: string) =>
    editor.api.callRaw(pagesApi.setPageStatus, { params: { id }, body: { status, publishAt } });
  const publish = async (id: string) => {
    const res = await setStatus(id, 'published');
    expect(res.status, res.text).toBe(200);
    return res.data;
  };

  it('makes a draft (404 on the site), publishes it (200 with its blocks and head), takes it back (404)', async () => {
    const segment = unique('about-work');
    const page = await create(segment, {
      metaTitle: 'How we work',
      metaDescription: 'The way we deliver',
      blocks: [richText('<p>We deliver <strong>weekly</strong>.</p><script>alert(1)</script>')],
    });
    expect(page).toMatchObject({ segment, path: `/${segment}`, status: 'draft', version: 1 });
    // Sanitised like a post before it was stored.
    expect(page.blocks).toEqual([richText('<p>We deliver <strong>weekly</strong>.</p>')]);
    expect((await get(`/${segment}`)).statusCode).toBe(404);

    expect((await publish(page._id)).status).toBe('published');
    const res = await get(`/${segment}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('We deliver <strong>weekly</strong>.');
    expect(res.body).not.toContain('alert(1)');
    expect(res.body).toContain('<title>How we work | ');
    expect(res.body).toContain('<meta name="description" content="The way we deliver"/>');
    expect(res.body).toContain(`<link rel="canonical" href="${t.config.publicUrl}/${segment}"/>`);
    // Another case is the same page: 301 to its address as written.
    const upper = await get(`/${segment.toUpperCase()}`);
    expect(upper.statusCode).toBe(301);
    expect(upper.headers.location).toBe(`/${segment}`);

    expect((await setStatus(page._id, 'draft')).status).toBe(200);
    expect((await get(`/${segment}`)).statusCode).toBe(404);

    const entries = await owner.api.call(activityApi.listActivity, { query: { limit: 50 } });
    const actions = entries.data.filter((e) => e.target?._id === page._id).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['page.created', 'page.published', 'page.unpublished']));
  });

  it('answers an address that is no page like the not-found page, counted in the 404 log', async () => {
    const missing = `/${unique('no-such-page')}`;
    const res = await get(missing);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<title>Page not found</title>');
    await t.services.redirects.flush();
    const logged = await owner.api.call(redirectsApi.listNotFound, { query: { search: missing } });
    expect(logged.data.map((e) => e.path)).toEqual([missing]);
  });

  it('refuses malformed, reserved, taken and redirected segments with a clear message', async () => {
    const taken = unique('taken');
    await create(taken);
    const redirected = unique('redirected');
    await owner.api.call(redirectsApi.createRedirect, { body: { from: `/${redirected}`, to: '/blogs', status: 301 } });
    const prefixed = unique('under');
    await owner.api.call(redirectsApi.createRedirect, {
      body: { from: `/${prefixed}/*`, to: '/blogs/*', status: 301 },
    });
    const cases: Array<[string, number, string]> = [
      ['', 400, PAGE_MESSAGES.segmentRequired],
      ['Has Space', 400, PAGE_MESSAGES.segmentInvalid],
      ['a/b', 400, PAGE_MESSAGES.segmentInvalid],
      ['-dash', 400, PAGE_MESSAGES.segmentInvalid],
      ['x'.repeat(101), 400, PAGE_MESSAGES.segmentInvalid],
      ['rss.xml', 400, PAGE_MESSAGES.segmentInvalid],
      ['admin', 400, PAGE_MESSAGES.segmentReserved('admin')],
      ['blogs', 400, PAGE_MESSAGES.segmentReserved('blogs')],
      ['about-us', 400, PAGE_MESSAGES.segmentReserved('about-us')],
      ['preview', 400, PAGE_MESSAGES.segmentReserved('preview')],
      ['sitemap-2', 400, PAGE_MESSAGES.segmentReserved('sitemap-2')],
      ['favicon-big', 400, PAGE_MESSAGES.segmentReserved('favicon-big')],
      [taken, 409, PAGE_MESSAGES.segmentTaken(taken)],
      // Upper case is the same address.
      [taken.toUpperCase(), 409, PAGE_MESSAGES.segmentTaken(taken)],
      [redirected, 409, REDIRECT_MESSAGES.collides(`/${redirected}`)],
      [prefixed, 409, REDIRECT_MESSAGES.collides(`/${prefixed}`)],
    ];
    for (const [segment, status, message] of cases) {
      const res = await editor.api.callRaw(pagesApi.createPage, { body: input(segment) });
      expect(res.status, `${segment}: ${res.text}`).toBe(status);
      expect((res.body as { message: string }).message, segment).toBe(message);
    }
    for (const reserved of RESERVED_SEGMENTS.filter((s) => /^[a-z0-9-]+$/.test(s))) {
      const res = await editor.api.callRaw(pagesApi.createPage, { body: input(reserved) });
      expect(res.status, reserved).toBe(400);
    }
  });

  it('answers bad blocks and bad fields with 400 and a message, never 500', async () => {
    const segment = unique('bad');
    const bodies: Array<[unknown, string | null]> = [
      [{ ...input(segment), blocks: [{ type: 'marquee', id: 'm1' }] }, null],
      [{ ...input(segment), blocks: [{ type: 'richText', id: 'r1', html: '' }] }, PAGE_BLOCK_MESSAGES.textRequired],
      [{ ...input(segment), blocks: 'richText' }, null],
      [{ ...input(segment), blocks: Array.from({ length: 41 }, (_, i) => richText('<p>x</p>', `b${i}`)) }, null],
      [{ ...input(segment), blocks: [richText('<p>a</p>', 'same'), richText('<p>b</p>', 'same')] }, null],
      [{ ...input(segment), title: '' }, PAGE_MESSAGES.titleRequired],
      [{ ...input(segment), title: 5 }, PAGE_MESSAGES.titleRequired],
      [{ ...input(segment), socialImage: 'https://elsewhere.example/x.png' }, PAGE_MESSAGES.socialImageInvalid],
      [{ ...input(segment), baseVersion: 0 }, null],
      [null, null],
      // Rich text the sanitiser empties (a lone script, an embed it does not allow) is no text at all.
      [{ ...input(segment), blocks: [richText('<script>alert(1)</script>')] }, PAGE_BLOCK_MESSAGES.textRequired],
      [
        { ...input(segment), blocks: [richText('<iframe src="https://www.google.com/maps/embed?pb=1"></iframe>')] },
        PAGE_BLOCK_MESSAGES.textRequired,
      ],
    ];
    for (const [body, message] of bodies) {
      const res = await editor.api.callRaw(pagesApi.createPage, { body });
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(typeof (res.body as { message: string }).message).toBe('string');
      if (message) expect((res.body as { message: string }).message).toBe(message);
    }
    // Nothing of those was stored: the address is still free.
    const page = await create(segment);
    const emptied = await editor.api.callRaw(pagesApi.updatePage, {
      params: { id: page._id },
      body: input(segment, { blocks: [richText('<style>p{}</style>')] }),
    });
    expect(emptied.status).toBe(400);
    expect((emptied.body as { field?: string }).field).toBe('blocks.0.html');
    expect((await editor.api.call(pagesApi.getPage, { params: { id: page._id } })).data.blocks).toEqual(page.blocks);
    for (const body of [
      { status: 'scheduled' },
      { status: 'scheduled', publishAt: '2001-01-01T00:00:00Z' },
      { status: 'live' },
      { status: 'scheduled', publishAt: 'tomorrow' },
    ]) {
      const res = await editor.api.callRaw(pagesApi.setPageStatus, { params: { id: page._id }, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    // A page as large as its blocks allow is a save like any other, above the API's 1 MB for other bodies.
    const long = `<p>${'Words of a long page. '.repeat(4_000)}</p>`;
    const large = await editor.api.callRaw(pagesApi.updatePage, {
      params: { id: page._id },
      body: input(segment, { blocks: Array.from({ length: 12 }, (_, i) => richText(long, `long${i}`)) }),
    });
    expect(large.status, large.text.slice(0, 200)).toBe(200);
    const past = await setStatus(page._id, 'scheduled', '2001-01-01T00:00:00Z');
    expect((past.body as { message: string }).message).toBe(PUBLISHING_MESSAGES.publishAtPast);
    expect((await editor.api.callRaw(pagesApi.getPage, { params: { id: 'nope' } })).status).toBe(404);
  });

  it('answers 409 to a save over a newer version, and saves with the version it opened', async () => {
    const page = await create(unique('conflict'));
    const first = await editor.api.call(pagesApi.updatePage, {
      params: { id: page._id },
      body: { ...input(page.segment, { title: 'First' }), baseVersion: page.version },
    });
    expect(first.data).toMatchObject({ title: 'First', version: page.version + 1 });
    const stale = await owner.api.callRaw(pagesApi.updatePage, {
      params: { id: page._id },
      body: { ...input(page.segment, { title: 'Second' }), baseVersion: page.version },
    });
    expect(stale.status).toBe(409);
    expect((stale.body as { message: string }).message).toBe(PAGE_MESSAGES.conflict);
    expect((await editor.api.call(pagesApi.getPage, { params: { id: page._id } })).data.title).toBe('First');
  });

  it('leaves a 301 at the old address of a renamed published page, listed among the automatic redirects', async () => {
    const before = unique('old-name');
    const after = unique('new-name');
    const page = await create(before);
    // A draft renamed leaves nothing behind: it never had a public address.
    const draftRenamed = await create(unique('draft-old'));
    await editor.api.call(pagesApi.updatePage, {
      params: { id: draftRenamed._id },
      body: input(unique('draft-new')),
    });
    expect((await get(draftRenamed.path)).statusCode).toBe(404);

    await publish(page._id);
    await editor.api.call(pagesApi.updatePage, { params: { id: page._id }, body: input(after) });
    const res = await get(`/${before}`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`/${after}`);
    // In any case, as the page's own address.
    const upper = await get(`/${before.toUpperCase()}`);
    expect(upper.statusCode).toBe(301);
    expect(upper.headers.location).toBe(`/${after}`);
    expect((await get(`/${after}`)).statusCode).toBe(200);
    const automatic = await owner.api.call(redirectsApi.listRedirects, {
      query: { source: 'automatic', search: before },
    });
    expect(automatic.data.map((r) => [r.from, r.to, r.status])).toEqual([[`/${before}`, `/${after}`, 301]]);

    // Another page taking the old address takes it over: the redirect goes.
    const taker = await create(before);
    await publish(taker._id);
    expect((await get(`/${before}`)).statusCode).toBe(200);
  });

  it('publishes a scheduled page when due, by the publish job', async () => {
    const page = await create(unique('scheduled'));
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    const res = await setStatus(page._id, 'scheduled', soon);
    expect(res.status, res.text).toBe(200);
    expect(res.data).toMatchObject({ status: 'scheduled', publishAt: soon });
    expect((await get(page.path)).statusCode).toBe(404);
    // Due now: as if the hour had passed (the job compares publish_at with the clock).
    await t.services.db
      .updateTable('pages')
      .set({ publish_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', page._id)
      .execute();
    expect(await t.services.pages.publishDue()).toBeGreaterThanOrEqual(1);
    expect((await editor.api.call(pagesApi.getPage, { params: { id: page._id } })).data.status).toBe('published');
    expect((await get(page.path)).statusCode).toBe(200);
  });

  it('moves a page to the trash (off the site, address free) and restores it as a draft', async () => {
    const segment = unique('trashed');
    const page = await create(segment);
    await publish(page._id);
    expect((await editor.api.call(pagesApi.deletePage, { params: { id: page._id } })).data._id).toBe(page._id);
    expect((await get(`/${segment}`)).statusCode).toBe(404);
    const trash = await editor.api.call(pagesApi.listPages, { query: { trash: '1' } });
    expect(trash.data.map((p) => p._id)).toContain(page._id);
    const list = await editor.api.call(pagesApi.listPages, { query: {} });
    expect(list.data.map((p) => p._id)).not.toContain(page._id);

    // Its address is free meanwhile; restoring while another page holds it is a clear 409.
    const holder = await create(segment);
    const refused = await editor.api.callRaw(pagesApi.restorePage, { params: { id: page._id } });
    expect(refused.status).toBe(409);
    expect((refused.body as { message: string }).message).toBe(PAGE_MESSAGES.segmentTaken(segment));
    await editor.api.call(pagesApi.deletePage, { params: { id: holder._id } });
    // A page in the trash has no preview link.
    expect((await editor.api.callRaw(pagesApi.pagePreviewLink, { params: { id: holder._id } })).status).toBe(404);
    const restored = await editor.api.call(pagesApi.restorePage, { params: { id: page._id } });
    expect(restored.data).toMatchObject({ status: 'draft', deletedAt: null, segment });

    // What a menu reads of the pages it links to by id: a page in the trash is flagged, an unknown id left out.
    const published = await create(unique('menu-link'));
    await publish(published._id);
    const targets = await t.services.pages.linkTargets([page._id, published._id, holder._id, 'no-such-page']);
    expect(Object.fromEntries(targets)).toEqual({
      [page._id]: { state: 'unpublished', title: page.title, path: '' },
      [published._id]: { state: 'shown', title: published.title, path: published.path },
      [holder._id]: { state: 'trashed', title: holder.title, path: '' },
    });
  });

  it('shows any page through its private preview link, never indexed nor cached', async () => {
    const page = await create(unique('preview'), { blocks: [richText('<p>Not yet public</p>')] });
    const { url } = (await editor.api.call(pagesApi.pagePreviewLink, { params: { id: page._id } })).data;
    expect(url).toMatch(/^\/preview\/page\/[\w-]{20,}$/);
    // The same link every time.
    expect((await editor.api.call(pagesApi.pagePreviewLink, { params: { id: page._id } })).data.url).toBe(url);
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Not yet public');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect((await get('/preview/page/not-a-valid-token-at-all-xx')).statusCode).toBe(404);
  });

  it('keeps every save in the history, and restores one (the page keeps its publishing state)', async () => {
    const page = await create(unique('history'), { title: 'One' });
    await publish(page._id);
    await editor.api.call(pagesApi.updatePage, {
      params: { id: page._id },
      body: input(page.segment, { title: 'Two' }),
    });
    const history = await editor.api.call(revisionsApi.listRevisions, {
      params: { docType: 'page', docId: page._id },
    });
    expect(history.data.length).toBe(2);
    const oldest = history.data.at(-1)!;
    await editor.api.call(revisionsApi.restoreRevision, { params: { id: oldest._id } });
    const restored = (await editor.api.call(pagesApi.getPage, { params: { id: page._id } })).data;
    expect(restored).toMatchObject({ title: 'One', status: 'published' });
    // Authors may not read a page's history.
    const author = await createMember(t, 'author');
    const denied = await author.api.callRaw(revisionsApi.listRevisions, {
      params: { docType: 'page', docId: page._id },
    });
    expect(denied.status).toBe(403);
  });

  it('lists published pages in the sitemap and finds them with the site search', async () => {
    const word = unique('zebrafish');
    const published = await create(unique('listed'), { blocks: [richText(`<p>All about ${word} care</p>`)] });
    await publish(published._id);
    const draft = await create(unique('unlisted'), { blocks: [richText(`<p>Draft ${word}</p>`)] });
    const sitemap = (await get('/sitemap.xml')).body;
    expect(sitemap).toContain(`<loc>${t.config.publicUrl}${published.path}</loc>`);
    expect(sitemap).not.toContain(draft.path);

    const search = await get(`/search?q=${encodeURIComponent(word.toUpperCase())}`);
    expect(search.statusCode).toBe(200);
    expect(search.body).toContain(`href="${published.path}"`);
    expect(search.body).not.toContain(`href="${draft.path}"`);
    expect(search.body).toContain(`All about ${word} care`);
  });

  it('makes the starter pages as drafts at their addresses, and says so when one is taken', async () => {
    for (const kind of pagesApi.STARTER_PAGES) {
      const existing = (await owner.api.call(pagesApi.listPages, { query: {} })).data.find(
        (p) => p.segment === (kind === 'privacy' ? 'privacy' : kind),
      );
      if (existing) await owner.api.call(pagesApi.deletePage, { params: { id: existing._id } });
    }
    const res = await editor.api.call(pagesApi.createStarterPage, { body: { kind: 'privacy' } });
    expect(res.data.page).toMatchObject({ title: 'Privacy policy', segment: 'privacy', status: 'draft' });
    expect(res.data.message).toBe(PAGE_MESSAGES.starterCreated('Privacy policy', 'privacy'));
    const policy = (await t.services.content.getContent()).privacyPolicy.privacy_policy_text;
    expect(res.data.page.blocks).toEqual([{ type: 'richText', id: 'privacy-text', html: expect.any(String) }]);
    expect(policy.length).toBeGreaterThan(0);
    const again = await editor.api.callRaw(pagesApi.createStarterPage, { body: { kind: 'privacy' } });
    expect(again.status).toBe(409);
    expect((again.body as { message: string }).message).toBe(PAGE_MESSAGES.starterTaken('Privacy policy', 'privacy'));
    for (const kind of ['imprint', 'careers', 'terms'] as const) {
      const made = await editor.api.call(pagesApi.createStarterPage, { body: { kind } });
      expect(made.data.page.segment).toBe(kind);
    }
  });

  it('is for Owners, Administrators and Editors: Authors and Contributors get 403 and change nothing', async () => {
    const page = await create(unique('roles'));
    for (const role of ['author', 'contributor'] as const) {
      const member = await createMember(t, role);
      const res = await member.api.callRaw(pagesApi.updatePage, {
        params: { id: page._id },
        body: input(page.segment, { title: 'Hijacked' }),
      });
      expect(res.status).toBe(403);
      expect((res.body as { message: string }).message).toBe(TEAM_MESSAGES.forbidden);
      expect((await member.api.callRaw(pagesApi.listPages, { query: {} })).status).toBe(403);
    }
    const admin = await createMember(t, 'administrator');
    expect((await admin.api.callRaw(pagesApi.getPage, { params: { id: page._id } })).status).toBe(200);
    expect((await editor.api.call(pagesApi.getPage, { params: { id: page._id } })).data.title).toBe(page.title);
  });

  it('shows a save made on one process on the other at once (the content version)', async () => {
    const page = await create(unique('two-processes'), { blocks: [richText('<p>First words</p>')] });
    await publish(page._id);
    // Both processes cache the page first.
    for (const app of [t.app, other]) expect((await get(page.path, app)).body).toContain('First words');
    await api(other).call(pagesApi.updatePage, {
      token: editor.token,
      params: { id: page._id },
      body: input(page.segment, { blocks: [richText('<p>Second words</p>')] }),
    });
    // The saving process at once; this one when it hears of the edit: pushed on PostgreSQL, polled each
    // second on SQLite (the bounds of tests/api/content-push.test.ts).
    expect((await get(page.path, other)).body).toContain('Second words');
    await expect
      .poll(async () => (await get(page.path)).body.includes('Second words'), {
        timeout: kind === 'sqlite' ? 2000 : 500,
      })
      .toBe(true);
    await api(other).call(pagesApi.setPageStatus, {
      token: editor.token,
      params: { id: page._id },
      body: { status: 'draft' },
    });
    await expect
      .poll(async () => (await get(page.path)).statusCode, { timeout: kind === 'sqlite' ? 2000 : 500 })
      .toBe(404);
  });
});
