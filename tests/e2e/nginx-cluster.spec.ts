import type { Page } from '@playwright/test';
import pg from 'pg';
import sharp from 'sharp';
import * as blog from '#shared/api/blog.ts';
import * as content from '#shared/api/content.ts';
import * as uploads from '#shared/api/uploads.ts';
import { api, urlOf } from '#tests/helpers/api.ts';
import { loggedInAdmin } from '#tests/helpers/factories.ts';
import { expect, test } from './helpers';
import { CLUSTER_ADMIN, startCluster, type Cluster } from './nginx-cluster';

/**
 * The deployment of deploy/ (docs/decisions/0015-backups-and-deployment.md) on one machine: Debian's
 * nginx, configured by scripts/nginx-config.mjs, in front of production processes started together on one
 * fresh PostgreSQL database, Redis and an s3rver bucket. An administrator works through nginx in the
 * browser; every process, asked directly on its own port, then serves the change within a second, and
 * the same page with the same ETag.
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const PROCESSES = 3;
let cluster: Cluster;

test.beforeAll(async () => {
  test.setTimeout(240_000); // the hook's own limit: starting the whole cluster on a busy machine
  cluster = await startCluster(PROCESSES);
});
test.afterAll(async () => {
  await cluster?.close();
});

const direct = (i: number, path: string, init?: RequestInit) =>
  fetch(`http://127.0.0.1:${cluster.apps[i]!.port}${path}`, init);
/** The calls of the contract on process `i`, asked directly on its own port. */
const directApi = (i: number) => api(`http://127.0.0.1:${cluster.apps[i]!.port}`);
const everyProcess = () => cluster.apps.map((_, i) => i);

