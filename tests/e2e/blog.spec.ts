import type { APIRequestContext, Locator, Page, Request } from '@playwright/test';
import { formatDate } from '#shared/format.ts';
import * as blog from '#shared/api/blog.ts';
import type { DataOf, Endpoint } from '#shared/api/endpoint.ts';
import { pathOf } from '#shared/api/path.ts';
import * as subscribers from '#shared/api/subscribers.ts';
import { MESSAGES } from '#shared/messages.ts';
import type { BlogPost } from '#shared/schemas/blog.ts';
import { api, urlOf } from '#tests/helpers/api.ts';
import {
  expect,
  expectScrolledToSection,
  gotoHydrated,
  isPhone,
  openMenuIfCollapsed,
  test,
  textFragments,
} from './helpers';

/**
 * The public blog (docs/product.md#blog-list, #blog-post, #subscription-e-mail-rule and
 * #timings-and-constants: list, category and post pages, subscription checks, sizes and formats) on the seeded demo posts, plus what crawlers read: post HTML with its meta tags, RSS, sitemap
 * and robots.txt. These tests only read; the admin's blog flow is in admin-editors-blog.spec.ts.
 */

const SEEDED = {
  shipping: 'Shipping every two weeks without the drama',
  cicd: 'CI/CD for teams of five',
  onboarding: 'Designing onboarding that people finish',
  launches: 'What we learned from 120 product launches',
} as const;
const SECTIONS = [
  ['Home', 'home'],
  ['Product Delivery', 'product_delivery'],
  ['Portfolio', 'portfolio'],
  ['Services', 'services'],
  ['About Us', 'about-us'],
  ['Team', 'team'],
  ['Contact Us', 'contact_us'],
] as const;
const DATE_FORMAT =
  /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{2}, \d{4}$/;

async function apiData<E extends Endpoint>(
  request: APIRequestContext,
  endpoint: E,
  params?: Record<string, string>,
): Promise<DataOf<E>> {
  const res = await api(request).callRaw(endpoint, { params });
  expect(res.status, pathOf(endpoint, params)).toBe(200);
  return res.data;
}
const allPosts = (request: APIRequestContext) => apiData(request, blog.listPosts);
async function seededPost(request: APIRequestContext, title: string): Promise<BlogPost> {
  const post = (await allPosts(request)).find((p) => p.title === title);
  expect(post, `seeded post ${title}`).toBeDefined();
  return post!;
}

const cards = (page: Page) => page.getByTestId('blog-card');
const cardOf = (page: Page, title: string) =>
  cards(page).filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Blog' });
const header = (page: Page) => page.getByTestId('site-header');

async function expectSolidHeader(page: Page) {
  expect(await page.evaluate(() => Math.round(window.scrollY))).toBe(0);
  await expect(header(page)).toHaveClass(/\bis-solid\b/);
  await expect(header(page)).toHaveCSS('background-color', 'rgb(0, 0, 0)');
}

/** Checks one card against its post: image 190 px high, date, title, two-line excerpt, Read More. */
async function expectCard(card: Locator, post: BlogPost) {
  const image = card.locator('img.blog-card-img');
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', post.featureImage);
  expect(Math.round((await image.boundingBox())!.height)).toBe(190);
  await expect(card.locator('time')).toHaveText(formatDate(post.createdAt));
  expect(await card.locator('time').textContent()).toMatch(DATE_FORMAT);
  await expect(card.getByRole('heading', { level: 2 })).toHaveText(post.title);
  await expect(card.getByRole('heading', { level: 2 }).getByRole('link')).toHaveAttribute('href', post.url);
  const excerpt = card.locator('.blog-excerpt');
  await expect(excerpt).toHaveText(post.excerpt);
  const clamp = await excerpt.evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      clamp: style.getPropertyValue('-webkit-line-clamp'),
      lineHeight: parseFloat(style.lineHeight),
      height: el.getBoundingClientRect().height,
    };
  });
  expect(clamp.clamp).toBe('2');
  expect(clamp.height).toBeLessThanOrEqual(2 * clamp.lineHeight + 1);
  // The button shows 'Read More'; the post's title follows in visually hidden text, so the link's name and
  // its text (what search engines read) both say where it leads.
  const readMore = card.getByRole('link', { name: `Read More: ${post.title}` });
  expect(await readMore.evaluate((a) => a.childNodes[0]?.textContent)).toBe('Read More');
  await expect(readMore.locator('.visually-hidden')).toHaveText(`: ${post.title}`);
  expect((await readMore.locator('.visually-hidden').boundingBox())!.width).toBeLessThanOrEqual(1);
  await expect(readMore).toHaveAttribute('href', post.url);
}

