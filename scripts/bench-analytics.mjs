// `npm run bench:analytics [-- --database postgres://postgres@127.0.0.1:5432/bench_analytics]`: the
// cookieless analytics (docs/decisions/0040-analytics.md) on the production build, on SQLite (a fresh data
// folder) or on PostgreSQL (the database named in --database is made here, and dropped at the end unless
// --keep). Three parts:
// 1. Ingest: events a second one process accepts at POST /api/seen (wrk, one address per request through
//    X-Forwarded-For with TRUST_PROXY=true, so the 60 a minute per address cap never bites), and that every
//    answered event is written (rows of analytics_events after a flush). Median of --rounds rounds.
// 2. Dashboard: --events raw events over --days days (a few hundred pages, thousands of referrers and
//    campaigns, about 30,000 visitors a day) inserted in bulk, every day summarised with the repository's
//    summarizeDay (scripts/bench-analytics-summarize.ts), then p50 and p99 over --runs requests, one at a
//    time, of the dashboard at 7, 30 and 90 days, every CSV export of 90 days and a post's figures (and the
//    first request of each, before anything is held: server/modules/analytics/range-sums.ts); with the
//    query plans of the heaviest reads.
// 3. Cache path: the cached blog post with counting on and off (wrk, interleaved rounds; counting must not
//    touch it), and Debian's nginx serving the same bytes.
// Prints a table and writes bench-results/analytics-<database>-<time>.json. Needs `npm run build` first.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import pg from 'pg';
import { median, rawGet, startNginx, wrk } from './bench-http.mjs';
import { serveTemp } from './serve-temp.mjs';

