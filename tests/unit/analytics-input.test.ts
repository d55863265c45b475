import { describe, expect, it } from 'vitest';
import { createAddressCap } from '#server/modules/analytics/address-cap.ts';
import { fitText, pageAddressOf, referrerHostOf } from '#server/modules/analytics/event-input.ts';

/** What of a counted event is kept (docs/product.md#analytics), and the per-address cap. */
describe('analytics event input', () => {
  it('keeps the path without its query and the campaign fields, lowercasing source and medium', () => {
    expect(pageAddressOf('/blogs/a/b/?utm_source=News&utm_medium=E-Mail&utm_campaign=Spring&q=secret')).toEqual({
      path: '/blogs/a/b',
      utm: { source: 'news', medium: 'e-mail', campaign: 'Spring' },
    });
    expect(pageAddressOf('/?ref=Product+Hunt')?.utm.source).toBe('product hunt');
    for (const bad of [
      'blogs',
      '//evil.example/x',
      'https://evil.example/',
      '/admin/blogs',
      '/api/seen',
      '/preview/x',
      '/subscriptions/confirm',
    ]) {
      expect(pageAddressOf(bad), bad).toBeNull();
    }
    expect(pageAddressOf(`/${'a'.repeat(600)}`)).toBeNull();
  });

  it('keeps only the host of another site as the referrer', () => {
    expect(referrerHostOf('https://www.Google.com/search?q=private', 'site.test')).toBe('google.com');
    expect(referrerHostOf('https://bücher.example/x', 'site.test')).toBe('xn--bcher-kva.example');
    for (const none of [
      null,
      '',
      'not a url',
      'android-app://com.x',
      'https://site.test/blogs',
      'http://www.site.test/',
    ]) {
      expect(referrerHostOf(none, 'site.test'), String(none)).toBeNull();
    }
  });

  it('fits a value to its column: no control characters, lowercased before it is cut, no half a character', () => {
    expect(fitText('\u0000a\u0001b\u009f', 10)).toBe('ab');
    expect(fitText('İ'.repeat(100), 100, true)!.length).toBeLessThanOrEqual(100);
    expect(fitText('a😀', 2)).toBe('a');
    expect(fitText('   ', 5)).toBeNull();
  });

  it('caps an address at its allowance per clock minute', () => {
    let now = 60_000 * 100 + 1_000;
    const cap = createAddressCap(3, () => now);
    expect([1, 2, 3, 4].map(() => cap.take('a'))).toEqual([true, true, true, false]);
    expect(cap.take('b')).toBe(true);
    now += 60_000;
    expect(cap.take('a')).toBe(true);
  });
});
