import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pino from 'pino';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as activityApi from '#shared/api/activity.ts';
import * as blogApi from '#shared/api/blog.ts';
import * as redirects from '#shared/api/redirects.ts';
import { REDIRECT_MESSAGES, TEAM_MESSAGES } from '#shared/messages.ts';
import { buildApp } from '#server/app.ts';
import { boot } from '#server/boot.ts';
import { NOT_FOUND_CAP } from '#server/modules/redirects/service.ts';
import { api } from '#tests/helpers/api.ts';
import { NO_RATE_LIMITS } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { createPost, loggedInAdmin, unique, type LoggedInAdmin } from '#tests/helpers/factories.ts';
import { createMember } from '#tests/helpers/team.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * Settings → Redirects (docs/product.md#redirects, docs/decisions/0032-redirects.md): the rules and their
 * checks, answers before routing with the query string kept, hits and the 404 log counted in batches, the
 * CSV round trip, roles, the themed 410 page (production build: `npm run build` first), and a rule made in
 * one process honoured by another at once.
 */
const buildFile = path.resolve('build/server/index.js');

describe.each(DATABASE_KINDS)('redirects on %s', (kind) => {
  let t: TestApp;
  let admin: LoggedInAdmin;
  beforeAll(async () => {
    t = await buildTestApp(kind, { app: { rateLimits: NO_RATE_LIMITS } });
    admin = await loggedInAdmin(t);
  });
  afterAll(() => t?.close());

  const create = (from: string, to: string, status = 301) =>
    admin.api.callRaw(redirects.createRedirect, { body: { from, to, status } });
  const made = async (from: string, to: string, status = 301) => {
    const res = await create(from, to, status);
    expect(res.status, res.text).toBe(200);
    return res.data;
  };
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const ruleOf = async (from: string) =>
    (await admin.api.call(redirects.listRedirects, { query: { search: from, limit: 200 } })).data.find(
      (r) => r.from === from,
    );

  it('adds, lists, changes and deletes rules, answering them before routing with the query string kept', async () => {
    const base = unique('/crud');
    const rule = await made(`${base}-old`, `${base}-new`);
    expect(rule).toMatchObject({ from: `${base}-old`, to: `${base}-new`, status: 301, kind: 'exact', hits: 0 });
    let res = await get(`${base}-old?utm=1&b=2`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`${base}-new?utm=1&b=2`);
    // A trailing slash is the same address.
    expect((await get(`${base}-old/`)).headers.location).toBe(`${base}-new`);

    const changed = await admin.api.call(redirects.updateRedirect, {
      params: { id: rule._id },
      body: { from: `${base}-old`, to: 'https://example.com/elsewhere', status: 302 },
    });
    expect(changed.data).toMatchObject({ to: 'https://example.com/elsewhere', status: 302 });
    res = await get(`${base}-old?x=1`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://example.com/elsewhere?x=1');

    const list = await admin.api.call(redirects.listRedirects, { query: { search: base } });
    expect(list.data.map((r) => r.from)).toEqual([`${base}-old`]);
    expect(list.body.meta).toMatchObject({ page: 1, total: 1, hasMore: false });

    const deleted = await admin.api.call(redirects.deleteRedirect, { params: { id: rule._id } });
    expect(deleted.data._id).toBe(rule._id);
    expect((await get(`${base}-old`)).statusCode).toBe(404);
    const gone = await admin.api.callRaw(redirects.deleteRedirect, { params: { id: rule._id } });
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ message: REDIRECT_MESSAGES.notFound });

    const entries = await admin.api.call(activityApi.listActivity, { query: { limit: 20 } });
    const actions = entries.data.filter((e) => e.target?.label === `${base}-old`).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['redirect.created', 'redirect.changed', 'redirect.deleted']));
  });

  it('prefix rules carry the rest of the path over; exact rules win over prefixes', async () => {
    const base = unique('/docs');
    await made(`${base}/*`, `${base}-v2/*`);
    await made(`${base}/special`, '/special-page');
    let res = await get(`${base}/guide/intro?lang=en`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`${base}-v2/guide/intro?lang=en`);
    res = await get(base);
    expect(res.headers.location).toBe(`${base}-v2`);
    expect((await get(`${base}/special`)).headers.location).toBe('/special-page');
    // A prefix onto the root never answers a protocol-relative address (another site, to a browser).
    const root = unique('/root');
    await made(`${root}/*`, '/*');
    expect((await get(`${root}//evil.example/x`)).headers.location).toBe('/evil.example/x');
    expect((await get(`${root}/about-us?a=b`)).headers.location).toBe('/about-us?a=b');
    // Another address that only starts alike is not under the prefix.
    expect((await get(`${base}x/page`)).statusCode).toBe(404);
    expect((await ruleOf(`${base}/*`))?.kind).toBe('prefix');
  });

  it('refuses bad input with a clear message, and reserved addresses', async () => {
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ from: '', to: '/x', status: 301 }, 400, REDIRECT_MESSAGES.fromRequired],
      [{ from: 'no-slash', to: '/x', status: 301 }, 400, REDIRECT_MESSAGES.fromInvalid],
      [{ from: '/a?b=1', to: '/x', status: 301 }, 400, REDIRECT_MESSAGES.fromInvalid],
      [{ from: '/a/*/b', to: '/x', status: 301 }, 400, REDIRECT_MESSAGES.fromInvalid],
      [{ from: '/admin/blogs', to: '/x', status: 301 }, 400, REDIRECT_MESSAGES.fromReserved],
      [{ from: '/api/*', to: '/x/*', status: 301 }, 400, REDIRECT_MESSAGES.fromReserved],
      [{ from: '/assets/app.js', to: '/x', status: 301 }, 400, REDIRECT_MESSAGES.fromReserved],
      [{ from: '/uploads', to: '/x', status: 301 }, 400, REDIRECT_MESSAGES.fromReserved],
      [{ from: '/*', to: '/x/*', status: 301 }, 400, REDIRECT_MESSAGES.fromEverything],
      [{ from: '/a', to: '', status: 301 }, 400, REDIRECT_MESSAGES.toRequired],
      [{ from: '/a', to: 'javascript:alert(1)', status: 301 }, 400, REDIRECT_MESSAGES.toInvalid],
      [{ from: '/a', to: '//evil.example', status: 301 }, 400, REDIRECT_MESSAGES.toInvalid],
      [{ from: '/a', to: '/b', status: 307 }, 400, REDIRECT_MESSAGES.statusInvalid],
      [{ from: '/a', to: '/b', status: 410 }, 400, REDIRECT_MESSAGES.toNotForGone],
      [{ from: '/a/*', to: '/b', status: 301 }, 400, REDIRECT_MESSAGES.prefixTarget],
      [{ from: '/a', to: '/b/*', status: 301 }, 400, REDIRECT_MESSAGES.prefixOnlyFromPrefix],
      [{ from: '/a', to: '/b', status: '301' }, 400, REDIRECT_MESSAGES.statusInvalid],
      [{ from: 5, to: '/b', status: 301 }, 400, REDIRECT_MESSAGES.fromRequired],
    ];
    for (const [body, status, message] of cases) {
      const res = await admin.api.callRaw(redirects.createRedirect, { body });
      expect.soft(res.status, JSON.stringify(body)).toBe(status);
      expect.soft((res.body as { message: string }).message, JSON.stringify(body)).toBe(message);
    }
    const from = unique('/dup');
    await made(from, '/one');
    const dup = await create(`${from}/`, '/two');
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ message: REDIRECT_MESSAGES.duplicate(from), field: 'from' });
    // The reserved addresses are never redirected, whatever is stored.
    expect((await get('/api/nothing-here')).statusCode).toBe(404);
  });

  it('refuses loops, through prefixes too, and collapses chains on save', async () => {
    const a = unique('/a');
    const b = unique('/b');
    const c = unique('/c');
    const ab = await made(a, b);
    // a → b, b → a: a loop.
    let res = await create(b, a);
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toBe(REDIRECT_MESSAGES.loop(`${b} → ${a} → ${b}`));
    // Onto itself.
    res = await create(c, `${c}/`);
    expect(res.status).toBe(400);
    // A prefix onto an address under itself grows for ever.
    const p = unique('/p');
    res = await create(`${p}/*`, `${p}/deeper/*`);
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toContain('loop');
    // Through a prefix: /q/* → /r/*, then /r/x → /q/x is a loop.
    const q = unique('/q');
    const r = unique('/r');
    await made(`${q}/*`, `${r}/*`);
    res = await create(`${r}/x`, `${q}/x`);
    expect(res.status).toBe(400);

    // A chain: a → b exists; b → c makes a → c.
    await made(b, c);
    expect((await ruleOf(a))?.to).toBe(c);
    expect((await get(a)).headers.location).toBe(c);
    // And a new rule onto the start of a chain is stored at its end: d → a is d → c.
    const d = unique('/d');
    expect((await made(d, a)).to).toBe(c);
    expect(ab._id).toBeTruthy();
    // A prefix chain: /s/* → /t/*, then /t/* → /u/* makes /s/* → /u/*.
    const s = unique('/s');
    const tt = unique('/t');
    const u = unique('/u');
    await made(`${s}/*`, `${tt}/*`);
    await made(`${tt}/*`, `${u}/*`);
    expect((await ruleOf(`${s}/*`))?.to).toBe(`${u}/*`);
    expect((await get(`${s}/deep/page`)).headers.location).toBe(`${u}/deep/page`);
  });

  it('answers 410 for a gone address (plain without the page renderer) and counts hits in batches', async () => {
    const from = unique('/removed');
    const rule = await made(from, '', 410);
    expect(rule.to).toBe('');
    expect((await get(from)).statusCode).toBe(410);
    expect((await get(`${from}?a=1`)).statusCode).toBe(410);
    // Counted in memory, added to the database by the next flush (every few seconds; here at once).
    expect((await ruleOf(from))?.hits).toBe(0);
    await t.services.redirects.flush();
    const counted = await ruleOf(from);
    expect(counted?.hits).toBe(2);
    expect(counted?.lastHitAt).toBeTruthy();
  });

  it('logs 404s (path, count, last seen, referring host), ignores on request, and keeps at most 5,000', async () => {
    const { redirects: service } = t.services;
    const path = unique('/missing');
    service.notFound(`${path}?secret=1`, 'https://news.example.org/some/article?id=4');
    service.notFound(path, undefined);
    service.notFound('/admin/whatever', undefined);
    service.notFound('/api/nothing', undefined);
    service.notFound('/assets/old.js', undefined);
    await service.flush();
    const log = await admin.api.call(redirects.listNotFound, { query: { search: path } });
    expect(log.data).toEqual([{ path, hits: 2, lastSeenAt: expect.any(String), referrerHost: 'news.example.org' }]);
    const reserved = await admin.api.call(redirects.listNotFound, { query: { search: '/a', limit: 200 } });
    expect(reserved.data.some((e) => /^\/(admin|api|assets)\//.test(e.path))).toBe(false);

    // Ignore: gone from the log, and not logged again.
    const ignored = await admin.api.call(redirects.ignoreNotFound, { body: { path } });
    expect(ignored.data.path).toBe(path);
    service.notFound(path, undefined);
    await service.flush();
    expect((await admin.api.call(redirects.listNotFound, { query: { search: path } })).data).toEqual([]);

    // A rule for a logged path takes it out of the log.
    const fixed = unique('/fixed');
    service.notFound(fixed, undefined);
    await service.flush();
    await made(fixed, '/');
    expect((await admin.api.call(redirects.listNotFound, { query: { search: fixed } })).data).toEqual([]);
    // A prefix rule takes every logged path below it (and none that only starts alike).
    const tree = unique('/tree');
    for (const p of [`${tree}/a`, `${tree}/b/c`, `${tree}x/d`]) service.notFound(p, undefined);
    await service.flush();
    await made(`${tree}/*`, '/*');
    const left = await admin.api.call(redirects.listNotFound, { query: { search: tree } });
    expect(left.data.map((e) => e.path)).toEqual([`${tree}x/d`]);

    // The cap: the least recently seen go first.
    const prefix = unique('/cap');
    const first = `${prefix}-first`;
    service.notFound(first, undefined);
    await service.flush();
    for (let batch = 0; batch < 2; batch++) {
      for (let i = 0; i < 2600; i++) service.notFound(`${prefix}-${batch}-${i}`, undefined);
      await service.flush();
    }
    const all = await admin.api.call(redirects.listNotFound, { query: { limit: 1 } });
    expect(all.body.meta!.total).toBe(NOT_FOUND_CAP);
    expect((await admin.api.call(redirects.listNotFound, { query: { search: first } })).data).toEqual([]);
    expect((await admin.api.call(redirects.listNotFound, { query: { search: `${prefix}-1-2599` } })).data).toHaveLength(
      1,
    );
  });

  it('exports rules as CSV and imports them back, reporting refused rows by line', async () => {
    const base = unique('/csv');
    await made(`${base}-one`, `${base}-target`);
    await made(`${base}-dir/*`, `${base}-newdir/*`, 302);
    await made(`${base}-gone`, '', 410);
    const exported = await admin.api.call(redirects.exportRedirects);
    const text = exported.text;
    expect(exported.headers['content-type']).toContain('text/csv');
    expect(text.split('\r\n')[0]).toBe('from,to,status');
    const mine = text.split('\r\n').filter((line) => line.startsWith(base));
    expect(mine).toEqual([`${base}-dir/*,${base}-newdir/*,302`, `${base}-gone,,410`, `${base}-one,${base}-target,301`]);

    // Round trip into a fresh set: delete them, import the export's lines, and they are back as they were.
    for (const from of [`${base}-one`, `${base}-dir/*`, `${base}-gone`]) {
      await admin.api.call(redirects.deleteRedirect, { params: { id: (await ruleOf(from))!._id } });
    }
    const csv = [
      'from,to,status',
      ...mine,
      `${base}-bad,/x,307`,
      '/admin/x,/y,301',
      `${base}-one,${base}-changed,301`,
      `${base}-loop,${base}-loop,301`,
    ].join('\n');
    const imported = await admin.api.call(redirects.importRedirects, { body: { csv } });
    expect(imported.data).toMatchObject({ added: 3, updated: 1 });
    expect(imported.data.refused).toEqual([
      { line: 5, from: `${base}-bad`, message: REDIRECT_MESSAGES.csvRow(5, REDIRECT_MESSAGES.statusInvalid) },
      { line: 6, from: '/admin/x', message: REDIRECT_MESSAGES.csvRow(6, REDIRECT_MESSAGES.fromReserved) },
      { line: 8, from: `${base}-loop`, message: expect.stringContaining('loop') },
    ]);
    expect(imported.data.message).toBe(REDIRECT_MESSAGES.imported(3, 1, 3));
    expect((await ruleOf(`${base}-one`))?.to).toBe(`${base}-changed`);
    expect((await get(`${base}-dir/a/b?c=d`)).headers.location).toBe(`${base}-newdir/a/b?c=d`);
    expect((await get(`${base}-gone`)).statusCode).toBe(410);

    const noHeader = await admin.api.callRaw(redirects.importRedirects, { body: { csv: '/a,/b,301\n' } });
    expect(noHeader.status).toBe(400);
    expect(noHeader.body).toMatchObject({ message: REDIRECT_MESSAGES.csvHeader });
  });

  it('lists the automatic redirects (a renamed post) read-only beside the rules', async () => {
    const post = await createPost(admin, { title: unique('Renamed') });
    const oldUrl = post.url;
    const edited = await admin.api.call(blogApi.updatePost, {
      params: { id: post._id },
      body: { title: unique('Newname'), excerpt: post.excerpt, content: post.content },
    });
    const res = await admin.api.call(redirects.listRedirects, {
      query: { source: 'automatic', search: oldUrl.split('/').pop() },
    });
    expect(res.data).toEqual([
      expect.objectContaining({ from: oldUrl, to: edited.data.url, status: 301, automatic: true, hits: null }),
    ]);
    expect(res.body.meta).toMatchObject({ total: 1 });
    // The rules made here never include them.
    const manual = await admin.api.call(redirects.listRedirects, { query: { search: oldUrl.split('/').pop() } });
    expect(manual.data).toEqual([]);
  });

  it('tells other features whether an address is redirected (page segments must not collide)', async () => {
    const base = unique('/taken');
    await made(base, '/elsewhere');
    await made(`${base}-tree/*`, '/tree/*');
    const { redirects: service } = t.services;
    expect(await service.isRedirected(base)).toBe(true);
    expect(await service.isRedirected(`${base}/`)).toBe(true);
    expect(await service.isRedirected(`${base}-tree/leaf/x`)).toBe(true);
    expect(await service.isRedirected(`${base}-tree`)).toBe(true);
    expect(await service.isRedirected(`${base}-free`)).toBe(false);
    await expect(service.assertNotRedirected(base)).rejects.toThrow(REDIRECT_MESSAGES.collides(base));
    await expect(service.assertNotRedirected(`${base}-free`)).resolves.toBeUndefined();
  });

  it('lets Owners, Administrators and Editors manage redirects, and no one else', async () => {
    for (const role of ['owner', 'administrator', 'editor', 'author', 'contributor'] as const) {
      const member = await createMember(t, role);
      const calls = [
        member.api.callRaw(redirects.listRedirects),
        member.api.callRaw(redirects.listNotFound),
        member.api.callRaw(redirects.exportRedirects),
        member.api.callRaw(redirects.createRedirect, { body: { from: unique('/role'), to: '/x', status: 301 } }),
        member.api.callRaw(redirects.importRedirects, { body: { csv: `from,to,status\n${unique('/r')},/x,301` } }),
        member.api.callRaw(redirects.ignoreNotFound, { body: { path: unique('/i') } }),
      ];
      const allowed = role === 'owner' || role === 'administrator' || role === 'editor';
      for (const res of await Promise.all(calls)) {
        expect.soft(res.status, `${role} ${res.text}`).toBe(allowed ? 200 : 403);
        if (!allowed) expect.soft(res.body).toEqual({ message: TEAM_MESSAGES.forbidden });
      }
    }
    const anonymous = await api(t).callRaw(redirects.listRedirects);
    expect(anonymous.status).toBe(401);
  });
});

/** Two processes on one database: a rule made in one answers in the other at once (the version bump). */
describe.each(DATABASE_KINDS)('redirects across processes on %s', (kind) => {
  let t: TestApp;
  let admin: LoggedInAdmin;
  let other: Awaited<ReturnType<typeof boot>>;
  let otherApp: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    t = await buildTestApp(kind, { app: { rateLimits: NO_RATE_LIMITS } });
    admin = await loggedInAdmin(t);
    other = await boot(t.config, { log: pino({ level: 'silent' }) as never });
    otherApp = await buildApp({ services: other.services, logger: false });
    await otherApp.ready();
  });
  afterAll(async () => {
    await otherApp?.close();
    await other?.services.jobs.stop();
    await other?.services.mailWorker.stop();
    await other?.db.destroy();
    await t?.close();
  });

  // PostgreSQL pushes the bump (heard within milliseconds); SQLite polls the version each second.
  const limit = kind === 'postgres' ? 500 : 2000;

  it(`a rule made, changed or deleted in one process is honoured by the other within ${limit} ms`, async () => {
    const from = unique('/cluster');
    // The other process has read its rules (none for this address) before the rule exists.
    expect((await otherApp.inject({ url: from })).statusCode).toBe(404);
    const rule = (await admin.api.call(redirects.createRedirect, { body: { from, to: '/one', status: 301 } })).data;
    const within = async (expected: (res: { statusCode: number; headers: Record<string, unknown> }) => boolean) => {
      const started = Date.now();
      for (;;) {
        const res = await otherApp.inject({ url: `${from}?k=v` });
        if (expected(res)) return Date.now() - started;
        if (Date.now() - started > limit) throw new Error(`not honoured within ${limit} ms: ${res.statusCode}`);
        await new Promise((r) => setTimeout(r, 5));
      }
    };
    expect(await within((res) => res.statusCode === 301 && res.headers.location === '/one?k=v')).toBeLessThanOrEqual(
      limit,
    );
    await admin.api.call(redirects.updateRedirect, {
      params: { id: rule._id },
      body: { from, to: '/two', status: 302 },
    });
    expect(await within((res) => res.statusCode === 302 && res.headers.location === '/two?k=v')).toBeLessThanOrEqual(
      limit,
    );
    await admin.api.call(redirects.deleteRedirect, { params: { id: rule._id } });
    expect(await within((res) => res.statusCode === 404)).toBeLessThanOrEqual(limit);
    // Hits counted by the other process reach the shared row with its flush.
    const counted = unique('/counted');
    await admin.api.call(redirects.createRedirect, { body: { from: counted, to: '/x', status: 301 } });
    await within(() => true);
    const started = Date.now();
    while ((await otherApp.inject({ url: counted })).statusCode !== 301 && Date.now() - started < limit) {
      await new Promise((r) => setTimeout(r, 5));
    }
    await otherApp.inject({ url: counted });
    await other.services.redirects.flush();
    const list = await admin.api.call(redirects.listRedirects, { query: { search: counted } });
    expect(list.data[0]!.hits).toBeGreaterThanOrEqual(2);
  });
});