test.describe('blog list (/blogs)', () => {
  test('shows every post as a card, newest first: image 190 px high, date, title, two-line excerpt, Read More', async ({
    page,
    request,
  }) => {
    const posts = await allPosts(request);
    for (const title of Object.values(SEEDED)) expect(posts.map((p) => p.title)).toContain(title);
    await gotoHydrated(page, '/blogs');
    await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
    const shown = posts.slice(0, 10);
    await expect(cards(page)).toHaveCount(shown.length);
    await expect(cards(page).getByRole('heading', { level: 2 })).toHaveText(shown.map((p) => p.title));
    for (const post of posts.filter((p) => (Object.values(SEEDED) as string[]).includes(p.title))) {
      await expectCard(cardOf(page, post.title), post);
    }
  });

  test('an excerpt longer than two lines is cut at two', async ({ page, request }) => {
    const post = await seededPost(request, SEEDED.shipping);
    await gotoHydrated(page, '/blogs');
    const excerpt = cardOf(page, post.title).locator('.blog-excerpt');
    const { clamped, full, lineHeight } = await excerpt.evaluate((el) => {
      const lineHeight = parseFloat(getComputedStyle(el).lineHeight);
      const clamped = el.getBoundingClientRect().height;
      const copy = el.cloneNode(true) as HTMLElement;
      copy.style.display = 'block';
      copy.style.webkitLineClamp = 'none';
      el.after(copy);
      const full = copy.getBoundingClientRect().height;
      copy.remove();
      return { clamped, full, lineHeight };
    });
    expect(full, 'the narrow card needs more than two lines for this excerpt').toBeGreaterThan(2 * lineHeight + 1);
    expect(Math.round(clamped)).toBe(Math.round(2 * lineHeight));
  });

  test('has a sidebar with Recent Articles, Categories and STAY IN THE KNOW', async ({ page, request }) => {
    const recent = await apiData(request, blog.recentPosts);
    const categories = await apiData(request, blog.listCategories);
    await gotoHydrated(page, '/blogs');
    const aside = sidebar(page);
    await expect(aside.getByRole('heading', { name: 'Recent Articles' })).toBeVisible();
    const recentLinks = aside.getByRole('region', { name: 'Recent Articles' }).getByRole('link');
    await expect(recentLinks).toHaveText(recent.map((p) => p.title));
    for (const [i, post] of recent.entries()) await expect(recentLinks.nth(i)).toHaveAttribute('href', post.url);

    await expect(aside.getByRole('heading', { name: 'Categories' })).toBeVisible();
    const categoryLinks = aside.getByRole('region', { name: 'Categories' }).getByRole('link');
    await expect(categoryLinks).toHaveText(categories.map((c) => c.name));
    await expect(categoryLinks.filter({ hasText: 'Engineering' })).toHaveAttribute('href', '/blogs/Engineering');
    await expect(categoryLinks.filter({ hasText: 'Product Design' })).toHaveAttribute('href', '/blogs/Product-Design');

    await expect(aside.getByRole('heading', { name: 'STAY IN THE KNOW' })).toBeVisible();
    await expect(aside.getByRole('button', { name: 'Subscribe' })).toBeVisible();
  });

  test('the header is black at scroll 0 on the blog pages', async ({ page, request }) => {
    const post = await seededPost(request, SEEDED.cicd);
    for (const url of ['/blogs', '/blogs/Engineering', post.url]) {
      await gotoHydrated(page, url);
      await expectSolidHeader(page);
    }
    // For comparison: the landing page's header is transparent until scrolled.
    await gotoHydrated(page, '/');
    await expect(header(page)).not.toHaveClass(/\bis-solid\b/);
  });

  test('Read More opens the post, at the top of the page', async ({ page, request }) => {
    const posts = await allPosts(request);
    const last = posts.slice(0, 10).at(-1)!;
    await gotoHydrated(page, '/blogs');
    const readMore = cardOf(page, last.title).getByRole('link', { name: `Read More: ${last.title}` });
    await readMore.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await readMore.click();
    await expect(page).toHaveURL(last.url);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(last.title);
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(0);
    await expectSolidHeader(page);
  });

  test('a sidebar category link opens the category page', async ({ page }) => {
    await gotoHydrated(page, '/blogs');
    await sidebar(page).getByRole('link', { name: 'Product Design' }).click();
    await expect(page).toHaveURL('/blogs/Product-Design');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Product Design');
    await expect(cards(page).getByRole('heading', { level: 2 })).toHaveText([SEEDED.onboarding]);
  });
});

