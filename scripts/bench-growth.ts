// `npm run bench:growth [-- --posts 10000 --subscribers 100000 --runs 200]`: seeds a big site on SQLite and
// on PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres, where it makes
// and drops a database of its own), then times the lists that grow on the production build with the page
// cache off (every answer is rendered), one request at a time, and prints p50 and p99 and the query plans.
// Needs `npm run build` first. A benchmark, not a test. See docs/decisions/0013-growth.md.
// Posts hold about 800 words drawn from a vocabulary with a Zipf-like spread (common and rare words), so
// search is timed on common, rare, prefix and missing words, beside LIKE '%word%' on the same rows, with
// the time to build the index of every post and what the index adds to a post's save
// (docs/decisions/0023-search.md). --words sets the words per post; --keep leaves the databases for a look.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import pino from 'pino';
import { sql } from 'kysely';
import type { ServerBuild } from 'react-router';
import { buildApp } from '#server/app.ts';
import { boot } from '#server/boot.ts';
import { loadConfig, type Config } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { encodeCursor } from '#server/lib/cursor.ts';
import { publicPositionAt } from '#server/modules/blog/addresses-repository.ts';
import { queryWords } from '#server/modules/blog/search-query.ts';

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '10000' },
    subscribers: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '200' },
    words: { type: 'string', default: '800' },
    only: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const POSTS = Number(values.posts);
const SUBSCRIBERS = Number(values.subscribers);
const RUNS = Number(values.runs);
const PASSWORD = 'bench-secret';
const build = (await import(path.resolve('build/server/index.js')).catch(() => {
  console.error('Run `npm run build` first: the benchmark serves the production build.');
  process.exit(1);
})) as ServerBuild;

const iso = (ms: number) => new Date(Date.UTC(2020, 0, 1) + ms).toISOString();
const WORDS = Number(values.words);

/** A fixed sequence of pseudo-random numbers (mulberry32), so every run seeds the same text. */
function randomFrom(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = randomFrom(42);
const SYLLABLES = ['ka', 'lo', 'mi', 'ter', 'san', 'vel', 'dor', 'pri', 'cu', 'nes', 'ra', 'tho', 'bel', 'fin', 'gu'];
/** 5,000 words; the i-th is drawn with a weight of 1/(i+1), as words of real text are. */
const VOCABULARY = Array.from({ length: 5000 }, (_, i) => {
  let word = '';
  for (let n = i + 1; n > 0; n = Math.floor(n / SYLLABLES.length)) word += SYLLABLES[n % SYLLABLES.length];
  return word;
});
const WEIGHTS = VOCABULARY.map((_, i) => 1 / (i + 1));
const TOTAL_WEIGHT = WEIGHTS.reduce((a, b) => a + b, 0);
const CUMULATIVE: number[] = [];
for (let i = 0, sum = 0; i < WEIGHTS.length; i++) CUMULATIVE.push((sum += WEIGHTS[i]! / TOTAL_WEIGHT));
function drawWord(): string {
  const r = random();
  let lo = 0;
  let hi = CUMULATIVE.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (CUMULATIVE[mid]! < r) lo = mid + 1;
    else hi = mid;
  }
  return VOCABULARY[lo]!;
}
/** About WORDS words in paragraphs of 80; one post in 100 speaks of prices, one in 200 of a café. */
function contentOf(n: number): string {
  const paragraphs: string[] = [];
  for (let p = 0; p < WORDS / 80; p++) {
    const words = Array.from({ length: 80 }, drawWord);
    if (p === 0 && n % 100 === 7) words.splice(10, 0, 'our', 'pricing', 'and', 'prices');
    if (p === 1 && n % 200 === 11) words.splice(5, 0, 'the', 'Café');
    paragraphs.push(`<p>${words.join(' ')}.</p>`);
  }
  return paragraphs.join('');
}

