// `npm run bench`: load-tests the production build with autocannon (50 connections, 10 s per path) and
// prints req/s and latency p50/p99. As a yardstick it also serves the very same HTML bytes from memory
// with Node's bare http module (what a static file server does at best) and prints our share of it.
// Options: BENCH_SECONDS (10), BENCH_CONNECTIONS (50).
import http from 'node:http';
import autocannon from 'autocannon';
import { freePort, serveTemp } from './serve-temp.mjs';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const paths = ['/', '/about-us', '/api/get-content'];

function run(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

const server = await serveTemp();
const rows = [];
try {
  for (const path of paths) {
    await fetch(server.url + path); // warm the page cache, as any visitor would
    const r = await run(server.url + path);
    rows.push({
      path,
      reqPerSec: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors,
    });
  }
  const html = Buffer.from(await (await fetch(server.url + '/')).arrayBuffer());
  const port = await freePort();
  const baseline = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': html.length });
    res.end(html);
  });
  await new Promise((r) => baseline.listen(port, '127.0.0.1', r));
  const b = await run(`http://127.0.0.1:${port}/`);
  baseline.close();
  rows.push({
    path: '/ (bare static baseline)',
    reqPerSec: Math.round(b.requests.average),
    p50: b.latency.p50,
    p99: b.latency.p99,
    non2xx: b.non2xx,
    errors: b.errors,
  });
  console.log(`\nautocannon, ${connections} connections, ${duration} s per path, production build, SQLite\n`);
  console.table(rows);
  const home = rows[0].reqPerSec;
  console.log(
    `\n/ serves at ${((home / b.requests.average) * 100).toFixed(0)}% of the bare static baseline's throughput.`,
  );
} finally {
  await server.stop();
}
