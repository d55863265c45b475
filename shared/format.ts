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
