// `npm run bench:redirects [-- --rules 10000 --lookups 200000]`: seeds a SQLite site with that many redirect
// rules (70 % exact, 30 % prefix), then times what a request pays for them (docs/decisions/0032-redirects.md):
// the lookup before a cached page (`peek`, memory only), the lookup of Fastify's hook (`answer`, which also
// counts the hit), the reload of every rule when the content version moves, and one save with its checks
// (loops, chains) against all the rules. A benchmark, not a test.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { boot } from '#server/boot.ts';
import { loadConfig } from '#server/config.ts';

const { values } = parseArgs({
  options: { rules: { type: 'string', default: '10000' }, lookups: { type: 'string', default: '200000' } },
});
const RULES = Number(values.rules);
const LOOKUPS = Number(values.lookups);

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-redirects-'));
const config = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  ADMIN_PASSWORD: 'bench-secret',
  LOG_LEVEL: 'silent',
});
const { db, services } = await boot(config, { log: pino({ level: 'silent' }) as never });
const { redirects, siteMeta } = services;

const at = new Date().toISOString();
const exact = (i: number) => `/old/section-${i % 97}/page-${i}`;
const prefix = (i: number) => `/archive-${i}`;
const rows = Array.from({ length: RULES }, (_, i) =>
  i % 10 < 7
    ? { id: `r${i}`, from_path: exact(i), to_path: `/new/page-${i}`, status: 301, created_at: at, updated_at: at }
    : {
        id: `r${i}`,
        from_path: `${prefix(i)}/*`,
        to_path: `/kept-${i}/*`,
        status: 302,
        created_at: at,
        updated_at: at,
      },
);
await db.transaction().execute(async (trx) => {
  for (let i = 0; i < rows.length; i += 500)
    await trx
      .insertInto('redirects')
      .values(rows.slice(i, i + 500))
      .execute();
});
await db.transaction().execute((trx) => siteMeta.bumpContentVersion(trx));

const percentile = (sorted: Float64Array, p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const ms = (n: number) => `${n.toFixed(4)} ms`;
function report(name: string, times: Float64Array) {
  const sorted = times.slice().sort();
  console.log(
    `${name.padEnd(44)} p50 ${ms(percentile(sorted, 0.5))}  p99 ${ms(percentile(sorted, 0.99))}  max ${ms(sorted[sorted.length - 1]!)}`,
  );
}

// A third exact hits, a third under prefixes (a few segments deep, with a query), a third misses.
const urls = Array.from({ length: 3000 }, (_, k) => {
  const i = Math.floor(Math.random() * RULES);
  if (k % 3 === 0) return i % 10 < 7 ? `${exact(i)}?utm_source=x` : `${prefix(i)}/2019/05/post-${k}`;
  if (k % 3 === 1) return `${prefix(i - (i % 10) + 8)}/a/b/c/d?page=${k}`;
  return `/blogs/category-${k}/some-post-title-${k}`;
});

// After a content version bump: the stamp read alone (a post was edited), or every rule read again (a rule changed).
async function afterBump(changed: boolean) {
  await db.transaction().execute(async (trx) => {
    if (changed) await siteMeta.writeStamp(trx, 'redirects');
    await siteMeta.bumpContentVersion(trx);
  });
  const bumped = await siteMeta.contentVersion.refresh();
  const started = performance.now();
  await redirects.answer('/warm-up');
  const took = performance.now() - started;
  if (redirects.peek('/x', bumped) === 'stale') throw new Error('rules not loaded');
  return took;
}
const unchanged = new Float64Array(20);
const reloads = new Float64Array(20);
for (let r = 0; r < 20; r++) {
  reloads[r] = await afterBump(true);
  unchanged[r] = await afterBump(false);
}

const version = await siteMeta.contentVersion.current();
for (let i = 0; i < 20_000; i++) redirects.peek(urls[i % urls.length]!, version); // warm the JIT

const peeks = new Float64Array(LOOKUPS);
let matched = 0;
for (let i = 0; i < LOOKUPS; i++) {
  const url = urls[i % urls.length]!;
  const started = performance.now();
  const answer = redirects.peek(url, version);
  peeks[i] = performance.now() - started;
  if (answer && answer !== 'stale') matched++;
}

const answers = new Float64Array(LOOKUPS);
for (let i = 0; i < LOOKUPS; i++) {
  const url = urls[i % urls.length]!;
  const started = performance.now();
  await redirects.answer(url);
  answers[i] = performance.now() - started;
}

const owner = await db.selectFrom('users').select(['id', 'name']).executeTakeFirstOrThrow();
const saves = new Float64Array(10);
for (let s = 0; s < saves.length; s++) {
  const started = performance.now();
  await redirects.create({ from: `/bench-save-${s}`, to: `/old/section-1/page-${s}`, status: 301 }, owner);
  saves[s] = performance.now() - started;
}

const csv = [
  'from,to,status',
  ...Array.from({ length: 1000 }, (_, i) => `/imported-${i},/old/section-2/page-${i},301`),
].join('\n');
const importStarted = performance.now();
const imported = await redirects.importCsv(csv, owner);
const importMs = performance.now() - importStarted;

console.log(
  `${RULES} rules (${Math.round(RULES * 0.7)} exact, ${Math.round(RULES * 0.3)} prefix); ${LOOKUPS} lookups, ${Math.round((matched / LOOKUPS) * 100)} % matched`,
);
report('lookup before a cached page (peek)', peeks);
report('lookup in the request hook (answer, counts)', answers);
report('version moved, rules unchanged (stamp read)', unchanged);
report('version moved, rules changed (all read again)', reloads);
report('save of one rule (checks against all rules)', saves);
console.log(`import of 1,000 rows into ${RULES + 10} rules: ${importMs.toFixed(0)} ms (${imported.added} added)`);

await redirects.stop();
await services.siteMeta.contentVersion.stop();
await services.jobs.stop();
await services.mailWorker.stop();
await db.destroy();
await fs.rm(dataDir, { recursive: true, force: true });
