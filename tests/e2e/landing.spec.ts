import { type Locator, type Page } from '@playwright/test';
import {
  expect,
  expectAboutRowsAlternate,
  expectScrolledToSection,
  getContent,
  gotoHydrated,
  isPhone,
  nextFrames,
  openMenuIfCollapsed,
  scrollInstantly,
  test,
  textFragments,
} from './helpers';

const NAV_LABELS = ['Home', 'Product Delivery', 'Portfolio', 'Services', 'About Us', 'Team', 'Contact Us', 'Blogs'];
const SECTIONS: Array<[label: string, id: string]> = [
  ['Home', 'home'],
  ['Product Delivery', 'product_delivery'],
  ['Portfolio', 'portfolio'],
  ['Services', 'services'],
  ['About Us', 'about-us'],
  ['Team', 'team'],
  ['Contact Us', 'contact_us'],
];

const header = (page: Page) => page.getByTestId('site-header');
const navLink = (page: Page, label: string) =>
  page.locator('#main-menu .navbar-nav').getByRole('link', { name: label, exact: true });

/**
 * Records the window's scroll positions from now on. Returns a reader telling whether the page passed
 * through a position strictly between where it started and where it is now: a smooth scroll does, an
 * instant jump does not.
 */
async function recordScrollPath(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __scrollPath?: number[] };
    if (w.__scrollPath === undefined) window.addEventListener('scroll', () => w.__scrollPath!.push(window.scrollY));
    w.__scrollPath = [window.scrollY];
  });
  return () =>
    page.evaluate(() => {
      const path = (window as unknown as { __scrollPath: number[] }).__scrollPath;
      const [from, to] = [path[0]!, window.scrollY];
      return path.some((y) => y > Math.min(from, to) + 1 && y < Math.max(from, to) - 1);
    });
}

/**
 * Lets the page run the tasks already queued (React renders through MessageChannel tasks, which a paused
 * page.clock does not hold back), so a negative check after clock.runFor sees any render it caused.
 */
async function drainTasks(page: Page) {
  await page.evaluate(async () => {
    for (let i = 0; i < 3; i++) {
      await new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      });
    }
  });
}

/** Clicks a modal's Contact Us under a paused clock and checks the 200 ms delay before /?section=contact_us. */
async function expectDelayedContactRedirect(page: Page, dialog: Locator) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await dialog.getByRole('button', { name: 'Contact Us' }).click();
  await expect(dialog).toBeHidden();
  await page.clock.runFor(150);
  await drainTasks(page);
  expect(new URL(page.url()).searchParams.get('section')).toBeNull();
  await page.clock.runFor(100);
  await expect(page).toHaveURL(/\/\?section=contact_us$/);
  await page.clock.resume();
  await expectScrolledToSection(page, 'contact_us');
}

/** How many slides fit in the carousel viewport at the page's current width. */
const visibleSlides = (page: Page) =>
  page.locator('#portfolio').evaluate((section) => {
    const viewport = section.querySelector('.embla-viewport')!.getBoundingClientRect().width;
    const slide = section.querySelector('.embla-slide')!.getBoundingClientRect().width;
    return Math.round(viewport / slide);
  });

