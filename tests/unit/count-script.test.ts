import fs from 'node:fs';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { COUNT_PATH, COUNT_SCRIPT } from '#shared/analytics.ts';

/**
 * The pages' counting script (public/count.js, docs/decisions/0040-analytics.md): under 1 KB, and in a
 * page it sends one view after load, a view for each in-app navigation, nothing for staff, and writes
 * nothing to the browser's storage.
 */
const source = fs.readFileSync(`public${COUNT_SCRIPT}`, 'utf8');

function run(options: { loggedIn?: boolean; readyState?: string; beacon?: boolean } = {}) {
  const sent: Array<{ url: string; body: { k: string; p: string; r: string | null } }> = [];
  const listeners = new Map<string, () => void>();
  const timers: Array<() => void> = [];
  const writes: string[] = [];
  const location = { pathname: '/blogs', search: '?utm_source=x', href: 'http://site.test/blogs?utm_source=x' };
  const history = {
    pushState(_state: unknown, _title: string, url: string) {
      const next = new URL(url, location.href);
      Object.assign(location, { pathname: next.pathname, search: next.search, href: next.href });
    },
  };
  const storage = {
    getItem: (key: string) => (key === 'isLoggedIn' && options.loggedIn ? 'true' : null),
    setItem: (key: string) => writes.push(key),
  };
  const context = {
    document: {
      readyState: options.readyState ?? 'loading',
      referrer: 'https://www.google.com/',
      querySelector: () => null,
    },
    location,
    history,
    localStorage: storage,
    navigator:
      options.beacon === false
        ? {}
        : { sendBeacon: (url: string, body: string) => sent.push({ url, body: JSON.parse(body) }) },
    addEventListener: (name: string, fn: () => void) => listeners.set(name, fn),
    setTimeout: (fn: () => void) => timers.push(fn),
    clearTimeout: () => undefined,
    window: {},
  };
  vm.runInNewContext(source, context);
  const tick = () => timers.splice(0).forEach((fn) => fn());
  return { sent, listeners, tick, history, writes };
}

describe('public/count.js', () => {
  it('is under 1 KB', () => {
    expect(Buffer.byteLength(source)).toBeLessThan(1024);
  });

  it('sends a view with the page and its referrer once the page has loaded, and one per in-app navigation', () => {
    const page = run();
    page.tick();
    expect(page.sent).toEqual([]);
    page.listeners.get('load')!();
    page.tick();
    expect(page.sent).toEqual([
      { url: COUNT_PATH, body: { k: 'view', p: '/blogs?utm_source=x', r: 'https://www.google.com/' } },
    ]);
    page.history.pushState(null, '', '/about-us');
    expect(page.sent.at(-1)).toEqual({
      url: COUNT_PATH,
      body: { k: 'view', p: '/about-us', r: 'http://site.test/blogs?utm_source=x' },
    });
    // The same address again (a replaced state, a hash change) is no new view.
    page.history.pushState(null, '', '/about-us');
    expect(page.sent).toHaveLength(2);
    expect(page.writes).toEqual([]);
  });

  it('never stands in the way of a navigation, even in a browser without sendBeacon', () => {
    const page = run({ beacon: false, readyState: 'complete' });
    page.tick();
    expect(() => page.history.pushState(null, '', '/blogs/a-post')).not.toThrow();
    expect(page.sent).toEqual([]);
  });

  it('sends nothing for someone signed in to the admin', () => {
    const page = run({ loggedIn: true, readyState: 'complete' });
    page.tick();
    expect(page.sent).toEqual([]);
  });
});