async function query<T>(text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Polls until `check` holds on every process, for at most `ms` from the moment of the call. */
async function onEveryProcessWithin(ms: number, check: (i: number) => Promise<boolean>) {
  const started = Date.now();
  await Promise.all(
    everyProcess().map((i) => expect.poll(() => check(i), { timeout: ms, intervals: [50] }).toBe(true)),
  );
  return Date.now() - started;
}

test(`${PROCESSES} processes started at once on an empty database all become ready, and only one seeds it`, async () => {
  for (const i of everyProcess()) expect((await direct(i, '/readyz')).status, `/readyz of process ${i}`).toBe(200);
  const seeded = cluster.apps.filter((app) => app.process.output().includes('seeded demo content and blog'));
  expect(seeded).toHaveLength(1);
  expect(await query('SELECT email FROM users')).toEqual([{ email: CLUSTER_ADMIN.email }]);
  const [posts] = await query<{ all: string; distinct: string }>(
    'SELECT COUNT(*) AS "all", COUNT(DISTINCT title) AS "distinct" FROM blog_posts',
  );
  expect(Number(posts!.all)).toBeGreaterThan(0);
  expect(posts!.all, 'posts, all against distinct titles').toBe(posts!.distinct);
  const contents = await Promise.all(
    everyProcess().map(async (i) => (await directApi(i).call(content.getContent)).text),
  );
  contents.forEach((text, i) => expect(text, `${urlOf(content.getContent)} of process ${i}`).toBe(contents[0]));
});

test('nginx passes the proxy headers, the compression and the caching the deployment relies on', async () => {
  // The app's own brotli comes through untouched.
  const page = await fetch(`${cluster.url}/about-us`, { headers: { 'accept-encoding': 'br' } });
  expect(page.status).toBe(200);
  expect(page.headers.get('content-encoding')).toBe('br');
  // nginx's request id reaches the app, which answers it: one id in both logs.
  expect(page.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
  const html = await page.text();
  const asset = /\/assets\/[\w.-]+\.js/.exec(html)![0];
  const script = await fetch(`${cluster.url}${asset}`);
  expect(script.status).toBe(200);
  expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  // Requests through nginx reach every process (round robin over kept-alive connections): each one's log
  // holds the request id nginx gave to one of them.
  const ids: string[] = [];
  for (let i = 0; i < PROCESSES * 3; i++)
    ids.push((await fetch(`${cluster.url}/healthz`)).headers.get('x-request-id')!);
  for (const app of cluster.apps) {
    await expect.poll(() => ids.some((id) => app.process.output().includes(id))).toBe(true);
  }
});

async function loginThroughNginx(page: Page) {
  await page.goto(`${cluster.url}/admin`);
  await page.getByLabel('Email').fill(CLUSTER_ADMIN.email);
  await page.getByLabel('Password').fill(CLUSTER_ADMIN.password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await page.waitForURL('**/admin/banner');
}

async function openEditor(page: Page, path: string, richIds: string[]) {
  await page.goto(`${cluster.url}${path}`);
  await page.waitForFunction(() => window.history.scrollRestoration === 'manual');
  await expect(page.locator('.admin-card form').first()).toBeVisible({ timeout: 20_000 });
  for (const id of richIds) {
    await page.waitForFunction(
      (editorId) =>
        Boolean(
          (window as { tinymce?: { get(id: string): { initialized: boolean } | null } }).tinymce?.get(editorId)
            ?.initialized,
        ),
      id,
      { timeout: 30_000 },
    );
  }
}

const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const TITLE = `Cluster banner ${stamp}`;
const POST = `Cluster post ${stamp}`;
let imageUrl = '';
let imageBytes: Buffer;
let postUrl = '';

test('a section edited through nginx is served by every process within a second', async ({ page }) => {
  await loginThroughNginx(page);
  await openEditor(page, '/admin/banner', ['banner-description']);
  await page.getByLabel('Title', { exact: true }).fill(TITLE);
  const saved = page.waitForResponse((r) => r.url().endsWith(urlOf(content.sectionUpdates.banner)));
  await page.getByRole('form', { name: 'Banner' }).locator('button[type="submit"]').click();
  expect((await saved).status()).toBe(200);
  // Within a second of the save: each process's cache polls the content version once a second; the
  // allowance is for the requests themselves on a busy two-core machine.
  const took = await onEveryProcessWithin(
    1_500,
    async (i) =>
      ((await directApi(i).call(content.getContent)).body as { data: { banner: { title: string } } }).data.banner
        .title === TITLE,
  );
  expect(took).toBeLessThan(1_500);
  for (const i of everyProcess()) {
    expect(await (await direct(i, '/')).text()).toContain(TITLE);
  }
});

test('a post published through nginx, with an image uploaded through nginx, is on every process', async ({
  page,
}, testInfo) => {
  await loginThroughNginx(page);
  await openEditor(page, '/admin/blogs/create', ['blog-content']);
  await page.getByLabel('Title', { exact: true }).fill(POST);
  await page.getByLabel('Excerpt', { exact: true }).fill(`Excerpt ${stamp}`);
  const file = testInfo.outputPath('cluster-cover.png');
  await sharp({ create: { width: 640, height: 360, channels: 3, background: '#22aa66' } })
    .png()
    .toFile(file);
  const uploaded = page.waitForResponse((r) => r.url().endsWith(urlOf(uploads.uploadImage)));
  await page.getByLabel('Image', { exact: true }).setInputFiles(file);
  const upload = await uploaded;
  expect(upload.status()).toBe(200);
  imageUrl = ((await upload.json()) as { data: { url: string } }).data.url;
  await expect(page.getByRole('status', { name: 'Uploading' })).toHaveCount(0);

  const created = page.waitForResponse((r) => r.url().endsWith(urlOf(blog.createPost)));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await created).status()).toBe(200);
  await page.waitForURL('**/admin/blogs');

  const admin = await loggedInAdmin(cluster.url, CLUSTER_ADMIN);
  const post = (await admin.api.call(blog.listAdminPosts)).data.find((p) => p.title === POST)!;
  expect(post.status).toBe('published');
  postUrl = post.url;

  // The JSON list, not a page render: on a loaded machine a render alone can take longer than the second.
  await onEveryProcessWithin(1_500, async (i) => (await directApi(i).call(blog.recentPosts)).text.includes(POST));
  for (const i of everyProcess()) {
    const res = await direct(i, postUrl);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(POST);
  }
  // The image, stored in the bucket by whichever process nginx chose, byte for byte on every process.
  imageBytes = Buffer.from(await (await fetch(`${cluster.url}${imageUrl}`)).arrayBuffer());
  expect(imageBytes.length).toBeGreaterThan(100);
  for (const i of everyProcess()) {
    const res = await direct(i, imageUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(imageBytes)).toBe(true);
  }
});

test('every process answers the same page with the same ETag, and a 304 through nginx whichever answers', async () => {
  for (const path of ['/', '/about-us', '/blogs', postUrl]) {
    const etags = await Promise.all(
      everyProcess().map(async (i) =>
        (await direct(i, path, { headers: { 'accept-encoding': 'br' } })).headers.get('etag'),
      ),
    );
    expect(etags[0], path).toMatch(/^(W\/)?".+"$/);
    expect(new Set(etags).size, `${path}: ${etags.join(' ')}`).toBe(1);
    for (let i = 0; i < PROCESSES; i++) {
      const again = await fetch(`${cluster.url}${path}`, {
        headers: { 'accept-encoding': 'br', 'if-none-match': etags[0]! },
      });
      expect(again.status, path).toBe(304);
    }
  }
});

test('with PostgreSQL cut, nginx keeps passing the cached pages (200) and the 503s as they are, never a 502', async () => {
  const pages = ['/', '/about-us', '/blogs', postUrl];
  // Every process has rendered every page, so each can serve it from its cache.
  for (const path of pages) {
    for (const i of everyProcess()) expect((await direct(i, path)).status, `${path} on process ${i}`).toBe(200);
  }
  const seen: Record<string, number[]> = {};
  const through = async (path: string) => {
    const status = (await fetch(`${cluster.url}${path}`)).status;
    (seen[path] ??= []).push(status);
    return status;
  };

  await cluster.cutDatabase();
  try {
    // A process may answer from what it holds until it next needs the database: wait until the API says
    // the database is away, then count.
    await expect.poll(() => through(urlOf(content.getContent)), { timeout: 20_000, intervals: [100] }).toBe(503);
    // Enough 503s to take out every process had nginx counted them (three each within 10 s), between the
    // cached pages: each page must still come back, whichever process answers.
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < PROCESSES * 2; i++) expect(await through(urlOf(content.getContent)), 'the API').toBe(503);
      for (const path of pages) expect(await through(path), `${path} in round ${round}`).toBe(200);
    }
  } finally {
    await cluster.restoreDatabase();
  }
  // Back: the API answers again within seconds, and nothing in between was nginx's own 502.
  await expect.poll(() => through(urlOf(content.getContent)), { timeout: 20_000, intervals: [200] }).toBe(200);
  for (const path of pages) expect(await through(path), `${path} after the outage`).toBe(200);
  const statuses = Object.values(seen).flat();
  expect(
    statuses.filter((status) => status === 502 || status === 504),
    JSON.stringify(seen),
  ).toEqual([]);
});
