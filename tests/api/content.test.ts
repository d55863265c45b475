import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteContentSchema } from '#shared/schemas/content.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import * as contentApi from '#shared/api/content.ts';
import { api } from '#tests/helpers/api.ts';

describe.each(DATABASE_KINDS)('GET /api/get-content on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('returns every section of the seeded content with an _id each', async () => {
    const res = await api(t).call(contentApi.getContent);
    expect(res.status).toBe(200);
    const { data } = res;
    expect(Object.keys(data).sort()).toEqual([
      'aboutus',
      'banner',
      'portfolio',
      'privacyPolicy',
      'product',
      'services',
      'social',
      'team',
    ]);
    const content = siteContentSchema.parse(data);
    for (const section of Object.values(content)) expect(section._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(Object.values(content).map((s) => s._id)).size).toBe(8);
  });

  it('seeds complete demo content: at least 4 product items, 5 portfolio, 4 services, 2 about, 4 team', async () => {
    const { data } = await api(t).call(contentApi.getContent);
    expect(data.product.items.length).toBeGreaterThanOrEqual(4);
    expect(data.portfolio.items).toHaveLength(5);
    expect(data.services.items).toHaveLength(4);
    expect(data.aboutus.items).toHaveLength(2);
    expect(data.team.items).toHaveLength(4);
    for (const field of ['title', 'subTitle', 'description', 'modalTitle', 'modalLeftContent', 'modalRightContent']) {
      expect((data.banner as Record<string, string>)[field]!.length, field).toBeGreaterThan(0);
    }
    for (const link of Object.entries(data.social).filter(([k]) => k !== '_id')) expect(link[1]).toMatch(/^https:\/\//);
    expect(data.privacyPolicy.privacy_policy_text).toContain('<');
    expect(data.privacyPolicy.terms_and_conditions_text).toContain('<');
  });

  it('serves the generated seed images as PNG with WebP variants', async () => {
    const { data } = await api(t).call(contentApi.getContent);
    const url: string = data.team.items[0]!.image_url;
    const png = await t.app.inject({ method: 'GET', url });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['cache-control']).toContain('immutable');
    const webp = await t.app.inject({ method: 'GET', url: url.replace(/\.png$/, '.w480.webp') });
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
  });

  it('keeps item order as stored', async () => {
    const { data } = await api(t).call(contentApi.getContent);
    expect(data.team.items.map((m: { title: string }) => m.title)).toEqual([
      'Amelia Carter',
      'Rahul Mehta',
      'Sofia Lindqvist',
      'Daniel Okafor',
    ]);
  });

  it('answers unknown API paths and methods with a JSON 404', async () => {
    // Paths and methods no endpoint has, spelt out on purpose.
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/No API endpoint/);
    const wrongMethod = await t.app.inject({ method: 'DELETE', url: '/api/get-content' });
    expect(wrongMethod.statusCode).toBe(404);
  });

  it('does not seed twice: a restart on the same database keeps the content', async () => {
    const before = (await api(t).call(contentApi.getContent)).data;
    const { seedIfEmpty } = await import('#server/startup/seed/index.ts');
    await seedIfEmpty({ services: t.services, config: t.config, log: { info: () => {} } as never });
    const after = (await api(t).call(contentApi.getContent)).data;
    expect(after).toEqual(before);
  });
});

describe.each(DATABASE_KINDS)('addresses nothing serves, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  // Addresses no endpoint has, spelt out on purpose (as are the broken ones below).
  it.each([
    ['GET', '/api/nope', 'No API endpoint GET /api/nope'],
    ['PUT', '/api/get-content', 'No API endpoint PUT /api/get-content'],
    ['DELETE', '/api/send-mail?x=1', 'No API endpoint DELETE /api/send-mail'],
  ])('%s %s answers 404 { message }', async (method, url, message) => {
    const res = await t.app.inject({ method: method as 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message });
  });

  it('an unknown upload answers 404 { message }', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/uploads/does-not-exist.png' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });

  it.each(['/api/blogs/fetch/by/%E0%A4%A', '/blogs/%E0%A4%A/x', '/api/blogs/get-by-id/%'])(
    'a path with broken percent-encoding (%s) answers 400 { message }',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'The address is not valid' });
    },
  );
});
