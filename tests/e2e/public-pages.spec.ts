import type { APIRequestContext, Page } from '@playwright/test';
import * as blog from '#shared/api/blog.ts';
import * as policies from '#shared/api/policies.ts';
import type { BlogPost } from '#shared/schemas/blog.ts';
import { api, urlOf } from '#tests/helpers/api.ts';
import { expect, getContent, gotoHydrated, test, textFragments } from './helpers';

/**
 * What every public page owes a visitor whatever it shows (docs/decisions/0014-first-paint.md): it fits a
 * phone screen, its header can be read, its footer sits at the bottom, and its HTML carries only what it
 * renders.
 */

async function aPost(request: APIRequestContext): Promise<BlogPost> {
  const res = await api(request).call(blog.listPosts);
  expect(res.status).toBe(200);
  const posts = res.data;
  expect(posts.length).toBeGreaterThan(0);
  return posts[0]!;
}

/** Every kind of public page: fixed ones, a category and a post of the seeded blog, and the small pages. */
async function publicPages(request: APIRequestContext): Promise<string[]> {
  const post = await aPost(request);
  return [
    '/',
    '/about-us',
    '/blogs',
    post.url.split('/').slice(0, 3).join('/'),
    post.url,
    '/no-such-page',
    '/subscriptions/confirm?token=nope',
    '/subscriptions/unsubscribe?token=nope',
  ];
}

/**
 * The contrast ratio (WCAG) between the header's brand link and what is behind it at the top of the page:
 * the header's own background, or, while it is transparent, the colours of the section under it (a
 * gradient counts by its darkest-to-lightest opaque stop, whichever is worse).
 */
function headerContrast(page: Page): Promise<number> {
  return page.evaluate(() => {
    type Rgba = [number, number, number, number];
    const parse = (color: string): Rgba[] =>
      [...color.matchAll(/rgba?\(([^)]+)\)/g)].map((m) => {
        const [r, g, b, a = '1'] = m[1]!.split(/[\s,/]+/).filter(Boolean);
        return [Number(r), Number(g), Number(b), Number(a)];
      });
    const luminance = ([r, g, b]: Rgba) => {
      const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const ratio = (a: Rgba, b: Rgba) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi! + 0.05) / (lo! + 0.05);
    };
    const header = document.querySelector<HTMLElement>('[data-testid="site-header"]')!;
    const brand = header.querySelector<HTMLElement>('.navbar-brand')!;
    const [text] = parse(getComputedStyle(brand).color);
    // Blend a translucent text colour over white or black as the worst case needs: use it as is when opaque.
    let backdrops: Rgba[] = parse(getComputedStyle(header).backgroundColor).filter((c) => c[3] === 1);
    if (!backdrops.length) {
      const box = header.getBoundingClientRect();
      let el: Element | null =
        document
          .elementsFromPoint(box.left + box.width / 2, box.top + box.height / 2)
          .find((e) => !header.contains(e)) ?? null;
      while (el && !backdrops.length) {
        const style = getComputedStyle(el);
        backdrops = [...parse(style.backgroundColor), ...parse(style.backgroundImage)].filter((c) => c[3] === 1);
        el = el.parentElement;
      }
    }
    if (!backdrops.length) backdrops = [[255, 255, 255, 1]];
    return Math.min(...backdrops.map((b) => ratio(text!, b)));
  });
}

test('every public page fits a 390 px screen without sideways scrolling', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of await publicPages(request)) {
    await gotoHydrated(page, path);
    const widths = await page.evaluate(() => ({
      document: document.documentElement.scrollWidth,
      body: document.body.scrollWidth,
      viewport: window.innerWidth,
    }));
    expect(widths.document, `${path} is wider than the screen`).toBeLessThanOrEqual(widths.viewport);
    expect(widths.body, `${path} is wider than the screen`).toBeLessThanOrEqual(widths.viewport);
  }
});

test('the header can be read at the top of every public page', async ({ page, request }) => {
  for (const path of await publicPages(request)) {
    await gotoHydrated(page, path);
    expect(await headerContrast(page), `header on ${path}`).toBeGreaterThanOrEqual(4.5);
    const toggle = page.getByRole('button', { name: 'Toggle navigation' });
    if (await toggle.isVisible()) {
      // The phone menu button draws light lines: it needs a dark header or a dark banner behind it too.
      await expect(toggle).toBeInViewport();
    }
  }
});