test.describe('header', () => {
  test('has the eight navigation buttons in order, social icons from the content and a logo linking home', async ({
    page,
    request,
  }) => {
    const { social } = await getContent(request);
    await gotoHydrated(page, '/about-us');
    await openMenuIfCollapsed(page);

    await test.step('navigation', async () => {
      await expect(page.locator('#main-menu .navbar-nav').getByRole('link')).toHaveText(NAV_LABELS);
      await expect(navLink(page, 'Blogs')).toHaveAttribute('href', '/blogs');
    });

    await test.step('social icons', async () => {
      const expected = {
        Facebook: social.facebook_link,
        Twitter: social.twitter_link,
        LinkedIn: social.linkedin_link,
        YouTube: social.youtube_link,
        GitHub: social.github_link,
      };
      await expect(header(page).locator('.social-links a')).toHaveCount(5);
      for (const [label, href] of Object.entries(expected)) {
        expect(href, `${label} link in the content`).toBeTruthy();
        const icon = header(page).getByRole('link', { name: label, exact: true });
        await expect(icon).toHaveAttribute('href', href);
        await expect(icon).toHaveAttribute('target', '_blank');
        await expect(icon).toHaveAttribute('rel', /\bnoopener\b/);
      }
    });

    await test.step('logo', async () => {
      const logo = header(page).getByRole('link', { name: 'Brightpath Labs' });
      await expect(logo).toHaveAttribute('href', '/');
      await logo.click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.locator('#home')).toBeVisible();
    });
  });

  test('each section button scrolls smoothly to its section', async ({ page }) => {
    await gotoHydrated(page, '/');
    // Product Delivery first, so that Home (already at the top on load) also needs a scroll; then down the page.
    const order = [SECTIONS[1]!, SECTIONS[0]!, ...SECTIONS.slice(2)];
    for (const [label, id] of order) {
      await test.step(`${label} → #${id}`, async () => {
        const before = await page.locator(`#${id}`).evaluate((el) => el.getBoundingClientRect().top);
        expect(Math.abs(before), `#${id} must not start at the top`).toBeGreaterThan(120);
        const passedThrough = await recordScrollPath(page);
        await openMenuIfCollapsed(page);
        await navLink(page, label).click();
        await expectScrolledToSection(page, id);
        expect(await passedThrough(), `scrolling to #${id} is animated`).toBe(true);
        // The section is on this page: no navigation, no ?section in the address.
        expect(new URL(page.url()).search).toBe('');
      });
    }
  });

  test('/?section=team loaded directly scrolls to the team section', async ({ page }) => {
    await gotoHydrated(page, '/?section=team');
    await expectScrolledToSection(page, 'team');
  });

  test('the menu toggle opens the menu on phones; a section click scrolls and closes it', async ({ page }) => {
    await gotoHydrated(page, '/');
    const toggle = page.getByRole('button', { name: 'Toggle navigation' });
    if (!isPhone(page)) {
      // Wide screens show the navigation inline, with no toggle.
      await expect(toggle).toBeHidden();
      await expect(navLink(page, 'Team')).toBeVisible();
      return;
    }
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(navLink(page, 'Team')).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(navLink(page, 'Team')).toBeVisible();
    await navLink(page, 'Team').click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(navLink(page, 'Team')).toBeHidden();
    await expectScrolledToSection(page, 'team');
  });

  test('turns black after scrolling more than 10 px, and on /about-us past half the window height minus 100 px', async ({
    page,
  }) => {
    const bar = header(page);
    await test.step('landing page', async () => {
      await gotoHydrated(page, '/');
      await expect(bar).not.toHaveClass(/\bis-solid\b/);
      await expect(bar).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');

      await scrollInstantly(page, 10);
      await nextFrames(page);
      await expect(bar, 'transparent at exactly 10 px').not.toHaveClass(/\bis-solid\b/);

      await scrollInstantly(page, 11);
      await expect(bar).toHaveClass(/\bis-solid\b/);
      await expect(bar).toHaveCSS('background-color', 'rgb(0, 0, 0)');

      await scrollInstantly(page, 0);
      await expect(bar).not.toHaveClass(/\bis-solid\b/);
      await expect(bar).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
    });

    await test.step('/about-us', async () => {
      await gotoHydrated(page, '/about-us');
      const threshold = await page.evaluate(() => window.innerHeight / 2 - 100);

      for (const y of [20, Math.floor(threshold) - 10]) {
        await scrollInstantly(page, y);
        await nextFrames(page);
        await expect(bar, `transparent at ${y} px`).not.toHaveClass(/\bis-solid\b/);
      }

      await scrollInstantly(page, Math.ceil(threshold) + 10);
      await expect(bar).toHaveClass(/\bis-solid\b/);
      await expect(bar).toHaveCSS('background-color', 'rgb(0, 0, 0)');

      // Back at 20 px it is transparent again: 20 px is below this page's threshold, not just unhandled.
      await scrollInstantly(page, 20);
      await expect(bar).not.toHaveClass(/\bis-solid\b/);
    });
  });
});

test('banner: Learn More opens the modal; its Contact Us closes it and goes to the contact section after 200 ms', async ({
  page,
  request,
}) => {
  const { banner } = await getContent(request);
  await page.clock.install();
  await gotoHydrated(page, '/');
  await page.locator('#home').getByRole('button', { name: 'Learn More' }).click();

  const dialog = page.getByRole('dialog', { name: banner.modalTitle });
  await expect(dialog).toBeVisible();
  for (const text of [...textFragments(banner.modalLeftContent), ...textFragments(banner.modalRightContent)]) {
    await expect(dialog).toContainText(text);
  }
  await expectDelayedContactRedirect(page, dialog);
});

test('services: four cards; More details opens the service modal, whose Contact Us goes to the contact section', async ({
  page,
  request,
}) => {
  const { services } = await getContent(request);
  await page.clock.install();
  await gotoHydrated(page, '/');
  const cards = page.getByTestId('service-card');
  await expect(cards).toHaveCount(4);
  await expect(cards.getByRole('heading')).toHaveText(services.items.map((s) => s.title));

  const service = services.items[1]!;
  await cards.nth(1).getByRole('button', { name: 'More details' }).click();
  const dialog = page.getByRole('dialog', { name: service.title });
  await expect(dialog).toBeVisible();
  const image = dialog.getByRole('img', { name: service.title });
  await expect(image).toHaveAttribute('src', service.modal_img);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  for (const text of textFragments(service.modal_description)) await expect(dialog).toContainText(text);

  await expectDelayedContactRedirect(page, dialog);
});

