import { describe, expect, it } from 'vitest';
import { NAV_ITEMS, SECTION_IDS, sectionUrl, webpSrcSet } from '#shared/paths.ts';

describe('landing navigation', () => {
  it('has the eight buttons of docs/product.md#public-site in order, seven scrolling to a section and Blogs to /blogs', () => {
    expect(NAV_ITEMS.map((i) => i.label)).toEqual([
      'Home',
      'Product Delivery',
      'Portfolio',
      'Services',
      'About Us',
      'Team',
      'Contact Us',
      'Blogs',
    ]);
    expect(NAV_ITEMS.slice(0, 7).map((i) => i.section)).toEqual([
      'home',
      'product_delivery',
      'portfolio',
      'services',
      'about-us',
      'team',
      'contact_us',
    ]);
    expect(NAV_ITEMS[7]).toEqual({ label: 'Blogs', to: '/blogs' });
  });

  it('builds /?section= URLs', () => {
    expect(sectionUrl(SECTION_IDS.contactUs)).toBe('/?section=contact_us');
  });
});

describe('webpSrcSet', () => {
  it('lists the WebP variants of an upload', () => {
    expect(webpSrcSet('/uploads/abc123.png')).toBe('/uploads/abc123.w480.webp 480w, /uploads/abc123.w960.webp 960w');
    expect(webpSrcSet('/uploads/abc_1-2.jpg')).toContain('/uploads/abc_1-2.w960.webp 960w');
  });

  it('gives nothing for images that are not our uploads', () => {
    expect(webpSrcSet('https://cdn.example.com/a.png')).toBeUndefined();
    expect(webpSrcSet('/uploads/../etc/passwd')).toBeUndefined();
    expect(webpSrcSet('/uploads/a.svg')).toBeUndefined();
  });
});