test('the footer sits at the bottom of the window on a short page', async ({ page }) => {
  await gotoHydrated(page, '/no-such-page');
  const footer = (await page.locator('footer.site-footer').boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(Math.abs(footer.y + footer.height - viewport.height)).toBeLessThanOrEqual(1);
});

test('the privacy and terms modals load their texts when they open', async ({ page, request }) => {
  const { privacyPolicy } = await getContent(request);
  const policyCalls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === urlOf(policies.getPolicies)) policyCalls.push(r.url());
  });
  await gotoHydrated(page, '/about-us');
  expect(policyCalls).toHaveLength(0);
  const footer = page.locator('footer');

  await footer.getByRole('button', { name: 'Privacy Policy' }).click();
  const privacy = page.getByRole('dialog', { name: 'Privacy Policy !' });
  for (const fragment of textFragments(privacyPolicy.privacy_policy_text))
    await expect(privacy).toContainText(fragment);
  await privacy.getByRole('button', { name: 'Close' }).click();
  await expect(privacy).toBeHidden();

  await footer.getByRole('button', { name: 'Terms&Agreements' }).click();
  const terms = page.getByRole('dialog', { name: 'Terms and conditions !' });
  for (const fragment of textFragments(privacyPolicy.terms_and_conditions_text))
    await expect(terms).toContainText(fragment);
  // Both texts came with the first opening: nothing is fetched twice.
  expect(policyCalls).toHaveLength(1);
});

test('the HTML of a post carries the post, not the policy texts or the landing sections', async ({ request }) => {
  const post = await aPost(request);
  const content = await getContent(request);
  const html = await (await request.get(post.url)).text();
  expect(html).toContain(post.title);
  const longest = (rich: string) => textFragments(rich).sort((a, b) => b.length - a.length)[0]!;
  for (const absent of [
    longest(content.privacyPolicy.privacy_policy_text),
    longest(content.privacyPolicy.terms_and_conditions_text),
    longest(content.services.items[0]!.description),
    content.team.items[0]!.title,
  ])
    expect(html, absent).not.toContain(absent);
});

test("the blog lists and a post's sidebar carry no other post's content", async ({ request }) => {
  const posts = (await api(request).call(blog.listPosts)).data;
  // A sentence of each post's content that its card does not show and that HTML writes as it is.
  const sentence = (post: BlogPost) =>
    textFragments(post.content)
      .filter(
        (text) =>
          // Long enough to be found nowhere else by chance ("Text" is in the page's own script).
          text.length >= 20 && !/["'&<>]/.test(text) && !post.excerpt.includes(text) && !post.title.includes(text),
      )
      .sort((a, b) => b.length - a.length)[0];
  // Posts made by other browser tests on the shared servers may carry one and the same line: only a
  // sentence no other post holds can tell whose content a page shows.
  const own = (post: BlogPost) => {
    const text = sentence(post);
    return text !== undefined && posts.every((p) => p === post || !p.content.includes(text));
  };
  const withContent = posts.filter(own);
  expect(withContent.length).toBeGreaterThan(1);
  // `other` is one the first page of /blogs shows (newer posts of other tests may push older ones off it).
  const firstPage = await (await request.get('/blogs')).text();
  const other = withContent.find((post) => firstPage.includes(post.title))!;
  expect(other).toBeDefined();
  const shown = withContent.find((post) => post !== other)!;
  const postHtml = await (await request.get(shown.url)).text();
  expect(postHtml).toContain(sentence(shown));
  expect(postHtml).not.toContain(sentence(other));
  for (const list of ['/blogs', other.url.split('/').slice(0, 3).join('/')]) {
    const html = await (await request.get(list)).text();
    expect(html).toContain(other.title);
    for (const post of withContent) expect(html, `${list}: ${post.title}`).not.toContain(sentence(post));
  }
});

test("a post's feature image has its own proportions reserved: nothing moves when it arrives", async ({
  page,
  request,
}) => {
  const post = (await api(request).call(blog.listPosts)).data.find((p) => p.featureImage.startsWith('/uploads/'))!;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const stem = post.featureImage.replace(/\.\w+$/, '');
  await page.route(
    (url) => url.pathname.startsWith(stem),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.goto(post.url, { waitUntil: 'commit' });
  const image = page.locator('img.blog-post-img');
  await expect(image).toBeVisible();
  const before = (await image.boundingBox())!;
  release();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const after = (await image.boundingBox())!;
  expect(Math.abs(after.height - before.height)).toBeLessThan(1);
  const { width, height, naturalWidth, naturalHeight } = await image.evaluate((img: HTMLImageElement) => ({
    width: Number(img.getAttribute('width')),
    height: Number(img.getAttribute('height')),
    naturalWidth: img.naturalWidth,
    naturalHeight: img.naturalHeight,
  }));
  expect(Math.abs(width / height - naturalWidth / naturalHeight)).toBeLessThan(0.01);
});

test('the first paint needs no stylesheet: the page inlines the rules it uses and loads the rest at the end', async ({
  request,
}) => {
  const html = await (await request.get('/blogs')).text();
  const head = html.slice(0, html.indexOf('</head>'));
  const inline = /<style>([\s\S]*?)<\/style>/.exec(head)?.[1] ?? '';
  expect(inline).toContain('.blog-card{');
  expect(head).not.toMatch(/<link[^>]+rel="stylesheet"/);
  // Rules for what the page does not show (the admin sidebar, a table) stay out of the inline CSS.
  expect(inline).not.toContain('.table-striped');
  expect(inline).not.toContain('.modal-dialog');
  const body = html.slice(html.indexOf('<body'));
  expect(body).toMatch(/<link rel="stylesheet" href="\/assets\/app-[\w-]+\.css"/);
  // For visitors without scripts; the client entry loads it after the first paint (lib/site-stylesheet.ts).
  expect(body).toMatch(/<noscript><link rel="stylesheet" href="\/assets\/app-[\w-]+\.css"\/><\/noscript>/);
  // No script download competes with that paint: the hydration script imports the modules itself.
  expect(html).not.toContain('rel="modulepreload"');
  expect(body).toMatch(/<script[^>]+type="module"/);
});

test('the page paints and is styled while the full stylesheet is still on its way', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/app-[\w-]+\.css$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/blogs', { waitUntil: 'commit' });
  const paint = () => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  await expect.poll(paint, { timeout: 10_000 }).toBe(true);
  // Styled by the inline rules alone: the solid header and the cards' fixed image height.
  await expect(page.getByTestId('site-header')).toHaveCSS('background-color', 'rgb(0, 0, 0)');
  expect(Math.round((await page.locator('img.blog-card-img').first().boundingBox())!.height)).toBe(190);
  release();
  await page.waitForFunction(() => window.history.scrollRestoration === 'manual');
});

test('the full stylesheet is fetched after the first paint, and its rules are there before the page hydrates', async ({
  page,
}) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked!: () => void;
  const requested = new Promise<void>((resolve) => (asked = resolve));
  await page.route(/\/assets\/app-[\w-]+\.css$/, async (route) => {
    asked();
    await held;
    await route.continue();
  });
  await page.goto('/blogs', { waitUntil: 'commit' });
  await requested;
  // The client entry asked for it and waits: the page does not hydrate while it is held.
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => window.history.scrollRestoration)).toBe('auto');
  release();
  await page.waitForFunction(() => window.history.scrollRestoration === 'manual');
  const timing = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
    sheet: performance.getEntriesByType('resource').find((entry) => /\/assets\/app-[\w-]+\.css$/.test(entry.name))!
      .startTime,
    // A rule the page's own HTML does not use, so only the full stylesheet has it.
    full: [...document.styleSheets].some((sheet) =>
      [...sheet.cssRules].some((rule) => rule.cssText.startsWith('.modal-dialog')),
    ),
    inHead: document.head.querySelectorAll('link[rel="stylesheet"][href^="/assets/app-"]').length,
  }));
  expect(timing.sheet).toBeGreaterThanOrEqual(timing.paint);
  expect(timing.full).toBe(true);
  expect(timing.inHead).toBe(1);
});

