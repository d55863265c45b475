// Part of `npm run bench:analytics` (scripts/bench-analytics.mjs): makes the daily summaries of every day
// from BENCH_FROM to BENCH_TO with the analytics repository's own `summarizeDay`, on the database that
// DATA_DIR / DATABASE_URL name, as the summaries job would have made them day after day (the job itself
// only does yesterday and today). Prints one JSON line: the milliseconds of each day.
import { loadConfig } from '#server/config.ts';
import { createDb, forLongWork } from '#server/db/database.ts';
import { summarizeDay } from '#server/modules/analytics/repository.ts';
import { addDays } from '#shared/zoned-time.ts';

const from = process.env.BENCH_FROM!;
const to = process.env.BENCH_TO!;
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const db = createDb(forLongWork(config.database));
const ms: number[] = [];
try {
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const started = performance.now();
    await summarizeDay(db, day);
    ms.push(performance.now() - started);
  }
} finally {
  await db.destroy();
}
console.log(JSON.stringify({ days: ms.length, ms }));
