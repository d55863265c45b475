import type { GhostDate } from './export-types';

/**
 * An ISO 8601 UTC time from a Ghost date: ISO strings (Ghost 1+), milliseconds (`exported_on`, some 0.x
 * exports) or MySQL's `2017-09-01 12:29:50`, which Ghost writes in UTC. Null when it is none of these.
 */
export function isoDate(value: GhostDate): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  if (value === '') return null;
  const date =
    typeof value === 'number'
      ? new Date(value)
      : /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(value)
        ? new Date(`${value.replace(' ', 'T')}Z`)
        : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
