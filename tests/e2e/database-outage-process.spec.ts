import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as auth from '#shared/api/auth.ts';
import * as content from '#shared/api/content.ts';
import { SERVER_MESSAGES } from '#shared/messages.ts';
import { api } from '#tests/helpers/api.ts';
import { createTestDatabase } from '#tests/helpers/databases.ts';
import { tcpProxy } from '#tests/helpers/tcp-proxy.ts';
import { expect, test } from './helpers';
import { freePort, startServer, waitUntilServing, type ServerProcess } from './server-process';

/**
 * A production process whose PostgreSQL goes away (docs/decisions/0011-shared-page-cache.md): it reaches
 * the database through a TCP proxy the test cuts. Pages already rendered are served as they were;
 * everything else (pages never rendered, the API) answers 503 with a clear message, never 500. When the
 * database is back, so is everything else. PostgreSQL only (TEST_DATABASE_URL): SQLite cannot go away.
 */

if (process.env.TEST_DATABASE_URL) {
  test.describe('a process whose database goes away', () => {
    test.describe.configure({ timeout: 120_000 });
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    let proxy: Awaited<ReturnType<typeof tcpProxy>>;
    let server: ServerProcess;
    let port: number;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-outage-'));
    const url = (p: string) => `http://127.0.0.1:${port}${p}`;

    test.beforeAll(async () => {
      database = await createTestDatabase('postgres', dir);
      const direct = new URL((database.config as { url: string }).url);
      proxy = await tcpProxy(direct);
      const viaProxy = new URL(direct);
      viaProxy.host = `127.0.0.1:${proxy.port()}`;
      port = await freePort();
      server = startServer({
        PORT: String(port),
        DATABASE_URL: viaProxy.toString(),
        DATABASE_CONNECT_TIMEOUT_MS: '2000',
        ADMIN_PASSWORD: 'outage-secret',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
      });
      await waitUntilServing(port);
    });

    // Playwright wants the fixtures argument destructured, even when none is used.
    // eslint-disable-next-line no-empty-pattern
    test.afterEach(async ({}, testInfo) => {
      // What the process said is the first thing to read when this fails.
      if (testInfo.status !== testInfo.expectedStatus) console.log(server.output());
    });

    test.afterAll(async () => {
      server.child.kill('SIGTERM');
      await server.exited;
      server.cleanup();
      await proxy.cut().catch(() => undefined);
      await database.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    test('serves cached pages as they were and answers 503 for the rest, then recovers', async () => {
      const warm: Record<string, { etag: string; body: Buffer }> = {};
      for (const p of ['/', '/about-us', '/blogs']) {
        const res = await fetch(url(p));
        expect(res.status).toBe(200);
        warm[p] = { etag: res.headers.get('etag')!, body: Buffer.from(await res.arrayBuffer()) };
      }
      await proxy.cut();

      // Twice: the first request finds the database gone, the next finds it known to be gone.
      for (let round = 0; round < 2; round++) {
        for (const p of ['/', '/about-us', '/blogs']) {
          const res = await fetch(url(p + '?utm_source=outage'));
          expect(res.status, p).toBe(200);
          expect(res.headers.get('etag'), p).toBe(warm[p]!.etag);
          expect(Buffer.from(await res.arrayBuffer()).equals(warm[p]!.body), p).toBe(true);
        }
        const page = await fetch(url('/blogs?page=2'));
        expect(page.status).toBe(503);
        expect(await page.text()).toBe(SERVER_MESSAGES.siteUnavailable);
        const fromApi = await api(url('')).call(content.getContent);
        expect(fromApi.status).toBe(503);
        expect(fromApi.body).toEqual({ message: SERVER_MESSAGES.siteUnavailable });
        const login = await api(url('')).call(auth.login, {
          body: { email: 'admin@example.com', password: 'outage-secret' },
        });
        expect(login.status).toBe(503);
        const admin = await fetch(url('/admin'));
        expect(admin.status).not.toBe(500);
      }
      expect((await fetch(url('/readyz'))).status).toBe(503);

      await proxy.open();
      await expect
        .poll(async () => (await api(url('')).call(content.getContent)).status, { timeout: 15_000 })
        .toBe(200);
      expect((await fetch(url('/blogs?page=2'))).status).toBe(200);
      // Requests failed as 503s, never as errors of ours.
      expect(server.output()).not.toContain('request failed');
    });
  });
}
