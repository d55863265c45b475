const DATE = new Intl.DateTimeFormat('en-US', { month: 'long', day: '2-digit', year: 'numeric', timeZone: 'UTC' });

/** docs/product.md#timings-and-constants 'MMMM DD, YYYY', e.g. "March 05, 2024" (UTC, so server and browser agree). */
export const formatDate = (iso: string) => DATE.format(new Date(iso));
