import AxeBuilder from '@axe-core/playwright';
import { expect, getContent, gotoHydrated, test, textFragments } from './helpers';

/** Attributes of every <meta> and <link> tag in a server-rendered page, plus its <title>. */
function headTags(html: string) {
  const attrs = (tag: string) =>
    Object.fromEntries([...tag.matchAll(/([\w:-]+)="([^"]*)"/g)].map((m) => [m[1]!.toLowerCase(), m[2]!]));
  const metas = [...html.matchAll(/<meta\b[^>]*>/g)].map((m) => attrs(m[0]));
  const links = [...html.matchAll(/<link\b[^>]*>/g)].map((m) => attrs(m[0]));
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    meta: (key: string) => metas.find((m) => m.name === key || m.property === key)?.content,
    link: (rel: string) => links.find((l) => l.rel === rel)?.href,
  };
}

test('an unknown URL answers 404 with the router error screen', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
  await expect(page.getByText('404 Not Found')).toBeVisible();
});

for (const [path, expectedTitle] of [
  ['/', /Brightpath Labs/],
  ['/about-us', /^About Brightpath Labs$/],
] as const) {
  test(`${path} has a title, description, Open Graph tags and a canonical link`, async ({ request, baseURL }) => {
    const res = await request.get(path);
    expect(res.status()).toBe(200);
    const head = headTags(await res.text());
    const url = `${baseURL}${path}`;

    expect(head.title).toMatch(expectedTitle);
    expect(head.meta('description')).toMatch(/\S/);
    expect(head.meta('og:title')).toBe(head.title);
    expect(head.meta('og:description')).toBe(head.meta('description'));
    expect(head.meta('og:url')).toBe(url);
    expect(head.link('canonical')).toBe(url);
  });
}

test('robots.txt keeps crawlers out of /admin and names the sitemap', async ({ request, baseURL }) => {
  const res = await request.get('/robots.txt');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/plain');
  const lines = (await res.text()).split('\n').map((line) => line.trim());
  expect(lines).toContain('User-agent: *');
  expect(lines).toContain('Disallow: /admin');
  expect(lines).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test('sitemap.xml lists the home and about pages', async ({ request, baseURL }) => {
  const res = await request.get('/sitemap.xml');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/xml/);
  const xml = await res.text();
  expect(xml.startsWith('<?xml')).toBe(true);
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
  expect(locs).toEqual(expect.arrayContaining([`${baseURL}/`, `${baseURL}/about-us`]));
});

test('favicon.ico is served', async ({ request }) => {
  const res = await request.get('/favicon.ico');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^image\//);
  expect((await res.body()).length).toBeGreaterThan(0);
});

test('/about-us is server-rendered with the about texts (no JavaScript needed)', async ({ request }) => {
  const { aboutus } = await getContent(request);
  const res = await request.get('/about-us');
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain('About Brightpath Labs');
  expect(aboutus.items.length).toBe(2);
  for (const item of aboutus.items) {
    for (const text of textFragments(item.title + item.description)) expect(html).toContain(text);
  }
});

for (const path of ['/', '/about-us']) {
  test(`${path} has no serious or critical accessibility violations`, async ({ browser }, testInfo) => {
    const context = await browser.newContext({ viewport: testInfo.project.use.viewport });
    const page = await context.newPage();
    try {
      await gotoHydrated(page, path);
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({ rule: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
      expect(serious).toEqual([]);
    } finally {
      await page.close();
      await context.close();
    }
  });
}