test.describe('category pages (/blogs/{category})', () => {
  for (const [segment, name] of [
    ['Engineering', 'Engineering'],
    ['Product-Design', 'Product Design'],
  ] as const) {
    test(`/blogs/${segment} lists only the posts of ${name}`, async ({ page, request }) => {
      const posts = await apiData(request, blog.listPostsOfCategoryName, { categoryName: segment });
      const all = await allPosts(request);
      expect(posts.length).toBeGreaterThan(0);
      expect(posts.length).toBeLessThan(all.length);
      for (const post of posts) expect(post.blogCategory[0]!.name).toBe(name);
      await gotoHydrated(page, `/blogs/${segment}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
      await expect(cards(page).getByRole('heading', { level: 2 })).toHaveText(posts.map((p) => p.title));
      for (const post of posts) await expectCard(cardOf(page, post.title), post);
      await expect(sidebar(page).getByRole('heading', { name: 'Recent Articles' })).toBeVisible();
      await expectSolidHeader(page);
    });
  }

  test('the seeded Engineering posts are there and the others are not', async ({ page }) => {
    await gotoHydrated(page, '/blogs/Engineering');
    await expect(cardOf(page, SEEDED.shipping)).toHaveCount(1);
    await expect(cardOf(page, SEEDED.cicd)).toHaveCount(1);
    await expect(cardOf(page, SEEDED.onboarding)).toHaveCount(0);
    await expect(cardOf(page, SEEDED.launches)).toHaveCount(0);
  });

  test('/blogs/uncategorized lists the posts without a category', async ({ page }) => {
    await gotoHydrated(page, '/blogs/uncategorized');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Uncategorized');
    await expect(cardOf(page, SEEDED.launches)).toHaveCount(1);
    await expect(cardOf(page, SEEDED.shipping)).toHaveCount(0);
  });

  test('an unknown category answers 404 with the router error screen', async ({ page }) => {
    const response = await page.goto('/blogs/No-Such-Category');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    await expect(page.getByText('404 Not Found')).toBeVisible();
  });
});

test.describe('post page (/blogs/{category}/{title})', () => {
  test('shows title, category, date, feature image and content', async ({ page, request }) => {
    const post = await seededPost(request, SEEDED.shipping);
    expect(post.url).toBe('/blogs/Engineering/Shipping-every-two-weeks-without-the-drama');
    const response = await gotoHydrated(page, post.url);
    expect(response?.status()).toBe(200);
    const article = page.locator('article.blog-post');
    await expect(article.getByRole('heading', { level: 1 })).toHaveText(post.title);
    await expect(article.locator('.blog-post-category')).toHaveText('Engineering');
    await expect(article.locator('time')).toHaveText(formatDate(post.createdAt));
    expect(await article.locator('time').textContent()).toMatch(DATE_FORMAT);
    const image = article.locator('img.blog-post-img');
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute('src', post.featureImage);
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const content = article.locator('.blog-content');
    for (const text of textFragments(post.content)) await expect(content).toContainText(text);
    await expect(content.getByRole('heading', { level: 2, name: 'Automate the boring parts' })).toBeVisible();
    await expect(sidebar(page).getByRole('heading', { name: 'STAY IN THE KNOW' })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${post.title} \\| `));
  });

  test("the uncategorized post shows 'Uncategorized'", async ({ page, request }) => {
    const post = await seededPost(request, SEEDED.launches);
    expect(post.url).toBe('/blogs/uncategorized/What-we-learned-from-120-product-launches');
    await gotoHydrated(page, post.url);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title);
    await expect(page.locator('.blog-post-category')).toHaveText('Uncategorized');
    await expect(page.locator('.blog-content blockquote')).toContainText('Measure what users do');
  });

  test("a title with '/' lives at its _slash_ address", async ({ page, request }) => {
    const post = await seededPost(request, SEEDED.cicd);
    expect(post.url).toBe('/blogs/Engineering/CI_slash_CD-for-teams-of-five');
    await gotoHydrated(page, post.url);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(SEEDED.cicd);
  });

  test('a table in the content is responsive and striped', async ({ page, request }) => {
    const post = await seededPost(request, SEEDED.shipping);
    await gotoHydrated(page, post.url);
    const table = page.locator('.blog-content table');
    await expect(table).toHaveCount(1);
    await expect(page.locator('.blog-content .table-responsive > table')).toHaveCount(1);
    await expect(page.locator('.blog-content .table-responsive')).toHaveCSS('overflow-x', 'auto');
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(3);
    // Bootstrap paints stripes with an inset shadow over the cell background: compare what is painted.
    const paint = (row: Locator) =>
      row
        .locator('td')
        .first()
        .evaluate((td) => {
          const style = getComputedStyle(td);
          return `${style.backgroundColor} | ${style.boxShadow}`;
        });
    const [first, second, third] = [await paint(rows.nth(0)), await paint(rows.nth(1)), await paint(rows.nth(2))];
    expect(first).not.toBe(second);
    expect(first).toBe(third);
  });

  test('a YouTube iframe plays from youtube-nocookie.com in a 16:9 video container', async ({ page, request }) => {
    const post = await seededPost(request, SEEDED.cicd);
    await gotoHydrated(page, post.url);
    const container = page.locator('.blog-content .video-container');
    await expect(container).toHaveCount(1);
    const iframe = container.locator('> iframe');
    // Stored as pasted (youtube.com), shown from the cookie-less host.
    await expect(iframe).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    const box = (await container.boundingBox())!;
    const frame = (await iframe.boundingBox())!;
    const contentWidth = (await page.locator('.blog-content').boundingBox())!.width;
    expect(Math.abs(box.width - contentWidth)).toBeLessThanOrEqual(1);
    expect(Math.abs(box.width / box.height - 16 / 9)).toBeLessThan(0.02);
    expect(Math.abs(frame.width - box.width)).toBeLessThanOrEqual(1);
    expect(Math.abs(frame.height - box.height)).toBeLessThanOrEqual(1);
  });

  for (const url of [
    '/blogs/Engineering/No-Such-Post',
    '/blogs/uncategorized/No-Such-Post',
    '/blogs/No-Such-Category/No-Such-Post',
  ]) {
    test(`an unknown post (${url}) answers 404 with the router error screen`, async ({ page }) => {
      const response = await page.goto(url);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
      await expect(page.getByText('404 Not Found')).toBeVisible();
    });
  }
});

