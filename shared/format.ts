const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * docs/product.md#timings-and-constants 'MMMM DD, YYYY', e.g. "March 05, 2024" (UTC, so server and browser
 * agree). Written out rather than with Intl.DateTimeFormat: a browser tab's first DateTimeFormat loads ICU's
 * locale and time-zone data, 20-40 ms of main thread when the blog pages' scripts load (a long task that
 * Lighthouse's Total Blocking Time counts; docs/measurements/first-paint.md). tests/unit/format.test.ts
 * checks it against Intl.
 */
export const formatDate = (iso: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value'); // as Intl's format does
  return `${MONTHS[date.getUTCMonth()]} ${String(date.getUTCDate()).padStart(2, '0')}, ${date.getUTCFullYear()}`;
};

const MINUTE = 60_000;

/** "Just now", "12 minutes ago", "3 hours ago", "2 days ago", then the date. */
export function since(iso: string, now = Date.now()): string {
  const ms = now - Date.parse(iso);
  if (ms < 2 * MINUTE) return 'Just now';
  if (ms < 60 * MINUTE) return `${Math.floor(ms / MINUTE)} minutes ago`;
  if (ms < 24 * 60 * MINUTE) {
    const hours = Math.floor(ms / (60 * MINUTE));
    return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  }
  const days = Math.floor(ms / (24 * 60 * MINUTE));
  if (days === 1) return 'Yesterday';
  if (days < 30) return `${days} days ago`;
  return formatDate(iso);
}
