// `npm run bench:newsletter [-- --subscribers 20000]`: publishes a post to N confirmed subscribers of the
// production build (SQLite) into a local SMTP sink, and prints how long the publishing request took,
// how fast the mails were sent, and the server process's peak memory. A benchmark, not a test.
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { SMTPServer } from 'smtp-server';
import { freePort, serveTemp } from './serve-temp.mjs';

const { values } = parseArgs({ options: { subscribers: { type: 'string', default: '20000' } } });
const count = Number(values.subscribers);

let received = 0;
let firstAt = 0;
let lastAt = 0;
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      received++;
      lastAt = Date.now();
      firstAt ||= lastAt;
      callback();
    });
  },
});
const smtpPort = await freePort();
await new Promise((resolve) => sink.listen(smtpPort, '127.0.0.1', resolve));

const server = await serveTemp({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
const peakMemory = () => {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
};
try {
  // Confirmed subscribers written straight into the database (the sign-up flow is not what is measured).
  const db = new Database(path.join(server.dataDir, 'site.db'));
  db.pragma('busy_timeout = 5000');
  const at = new Date(Date.now() - 3600_000).toISOString();
  const insert = db.prepare(
    `INSERT INTO subscribers (id, email, status, blog_id, created_at, updated_at, confirmed_at, unsubscribed_at, consent_source)
     VALUES (?, ?, 'confirmed', NULL, ?, ?, ?, NULL, 'benchmark')`,
  );
  db.transaction(() => {
    for (let i = 0; i < count; i++) insert.run(randomUUID(), `reader${i}@bench.example`, at, at, at);
  })();
  db.close();

  const login = await fetch(`${server.url}/api/auth/login-user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'bench-secret' }),
  });
  const { token } = (await login.json()).data;
  const started = performance.now();
  const publish = await fetch(`${server.url}/api/blogs/add`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ title: 'Benchmark newsletter', excerpt: 'Measured.', content: '<p>Body</p>' }),
  });
  const requestMs = performance.now() - started;
  if (!publish.ok) throw new Error(`publishing failed: ${publish.status} ${await publish.text()}`);
  const publishedAt = Date.now();

  let peak = 0;
  while (received < count && Date.now() - publishedAt < 15 * 60_000) {
    await new Promise((r) => setTimeout(r, 250));
    peak = Math.max(peak, peakMemory());
  }
  const seconds = (lastAt - publishedAt) / 1000;
  console.log(`subscribers:                 ${count}`);
  console.log(`publishing request:          ${requestMs.toFixed(0)} ms`);
  console.log(`mails received by the sink:  ${received}`);
  console.log(`publish → last mail:         ${seconds.toFixed(1)} s (${(received / seconds).toFixed(0)} mails/s)`);
  console.log(
    `first → last mail:           ${((lastAt - firstAt) / 1000).toFixed(1)} s (${(received / ((lastAt - firstAt) / 1000)).toFixed(0)} mails/s)`,
  );
  console.log(`server peak memory (VmHWM):  ${peakMemory().toFixed(0)} MiB`);
} finally {
  await server.stop();
  sink.close();
}
