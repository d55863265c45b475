import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import * as auth from '#shared/api/auth.ts';
import * as content from '#shared/api/content.ts';
import * as uploads from '#shared/api/uploads.ts';
import { api } from '#tests/helpers/api.ts';
import { createTestDatabase } from '#tests/helpers/databases.ts';
import { multipart } from '#tests/helpers/images.ts';
import { startS3, type S3Sink } from '#tests/helpers/s3.ts';
import { expect, test } from './helpers';
import { freePort, startServer, waitUntilServing, type ServerProcess } from './server-process';

/**
 * Several processes of one site (docs/decisions/0008-media-storage.md): real production servers started
 * together on one database (PostgreSQL when TEST_DATABASE_URL is set, as in CI; else one SQLite file)
 * and one S3-compatible bucket (s3rver). Each serves what the other stored.
 */
// Serial: one cluster for the file (in parallel, each worker would start its own in beforeAll), its tests
// in order. Its start may take long while the nginx cluster test starts beside it on two cores.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

let s3: S3Sink;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dbDir: string;
const servers: { port: number; process: ServerProcess }[] = [];

test.beforeAll(async () => {
  s3 = await startS3();
  dbDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-cluster-'));
  database = await createTestDatabase(process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite', dbDir);
  const databaseUrl = database.config.kind === 'postgres' ? database.config.url : database.config.file;
  // Started at the same moment, as an orchestrator does: both migrate and seed the same empty database.
  // They are one site behind a load balancer: one public address.
  const ports = [await freePort(), await freePort()];
  for (const port of ports) {
    const proc = startServer({
      ...s3.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      ADMIN_PASSWORD: 'cluster-secret',
      PUBLIC_URL: `http://127.0.0.1:${ports[0]}`,
    });
    servers.push({ port, process: proc });
  }
  await Promise.all(servers.map((s) => waitUntilServing(s.port)));
});

test.afterAll(async () => {
  for (const s of servers) {
    s.process.child.kill('SIGTERM');
    await s.process.exited;
    s.process.cleanup();
  }
  await database?.drop();
  await s3?.close();
  fs.rmSync(dbDir, { recursive: true, force: true });
});

const url = (i: number, p: string) => `http://127.0.0.1:${servers[i]!.port}${p}`;
/** The calls of the contract on process `i`. */
const apiOf = (i: number) => api(url(i, ''));

async function token(i: number): Promise<string> {
  const res = await apiOf(i).call(auth.login, { body: { email: 'admin@example.com', password: 'cluster-secret' } });
  expect(res.status).toBe(200);
  return res.data.token;
}

async function upload(i: number, colour: string): Promise<{ url: string; bytes: Buffer }> {
  const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const { headers, payload } = await multipart([
    { field: 'image', data: png, filename: 'cluster.png', type: 'image/png' },
  ]);
  const res = await apiOf(i).callRaw(uploads.uploadImage, { token: await token(i), headers, body: payload });
  expect(res.status).toBe(200);
  const stored = res.data.url;
  const fromSelf = await fetch(url(i, stored));
  return { url: stored, bytes: Buffer.from(await fromSelf.arrayBuffer()) };
}

test('two processes started together seed the site once, and both serve the seeded images', async () => {
  const contents = await Promise.all(
    [0, 1].map(async (i) => (await apiOf(i).call(content.getContent)).body as { data: unknown }),
  );
  expect(contents[1]).toEqual(contents[0]);
  const team = (contents[0]!.data as { team: { items: { image_url: string }[] } }).team.items;
  expect(team.length).toBe(4);
  for (const i of [0, 1]) {
    const res = await fetch(url(i, team[0]!.image_url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
  }
  for (const s of servers) expect(s.process.output()).not.toMatch(/error/i);
});

test('an image uploaded through either process is served by the other, byte for byte', async () => {
  for (const [from, to] of [
    [0, 1],
    [1, 0],
  ] as const) {
    const stored = await upload(from, from === 0 ? '#2255aa' : '#aa5522');
    const res = await fetch(url(to, stored.url));
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(stored.bytes)).toBe(true);
    // Its WebP variants too (srcset of the public pages).
    const webp = await fetch(url(to, stored.url.replace(/\.png$/, '.w480.webp')));
    expect(webp.status).toBe(200);
  }
});

test('both processes answer a page with the same bytes and ETag', async () => {
  for (const p of ['/', '/about-us', '/blogs', '/rss.xml']) {
    const [a, b] = await Promise.all([0, 1].map((i) => fetch(url(i, p))));
    expect(a!.status, p).toBe(200);
    expect(b!.headers.get('etag'), p).toBe(a!.headers.get('etag'));
    expect(b!.headers.get('content-security-policy'), p).toBe(a!.headers.get('content-security-policy'));
    const [bytesA, bytesB] = await Promise.all([a!.arrayBuffer(), b!.arrayBuffer()]);
    expect(Buffer.from(bytesB).equals(Buffer.from(bytesA)), p).toBe(true);
  }
});

// Pushed by NOTIFY on PostgreSQL (docs/decisions/0011-shared-page-cache.md), well inside the 1 s poll it
// replaces; polled each second on SQLite. The bounds leave a busy machine its slack: timings are a
// benchmark's job, these tell the mechanism.
const SHOWS_WITHIN_MS = process.env.TEST_DATABASE_URL ? 500 : 2000;

test(`an edit through one process shows on the other within ${SHOWS_WITHIN_MS} ms`, async () => {
  const before = await (await fetch(url(1, '/'))).text();
  const { social } = (
    (await apiOf(0).call(content.getContent)).body as {
      data: { social: Record<string, unknown> & { _id: string } };
    }
  ).data;
  const link = `https://github.com/cluster-${Date.now()}`;
  expect(before).not.toContain(link);
  const saved = await apiOf(0).callRaw(content.sectionUpdates.social, {
    token: await token(0),
    body: { ...social, id: social._id, github_link: link },
  });
  expect(saved.status).toBe(200);
  const savedAt = Date.now();
  let shownAt = 0;
  while (!shownAt) {
    if ((await (await fetch(url(1, '/'))).text()).includes(link)) shownAt = Date.now();
    else if (Date.now() - savedAt > 5_000) break;
  }
  expect(shownAt).toBeGreaterThan(0);
  expect(shownAt - savedAt).toBeLessThanOrEqual(SHOWS_WITHIN_MS);
});
