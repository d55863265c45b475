import { csvLine } from '#server/lib/csv.ts';

/** Counts what a generator yields, for the manifest. */
export interface Tally {
  n: number;
}

/** A JSON list written item by item from batches (`[`, items with `,`, `]`): one batch in memory at a time. */
export async function* jsonList<T>(batches: AsyncIterable<T[]>, tally: Tally): AsyncGenerator<string> {
  yield '[';
  for await (const batch of batches) {
    if (!batch.length) continue;
    const text = batch.map((item) => JSON.stringify(item, null, 2)).join(',\n');
    yield (tally.n ? ',\n' : '\n') + text;
    tally.n += batch.length;
  }
  yield tally.n ? '\n]\n' : ']\n';
}

/** A CSV document from batches (the project's CSV rules: server/lib/csv.ts). */
export async function* csvRows<T>(
  header: readonly string[],
  batches: AsyncIterable<T[]>,
  toRow: (item: T) => Array<string | null | undefined>,
  tally: Tally,
): AsyncGenerator<string> {
  yield csvLine([...header]);
  for await (const batch of batches) {
    tally.n += batch.length;
    yield batch.map((item) => csvLine(toRow(item))).join('');
  }
}

/** One value as a batch stream. */
export async function* once<T>(value: Promise<T[]>): AsyncGenerator<T[]> {
  yield await value;
}