test.describe('header navigation from a blog page', () => {
  test('section buttons link to /?section=<id>', async ({ page, request }) => {
    const post = await seededPost(request, SEEDED.onboarding);
    await gotoHydrated(page, post.url);
    await openMenuIfCollapsed(page);
    const nav = page.locator('#main-menu .navbar-nav');
    for (const [label, id] of SECTIONS)
      await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', `/?section=${id}`);
    await expect(nav.getByRole('link', { name: 'Blogs', exact: true })).toHaveAttribute('href', '/blogs');
  });

  for (const [label, id] of [
    ['Services', 'services'],
    ['Contact Us', 'contact_us'],
  ] as const) {
    test(`${label} goes to /?section=${id} and scrolls there`, async ({ page }) => {
      await gotoHydrated(page, '/blogs');
      await openMenuIfCollapsed(page);
      await page.locator('#main-menu .navbar-nav').getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(`/?section=${id}`);
      await expectScrolledToSection(page, id);
    });
  }

  test('Blogs goes to /blogs', async ({ page, request }) => {
    const post = await seededPost(request, SEEDED.onboarding);
    await gotoHydrated(page, post.url);
    await openMenuIfCollapsed(page);
    await page.locator('#main-menu .navbar-nav').getByRole('link', { name: 'Blogs', exact: true }).click();
    await expect(page).toHaveURL('/blogs');
    await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  });
});