/** Fast bulk inserts: multi-row INSERTs of 500 rows in one transaction. */
async function seed(db: Db) {
  const started = Date.now();
  const category = await db.selectFrom('blog_categories').select(['id']).executeTakeFirstOrThrow();
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < POSTS; i += 500) {
      const rows = Array.from({ length: Math.min(500, POSTS - i) }, (_, j) => {
        const n = i + j;
        return {
          id: `bench-post-${String(n).padStart(7, '0')}`,
          title: `Bench post ${n} ${drawWord()} ${drawWord()}`,
          excerpt: `Excerpt of bench post ${n}: ${Array.from({ length: 12 }, drawWord).join(' ')}`,
          content: contentOf(n),
          feature_image: '',
          category_id: n % 3 === 0 ? null : category.id,
          slug: `Bench-post-${n}`,
          status: 'published' as const,
          publish_at: null,
          published_at: iso(n * 60_000),
          custom_slug: '',
          meta_title: '',
          meta_description: '',
          social_image: '',
          newsletter: 0,
          created_at: iso(n * 60_000),
          updated_at: iso(n * 60_000),
        };
      });
      await trx.insertInto('blog_posts').values(rows).execute();
    }
    for (let i = 0; i < SUBSCRIBERS; i += 1000) {
      const rows = Array.from({ length: Math.min(1000, SUBSCRIBERS - i) }, (_, j) => {
        const n = i + j;
        return {
          id: `bench-sub-${String(n).padStart(8, '0')}`,
          email: `reader${n}@example.com`,
          status: 'confirmed' as const,
          blog_id: null,
          created_at: iso(n * 1000),
          updated_at: iso(n * 1000),
          confirmed_at: iso(n * 1000),
          unsubscribed_at: null,
          consent_source: null,
        };
      });
      await trx.insertInto('subscribers').values(rows).execute();
    }
  });
  return Date.now() - started;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

