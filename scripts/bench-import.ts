// `npm run bench:import [-- --posts 10000 --database postgres://…]`: the import's figures of issue 27
// (docs/decisions/0038-import.md). Writes a synthetic WordPress export (scripts/make-wxr.mjs, about 50 KB
// of text per post), then in one process on a fresh site: the analysis, the import with its peak memory
// above the process's idle size, and posts per second. Images are not downloaded (the synthetic site is
// http://localhost, which the import refuses to download from at once), so the figure is the import's own
// work without the network. Then the imported site is exported, as a ZIP and as WXR, and timed.
// A benchmark, not a test.
import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import pino from 'pino';
import { boot } from '#server/boot.ts';
import { loadConfig } from '#server/config.ts';

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '10000' },
    database: { type: 'string' },
    kb: { type: 'string', default: '50' },
  },
});
const POSTS = Number(values.posts);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-import-'));
const file = path.join(os.tmpdir(), `bench-import-${POSTS}-${values.kb}-localhost.xml`);
if (!(await fs.stat(file).catch(() => null))) {
  await promisify(execFile)(process.execPath, [
    'scripts/make-wxr.mjs',
    '--posts',
    String(POSTS),
    '--kb',
    values.kb!,
    '--site',
    'http://localhost',
    '--out',
    file,
  ]);
}
const size = (await fs.stat(file)).size;
const config = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  ADMIN_PASSWORD: 'bench-secret',
  LOG_LEVEL: 'silent',
  IMPORT_DOWNLOAD_MS: '200',
  ...(values.database ? { DATABASE_URL: values.database } : {}),
});
const { db, services } = await boot(config, { log: pino({ level: 'silent' }) as never });
global.gc?.();
const idle = process.memoryUsage().rss;
let peak = idle;
// The peak of each phase too (the phase the watcher below saw last): where the memory goes.
let phaseNow = 'analysis';
const phasePeaks: Record<string, number> = {};
const sampler = setInterval(() => {
  const rss = process.memoryUsage().rss;
  peak = Math.max(peak, rss);
  phasePeaks[phaseNow] = Math.max(phasePeaks[phaseNow] ?? 0, +((rss - idle) / 1024 ** 2).toFixed(0));
}, 50);

const owner = await db.selectFrom('users').select(['id', 'name']).where('role', '=', 'owner').executeTakeFirstOrThrow();
const actor = { id: owner.id, name: owner.name };
async function* parts() {
  yield { field: 'file' as const, fileName: 'big.xml', stream: createReadStream(file) };
}
let started = performance.now();
const analysed = await services.imports.upload(parts(), actor);
const analysisMs = performance.now() - started;
started = performance.now();
await services.imports.start(analysed._id, { authors: [], clash: 'skip', subscribersOptedIn: false }, actor);
// When each phase began (seconds from the start): where the time goes.
const phases: Record<string, number> = {};
const watcher = setInterval(() => {
  void services.imports.get(analysed._id).then((state) => {
    phases[state.phase] ??= +((performance.now() - started) / 1000).toFixed(1);
    // A reading still under way when the import ended must not take the sweep's name back.
    if (phaseNow !== 'readNextSweep') phaseNow = state.phase;
  });
}, 100);
for (;;) {
  await services.importRunner.kick();
  const state = await services.imports.get(analysed._id);
  if (state.status === 'done' || state.status === 'failed') break;
}
const importMs = performance.now() - started;
clearInterval(watcher);
const done = await services.imports.get(analysed._id);
// Read next's sweep of every list follows the import in the background: timed on its own, its memory in
// the peak all the same (it is the import's doing), and the export timed after it.
phaseNow = 'readNextSweep';
const sweepStarted = performance.now();
await services.blog.settleSweep();
const sweepMs = performance.now() - sweepStarted;
clearInterval(sampler);
// The other figure: the whole imported site exported (the ZIP of everything, then the WXR file).
const exportSeconds: Record<string, number> = {};
for (const [name, make] of [
  ['zip', () => services.siteExport.siteZip(actor)],
  ['wxr', () => services.siteExport.wxr(actor)],
] as const) {
  const began = performance.now();
  let bytes = 0;
  for await (const chunk of await make()) bytes += (chunk as Buffer).length;
  exportSeconds[`${name}Seconds`] = +((performance.now() - began) / 1000).toFixed(1);
  exportSeconds[`${name}MB`] = +(bytes / 1024 ** 2).toFixed(0);
}
const made = await db
  .selectFrom('blog_posts')
  .select((eb) => eb.fn.countAll().as('n'))
  .executeTakeFirstOrThrow();
console.log(
  JSON.stringify(
    {
      database: config.database.kind,
      posts: POSTS,
      fileMB: +(size / 1024 ** 2).toFixed(1),
      status: done.status,
      outcomes: done.outcomes,
      postsInSite: Number(made.n),
      analysisSeconds: +(analysisMs / 1000).toFixed(1),
      importSeconds: +(importMs / 1000).toFixed(1),
      phasesStartedAtSeconds: phases,
      postsPerSecond: +(POSTS / (importMs / 1000)).toFixed(1),
      readNextSweepSeconds: +(sweepMs / 1000).toFixed(1),
      export: exportSeconds,
      idleRssMB: +(idle / 1024 ** 2).toFixed(0),
      peakAboveIdleMB: +((peak - idle) / 1024 ** 2).toFixed(0),
      peakAboveIdleByPhaseMB: phasePeaks,
    },
    null,
    2,
  ),
);
await services.importRunner.stop();
await services.jobs.stop();
await services.mailWorker.stop();
// What server/app.ts closes with the server: PostgreSQL's LISTEN connection would keep the process alive.
await services.siteMeta.contentVersion.stop();
await services.redirects.stop();
await db.destroy();
await fs.rm(dataDir, { recursive: true, force: true });