test('product delivery, about us and team show their content', async ({ page, request }) => {
  const { product, team } = await getContent(request);
  await page.goto('/');

  await test.step('product delivery lists every item title', async () => {
    expect(product.items.length).toBeGreaterThanOrEqual(4);
    await expect(page.locator('#product_delivery').getByRole('heading', { level: 3 })).toHaveText(
      product.items.map((item) => item.title),
    );
  });

  await test.step('about-us items alternate image left and image right', async () => {
    await expectAboutRowsAlternate(page, page.locator('#about-us').getByTestId('about-item'));
  });

  await test.step('team shows four members with 260x280 photos', async () => {
    const members = page.getByTestId('team-member');
    await expect(members).toHaveCount(4);
    await expect(members.getByRole('heading')).toHaveText(team.items.map((m) => m.title));
    for (const member of await members.all()) {
      const box = (await member.getByRole('img').boundingBox())!;
      expect({ width: Math.round(box.width), height: Math.round(box.height) }).toEqual({ width: 260, height: 280 });
    }
  });
});

test.describe('portfolio', () => {
  test('five items and dots; autoplay advances every 3000 ms; an item opens its link in a new tab', async ({
    page,
    context,
    request,
  }) => {
    const { portfolio } = await getContent(request);
    await context.route('https://example.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Product</title><h1>Product</h1>' }),
    );
    // A clock paused before the first script makes the autoplay timer start at a known instant.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    await gotoHydrated(page, '/');
    const section = page.locator('#portfolio');
    const items = section.getByTestId('portfolio-item');
    const dots = section.getByRole('button', { name: /^Go to slide \d$/ });
    // The carousel library loads after hydration (docs/decisions/0014-first-paint.md); with the clock paused,
    // autoplay counts from the moment it has started.
    await expect(section.locator('.embla')).toHaveAttribute('data-carousel', 'running');

    await test.step('five items and five dots, the first selected', async () => {
      await expect(items).toHaveCount(5);
      // Each slide is a labelled group inside the carousel (WAI-ARIA carousel pattern).
      await expect(section.getByRole('group', { name: /^\d of 5$/ })).toHaveCount(5);
      await expect(dots).toHaveCount(5);
      await expect(dots.nth(0)).toHaveClass(/\bis-selected\b/);
      await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
    });

    await test.step('still on the first slide after 2.5 s', async () => {
      await page.clock.runFor(2500);
      await drainTasks(page);
      await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
      await expect(dots.nth(1)).not.toHaveClass(/\bis-selected\b/);
    });

    await test.step('on the second slide after 3.3 s, the third after 6.3 s', async () => {
      await page.clock.runFor(800);
      await expect(dots.nth(1)).toHaveClass(/\bis-selected\b/);
      await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
      await expect(dots.nth(0)).toHaveAttribute('aria-current', 'false');
      await page.clock.runFor(3000);
      await expect(dots.nth(2)).toHaveAttribute('aria-current', 'true');
    });

    await test.step('clicking the selected item opens its product link in a new tab', async () => {
      // Let the slide animation finish (it runs on the paused clock's animation frames).
      await page.clock.runFor(1000);
      const item = items.nth(2);
      await item.scrollIntoViewIfNeeded();
      await expect(item).toBeInViewport({ ratio: 0.9 });
      const [tab] = await Promise.all([context.waitForEvent('page'), item.click()]);
      await tab.waitForLoadState('domcontentloaded');
      expect(tab.url()).toBe(portfolio.items[2]!.product_link);
      await expect(tab.getByRole('heading', { name: 'Product' })).toBeVisible();
      // The landing page stays open in its own tab.
      expect(page.url()).toMatch(/\/$/);
    });
  });

  test('shows 3 slides from 1400 px, 2 up to 1399 px and 1 up to 767 px', async ({ page, browser }) => {
    await page.goto('/');
    expect(await visibleSlides(page)).toBe(isPhone(page) ? 1 : 2);

    const wide = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const widePage = await wide.newPage();
    try {
      await widePage.goto('/');
      expect(await visibleSlides(widePage)).toBe(3);
    } finally {
      await widePage.close(); // closing the page first makes closing the context much faster
      await wide.close();
    }
  });
});

test('footer: copyright years, and the terms and privacy modals', async ({ page, request }) => {
  const { privacyPolicy } = await getContent(request);
  await gotoHydrated(page, '/');
  const footer = page.locator('footer.site-footer');
  await expect(footer).toContainText('2021-2023');

  const cases = [
    ['Terms&Agreements', 'Terms and conditions !', privacyPolicy.terms_and_conditions_text],
    ['Privacy Policy', 'Privacy Policy !', privacyPolicy.privacy_policy_text],
  ] as const;
  for (const [button, title, html] of cases) {
    await test.step(button, async () => {
      await footer.getByRole('button', { name: button, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: title, exact: true });
      await expect(dialog).toBeVisible();
      for (const text of textFragments(html)) await expect(dialog).toContainText(text);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
    });
  }
});