test.describe('subscription box checks (docs/product.md#validation-rules)', () => {
  /** Records calls to the subscription endpoint: a refused address must send none. */
  function subscribeCalls(page: Page) {
    const seen: Request[] = [];
    page.on('request', (r) => {
      if (r.url().includes(urlOf(subscribers.subscribe))) seen.push(r);
    });
    return seen;
  }

  for (const url of ['/blogs', '/blogs/Engineering/Shipping-every-two-weeks-without-the-drama']) {
    test(`on ${url}: empty and invalid addresses are refused with the spec's messages, which clear on typing`, async ({
      page,
    }) => {
      const calls = subscribeCalls(page);
      await gotoHydrated(page, url);
      const box = page.locator('.subscribe-box');
      const email = box.getByLabel('Email address');
      const submit = box.getByRole('button', { name: 'Subscribe' });
      const error = box.locator('.invalid-feedback');

      await submit.click();
      await expect(error).toHaveText(MESSAGES.subscribeEmpty);
      await expect(error).toBeVisible();
      await expect(email).toHaveClass(/\bis-invalid\b/);
      await email.pressSequentially('a');
      await expect(error).toBeHidden();
      await expect(email).not.toHaveClass(/is-invalid/);

      await email.fill('   ');
      await submit.click();
      await expect(error).toHaveText(MESSAGES.subscribeEmpty);

      for (const invalid of ['not-an-email', 'a+b@example.com', 'someone@example', 'someone@example.abcdefg']) {
        await email.fill(invalid);
        await expect(error).toBeHidden();
        await submit.click();
        await expect(error).toHaveText(MESSAGES.subscribeInvalid);
        await expect(error).toBeVisible();
      }
      await email.press('End');
      await email.press('Backspace');
      await expect(error).toBeHidden();
      expect(calls).toHaveLength(0);
    });
  }
});

