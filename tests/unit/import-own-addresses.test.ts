import { describe, expect, it } from 'vitest';
import { ownAddressCheck } from '#server/modules/site-import/own-addresses.ts';

/** An import's old addresses never take over one the site answers itself (server/modules/site-import/own-addresses.ts). */
describe('own addresses', () => {
  const isOwn = ownAddressCheck(async (segment) => (segment === 'careers' ? 'page-1' : null));
  const to = '/blogs/News/hello';

  it('keeps the site’s routes, the landing page’s links and its own pages', async () => {
    for (const from of [
      '/',
      '/about-us/',
      '/blogs/',
      '/blogs/News/x',
      '/rss.xml',
      '/tags/x/',
      '/authors/ann/',
      '/admin/x',
      '/search',
      '/sitemap.xml',
      '/?section=about-us',
      '/?policy=privacy&x=1',
      '/careers/',
      '/CAREERS',
      '//evil.example/x',
    ]) {
      expect(await isOwn(from, to), from).toBe(true);
    }
  });

  it('lets old addresses of the old site through', async () => {
    for (const from of [
      '/2024/01/15/classic-post/',
      '/?p=12',
      '/?page_id=7',
      '/classic-post/',
      '/category/news/',
      '/feed/',
      '/careers/old-job/',
      '/%E6%97%A5%E6%9C%AC/',
    ]) {
      expect(await isOwn(from, to), from).toBe(false);
    }
    // A page imported at the same address is no other page.
    expect(await isOwn('/careers/', '/careers')).toBe(false);
  });
});
