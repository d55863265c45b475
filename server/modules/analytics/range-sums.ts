import { LRUCache } from 'lru-cache';
import type { Dimension } from '#shared/analytics.ts';
import { addDays } from '#shared/zoned-time.ts';
import type { Db } from '#server/db/database.ts';
import { topValues, type SummedRow } from './repository';

/**
 * Rows held at most, over every held sum: a 90-day sum of referrers on the benchmark's busy site is 3,000
 * rows, so this is a few dozen ranges' worth (values are at most 500 characters: tens of megabytes at worst).
 */
const MAX_HELD_ROWS = 100_000;

/**
 * Visitors, then views, then the value by code point: one order on both databases (PostgreSQL would order
 * text by its collation, SQLite by bytes), for held and read rows alike. UTF-8 bytes sort as code points.
 */
export function byVisitors(a: SummedRow, b: SummedRow): number {
  return b.visitors - a.visitors || b.views - a.views || Buffer.compare(Buffer.from(a.value), Buffer.from(b.value));
}

/**
 * A dimension's sums over a range of days, most visitors first (the dashboard's tables).
 *
 * Only today's and yesterday's summaries are ever made again (the summaries job in ./service.ts); every
 * earlier day's rows are final. A range's sums over those final days are read once a day per process and
 * held (decision 0041), so a dashboard read sums at most two days in the database: 90 days of a busy site
 * is one query over two days' rows instead of ninety. What is held is keyed by today and dropped when the
 * day changes. `firstDay` is the first day any range may count (the retention setting's, or the first day
 * the retention job has kept): it starts every range, so nothing held counts a deleted day, on any process.
 */
export function createRangeSums(db: Db, today: () => string, firstDay: () => Promise<string | null>) {
  const held = new LRUCache<string, Map<string, SummedRow>>({
    maxSize: MAX_HELD_ROWS,
    sizeCalculation: (rows) => Math.max(1, rows.size),
  });
  let heldDay = '';
  // Reads of one key at once share one query.
  const reading = new Map<string, Promise<Map<string, SummedRow>>>();

  async function finalSums(dimension: Dimension, from: string, to: string): Promise<Map<string, SummedRow>> {
    const day = today();
    if (day !== heldDay) {
      held.clear();
      heldDay = day;
    }
    const key = `${day}|${dimension}|${from}|${to}`;
    const known = held.get(key);
    if (known) return known;
    const pending = reading.get(key);
    if (pending) return pending;
    const read = topValues(db, dimension, from, to, null)
      .then((rows) => {
        const byValue = new Map(rows.map((row) => [row.value, row]));
        if (heldDay === day) held.set(key, byValue);
        return byValue;
      })
      .finally(() => reading.delete(key));
    reading.set(key, read);
    return read;
  }

  /** `asked`, or the first day a range may count if that is later. */
  async function from(asked: string): Promise<string> {
    const first = await firstDay();
    return first && asked < first ? first : asked;
  }

  return {
    from,

    /**
     * `dimension`'s values over days `start`…`to`, in `byVisitors` order; `limit` null: all of them; `among`:
     * only these values. `start` is a day `from` gave (no earlier than the first day a range may count).
     */
    async top(
      dimension: Dimension,
      start: string,
      to: string,
      limit: number | null,
      among?: readonly string[],
    ): Promise<SummedRow[]> {
      if ((among && among.length === 0) || start > to) return [];
      const lastFinal = addDays(today(), -2);
      const finalTo = to < lastFinal ? to : lastFinal;
      const [final, recent] = await Promise.all([
        start <= lastFinal ? finalSums(dimension, start, finalTo) : new Map<string, SummedRow>(),
        to > lastFinal
          ? topValues(db, dimension, start > lastFinal ? start : addDays(lastFinal, 1), to, null, among)
          : [],
      ]);
      const sums = new Map<string, SummedRow>();
      const wanted = among ? among.filter((value) => final.has(value)) : final.keys();
      for (const value of wanted) sums.set(value, { ...final.get(value)! });
      for (const row of recent) {
        const sum = sums.get(row.value);
        if (sum) {
          sum.visitors += row.visitors;
          sum.views += row.views;
        } else sums.set(row.value, { ...row });
      }
      const rows = [...sums.values()].sort(byVisitors);
      return limit === null ? rows : rows.slice(0, limit);
    },
  };
}

export type RangeSums = ReturnType<typeof createRangeSums>;