/** The pages: a 410 answers the site's themed "gone" page; a public 404 page is logged. */
describe('redirects with the page renderer', () => {
  let t: TestApp;
  let admin: LoggedInAdmin;
  beforeAll(async () => {
    const build = (await import(buildFile)) as ServerBuild;
    t = await buildTestApp('sqlite', {
      app: { rateLimits: NO_RATE_LIMITS, ssr: { build, mode: 'production', cache: true } },
    });
    admin = await loggedInAdmin(t);
  });
  afterAll(() => t?.close());

  it('answers a 410 rule with the themed gone page, never cached, and a 301 before a cached page', async () => {
    const from = unique('/old-page');
    await admin.api.call(redirects.createRedirect, { body: { from, to: '', status: 410 } });
    const res = await t.app.inject({ url: from });
    expect(res.statusCode).toBe(410);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain(REDIRECT_MESSAGES.goneTitle);
    expect(res.body).toContain(REDIRECT_MESSAGES.goneText);
    // The site's own look: its header and footer, like its 404 page.
    const notFound = await t.app.inject({ url: unique('/nowhere') });
    expect(notFound.statusCode).toBe(404);
    for (const part of ['<header', '<footer', 'class="public-page"']) {
      expect(notFound.body).toContain(part);
      expect(res.body).toContain(part);
    }

    // A page answered from the cache is redirected once a rule takes its address.
    expect((await t.app.inject({ url: '/about-us' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/about-us' })).statusCode).toBe(200);
    const rule = (
      await admin.api.call(redirects.createRedirect, { body: { from: '/about-us', to: '/blogs', status: 302 } })
    ).data;
    const moved = await t.app.inject({ url: '/about-us?ref=x' });
    expect(moved.statusCode).toBe(302);
    expect(moved.headers.location).toBe('/blogs?ref=x');
    await admin.api.call(redirects.deleteRedirect, { params: { id: rule._id } });
    expect((await t.app.inject({ url: '/about-us' })).statusCode).toBe(200);
  });

  it('over a real socket (cached pages are answered before Fastify there), a cached page redirects once a rule takes its address', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const get = (url: string) =>
      new Promise<{ status: number; location?: string }>((resolve, reject) => {
        http
          .get(base + url, { agent: false }, (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode!, location: res.headers.location }));
          })
          .on('error', reject);
      });
    expect((await get('/blogs')).status).toBe(200);
    expect((await get('/blogs')).status).toBe(200);
    const rule = (
      await admin.api.call(redirects.createRedirect, { body: { from: '/blogs', to: '/about-us', status: 301 } })
    ).data;
    expect(await get('/blogs?page=2')).toEqual({ status: 301, location: '/about-us?page=2' });
    await admin.api.call(redirects.deleteRedirect, { params: { id: rule._id } });
    expect((await get('/blogs')).status).toBe(200);
  });

  it('logs public pages that answer 404, never admin pages', async () => {
    const path = unique('/no-such-page');
    await t.app.inject({ url: `${path}?q=1`, headers: { referer: 'https://search.example.com/?q=x' } });
    await t.app.inject({ url: '/admin/no-such-screen' });
    await t.services.redirects.flush();
    const log = await admin.api.call(redirects.listNotFound, { query: { search: path } });
    expect(log.data).toEqual([{ path, hits: 1, lastSeenAt: expect.any(String), referrerHost: 'search.example.com' }]);
    const admins = await admin.api.call(redirects.listNotFound, { query: { search: '/admin' } });
    expect(admins.data).toEqual([]);
  });
});
