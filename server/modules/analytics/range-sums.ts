import { LRUCache } from 'lru-cache';
import type { Dimension } from '#shared/analytics.ts';
import { addDays } from '#shared/zoned-time.ts';
import type { Db } from '#server/db/database.ts';
import { topValues, type SummedRow } from './repository';

/**
 * Rows held at most, over every cached sum (a 90-day sum of referrers on a busy site is a few thousand):
 * a few dozen ranges' worth, some tens of megabytes at worst.
 */
const MAX_HELD_ROWS = 200_000;

/**
 * A dimension's sums over a range of days, most visitors first (the dashboard's tables).
 *
 * Only today's and yesterday's summaries are ever made again (the summaries job in ./service.ts); every
 * earlier day's rows are final. A range's sum over those final days is read once a day per process and
 * held (decision 0041), so a dashboard read sums at most two days in the database: 90 days of a busy site
 * is one query over two days' rows instead of ninety. What is held is keyed by today, so it is read again
 * when the day changes; the retention setting's first kept day starts every range (the retention job
 * deletes the days before it), so nothing held counts a deleted day, on any process.
 */
export function createRangeSums(db: Db, today: () => string, firstKeptDay: () => Promise<string | null>) {
  const held = new LRUCache<string, Map<string, SummedRow>>({
    maxSize: MAX_HELD_ROWS,
    sizeCalculation: (rows) => Math.max(1, rows.size),
  });
  // Reads of one key at once share one query.
  const reading = new Map<string, Promise<Map<string, SummedRow>>>();

  async function finalSums(dimension: Dimension, from: string, to: string): Promise<Map<string, SummedRow>> {
    const key = `${today()}|${dimension}|${from}|${to}`;
    const known = held.get(key);
    if (known) return known;
    const pending = reading.get(key);
    if (pending) return pending;
    const read = topValues(db, dimension, from, to, null)
      .then((rows) => {
        const byValue = new Map(rows.map((row) => [row.value, row]));
        held.set(key, byValue);
        return byValue;
      })
      .finally(() => reading.delete(key));
    reading.set(key, read);
    return read;
  }

  return {
    /**
     * `dimension`'s values over days `asked`…`to` (from the first kept day on), most visitors, then most views, then value first; `limit`
     * null: all of them; `among`: only these values.
     */
    async top(
      dimension: Dimension,
      asked: string,
      to: string,
      limit: number | null,
      among?: readonly string[],
    ): Promise<SummedRow[]> {
      if (among && among.length === 0) return [];
      const kept = await firstKeptDay();
      const from = kept && asked < kept ? kept : asked;
      if (from > to) return [];
      const lastFinal = addDays(today(), -2);
      if (from > lastFinal) return topValues(db, dimension, from, to, limit, among);
      const finalTo = to < lastFinal ? to : lastFinal;
      const [final, recent] = await Promise.all([
        finalSums(dimension, from, finalTo),
        to > lastFinal ? topValues(db, dimension, addDays(lastFinal, 1), to, null, among) : [],
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
      // The order of repository.topValues: a tie on visitors and views goes by the value's code points.
      const rows = [...sums.values()].sort(
        (a, b) => b.visitors - a.visitors || b.views - a.views || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0),
      );
      return limit === null ? rows : rows.slice(0, limit);
    },
  };
}

export type RangeSums = ReturnType<typeof createRangeSums>;
