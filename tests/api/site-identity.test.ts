import path from 'node:path';
import pino from 'pino';
import type { ServerBuild } from 'react-router';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { boot } from '#server/boot.ts';
import * as identityApi from '#shared/api/site-identity.ts';
import * as revisions from '#shared/api/revisions.ts';
import * as uploads from '#shared/api/uploads.ts';
import { IDENTITY_MESSAGES, TEAM_MESSAGES, UPLOAD_MESSAGES } from '#shared/messages.ts';
import { can, ROLES } from '#shared/roles.ts';
import { defaultIdentity, type SiteIdentity } from '#shared/schemas/site-identity.ts';
import { api } from '#tests/helpers/api.ts';
import { NO_RATE_LIMITS } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { loggedInAdmin, type LoggedInAdmin } from '#tests/helpers/factories.ts';
import { hugePng, image, multipart } from '#tests/helpers/images.ts';
import { createMember } from '#tests/helpers/team.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * Settings → Site identity (docs/product.md#site-identity) on the production build (`npm run build` first):
 * the stored identity over SITE_NAME, its checks, its images under the upload rules, who may change it, its
 * revisions, and two processes on one database showing a change at once.
 */
const buildFile = path.resolve('build/server/index.js');

describe.each(DATABASE_KINDS)('site identity on %s', (kind) => {
  let t: TestApp;
  let build: ServerBuild;
  let admin: LoggedInAdmin;

  beforeAll(async () => {
    build = (await import(buildFile)) as ServerBuild;
    t = await buildTestApp(kind, {
      env: { SITE_NAME: 'Brightpath Labs' },
      app: { rateLimits: NO_RATE_LIMITS, ssr: { build, mode: 'production', cache: true } },
    });
    admin = await loggedInAdmin(t);
  });
  afterAll(() => t.close());

  const page = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;
  const save = (body: SiteIdentity, token = admin.token) => api(t).callRaw(identityApi.saveIdentity, { body, token });
  const current = async () => (await admin.api.call(identityApi.getIdentity)).data;

  async function uploadAs(
    kindOfImage: 'logoLight' | 'logoDark' | 'favicon' | 'shareImage',
    data: Buffer,
    filename: string,
    type: string,
    token = admin.token,
  ) {
    const { headers, payload } = await multipart([{ field: 'image', data, filename, type }]);
    return api(t).callRaw(identityApi.uploadIdentityImage, {
      query: { kind: kindOfImage },
      body: payload,
      headers,
      token,
    });
  }

  it('is SITE_NAME and nothing else until saved, and the pages are as they were', async () => {
    expect(await current()).toEqual(defaultIdentity('Brightpath Labs'));
    const home = await page('/');
    expect(home).toContain('<link rel="icon" href="/favicon.ico" sizes="32x32"/>');
    expect(home).toContain('<img src="/logo.svg" alt="" width="36" height="36"/>');
    expect(home).toMatch(/© <!-- -->2021-2023<!-- --> <!-- -->Brightpath Labs<!-- -->\. All rights reserved\./);
    expect(home).not.toContain('site.webmanifest');
    expect(home).not.toContain('--site-accent');
  });

  it('refuses what is not a colour (400), a colour under 3:1 against the button text, and an empty name', async () => {
    const base = await current();
    for (const accent of ['blue', '#12345', 'rgb(0,0,0)', '#gggggg']) {
      const res = await save({ ...base, accent });
      expect(res.status, accent).toBe(400);
      expect(res.body).toMatchObject({ message: IDENTITY_MESSAGES.notAColour });
    }
    const light = await save({ ...base, accent: '#ffff00' });
    expect(light.status).toBe(400);
    expect(light.body).toMatchObject({ message: IDENTITY_MESSAGES.lowContrast(3) });
    const empty = await save({ ...base, name: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ message: IDENTITY_MESSAGES.nameRequired });
    const notUpload = await save({ ...base, logoDark: 'https://evil.example/logo.png' });
    expect(notUpload.status).toBe(400);
    // Nothing of it was kept.
    expect(await current()).toEqual(base);
  });

  it('refuses images that are not images, are huge or are SVG with the upload rules’ messages', async () => {
    const notImage = await uploadAs('favicon', Buffer.from('hello, not an image'), 'x.png', 'image/png');
    expect(notImage.status).toBe(415);
    expect(notImage.body).toEqual({ message: UPLOAD_MESSAGES.notAnImage });
    const svg = await uploadAs(
      'logoDark',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40"/></svg>',
      ),
      'logo.svg',
      'image/svg+xml',
    );
    expect(svg.status).toBe(415);
    expect(svg.body).toEqual({ message: UPLOAD_MESSAGES.svg });
    const bomb = await uploadAs('favicon', hugePng(30_000, 30_000), 'big.png', 'image/png');
    expect(bomb.status).toBe(415);
    expect(bomb.body).toEqual({ message: UPLOAD_MESSAGES.tooManyPixels(10_000, 40) });
    const tooBig = await uploadAs('logoLight', Buffer.alloc(11 * 1024 * 1024, 1), 'big.png', 'image/png');
    expect(tooBig.status).toBe(413);
    const wrongKind = await api(t).callRaw(identityApi.uploadIdentityImage, {
      query: { kind: 'banner' } as never,
      body: (await multipart([{ field: 'image', data: await image('png'), filename: 'a.png', type: 'image/png' }]))
        .payload,
      headers: (await multipart([{ field: 'image', data: await image('png'), filename: 'a.png', type: 'image/png' }]))
        .headers,
      token: admin.token,
    });
    expect(wrongKind.status).toBe(400);
  });

  it('makes the favicon icons and the manifest, and every public page shows the new name, logo, favicon and colour', async () => {
    const favicon = await uploadAs('favicon', await image('png', 600, 600), 'icon.png', 'image/png');
    expect(favicon.status, favicon.text).toBe(200);
    const source = favicon.body.data!.url;
    for (const size of [32, 180, 192, 512]) {
      const icon = await t.app.inject({ method: 'GET', url: source.replace(/\.png$/, `.w${size}.png`) });
      expect(icon.statusCode, `icon ${size}`).toBe(200);
      expect(icon.headers['cache-control']).toBeTruthy();
      expect(await sharp(icon.rawPayload).metadata()).toMatchObject({ format: 'png', width: size, height: size });
    }
    const logo = await uploadAs('logoDark', await image('png', 300, 80), 'logo.png', 'image/png');
    expect(logo.status).toBe(200);
    const before = await current();
    const saved = await save({
      ...before,
      name: 'Northwind Studio',
      tagline: 'Software, carefully',
      favicon: source,
      logoDark: logo.body.data!.url,
      accent: '#7a1fa2',
      firstYear: 2019,
      company: {
        legalName: 'Northwind Studio Ltd',
        address: '1 Main St, Springfield',
        email: 'hello@northwind.test',
        phone: '+1 555 0100',
      },
      profiles: [{ label: 'Mastodon', url: 'https://mastodon.social/@northwind' }],
    });
    expect(saved.status, saved.text).toBe(200);
    const year = new Date().getUTCFullYear();
    for (const url of ['/', '/about-us', '/blogs', '/search?q=design']) {
      const html = await page(url);
      // The header's and the footer's name (the seeded texts still speak of Brightpath Labs).
      expect(html, url).toContain('<span>Northwind Studio</span>');
      expect(html, url).not.toContain('<span>Brightpath Labs</span>');
      expect(html, url).toContain(`href="${source.replace(/\.png$/, '.w32.png')}"`);
      expect(html, url).toContain('<link rel="manifest" href="/site.webmanifest"/>');
      expect(html, url).toContain('--site-accent:#7a1fa2');
      expect(html, url).toContain(`src="${logo.body.data!.url}"`);
      expect(html, url).toContain(`2019–${year}`);
    }
    const home = await page('/');
    expect(home).toContain('"legalName":"Northwind Studio Ltd"');
    expect(home).toContain('"sameAs":["https://mastodon.social/@northwind"]');
    const manifest = await t.app.inject({ method: 'GET', url: '/site.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.json()).toMatchObject({
      name: 'Northwind Studio',
      theme_color: '#7a1fa2',
      icons: [
        { src: source.replace(/\.png$/, '.w192.png'), sizes: '192x192', type: 'image/png' },
        { src: source.replace(/\.png$/, '.w512.png'), sizes: '512x512', type: 'image/png' },
      ],
    });
    // E-mails and their sender follow the name.
    expect(t.services.identity.nameNow()).toBe('Northwind Studio');
  });

  it('keeps an image the identity uses from being deleted from the media library', async () => {
    const { logoDark } = await current();
    const items = (await admin.api.call(uploads.listMedia)).data.items;
    const item = items.find((i) => i.url === logoDark)!;
    expect(item.usedIn).toEqual([{ kind: 'identity', label: IDENTITY_MESSAGES.title, path: '/admin/settings/site' }]);
    const res = await admin.api.callRaw(uploads.deleteMedia, { params: { id: item._id } });
    expect(res.status).toBe(409);
  });

  it('refuses a favicon that is an upload without icons', async () => {
    const plain = await uploadAs('logoLight', await image('png', 64, 64), 'plain.png', 'image/png');
    const res = await save({ ...(await current()), favicon: plain.body.data!.url });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: IDENTITY_MESSAGES.faviconMissing });
  });

  it('keeps every change as a revision that can be restored, back to the site before the first save', async () => {
    const base = await current();
    expect((await save({ ...base, name: 'Second Name' })).status).toBe(200);
    const list = (await admin.api.call(revisions.listRevisions, { params: { docType: 'identity', docId: 'site' } }))
      .data;
    // Newest first: Second Name, Northwind Studio, and the site as it was before the first save.
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list[0]!.changed).toEqual(['name']);
    const northwind = list[1]!;
    const restored = await admin.api.callRaw(revisions.restoreRevision, { params: { id: northwind._id } });
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body.data).toEqual({ docType: 'identity', docId: 'site' });
    expect((await current()).name).toBe('Northwind Studio');
    expect(await page('/')).toContain('Northwind Studio');
    const first = list.at(-1)!;
    expect((await admin.api.call(revisions.getRevision, { params: { id: first._id } })).data.data).toMatchObject({
      name: 'Brightpath Labs',
      accent: null,
    });
    expect((await admin.api.callRaw(revisions.restoreRevision, { params: { id: first._id } })).status).toBe(200);
    expect(await current()).toEqual(defaultIdentity('Brightpath Labs'));
    const home = await page('/');
    expect(home).toContain('<img src="/logo.svg" alt="" width="36" height="36"/>');
    expect(home).toMatch(/© <!-- -->2021-2023<!-- --> <!-- -->Brightpath Labs/);
  });

  it('is for the Owner, Administrators and Editors: everyone else gets 403 and changes nothing', async () => {
    const png = await image('png', 64, 64);
    for (const role of ROLES) {
      const member = await createMember(t, role);
      const allowed = can({ role, mayNewsletter: false, categoryIds: [] }, 'identity');
      const base = defaultIdentity('Brightpath Labs');
      const answers = [
        await api(t).callRaw(identityApi.getIdentity, { token: member.token }),
        await save({ ...base, tagline: `set by ${role}` }, member.token),
        await uploadAs('logoLight', png, 'l.png', 'image/png', member.token),
        await api(t).callRaw(revisions.listRevisions, {
          params: { docType: 'identity', docId: 'site' },
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
      if (!allowed) expect((await current()).tagline).not.toBe(`set by ${role}`);
    }
    expect((await save(defaultIdentity('Brightpath Labs'))).status).toBe(200);
  });

  it('a change in one process is on the other process’s pages at once', async () => {
    const other = await boot(t.config, { log: pino({ level: 'silent' }) as never });
    const otherApp = await buildApp({
      services: other.services,
      logger: false,
      ssr: { build, mode: 'production', cache: true },
    });
    try {
      // The other process has the page in its cache with the old name.
      expect((await otherApp.inject({ method: 'GET', url: '/blogs' })).body).toContain('<span>Brightpath Labs</span>');
      expect((await save({ ...(await current()), name: 'Pushed Name' })).status).toBe(200);
      const version = await t.services.siteMeta.contentVersion.refresh();
      // PostgreSQL pushes the bump; SQLite polls each second.
      const started = Date.now();
      const limit = kind === 'postgres' ? 500 : 2000;
      while ((await other.services.siteMeta.contentVersion.current()) < version) {
        if (Date.now() - started > limit) throw new Error('the other process did not hear of the change');
        await new Promise((r) => setTimeout(r, 5));
      }
      const html = (await otherApp.inject({ method: 'GET', url: '/blogs' })).body;
      expect(html).toContain('<span>Pushed Name</span>');
      expect(html).not.toContain('<span>Brightpath Labs</span>');
      expect(other.services.identity.nameNow()).toBe('Pushed Name');
    } finally {
      await otherApp.close();
      await other.services.siteMeta.contentVersion.stop();
      await other.services.jobs.stop();
      await other.services.mailWorker.stop();
      await other.db.destroy();
    }
  });
});
