import { addDays } from '#shared/zoned-time.ts';

/**
 * The dashboard's ranges of days (docs/product.md#the-dashboard), kept in the address: `?range=7d`, or
 * `?from=YYYY-MM-DD&to=YYYY-MM-DD` for days of one's own. Days are the site's (its time zone).
 */
export const PRESETS = [
  { key: 'today', label: 'Today' },
  { key: '7d', label: 'Last 7 days' },
  { key: '30d', label: 'Last 30 days' },
  { key: '90d', label: 'Last 90 days' },
  { key: '12m', label: 'Last 12 months' },
] as const;
type PresetKey = (typeof PRESETS)[number]['key'];
export type RangeKey = PresetKey | 'custom';

export const DEFAULT_RANGE: PresetKey = '30d';

export interface ChosenRange {
  key: RangeKey;
  from: string;
  to: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string | null): value is string =>
  value !== null && DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/** The first day of a preset ending today. */
function fromOf(key: PresetKey, today: string): string {
  switch (key) {
    case 'today':
      return today;
    case '7d':
      return addDays(today, -6);
    case '30d':
      return addDays(today, -29);
    case '90d':
      return addDays(today, -89);
    case '12m': {
      const [y, m, d] = today.split('-').map(Number) as [number, number, number];
      // A year back, and the day after it: twelve whole months ending today.
      return addDays(new Date(Date.UTC(y - 1, m - 1, d)).toISOString().slice(0, 10), 1);
    }
  }
}

/** The range the address asks for: a preset, two days of one's own, else the default. */
export function rangeOf(search: URLSearchParams, today: string): ChosenRange {
  const key = search.get('range');
  const preset = PRESETS.find((p) => p.key === key);
  if (preset) return { key: preset.key, from: fromOf(preset.key, today), to: today };
  const from = search.get('from');
  const to = search.get('to');
  if (isDay(from) && isDay(to)) return { key: 'custom', from, to };
  return { key: DEFAULT_RANGE, from: fromOf(DEFAULT_RANGE, today), to: today };
}

/** The address's query for a range. */
export function searchOf(range: { key: RangeKey; from?: string; to?: string }): string {
  if (range.key !== 'custom') return `?range=${range.key}`;
  return `?${new URLSearchParams({ from: range.from ?? '', to: range.to ?? '' })}`;
}

/** "5 Mar 2026" for a `YYYY-MM-DD` day (the day as written, whatever the browser's zone). */
export const dayLabel = (day: string, withYear = true) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });
