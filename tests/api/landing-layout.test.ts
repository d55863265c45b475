import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as content from '#shared/api/content.ts';
import { DEFAULT_LANDING_LAYOUT, type LandingLayout } from '#shared/landing-layout.ts';
import { LAYOUT_MESSAGES, TEAM_MESSAGES } from '#shared/messages.ts';
import { buildApp } from '#server/app.ts';
import { boot } from '#server/boot.ts';
import { api } from '#tests/helpers/api.ts';
import { NO_RATE_LIMITS } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { createMember, type Member } from '#tests/helpers/team.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * The landing page's layout (docs/product.md#landing-layout): stored order and hidden sections, shown on
 * the rendered landing page and in the header's menu of every public page, by every process at once; the
 * spec's page while nothing is stored. Renders the production build (`npm run build` first).
 */
const buildFile = path.resolve('build/server/index.js');
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

/** The landing sections' anchors in page order, and the header menu's labels, of a rendered page. */
const sectionsOf = (html: string) =>
  [...html.matchAll(/<section[^>]*\bid="([^"]+)"/g)].map((m) => m[1]).filter((id) => id !== 'main');
const menuOf = (html: string) => {
  const menu = html.slice(html.indexOf('id="main-menu"'), html.indexOf('</ul>', html.indexOf('id="main-menu"')));
  return [...menu.matchAll(/class="nav-link"[^>]*>([^<]+)</g)].map((m) => m[1]);
};

describe.each(DATABASE_KINDS)('landing layout on %s', (kind) => {
  let t: TestApp;
  let owner: Member;
  let second: Awaited<ReturnType<typeof boot>>;
  let other: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    const build = (await import(buildFile)) as ServerBuild;
    const ssr = { build, mode: 'production' as const, cache: true };
    t = await buildTestApp(kind, { app: { rateLimits: NO_RATE_LIMITS, ssr } });
    owner = await createMember(t, 'owner');
    second = await boot(t.config, { log });
    other = await buildApp({ services: second.services, logger: false, rateLimits: NO_RATE_LIMITS, ssr });
  }, 180_000);
  afterAll(async () => {
    // The next file on this database starts from the spec's page.
    await t?.services.content.saveLayout(DEFAULT_LANDING_LAYOUT);
    await other?.close();
    await second?.services.jobs.stop();
    await second?.services.mailWorker.stop();
    await second?.db.destroy();
    await t?.close();
  });

  const page = async (app: { inject: TestApp['app']['inject'] }, url = '/') => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  const save = (sections: unknown, member: Member = owner) =>
    member.api.callRaw(content.saveLandingLayout, { body: { sections } });

  it('is the spec’s page while nothing is stored', async () => {
    await t.services.content.saveLayout(DEFAULT_LANDING_LAYOUT);
    expect((await owner.api.call(content.getLandingLayout)).data.sections).toEqual(DEFAULT_LANDING_LAYOUT);
    const html = await page(t.app);
    expect(sectionsOf(html)).toEqual([
      'home',
      'product_delivery',
      'portfolio',
      'services',
      'about-us',
      'team',
      'contact_us',
    ]);
    expect(menuOf(html)).toEqual([
      'Home',
      'Product Delivery',
      'Portfolio',
      'Services',
      'About Us',
      'Team',
      'Contact Us',
      'Blogs',
    ]);
  });

  it('shows the stored order, leaves a hidden section out of the page and the menu, on both processes', async () => {
    // Warm both processes' page caches with the spec's page first.
    await page(t.app);
    await page(other);
    const layout: LandingLayout = [
      { id: 'home', hidden: false },
      { id: 'team', hidden: false },
      { id: 'services', hidden: false },
      { id: 'portfolio', hidden: true },
      { id: 'product_delivery', hidden: false },
      { id: 'about-us', hidden: false },
      { id: 'contact_us', hidden: false },
    ];
    const res = await save(layout);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ data: { sections: layout } });
    // This process at once; the other when it hears of the edit: pushed on PostgreSQL, polled each second on
    // SQLite (server/modules/site-meta/content-version.ts), the bounds of tests/api/content-push.test.ts.
    await expect
      .poll(async () => sectionsOf(await page(other)), { timeout: kind === 'sqlite' ? 2000 : 500 })
      .toEqual(['home', 'team', 'services', 'product_delivery', 'about-us', 'contact_us']);
    for (const app of [t.app, other]) {
      const html = await page(app);
      expect(sectionsOf(html)).toEqual(['home', 'team', 'services', 'product_delivery', 'about-us', 'contact_us']);
      expect(menuOf(html)).toEqual(['Home', 'Team', 'Services', 'Product Delivery', 'About Us', 'Contact Us', 'Blogs']);
      // Every public page's menu, not only the landing page's.
      expect(menuOf(await page(app, '/blogs'))).not.toContain('Portfolio');
    }
    expect((await api(other).call(content.getLandingLayout, { token: owner.token })).data.sections).toEqual(layout);
  });

  it('refuses a list that misses, repeats or invents a section, or hides them all, and keeps what was stored', async () => {
    const stored = (await owner.api.call(content.getLandingLayout)).data.sections;
    const cases: Array<[unknown, string]> = [
      [DEFAULT_LANDING_LAYOUT.slice(1), LAYOUT_MESSAGES.everySectionOnce],
      [[...DEFAULT_LANDING_LAYOUT.slice(1), DEFAULT_LANDING_LAYOUT[1]], LAYOUT_MESSAGES.everySectionOnce],
      [[...DEFAULT_LANDING_LAYOUT.slice(1), { id: 'pricing', hidden: false }], LAYOUT_MESSAGES.unknownSection],
      [DEFAULT_LANDING_LAYOUT.map((s) => ({ ...s, hidden: true })), LAYOUT_MESSAGES.oneShown],
    ];
    for (const [sections, message] of cases) {
      const res = await save(sections);
      expect(res.status, JSON.stringify(sections)).toBe(400);
      expect((res.body as { message: string }).message).toBe(message);
    }
    for (const body of [{}, { sections: 'home' }, { sections: [{ id: 'home' }] }, { sections: null }]) {
      const res = await owner.api.callRaw(content.saveLandingLayout, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await owner.api.call(content.getLandingLayout)).data.sections).toEqual(stored);
  });

  it('is for those who edit the landing page: Authors and Contributors get 403 and change nothing', async () => {
    for (const role of ['author', 'contributor'] as const) {
      const member = await createMember(t, role);
      const read = await member.api.callRaw(content.getLandingLayout, {});
      const write = await save(DEFAULT_LANDING_LAYOUT, member);
      expect([read.status, write.status], role).toEqual([403, 403]);
      expect(write.body).toEqual({ message: TEAM_MESSAGES.forbidden });
    }
    const editor = await createMember(t, 'editor');
    expect((await save(DEFAULT_LANDING_LAYOUT, editor)).status).toBe(200);
    expect(sectionsOf(await page(t.app))).toHaveLength(7);
  });
});
