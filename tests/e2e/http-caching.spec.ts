import * as content from '#shared/api/content.ts';
import { urlOf } from '#tests/helpers/api.ts';
import { expect, gotoHydrated, test } from './helpers';

test.describe('HTTP caching and compression of the production build', () => {
  test('public pages carry an ETag and answer 304 when unchanged', async ({ request }) => {
    const first = await request.get('/about-us');
    expect(first.status()).toBe(200);
    const etag = first.headers()['etag'];
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers()['cache-control']).toBe('no-cache');
    const again = await request.get('/about-us', { headers: { 'if-none-match': etag! } });
    expect(again.status()).toBe(304);
    expect(await again.body()).toHaveLength(0);
  });

  test('pages are brotli-compressed when the browser accepts it', async ({ request }) => {
    const res = await request.get('/', { headers: { 'accept-encoding': 'br' } });
    expect(res.headers()['content-encoding']).toBe('br');
    expect(await res.text()).toContain('id="contact_us"');
  });

  test('hashed build assets are immutable and precompressed', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const res = await request.get(asset!, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.status()).toBe(200);
    expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(['br', 'gzip']).toContain(res.headers()['content-encoding']);
  });

  test('a HEAD request first does not leave an empty page in the cache', async ({ request }) => {
    // A path no other test has rendered, so the HEAD is the first request for it.
    const path = `/blogs?head-check=${Date.now()}`;
    const head = await request.head(path);
    expect(head.status()).toBe(200);
    const get = await request.get(path);
    expect(get.status()).toBe(200);
    expect(await get.text()).toContain('</html>');
    // The HEAD answered what the GET answers, body aside.
    expect(head.headers()['etag']).toBe(get.headers()['etag']);
    expect(head.headers()['content-security-policy']).toBe(get.headers()['content-security-policy']);
  });

  test('pages allow exactly their own inline scripts, by hash, and hydrate under that policy', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/content security policy/i.test(m.text())) violations.push(m.text());
    });
    for (const path of ['/', '/about-us', '/blogs', '/admin']) {
      const res = await page.goto(path);
      const csp = res!.headers()['content-security-policy']!;
      const scriptSrc = csp.split(';').find((d) => d.startsWith('script-src'))!;
      expect(scriptSrc, path).not.toContain('unsafe-inline');
      const inline = await page.locator('script:not([src])').count();
      expect(inline, path).toBeGreaterThan(0);
      expect(scriptSrc.match(/'sha256-[A-Za-z0-9+/=]+'/g)?.length ?? 0, path).toBeGreaterThan(0);
    }
    // The inline module script that starts hydration ran under that policy.
    await page.goto('/');
    await page.waitForFunction(() =>
      Boolean((window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules),
    );
    expect(violations).toEqual([]);
  });

  test('an injected inline script is refused by the page policy', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/content security policy/i.test(m.text())) violations.push(m.text());
    });
    await page.goto('/about-us');
    const ran = await page.evaluate(async () => {
      const w = window as unknown as { injected?: boolean };
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.append(script);
      await new Promise((r) => setTimeout(r, 100));
      return Boolean(w.injected);
    });
    expect(ran).toBe(false);
    expect(violations.length).toBeGreaterThan(0);
  });

  // Until decision 0014 the head linked the stylesheet before the preloads; then the rules the page uses were
  // inlined there, before the preloads; now public pages have no module preloads at all, so nothing but the
  // HTML comes before their first paint (app/lib/first-paint.server.ts). Admin screens keep theirs.
  test('the inline critical CSS is in the head and no script preload competes with it on a public page', async ({
    request,
  }) => {
    const head = /<head>([\s\S]*?)<\/head>/.exec(await (await request.get('/')).text())![1]!;
    expect(head.indexOf('<style')).toBeGreaterThan(-1);
    expect(head).not.toContain('rel="modulepreload"');
    expect(head).not.toMatch(/rel="stylesheet"/);
    const adminHead = /<head>([\s\S]*?)<\/head>/.exec(await (await request.get('/admin')).text())![1]!;
    expect(adminHead).toContain('rel="modulepreload"');
  });

  test('security headers are set', async ({ request }) => {
    const headers = (await request.get('/')).headers();
    expect(headers['content-security-policy']).toContain("object-src 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    // Served over plain http here: no HSTS and no upgrade-insecure-requests.
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  test('public pages do not ship admin code or TinyMCE', async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(r.url());
    });
    // Public pages fetch their modules once the first paint is reported, which can come after the load
    // event that page.goto waits for (app/lib/modules-after-paint.server.ts): wait for hydration.
    await gotoHydrated(page, '/');
    await gotoHydrated(page, '/about-us');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => /tinymce|admin/i.test(s))).toEqual([]);
    // The toast library (it injects its own styles when loaded) waits for the first toast.
    const toastStyles = await page.evaluate(() =>
      [...document.querySelectorAll('style')].some((s) => s.textContent?.includes('--toastify')),
    );
    expect(toastStyles).toBe(false);
  });

  test('an unknown API address answers JSON, not a page, whatever the method', async ({ request }) => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      // A path of the contract with a method it does not have.
      ['PUT', urlOf(content.getContent)],
      ['POST', '/api'],
    ] as const) {
      const res = await request.fetch(url, { method });
      expect(res.status(), `${method} ${url}`).toBe(404);
      expect(res.headers()['content-type']).toContain('application/json');
      expect(await res.json()).toEqual({ message: `No API endpoint ${method} ${url}` });
    }
  });

  test('an address with broken percent-encoding answers 400, an unknown upload 404', async ({ request }) => {
    const bad = await request.get('/blogs/%E0%A4%A/x');
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toEqual({ message: 'The address is not valid' });
    const missing = await request.get('/uploads/does-not-exist.png');
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Not found' });
  });

  test('query parameters no page reads share the cached page and hydrate without errors', async ({ page, request }) => {
    const plain = await request.get('/blogs');
    const tracked = await request.get('/blogs?utm_source=newsletter&utm_campaign=cache');
    expect(tracked.headers()['etag']).toBe(plain.headers()['etag']);
    expect((await tracked.body()).equals(await plain.body())).toBe(true);
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || /hydrat/i.test(m.text())) problems.push(m.text());
    });
    page.on('pageerror', (err) => problems.push(err.message));
    for (const path of ['/?utm_source=newsletter&x=1', '/blogs?utm_source=newsletter', '/about-us?fbclid=abc']) {
      await page.goto(path);
      await page.waitForFunction(() =>
        Boolean((window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules),
      );
      // The address the reader opened stays as it was.
      expect(new URL(page.url()).search).toBe(new URL(path, 'http://x').search);
    }
    // Hydration problems surface after a tick.
    await page.waitForTimeout(300);
    expect(problems).toEqual([]);
  });
});