test.describe('what crawlers read', () => {
  /** Attributes of every <meta> and <link> tag of a server-rendered page. */
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

  test('a post URL answers HTML with its title, text, canonical link, Open Graph, Twitter card and JSON-LD', async ({
    request,
    baseURL,
  }) => {
    const post = await seededPost(request, SEEDED.shipping);
    const res = await request.get(post.url);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('text/html');
    const html = await res.text();
    const head = headTags(html);
    const url = `${baseURL}${post.url}`;
    const image = new URL(post.featureImage, baseURL).toString();

    expect(html).toContain(`<h1 class="blog-post-title">${post.title}</h1>`);
    expect(html).toContain('Releasing often is less about speed than about small, safe steps.');
    expect(html).toContain('Feature flags let unfinished work ship dark');
    expect(head.title).toMatch(new RegExp(`^${post.title} \\| `));
    expect(head.link('canonical')).toBe(url);
    expect(head.meta('description')).toBe(post.excerpt);
    expect(head.meta('og:title')).toBe(head.title);
    expect(head.meta('og:type')).toBe('article');
    expect(head.meta('og:url')).toBe(url);
    expect(head.meta('og:image')).toBe(image);
    expect(head.meta('twitter:card')).toBe('summary_large_image');
    expect(head.meta('twitter:image')).toBe(image);

    const ld = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    );
    const posting = ld.find((item) => item['@type'] === 'BlogPosting');
    expect(posting).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      description: post.excerpt,
      image: [image],
      datePublished: post.createdAt,
      mainEntityOfPage: url,
      articleSection: 'Engineering',
    });
  });

  test('the uncategorized post has its own canonical link and JSON-LD section', async ({ request, baseURL }) => {
    const post = await seededPost(request, SEEDED.launches);
    const html = await (await request.get(post.url)).text();
    expect(headTags(html).link('canonical')).toBe(`${baseURL}${post.url}`);
    expect(html).toContain('"articleSection":"Uncategorized"');
  });

  test('/rss.xml is well-formed RSS listing the posts, newest first', async ({ page, request, baseURL }) => {
    const posts = await allPosts(request);
    const res = await request.get('/rss.xml');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/rss+xml');
    const xml = await res.text();
    const feed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      const error = doc.querySelector('parsererror');
      return {
        error: error?.textContent ?? null,
        root: doc.documentElement.nodeName,
        channelTitle: doc.querySelector('channel > title')?.textContent,
        items: [...doc.querySelectorAll('channel > item')].map((item) => ({
          title: item.querySelector('title')?.textContent,
          link: item.querySelector('link')?.textContent,
          description: item.querySelector('description')?.textContent,
          category: item.querySelector('category')?.textContent ?? null,
        })),
      };
    }, xml);
    expect(feed.error).toBeNull();
    expect(feed.root).toBe('rss');
    expect(feed.channelTitle).toMatch(/ blog$/);
    expect(feed.items).toEqual(
      posts.slice(0, 20).map((p) => ({
        title: p.title,
        link: `${baseURL}${p.url}`,
        description: p.excerpt,
        category: p.blogCategory[0]?.name ?? null,
      })),
    );
    for (const title of Object.values(SEEDED)) expect(feed.items.map((i) => i.title)).toContain(title);
  });

  test('/sitemap.xml lists the blog, its categories and every post', async ({ request, baseURL }) => {
    const posts = await allPosts(request);
    const res = await request.get('/sitemap.xml');
    expect(res.status()).toBe(200);
    const xml = await res.text();
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
    expect(locs).toEqual(
      expect.arrayContaining([`${baseURL}/blogs`, `${baseURL}/blogs/Engineering`, `${baseURL}/blogs/Product-Design`]),
    );
    for (const post of posts) expect(locs).toContain(`${baseURL}${post.url}`);
    expect(locs).toContain(`${baseURL}/blogs/Engineering/CI_slash_CD-for-teams-of-five`);
  });

  test('robots.txt disallows /admin and names the sitemap', async ({ request, baseURL }) => {
    const res = await request.get('/robots.txt');
    expect(res.status()).toBe(200);
    const lines = (await res.text()).split('\n').map((line) => line.trim());
    expect(lines).toContain('Disallow: /admin');
    expect(lines).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });
});

test('cards sit in two columns next to the sidebar on wide screens, and stack on phones', async ({ page }) => {
  await gotoHydrated(page, '/blogs');
  const first = (await cards(page).nth(0).boundingBox())!;
  const second = (await cards(page).nth(1).boundingBox())!;
  const aside = (await sidebar(page).boundingBox())!;
  if (isPhone(page)) {
    expect(second.y).toBeGreaterThanOrEqual(first.y + first.height);
    const last = (await cards(page).last().boundingBox())!;
    expect(aside.y).toBeGreaterThanOrEqual(last.y + last.height);
  } else {
    expect(Math.abs(second.y - first.y)).toBeLessThanOrEqual(1);
    expect(second.x).toBeGreaterThanOrEqual(first.x + first.width);
    expect(aside.x).toBeGreaterThanOrEqual(second.x + second.width);
  }
});
