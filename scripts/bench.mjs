// `npm run bench`: how fast the production build answers a cached blog post, against two yardsticks that
// answer the very same bytes (same encoding): Debian's nginx serving them as a static file, and a bare
// Node `http` server answering them from memory. wrk, 50 connections, rounds interleaved (product, nginx,
// node, product, …) so a noisy neighbour hurts all three alike; the median round of each is printed with
// p50/p99 and the ratios. Then the uncached render rate: wrk cycles through more distinct posts than the
// page cache holds (500), so every request renders (query strings no longer bypass the cache).
//
// One process each: the product is one Node process, so nginx runs one worker. SQLite, a fresh data folder.
// Options (environment): BENCH_SECONDS (5 per round), BENCH_ROUNDS (3), BENCH_CONNECTIONS (50),
// BENCH_ENCODING (gzip | identity; gzip), BENCH_POSTS (600), NGINX (/usr/sbin/nginx), WRK (wrk).
// Needs `npm run build` first. Profile a server with NODE_OPTIONS=--cpu-prof (see docs/decisions/0011).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { median, rawGet as rawGet_, startNginx as startNginx_, wrk as wrk_ } from './bench-http.mjs';
import { freePort, serveTemp } from './serve-temp.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const encoding = process.env.BENCH_ENCODING ?? 'gzip';
const posts = Number(process.env.BENCH_POSTS ?? 600);
const nginxBin = process.env.NGINX ?? '/usr/sbin/nginx';
const wrkBin = process.env.WRK ?? 'wrk';
const acceptHeader = encoding === 'identity' ? [] : [`Accept-Encoding: ${encoding}`];

const wrk = (url, script) => wrk_(url, { connections, seconds, headers: acceptHeader, script, bin: wrkBin });
const rawGet = (url) => rawGet_(url, encoding);

async function api(base, token, method, url, body) {
  const res = await fetch(base + url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body && JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()).data;
}

const startNginx = (dir, html) => startNginx_(dir, html, nginxBin);

/** A bare Node `http` server answering the bytes from memory, with the same content headers. */
async function startBareNode(answer) {
  const port = await freePort();
  const headers = { 'content-type': 'text/html; charset=utf-8', 'content-length': answer.body.length };
  if (answer.headers['content-encoding']) headers['content-encoding'] = answer.headers['content-encoding'];
  const server = http.createServer((_req, res) => {
    res.writeHead(200, headers);
    res.end(answer.body);
  });
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${port}/`, stop: () => server.close() };
}

const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');

const server = await serveTemp({ RATE_LIMIT_MULTIPLIER: '10000' });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-bench-nginx-'));
const stops = [() => server.stop()];
try {
  // Distinct posts, more than the page cache holds, for the render rate; the first is the cached post.
  const { token } = await api(server.url, null, 'POST', '/api/auth/login-user', {
    email: 'admin@example.com',
    password: 'bench-secret',
  });
  const content = '<p>' + 'A paragraph of a typical post about delivering software. '.repeat(40) + '</p>';
  const urls = [];
  process.stdout.write(`creating ${posts} posts `);
  for (let i = 0; i < posts; i++) {
    const post = await api(server.url, token, 'POST', '/api/blogs/add', {
      title: `Benchmark post ${i}`,
      excerpt: `What post ${i} is about`,
      blogCategory: null,
      content,
      featureImage: '',
      sendNewsletter: false,
    });
    urls.push(post.url);
    if (i % 100 === 0) process.stdout.write('.');
  }
  process.stdout.write('\n');
  const postUrl = server.url + urls[0];
  const product = await rawGet(postUrl);
  const again = await rawGet(postUrl);
  if (product.status !== 200 || !again.body.equals(product.body))
    throw new Error('the post is not served from the cache');
  const identity =
    encoding === 'identity'
      ? product.body
      : await (async () => {
          const res = await fetch(postUrl);
          return Buffer.from(await res.arrayBuffer());
        })();
  const nginx = await startNginx(dir, { identity, gzip: encoding === 'gzip' ? product.body : undefined });
  stops.push(nginx.stop);
  const viaNginx = await rawGet(nginx.url);
  if (!viaNginx.body.equals(product.body)) {
    throw new Error(
      `nginx does not answer the same bytes: ${viaNginx.status} ${JSON.stringify(viaNginx.headers)} ${viaNginx.body.length} vs ${product.body.length}`,
    );
  }
  const bare = await startBareNode(product);
  stops.push(bare.stop);

  const targets = [
    ['product (cached post)', postUrl],
    ['nginx (static file)', nginx.url],
    ['bare Node http', bare.url],
  ];
  const results = Object.fromEntries(targets.map(([name]) => [name, []]));
  for (let round = 1; round <= rounds; round++) {
    for (const [name, url] of targets) {
      const r = await wrk(url);
      results[name].push(r);
      console.log(
        `round ${round} ${name.padEnd(22)} ${fmt(r.rps, 0).padStart(7)} req/s  p50 ${fmt(r.p50, 2)} ms  p99 ${fmt(r.p99, 2)} ms${r.errors ? `  errors: ${r.errors}` : ''}${r.non2xx ? `  non-2xx: ${r.non2xx}` : ''}`,
      );
    }
  }

  // Every request a render: wrk walks the posts in order, and there are more than the cache keeps.
  const script = path.join(dir, 'walk.lua');
  fs.writeFileSync(
    script,
    `local paths = {${urls.map((u) => JSON.stringify(u)).join(',')}}
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1])
end
`,
  );
  const renders = [];
  for (let round = 1; round <= rounds; round++) {
    const r = await wrk(server.url, script);
    renders.push(r);
    console.log(
      `round ${round} ${'product (uncached)'.padEnd(22)} ${fmt(r.rps, 0).padStart(7)} req/s  p50 ${fmt(r.p50, 2)} ms  p99 ${fmt(r.p99, 2)} ms${r.non2xx ? `  non-2xx: ${r.non2xx}` : ''}`,
    );
  }

  const summary = (list) => ({
    rps: median(list.map((r) => r.rps)),
    p50: median(list.map((r) => r.p50)),
    p99: median(list.map((r) => r.p99)),
  });
  const rows = Object.fromEntries(
    [...Object.entries(results), ['product (uncached render)', renders]].map(([name, list]) => [name, summary(list)]),
  );
  console.log(
    `\nwrk, ${connections} connections, ${rounds} × ${seconds} s rounds (median shown), ${encoding} body of ${product.body.length} bytes, production build, SQLite, ${os.cpus().length} cores\n`,
  );
  console.table(
    Object.fromEntries(
      Object.entries(rows).map(([name, r]) => [
        name,
        { 'req/s': Math.round(r.rps), 'p50 ms': fmt(r.p50, 2), 'p99 ms': fmt(r.p99, 2) },
      ]),
    ),
  );
  const cached = rows['product (cached post)'];
  const ofNginx = cached.rps / rows['nginx (static file)'].rps;
  const ofNode = cached.rps / rows['bare Node http'].rps;
  console.log(
    `cached post: ${(ofNginx * 100).toFixed(0)} % of nginx (goal ≥ 50 %), ${(ofNode * 100).toFixed(0)} % of bare Node (goal ≥ 50 %), p99 ${fmt(cached.p99, 2)} ms (goal ≤ 20 ms)`,
  );
  console.log(
    `uncached render: ${Math.round(rows['product (uncached render)'].rps)} pages/s over ${posts} distinct posts`,
  );
} finally {
  for (const stop of stops.reverse()) await stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
