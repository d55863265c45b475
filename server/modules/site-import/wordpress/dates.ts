/**
 * WordPress writes dates as `YYYY-MM-DD HH:MM:SS`: `*_gmt` in UTC, the others in the site's time zone, and
 * `0000-00-00 00:00:00` for "none" (a draft never published has no GMT date).
 */
const WP_DATE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;

/** A WordPress date read as UTC, as ISO 8601; null when it is empty, zero or not a date. */
export function wpDateToIso(value: string): string | null {
  const match = WP_DATE.exec(value.trim());
  if (!match || match[1] === '0000') return null;
  const [, year, month, day, hours, minutes, seconds] = match.map(Number) as number[];
  const date = new Date(Date.UTC(year!, month! - 1, day!, hours!, minutes!, seconds!));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The GMT date, else the local one taken as UTC (older exports and drafts lack the GMT one). */
export const gmtOrLocal = (gmt: string, local: string): string | null => wpDateToIso(gmt) ?? wpDateToIso(local);

/** The date parts of the local date, as WordPress puts them in dated permalinks (`/2024/05/02/…`). */
export function permalinkDate(local: string): { year: string; month: string; day: string } | null {
  const match = WP_DATE.exec(local.trim());
  if (!match || match[1] === '0000') return null;
  return { year: match[1]!, month: match[2]!, day: match[3]! };
}