/** `before`: runs untimed before each request (the sitemap cases bump the content version: uncached). */
async function time(base: string, url: string, headers: Record<string, string>, before?: () => Promise<unknown>) {
  const once = async () => {
    await before?.();
    const started = performance.now();
    // Uncompressed: with the page cache off, the renderer would otherwise brotli-compress every answer
    // (a cached page is compressed once per content version).
    const res = await fetch(base + url, { headers: { ...headers, 'accept-encoding': 'identity' } });
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${Buffer.from(body).toString().slice(0, 200)}`);
    return { ms: performance.now() - started, bytes: body.byteLength };
  };
  for (let i = 0; i < 10; i++) await once();
  const samples: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const r = await once();
    samples.push(r.ms);
    bytes = r.bytes;
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 0.5), p99: percentile(samples, 0.99), bytes };
}

async function plans(db: Db, kind: 'sqlite' | 'postgres', cursor: { key: string; id: string }) {
  const queries = {
    'blog keyset page': sql`select id from blog_posts where status = 'published' and deleted_at is null and (published_at, id) < (${cursor.key}, ${cursor.id}) order by published_at desc, id desc limit 11`,
    'blog numbered page ids': sql`select id from blog_posts where status = 'published' and deleted_at is null order by published_at desc, id desc limit 10 offset 10`,
    'sitemap file read': sql`select slug, updated_at, category_id from blog_posts where status = 'published' and deleted_at is null and (published_at, id) < (${cursor.key}, ${cursor.id}) order by published_at desc, id desc limit 50000`,
    'subscriber keyset page': sql`select id from subscribers where (created_at, id) < (${iso(5_000_000)}, ${'x'}) order by created_at desc, id desc limit 51`,
    'expired sessions': sql`delete from sessions where expires_at < ${iso(0)} or revoked_at < ${iso(0)}`,
  };
  for (const [name, query] of Object.entries(queries)) {
    const explain = kind === 'sqlite' ? sql`explain query plan ${query}` : sql`explain ${query}`;
    const { rows } = await explain.execute(db);
    const text = rows.map(
      (r) => (r as Record<string, unknown>)['detail'] ?? (r as Record<string, unknown>)['QUERY PLAN'],
    );
    console.log(`  plan of ${name}: ${text.join(' | ')}`);
  }
}

/** Times `work` RUNS times (after 10 untimed), in ms. */
async function timeWork(work: () => Promise<unknown>) {
  for (let i = 0; i < 10; i++) await work();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 0.5), p99: percentile(samples, 0.99) };
}

/** LIKE '%word%' over the same columns, as a search without an index would read them: a page and its count. */
async function likeSearch(db: Db, word: string) {
  const pattern = `%${word}%`;
  const where = sql`status = 'published' AND deleted_at IS NULL AND (title LIKE ${pattern} OR excerpt LIKE ${pattern} OR content LIKE ${pattern})`;
  await sql`SELECT id FROM blog_posts WHERE ${where} ORDER BY published_at DESC LIMIT 10`.execute(db);
  await sql`SELECT count(*) AS n FROM blog_posts WHERE ${where}`.execute(db);
}

/** Search: the index build, p50/p99 of the service (uncached: nothing keeps answers) and of the API and page, LIKE beside it, and a save's share. */
async function searchFigures(
  db: Db,
  services: Awaited<ReturnType<typeof boot>>['services'],
  address: string,
  indexMs: number,
) {
  const common = VOCABULARY[0]!;
  const middling = VOCABULARY[40]!;
  const rare = VOCABULARY[4000]!;
  console.log(`  search index built for every post in ${indexMs} ms`);
  const queries: Array<[string, string]> = [
    [`common word (${common}, in nearly every post)`, common],
    [`middling word (${middling})`, middling],
    [`rare word (${rare})`, rare],
    ['stemmed word (pricing, 1 post in 100)', 'pricing'],
    ['accent folded (cafe, 1 post in 200)', 'cafe'],
    [`prefix while typing (${common.slice(0, 3)})`, common.slice(0, 3)],
    [`two words (${middling} ${rare})`, `${middling} ${rare}`],
    ['no match, with suggestions (zzqx)', 'zzqx'],
  ];
  console.log(
    `  ${'search of'.padEnd(56)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'LIKE p50'.padStart(9)} ${'LIKE p99'.padStart(9)}`,
  );
  for (const [name, q] of queries) {
    const indexed = await timeWork(() => services.blog.searchPublic(q, { page: 1, limit: 10 }));
    const like = await timeWork(() => likeSearch(db, queryWords(q)[0]!));
    console.log(
      `  ${name.padEnd(56)} ${indexed.p50.toFixed(1).padStart(8)} ${indexed.p99.toFixed(1).padStart(8)} ${like.p50.toFixed(1).padStart(9)} ${like.p99.toFixed(1).padStart(9)}`,
    );
  }
  for (const [name, url] of [
    [`search API (/api/search?q=${middling})`, `/api/search?q=${middling}`],
    [`search page (/search?q=${middling})`, `/search?q=${middling}`],
    [`search API, common word (/api/search?q=${common})`, `/api/search?q=${common}`],
  ] as const) {
    // The service loops above leave the keep-alive connection idle past the server's timeout: a request on
    // it may meet the server closing it (ECONNRESET), so one such failure is tried again.
    const r = await time(address, url, {}).catch(() => time(address, url, {}));
    console.log(
      `  ${name.padEnd(56)} ${r.p50.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${String(r.bytes).padStart(10)}`,
    );
  }
  // What the index adds to a save: one post's rows rebuilt in a transaction of its own.
  const save = await timeWork(() =>
    db.transaction().execute((trx) => services.blog.reindexPosts(trx, ['bench-post-0005001'])),
  );
  console.log(
    `  ${'index write of one saved post'.padEnd(56)} ${save.p50.toFixed(1).padStart(8)} ${save.p99.toFixed(1).padStart(8)}`,
  );
}

async function run(kind: 'sqlite' | 'postgres') {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-growth-'));
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `bench_growth_${Date.now()}`;
  let databaseUrl = path.join(dataDir, 'site.db');
  if (kind === 'postgres') {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const config: Config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ADMIN_PASSWORD: PASSWORD,
    PUBLIC_URL: 'http://localhost',
    SMTP_URL: 'smtp://127.0.0.1:9',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MULTIPLIER: '1000',
  });
  const { db, services } = await boot(config, { log: pino({ level: 'silent' }) as never });
  services.jobs.stop();
  await services.mailWorker.stop();
  const seedMs = await seed(db);
  // The posts were inserted as rows, without the index: built here as migration 2026-12-01-0027 does.
  const ids = (await db.selectFrom('blog_posts').select('id').execute()).map((r) => r.id);
  const indexStarted = Date.now();
  await db.transaction().execute((trx) => services.blog.reindexPosts(trx, ids));
  const indexMs = Date.now() - indexStarted;
  if (kind === 'postgres') await sql`analyze`.execute(db);
  const app = await buildApp({ services, logger: false, ssr: { build, mode: 'production', cache: false } });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const login = await fetch(`${address}/api/auth/login-user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: config.adminEmail, password: PASSWORD }),
    });
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    const total = await services.blog.countPublic();
    const lastStart = (await publicPositionAt(db, total - 11))!;
    const post = await db
      .selectFrom('blog_posts')
      .select(['slug'])
      .where('id', '=', 'bench-post-0005001')
      .executeTakeFirstOrThrow();
    console.log(
      `\n${kind}: ${total} published posts, ${SUBSCRIBERS} subscribers (seeded in ${seedMs} ms), ${RUNS} requests each`,
    );
    // A write bumps the version, so the sitemaps (kept per content version) are made again.
    const uncached = async () => {
      await services.siteMeta.bumpContentVersion(db);
      await services.siteMeta.contentVersion.refresh();
    };
    const cases: Array<[string, string, Record<string, string>, (() => Promise<unknown>)?]> = [
      ['blog list API, first page (?limit=10&cursor=)', '/api/blogs/get-all-blogs?limit=10&cursor=', {}],
      [
        'blog list API, last page (?limit=10&cursor=…)',
        `/api/blogs/get-all-blogs?limit=10&cursor=${encodeCursor(lastStart)}`,
        {},
      ],
      [
        'blog list API, last page by number (?page=N&limit=10)',
        `/api/blogs/get-all-blogs?page=${Math.ceil(total / 10)}&limit=10`,
        {},
      ],
      ['one post (get/by)', `/api/blogs/get/by/uncategorized/${post.slug}`, {}],
      ['sitemap index (/sitemap-index.xml), uncached', '/sitemap-index.xml', {}, uncached],
      [`child sitemap (/sitemap.xml, ${Math.min(total + 5, 50_000)} URLs), uncached`, '/sitemap.xml', {}, uncached],
      ['child sitemap (/sitemap.xml), kept', '/sitemap.xml', {}],
      ['admin subscriber list, first page', '/api/admin/subscribers', { authorization: `Bearer ${token}` }],
    ];
    console.log(`  ${'what'.padEnd(56)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'bytes'.padStart(10)}`);
    for (const [name, url, headers, before] of cases) {
      const r = await time(address, url, headers, before);
      console.log(
        `  ${name.padEnd(56)} ${r.p50.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${String(r.bytes).padStart(10)}`,
      );
    }
    await searchFigures(db, services, address, indexMs);
    await plans(db, kind, lastStart);
  } finally {
    await app.close();
    await db.destroy();
    if (values.keep) console.log(`  kept for a look: ${databaseUrl}`);
    else await fs.rm(dataDir, { recursive: true, force: true });
    if (kind === 'postgres' && !values.keep) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  }
}

for (const kind of ['sqlite', 'postgres'] as const) if (!values.only || values.only === kind) await run(kind);