const { values } = parseArgs({
  options: {
    database: { type: 'string' },
    events: { type: 'string', default: '3000000' },
    days: { type: 'string', default: '90' },
    posts: { type: 'string', default: '300' },
    runs: { type: 'string', default: '100' },
    rounds: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    only: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const EVENTS = Number(values.events);
const DAYS = Number(values.days);
const POSTS = Number(values.posts);
const RUNS = Number(values.runs);
const ROUNDS = Number(values.rounds);
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const FLUSH_MS = 2000;
const PASSWORD = 'bench-secret';
const parts = values.only ? values.only.split(',') : ['ingest', 'dashboard', 'cache'];
const kind = values.database ? 'postgres' : 'sqlite';
const command = `npm run bench:analytics${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;

// ----------------------------------------------------------------------------------------- helpers

/** A fixed sequence of pseudo-random numbers (mulberry32), so every run seeds the same rows. */
function randomFrom(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = randomFrom(28);
/** Picks one of `items`, the i-th with a weight of 1/(i+1) (Zipf: a few popular, a long tail). */
function zipf(items) {
  const cumulative = [];
  let sum = 0;
  for (let i = 0; i < items.length; i++) cumulative.push((sum += 1 / (i + 1)));
  return () => {
    const r = random() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < r) lo = mid + 1;
      else hi = mid;
    }
    return items[lo];
  };
}
const pick = (items) => items[Math.floor(random() * items.length)];
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const dayOf = (ms) => new Date(ms).toISOString().slice(0, 10);
const addDays = (day, n) => dayOf(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000);

/** The site's database, beside the server: SQLite (WAL, so the server keeps working) or PostgreSQL. */
async function openStore(dataDir, url) {
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return {
      query: async (text, params = []) => {
        let n = 0;
        return (
          await client.query(
            text.replace(/\?/g, () => `$${++n}`),
            params,
          )
        ).rows;
      },
      close: () => client.end(),
    };
  }
  const db = new Database(path.join(dataDir, 'site.db'));
  db.pragma('busy_timeout = 30000');
  return {
    query: async (text, params = []) => {
      const statement = db.prepare(text);
      return statement.reader ? statement.all(...params) : (statement.run(...params), []);
    },
    raw: db,
    close: () => db.close(),
  };
}

/** CPU seconds a process has used (user + system, from /proc): what an event costs, whatever else runs. */
function cpuSeconds(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function api(base, token, method, url, body) {
  const res = await fetch(base + url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body && JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()).data;
}

// ------------------------------------------------------------------------------------------ ingest

const BROWSERS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
];

/** wrk's Lua: each request a beacon from an address of its own (10.x.y.z from a counter), a view or a read. */
function ingestScript(paths) {
  return `local paths = {${paths.map((p) => JSON.stringify(p)).join(',')}}
local browsers = {${BROWSERS.map((b) => JSON.stringify(b)).join(',')}}
local referrers = {"https://www.google.com/", "https://news.ycombinator.com/item?id=1", "", "https://t.co/x"}
local n = 0
local offset = 0
function init(args) offset = tonumber(args[1]) or 0 end
request = function()
  n = n + 1
  local a = offset + n
  local ip = string.format("10.%d.%d.%d", math.floor(a / 65536) % 256, math.floor(a / 256) % 256, a % 256)
  local kind = (n % 5 == 0) and "read" or "view"
  local body = '{"k":"' .. kind .. '","p":"' .. paths[(n % #paths) + 1] .. '","r":"' .. referrers[(n % #referrers) + 1] .. '"}'
  return wrk.format("POST", "/api/seen", {["Content-Type"] = "text/plain", ["X-Forwarded-For"] = ip, ["User-Agent"] = browsers[(n % #browsers) + 1]}, body)
end
`;
}

async function ingest(server, store, paths, dir) {
  const script = path.join(dir, 'seen.lua');
  fs.writeFileSync(script, ingestScript(paths));
  const count = async () => Number((await store.query('select count(*) as n from analytics_events'))[0].n);
  // Untimed: the day's salt is made and the code paths warmed.
  await wrk(`${server.url}/api/seen`, { connections: CONNECTIONS, seconds: 2, script, args: [0] });
  await sleep(FLUSH_MS * 2 + 500);
  const rounds = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const before = await count();
    const cpuBefore = cpuSeconds(server.pid);
    // A million addresses a round: none is used twice in a round, none more than ROUNDS times in a minute.
    const r = await wrk(`${server.url}/api/seen`, {
      connections: CONNECTIONS,
      seconds: SECONDS,
      script,
      args: [round * 1_048_576],
    });
    // Written every FLUSH_MS: wait for two flushes.
    await sleep(FLUSH_MS * 2 + 1000);
    const written = (await count()) - before;
    // The server's CPU for the round, its writes included (SQLite writes in the process; PostgreSQL's own
    // work is not in it): events a second one fully used core would take, however busy the machine is.
    const cpu = cpuSeconds(server.pid) - cpuBefore;
    const perCore = written / cpu;
    // Answered requests are all written; the few in flight when wrk stopped may be written without wrk counting them.
    const complete = r.non2xx === 0 && written >= r.requests && written <= r.requests + CONNECTIONS;
    rounds.push({
      rps: r.rps,
      requests: r.requests,
      written,
      complete,
      cpu,
      perCore,
      p50: r.p50,
      p99: r.p99,
      non2xx: r.non2xx,
      errors: r.errors,
    });
    console.log(
      `  ingest round ${round}: ${fmt(r.rps, 0)} events/s, ${r.requests} answered, ${written} written${complete ? '' : '  ← NOT ALL WRITTEN'}, ${fmt(cpu)} CPU s (${fmt(perCore, 0)} events per CPU second), p50 ${fmt(r.p50, 2)} ms, p99 ${fmt(r.p99, 2)} ms${r.non2xx ? `, non-2xx ${r.non2xx}` : ''}${r.errors ? `, ${r.errors}` : ''}`,
    );
  }
  return {
    rounds,
    medianRps: median(rounds.map((r) => r.rps)),
    medianPerCore: median(rounds.map((r) => r.perCore)),
    allWritten: rounds.every((r) => r.complete),
  };
}

// --------------------------------------------------------------------------------------- dashboard

const COLUMNS = [
  'at',
  'day',
  'kind',
  'visitor',
  'path',
  'post_id',
  'referrer',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'device',
  'browser',
  'country',
  'detail',
];

/** EVENTS events over DAYS days ending today, inserted in bulk; answers the most read post's id. */
async function seedEvents(store, posts, today) {
  const others = ['/', '/blogs', '/about', '/contact', '/search', '/careers', '/imprint', '/privacy'];
  for (let i = 0; i < 60; i++) others.push(`/blogs/category-${i}`, `/tags/tag-${i}`);
  // Posts first in the Zipf order: a few posts get most of the views.
  const pages = [
    ...posts.map((p) => ({ path: p.path, postId: p.id })),
    ...others.map((p) => ({ path: p, postId: null })),
  ];
  const pageOf = zipf(pages.sort(() => random() - 0.5));
  const referrerOf = zipf(Array.from({ length: 3000 }, (_, i) => `site-${i}.example.com`));
  const sourceOf = zipf(Array.from({ length: 40 }, (_, i) => `source-${i}`));
  const mediumOf = zipf(['email', 'social', 'cpc', 'newsletter', 'referral', 'display', 'affiliate', 'video']);
  const campaignOf = zipf(Array.from({ length: 1000 }, (_, i) => `Campaign ${i}`));
  const wordsOf = zipf(Array.from({ length: 2000 }, (_, i) => `search words ${i}`));
  const devices = ['desktop', 'desktop', 'mobile', 'mobile', 'mobile', 'tablet'];
  const browsers = zipf(['Chrome', 'Safari', 'Firefox', 'Edge', 'Samsung Internet', 'Opera', 'Brave', 'Other']);
  const countries = zipf(Array.from({ length: 60 }, (_, i) => String.fromCharCode(65 + (i % 26), 65 + ((i * 7) % 26))));
  const perDay = Math.ceil(EVENTS / DAYS);
  // About 30,000 distinct visitors a day: drawn from 200,000, most seen once.
  const VISITOR_POOL = 200_000;
  const firstDay = addDays(today, -(DAYS - 1));
  const started = Date.now();
  let total = 0;
  const batch = [];
  const flush = async () => {
    if (!batch.length) return;
    if (store.raw) {
      const insert = store.raw.prepare(
        `insert into analytics_events (${COLUMNS.join(', ')}) values (${COLUMNS.map(() => '?').join(', ')})`,
      );
      store.raw.transaction((rows) => {
        for (const row of rows) insert.run(row);
      })(batch);
    } else {
      const arrays = COLUMNS.map((_, c) => batch.map((row) => row[c]));
      await store.query(
        `insert into analytics_events (${COLUMNS.join(', ')}) select * from unnest(${COLUMNS.map(() => '?::text[]').join(', ')})`,
        arrays,
      );
    }
    batch.length = 0;
  };
  for (let d = 0; d < DAYS; d++) {
    const day = addDays(firstDay, d);
    const dayStart = Date.parse(`${day}T00:00:00Z`);
    // Today's events are all in the past (the dashboard's "now" reads the last 30 minutes).
    const span = Math.min(86_400_000, Date.now() - dayStart);
    for (let i = 0; i < perDay && total < EVENTS; i++, total++) {
      const page = pageOf();
      const visitor = (d * VISITOR_POOL + Math.floor(random() * VISITOR_POOL)).toString(16).padStart(16, '0');
      const at = new Date(dayStart + Math.floor(random() * span)).toISOString();
      const r = random();
      const device = pick(devices);
      const browser = browsers();
      const country = random() < 0.1 ? null : countries();
      if (r < 0.03) {
        const words = wordsOf();
        const empty = random() < 0.2;
        batch.push([
          at,
          day,
          empty ? 'search-empty' : 'search',
          visitor,
          '/search',
          null,
          null,
          null,
          null,
          null,
          'other',
          'Other',
          null,
          words,
        ]);
      } else if (r < 0.15 && page.postId) {
        batch.push([
          at,
          day,
          'read',
          visitor,
          page.path,
          page.postId,
          null,
          null,
          null,
          null,
          device,
          browser,
          country,
          null,
        ]);
      } else {
        const utm = random() < 0.15;
        batch.push([
          at,
          day,
          'view',
          visitor,
          page.path,
          page.postId,
          random() < 0.4 ? null : referrerOf(),
          utm ? sourceOf() : null,
          utm ? mediumOf() : null,
          utm ? campaignOf() : null,
          device,
          browser,
          country,
          null,
        ]);
      }
      if (batch.length >= 10_000) await flush();
    }
  }
  await flush();
  // Goals: confirmed subscriptions (some from posts) and contact messages, a dozen a day.
  const goals = [];
  for (let d = 0; d < DAYS; d++) {
    const day = addDays(firstDay, d);
    for (let i = 0; i < 12; i++) {
      const page = pageOf();
      const at = `${day}T12:00:00.000Z`;
      const subscription = i < 9;
      goals.push([
        `bench-goal-${d}-${i}`,
        subscription ? 'subscription' : 'contact',
        subscription ? `bench-subscriber-${d}-${i}` : null,
        page.path,
        page.postId,
        random() < 0.4 ? null : referrerOf(),
        at,
        at,
        day,
      ]);
    }
  }
  for (const goal of goals) {
    await store.query(
      'insert into analytics_goals (id, kind, subject_id, path, post_id, referrer, created_at, done_at, done_day) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      goal,
    );
  }
  return { firstDay, seconds: (Date.now() - started) / 1000, topPost: pages.find((p) => p.postId).postId };
}

function summarizeAll(env, from, to) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-analytics-summarize.ts'], {
    env: { ...process.env, ...env, BENCH_FROM: from, BENCH_TO: to, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`summarising failed:\n${run.stderr}`);
  const { ms } = JSON.parse(run.stdout.trim().split('\n').at(-1));
  const sorted = [...ms].sort((a, b) => a - b);
  return {
    days: ms.length,
    totalS: ms.reduce((a, b) => a + b, 0) / 1000,
    p50: percentile(sorted, 0.5),
    max: sorted.at(-1),
  };
}

/**
 * p50 and p99 of one request, RUNS times one after another (after 10 untimed), and the first of all: the
 * read that finds nothing held yet (server/modules/analytics/range-sums.ts), as the first of each day is.
 */
async function timeRequest(base, token, url) {
  const once = async () => {
    const started = performance.now();
    const res = await fetch(base + url, {
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' },
    });
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${Buffer.from(body).toString().slice(0, 200)}`);
    return { ms: performance.now() - started, bytes: body.byteLength };
  };
  const first = (await once()).ms;
  for (let i = 1; i < 10; i++) await once();
  const samples = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const r = await once();
    samples.push(r.ms);
    bytes = r.bytes;
  }
  samples.sort((a, b) => a - b);
  return { first, p50: percentile(samples, 0.5), p99: percentile(samples, 0.99), bytes };
}

async function plans(store, from, to, postId) {
  const queries = {
    'referrers of 90 days (topValues)': [
      `select value, sum(visitors) as visitors, sum(views) as views from analytics_daily where dimension = ? and day >= ? and day <= ? group by value order by sum(visitors) desc, sum(views) desc, value limit 10`,
      ['referrer', from, to],
    ],
    'a post, all time (topValues … among)': [
      `select value, sum(visitors) as visitors, sum(views) as views from analytics_daily where dimension = ? and day >= ? and day <= ? and value in (?) group by value order by sum(visitors) desc, sum(views) desc, value`,
      ['post', '0000-01-01', to, postId],
    ],
    'now (visitors of 30 minutes)': [
      `select count(distinct visitor) as n from analytics_events where at >= ?`,
      [new Date(Date.now() - 30 * 60_000).toISOString()],
    ],
  };
  const out = {};
  for (const [name, [text, params]] of Object.entries(queries)) {
    const rows = await store.query(`${kind === 'sqlite' ? 'explain query plan' : 'explain'} ${text}`, params);
    out[name] = rows.map((r) => r.detail ?? r['QUERY PLAN']);
    console.log(`  plan of ${name}:\n    ${out[name].join('\n    ')}`);
  }
  return out;
}

async function dashboard(server, store, token, posts, env) {
  const today = dayOf(Date.now());
  console.log(`  seeding ${EVENTS} events over ${DAYS} days …`);
  const seeded = await seedEvents(store, posts, today);
  console.log(`  seeded in ${fmt(seeded.seconds)} s; summarising every day …`);
  if (kind === 'postgres') await store.query('vacuum analyze analytics_events');
  const summaries = summarizeAll(env, seeded.firstDay, today);
  if (kind === 'postgres') await store.query('vacuum analyze analytics_daily');
  else await store.query('analyze');
  const [{ n: dailyRows }] = await store.query('select count(*) as n from analytics_daily');
  console.log(
    `  ${summaries.days} days summarised in ${fmt(summaries.totalS)} s (a day: p50 ${fmt(summaries.p50, 0)} ms, max ${fmt(summaries.max, 0)} ms), ${dailyRows} summary rows`,
  );
  const range = (days) => `from=${addDays(today, -(days - 1))}&to=${today}`;
  const cases = [
    ['dashboard, 7 days', `/api/admin/analytics?${range(7)}`],
    ['dashboard, 30 days', `/api/admin/analytics?${range(30)}`],
    ['dashboard, 90 days', `/api/admin/analytics?${range(90)}`],
    ['post figures (most viewed post)', `/api/admin/analytics/posts/${seeded.topPost}`],
    ...[
      'pages',
      'entries',
      'referrers',
      'sources',
      'mediums',
      'campaigns',
      'devices',
      'browsers',
      'countries',
      'searches',
      'emptySearches',
      'subscriptionPages',
      'subscriptionReferrers',
      'contactPages',
      'contactReferrers',
      'posts',
      'days',
    ].map((table) => [`CSV ${table}, 90 days`, `/api/admin/analytics/export.csv?table=${table}&${range(90)}`]),
  ];
  const timings = {};
  console.log(
    `  ${'request'.padEnd(36)} ${'first ms'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'bytes'.padStart(9)}`,
  );
  for (const [name, url] of cases) {
    const r = await timeRequest(server.url, token, url);
    timings[name] = r;
    console.log(
      `  ${name.padEnd(36)} ${fmt(r.first, 1).padStart(9)} ${fmt(r.p50, 1).padStart(8)} ${fmt(r.p99, 1).padStart(8)} ${String(r.bytes).padStart(9)}${r.p99 > 50 ? '  ← over 50 ms' : ''}`,
    );
  }
  return {
    events: EVENTS,
    days: DAYS,
    seedSeconds: seeded.seconds,
    summaries,
    dailyRows: Number(dailyRows),
    timings,
    plans: await plans(store, addDays(today, -89), today, seeded.topPost),
  };
}

// ------------------------------------------------------------------------------------------- cache

async function cachePath(server, token, postUrl, dir) {
  const setCounting = (counting) =>
    api(server.url, token, 'POST', '/api/admin/analytics/settings', { counting, honourGpc: false, retentionMonths: 0 });
  /** A save bumps the content version: the post is rendered once more, then served from the cache. */
  const warm = async () => {
    let last = null;
    for (let i = 0; i < 20; i++) {
      const r = await rawGet(postUrl);
      if (r.status !== 200) throw new Error(`${postUrl}: ${r.status}`);
      if (last && r.body.equals(last.body)) return r;
      last = r;
    }
    throw new Error('the post is not served from the cache');
  };
  const product = await warm();
  const identity = Buffer.from(await (await fetch(postUrl)).arrayBuffer());
  const nginx = await startNginx(dir, { identity, gzip: product.body });
  try {
    const rounds = { on: [], off: [], nginx: [] };
    const run = async (name, url) => {
      const r = await wrk(url, { connections: 50, seconds: 5, headers: ['Accept-Encoding: gzip'] });
      rounds[name].push(r.rps);
      console.log(
        `  cache ${name.padEnd(5)} ${fmt(r.rps, 0).padStart(7)} req/s  p50 ${fmt(r.p50, 2)} ms  p99 ${fmt(r.p99, 2)} ms${r.non2xx ? `  non-2xx ${r.non2xx}` : ''}`,
      );
    };
    for (let round = 0; round < ROUNDS; round++) {
      // Interleaved, and each round in the other order, so a slow moment hurts both alike.
      for (const mode of round % 2 ? ['off', 'on'] : ['on', 'off']) {
        await setCounting(mode === 'on');
        await warm();
        await run(mode, postUrl);
      }
      await run('nginx', nginx.url);
    }
    await setCounting(true);
    const on = median(rounds.on);
    const off = median(rounds.off);
    return { bytes: product.body.length, rounds, on, off, ratio: on / off, nginx: median(rounds.nginx) };
  } finally {
    nginx.stop();
  }
}

// -------------------------------------------------------------------------------------------- main

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-analytics-'));
const dataDir = path.join(dir, 'data');
fs.mkdirSync(dataDir);
let databaseUrl;
let adminUrl;
let dbName;
if (values.database) {
  const url = new URL(values.database);
  dbName = url.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(dbName))
    throw new Error(`--database: name the database in letters, digits and _ (${dbName})`);
  url.pathname = '/postgres';
  adminUrl = url.toString();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  databaseUrl = values.database;
}
const env = {
  DATA_DIR: dataDir,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  TRUST_PROXY: 'true',
  RATE_LIMIT_MULTIPLIER: '10000',
  ANALYTICS_FLUSH_MS: String(FLUSH_MS),
  // The benchmark makes the summaries itself: the job's hourly runs stay out of the timings.
  ANALYTICS_SUMMARY_MS: '3600000',
};
const server = await serveTemp(env);
const store = await openStore(dataDir, databaseUrl);
// Other work on the machine skews every figure: the load average before and after is kept with them.
const result = {
  database: kind,
  command,
  cpus: os.cpus().length,
  at: new Date().toISOString(),
  loadBefore: os.loadavg(),
};
try {
  const { token } = await api(server.url, null, 'POST', '/api/auth/login-user', {
    email: 'admin@example.com',
    password: PASSWORD,
  });
  const content = '<p>' + 'A paragraph of a typical post about delivering software. '.repeat(40) + '</p>';
  process.stdout.write(`${kind}: creating ${POSTS} posts `);
  const posts = [];
  for (let i = 0; i < POSTS; i++) {
    const post = await api(server.url, token, 'POST', '/api/blogs/add', {
      title: `Analytics post ${i}`,
      excerpt: `What post ${i} is about`,
      blogCategory: null,
      content,
      featureImage: '',
      sendNewsletter: false,
    });
    posts.push({ id: post._id, path: post.url });
    if (i % 50 === 0) process.stdout.write('.');
  }
  process.stdout.write('\n');
  // Settle the job runs made at start (retention, summaries) before measuring.
  await sleep(2000);

  if (parts.includes('ingest')) {
    result.ingest = await ingest(
      server,
      store,
      posts.slice(0, 100).map((p) => p.path),
      dir,
    );
    // The benchmark's own events are no part of the dashboard's data.
    await store.query('delete from analytics_events');
    await store.query('delete from analytics_daily');
  }
  if (parts.includes('dashboard')) result.dashboard = await dashboard(server, store, token, posts, env);
  if (parts.includes('cache')) result.cache = await cachePath(server, token, server.url + posts[0].path, dir);

  result.loadAfter = os.loadavg();
  console.log(
    `\n${command}\n${kind}, production build, ${result.cpus} cores, load average ${fmt(result.loadBefore[0])} before, ${fmt(result.loadAfter[0])} after\n`,
  );
  const rows = {};
  if (result.ingest) {
    rows['ingest POST /api/seen (events/s, median)'] = {
      figure: Math.round(result.ingest.medianRps),
      target: '≥ 5000',
      met: result.ingest.medianRps >= 5000 && result.ingest.allWritten ? 'yes' : 'NO',
      note: result.ingest.allWritten ? 'every answered event written' : 'events missing',
    };
    rows['ingest, events per CPU second of the server'] = {
      figure: Math.round(result.ingest.medianPerCore),
      target: '≥ 5000',
      met: result.ingest.medianPerCore >= 5000 ? 'yes' : 'NO',
      note: 'one fully used core',
    };
  }
  if (result.dashboard) {
    for (const [name, r] of Object.entries(result.dashboard.timings)) {
      rows[name] = {
        figure: `p50 ${fmt(r.p50)} / p99 ${fmt(r.p99)} ms`,
        target: 'p99 < 50 ms',
        met: r.p99 < 50 ? 'yes' : 'NO',
        note: `first read ${fmt(r.first)} ms, ${r.bytes} bytes`,
      };
    }
  }
  if (result.cache) {
    rows['cached post, counting on / off'] = {
      figure: `${Math.round(result.cache.on)} / ${Math.round(result.cache.off)} req/s`,
      target: 'within 5 %',
      met: Math.abs(1 - result.cache.ratio) <= 0.05 ? 'yes' : 'NO',
      note: `ratio ${fmt(result.cache.ratio, 3)}`,
    };
    rows['nginx, same bytes'] = {
      figure: `${Math.round(result.cache.nginx)} req/s`,
      target: '',
      met: '',
      note: `product ${fmt((result.cache.on / result.cache.nginx) * 100, 0)} % of nginx`,
    };
  }
  console.table(rows);
  fs.mkdirSync('bench-results', { recursive: true });
  const file = path.join('bench-results', `analytics-${kind}-${result.at.replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify(result, null, 2));
  console.log(`written to ${file}`);
} finally {
  await store.close();
  await server.stop();
  if (values.keep) console.log(`kept for a look: ${databaseUrl ?? dataDir}`);
  else {
    fs.rmSync(dir, { recursive: true, force: true });
    if (dbName) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  }
}
