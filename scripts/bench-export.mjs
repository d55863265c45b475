// `npm run bench:export [-- --posts 2000 --kb 20]`: exports the production build's site (SQLite) as a ZIP
// and as WXR at two sizes — a tenth of the posts, then all of them — and prints the time, the bytes and how
// much the server's resident memory rose above its idle size during each download. The export streams, so
// the rise should not grow with the site (docs/decisions/0039-export.md). A benchmark, not a test.
// V8 lets its heap grow before collecting: run with NODE_OPTIONS=--max-old-space-size=128 (passed on to the
// server) to see that what an export holds stays bounded whatever the number of posts.
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { serveTemp } from './serve-temp.mjs';

const { values } = parseArgs({
  options: { posts: { type: 'string', default: '2000' }, kb: { type: 'string', default: '20' } },
});
const total = Number(values.posts);
const paragraph = `<p>${'Words of a long benchmark post, written to weigh. '.repeat(20)}</p>`;
const content = paragraph.repeat(Math.max(1, Math.round((Number(values.kb) * 1024) / paragraph.length)));

const server = await serveTemp();
const rssMiB = () => {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
};
try {
  const db = new Database(path.join(server.dataDir, 'site.db'));
  db.pragma('busy_timeout = 5000');
  const owner = db.prepare(`SELECT id FROM users WHERE role = 'owner'`).get().id;
  const insertPost = db.prepare(
    `INSERT INTO blog_posts (id, title, excerpt, content, feature_image, category_id, slug, created_at, updated_at, status, published_at)
     VALUES (?, ?, 'An excerpt', ?, '', NULL, ?, ?, ?, 'published', ?)`,
  );
  const insertAuthor = db.prepare(`INSERT INTO post_authors (post_id, user_id, position) VALUES (?, ?, 0)`);
  let made = 0;
  const seed = (upTo) =>
    db.transaction(() => {
      for (; made < upTo; made++) {
        const id = randomUUID();
        const at = new Date(Date.now() - made * 60_000).toISOString();
        insertPost.run(id, `Benchmark post ${made}`, content, `benchmark-post-${made}`, at, at, at);
        insertAuthor.run(id, owner);
      }
    })();

  const login = await fetch(`${server.url}/api/auth/login-user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'bench-secret' }),
  });
  const { token } = (await login.json()).data;

  /** Downloads one export, reading it as it comes, sampling the server's memory every 20 ms. */
  async function measure(what) {
    global.gc?.();
    await new Promise((r) => setTimeout(r, 500));
    const idle = rssMiB();
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMiB())), 20);
    const started = performance.now();
    const res = await fetch(`${server.url}/api/admin/export/${what}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
    let bytes = 0;
    for await (const chunk of res.body) bytes += chunk.length;
    clearInterval(sampler);
    return { seconds: (performance.now() - started) / 1000, bytes, idle, rise: peak - idle };
  }

  const rows = [];
  for (const size of [Math.round(total / 10), total]) {
    seed(size);
    for (const what of ['site', 'wxr']) rows.push({ posts: made, what, ...(await measure(what)) });
  }
  db.close();
  console.log(`posts of ${values.kb} KB each`);
  console.log('posts  export  seconds  MiB out  idle RSS MiB  rise MiB');
  for (const r of rows) {
    console.log(
      `${String(r.posts).padStart(5)}  ${r.what.padEnd(6)}  ${r.seconds.toFixed(1).padStart(7)}  ${(r.bytes / 2 ** 20).toFixed(1).padStart(7)}  ${r.idle.toFixed(0).padStart(12)}  ${r.rise.toFixed(0).padStart(8)}`,
    );
  }
} finally {
  await server.stop();
}