test("a public page's scripts are fetched after its first paint, and it hydrates", async ({ page }) => {
  for (const url of ['/', '/blogs']) {
    await gotoHydrated(page, url);
    const { paint, scripts } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/[\w-]+\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
    }));
    expect(scripts.length, url).toBeGreaterThan(3);
    expect(Math.min(...scripts), url).toBeGreaterThanOrEqual(paint);
  }
});

test('a page reached by a client-side navigation looks as it does when loaded directly', async ({ page }) => {
  const looks = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('.subscribe-box button, [data-testid="blog-card"] .btn, .blog-page .row')].map(
        (element) => {
          const style = getComputedStyle(element);
          return [style.backgroundColor, style.borderColor, style.fontSize, style.padding, style.margin].join(' ');
        },
      ),
    );
  await gotoHydrated(page, '/blogs');
  const direct = await looks();
  expect(direct.length).toBeGreaterThan(2);
  // Each start page has inline rules for its own classes only; the whole stylesheet must win over them.
  for (const start of ['/about-us', '/', '/no-such-page']) {
    await gotoHydrated(page, start);
    const toggle = page.getByRole('button', { name: 'Toggle navigation' });
    if (await toggle.isVisible()) await toggle.click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blogs' }).click();
    await expect(page).toHaveURL(/\/blogs$/);
    await expect(page.getByTestId('blog-card').first()).toBeVisible();
    expect(await looks(), `from ${start}`).toEqual(direct);
  }
});

test('a site stylesheet that fails to load does not keep a page from hydrating', async ({ page }) => {
  await page.route(/\/assets\/app-[\w-]+\.css$/, (route) => route.abort());
  for (const url of ['/blogs', '/admin']) {
    await page.goto(url);
    await page.waitForFunction(() => window.history.scrollRestoration === 'manual');
  }
});

test('without JavaScript the page still loads the full stylesheet', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  try {
    const page = await context.newPage();
    const sheet = page.waitForResponse(/\/assets\/app-[\w-]+\.css$/);
    await page.goto('/blogs');
    expect((await sheet).status()).toBe(200);
  } finally {
    await context.close();
  }
});
