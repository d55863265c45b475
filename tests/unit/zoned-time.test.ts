import { describe, expect, it } from 'vitest';
import { isoToZoned, zonedToIso } from '#shared/zoned-time.ts';

describe('scheduling in the site time zone', () => {
  it('turns a local time into the instant and back', () => {
    expect(zonedToIso('2026-12-01T09:30', 'UTC')).toBe('2026-12-01T09:30:00.000Z');
    expect(zonedToIso('2026-12-01T09:30', 'Europe/Berlin')).toBe('2026-12-01T08:30:00.000Z');
    expect(zonedToIso('2026-07-01T09:30', 'Europe/Berlin')).toBe('2026-07-01T07:30:00.000Z');
    expect(zonedToIso('2026-07-01T09:30', 'America/New_York')).toBe('2026-07-01T13:30:00.000Z');
    expect(zonedToIso('2026-07-01T09:30', 'Asia/Kolkata')).toBe('2026-07-01T04:00:00.000Z');
    expect(isoToZoned('2026-07-01T13:30:00.000Z', 'America/New_York')).toBe('2026-07-01T09:30');
    expect(isoToZoned('2026-12-01T08:30:00.000Z', 'Europe/Berlin')).toBe('2026-12-01T09:30');
  });

  it('is right on both sides of a daylight-saving change', () => {
    // Berlin moves from UTC+1 to UTC+2 at 02:00 on 29 March 2026.
    expect(zonedToIso('2026-03-29T01:30', 'Europe/Berlin')).toBe('2026-03-29T00:30:00.000Z');
    expect(zonedToIso('2026-03-29T03:30', 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z');
  });

  it('refuses what is not a local date and time', () => {
    expect(zonedToIso('', 'UTC')).toBeNull();
    expect(zonedToIso('2026-12-01 09:30', 'UTC')).toBeNull();
  });
});
