import { describe, expect, it } from 'vitest';
import { formatDate } from '#shared/format.ts';

const intl = new Intl.DateTimeFormat('en-US', { month: 'long', day: '2-digit', year: 'numeric', timeZone: 'UTC' });

describe('formatDate', () => {
  it('writes MMMM DD, YYYY in UTC, e.g. March 05, 2024', () => {
    expect(formatDate('2024-03-05T10:00:00.000Z')).toBe('March 05, 2024');
    // Late in the day west of UTC is already the next day in UTC: the page shows the UTC date everywhere.
    expect(formatDate('2024-12-31T23:30:00.000-05:00')).toBe('January 01, 2025');
  });

  it('agrees with Intl.DateTimeFormat (en-US, UTC) on every day of several years', () => {
    const start = Date.UTC(1999, 0, 1);
    for (let day = 0; day < 366 * 30; day += 1) {
      const iso = new Date(start + day * 86_400_000 + ((day * 7919) % 86_400_000)).toISOString();
      expect(formatDate(iso), iso).toBe(intl.format(new Date(iso)));
    }
  });

  it('refuses a value that is not a date, as Intl does', () => {
    expect(() => formatDate('not a date')).toThrow(RangeError);
  });
});
