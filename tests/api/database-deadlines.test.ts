import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino from 'pino';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { boot } from '#server/boot.ts';
import { loadConfig } from '#server/config.ts';
import { createDb, type Db } from '#server/db/database.ts';
import { enqueueMail } from '#server/modules/mail/outbox-repository.ts';
import { bumpContentVersion } from '#server/modules/site-meta/repository.ts';
import type { Services } from '#server/services.ts';
import * as blog from '#shared/api/blog.ts';
import { SERVER_MESSAGES } from '#shared/messages.ts';
import { api } from '#tests/helpers/api.ts';
import { createTestDatabase, DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { countByMessageId, startSmtp, type SmtpSink } from '#tests/helpers/smtp.ts';
import { tcpProxy, type ProxyMode } from '#tests/helpers/tcp-proxy.ts';

/**
 * A database that stops answering never hangs a request (docs/decisions/0025-database-deadlines.md): two
 * processes of one site reach PostgreSQL through a TCP proxy, their pools hold connections, then the proxy
 * black-holes, resets or slows down the traffic. Every API request answers 503 well within 5 s, cached
 * pages answer from the cache, /readyz says 503; when traffic passes again, every process serves fresh
 * answers within 10 s and the mail that waited in the outbox goes out, once. The processes run with a
 * 1 s deadline (DATABASE_QUERY_TIMEOUT_MS) so the test stays short; the production build serves the pages.
 */
const buildFile = path.resolve('build/server/index.js');
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const CACHED_PAGES = ['/', '/blogs'];
/** The functional bound of the feature: no request waits longer (the deadline is 1 s here). */
const ANSWERS_WITHIN_MS = 5_000;

interface Process {
  app: FastifyInstance;
  services: Services;
  db: Db;
  base: string;
  dataDir: string;
}

describe.each(DATABASE_KINDS.filter((kind) => kind === 'postgres'))('a %s server that stops answering', (kind) => {
  const cleanups: Array<() => Promise<unknown>> = [];
  const processes: Process[] = [];
  let proxy: Awaited<ReturnType<typeof tcpProxy>>;
  let direct: Db;
  let smtp: SmtpSink;

  beforeAll(async () => {
    const build = (await import(buildFile)) as ServerBuild;
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'site-deadlines-'));
    cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
    const database = await createTestDatabase(kind, dir);
    cleanups.push(() => database.drop());
    const url = new URL((database.config as { url: string }).url);
    proxy = await tcpProxy(url);
    cleanups.push(() => proxy.cut());
    smtp = await startSmtp();
    cleanups.push(() => smtp.close());
    for (const name of ['one', 'two']) {
      const dataDir = path.join(dir, name);
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: 'admin-secret',
        LOG_LEVEL: 'silent',
        DATABASE_URL: proxy.via(url),
        DATABASE_QUERY_TIMEOUT_MS: '1000',
        DATABASE_CONNECT_TIMEOUT_MS: '2000',
        SMTP_URL: smtp.url,
        PUBLIC_URL: 'https://www.brightpath.test',
      });
      const { db, services } = await boot(config, { log });
      const app = await buildApp({ services, logger: false, ssr: { build, mode: 'production', cache: true } });
      await app.listen({ port: 0, host: '127.0.0.1' });
      services.mailWorker.start();
      services.jobs.start();
      cleanups.push(async () => {
        await app.close();
        await services.mailWorker.stop();
        await services.jobs.stop();
        await services.siteMeta.contentVersion.stop();
        await db.destroy();
      });
      processes.push({
        app,
        services,
        db,
        dataDir,
        base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
      });
    }
    // What another process that still reaches the database writes meanwhile (not through the proxy).
    direct = createDb(database.config);
    cleanups.push(() => direct.destroy());
    // Two processes booted and the build loaded on a busy two-core machine.
  }, 120_000);

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  /** Runs `request` and answers its result and how long it took. */
  async function timed<T>(request: () => Promise<T>): Promise<{ answer: T; ms: number }> {
    const started = performance.now();
    const answer = await request();
    return { answer, ms: performance.now() - started };
  }

  it.each<ProxyMode>(['black-hole', 'reset', 'slow'])(
    'with the proxy in %s mode: 503s and cached pages at once, then fresh answers and the waiting mail once',
    async (mode) => {
      proxy.mode('pass');
      // Traffic first, so each pool holds connections (the case that hung: pooled, idle, then silence).
      const warm = new Map<string, { etag: string; body: string }>();
      for (const p of processes) {
        const answers = await Promise.all(
          Array.from({ length: 6 }, () => api(p.base).call(blog.listPosts, { query: { limit: 5 } })),
        );
        expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
        for (const page of CACHED_PAGES) {
          const res = await fetch(p.base + page);
          expect(res.status, page).toBe(200);
          warm.set(p.base + page, { etag: res.headers.get('etag')!, body: await res.text() });
        }
      }
      const newest = (await api(processes[0]!.base).call(blog.listPosts, { query: { limit: 1 } })).data[0]!;

      proxy.mode(mode);
      for (const p of processes) {
        const calls = await Promise.all(
          Array.from({ length: 6 }, (_, i) =>
            timed(() => api(p.base).call(blog.listPosts, { query: { limit: 5, page: i + 1 } })),
          ),
        );
        for (const { answer, ms } of calls) {
          expect(answer.status).toBe(503);
          expect(answer.body).toEqual({ message: SERVER_MESSAGES.siteUnavailable });
          expect(ms).toBeLessThan(ANSWERS_WITHIN_MS);
        }
        for (const page of CACHED_PAGES) {
          const { answer: res, ms } = await timed(() => fetch(p.base + page));
          expect(res.status, page).toBe(200);
          expect(res.headers.get('etag'), page).toBe(warm.get(p.base + page)!.etag);
          expect(await res.text(), page).toBe(warm.get(p.base + page)!.body);
          expect(ms, page).toBeLessThan(ANSWERS_WITHIN_MS);
        }
        const { answer: ready, ms } = await timed(() => fetch(p.base + '/readyz'));
        expect(ready.status).toBe(503);
        expect(ms).toBeLessThan(ANSWERS_WITHIN_MS);
      }

      // Meanwhile the database itself is fine: an edit and a mail arrive there from elsewhere.
      const title = `Written during the ${mode} outage`;
      await direct.updateTable('blog_posts').set({ title }).where('id', '=', newest._id).execute();
      await bumpContentVersion(direct);
      const waiting = await enqueueMail(direct, {
        kind: 'contact',
        to: `waiting-${mode}@example.com`,
        subject: `Waited through the ${mode} outage`,
        text: 'Sent once the database answered again.',
      });

      proxy.mode('pass');
      for (const p of processes) {
        await expect
          .poll(
            async () => {
              const [list, page] = await Promise.all([
                api(p.base).call(blog.listPosts, { query: { limit: 1 } }),
                fetch(p.base + '/blogs').then((res) => res.text()),
              ]);
              return list.status === 200 && list.data[0]?.title === title && page.includes(title);
            },
            { timeout: 10_000, interval: 250 },
          )
          .toBe(true);
        expect((await fetch(p.base + '/readyz')).status).toBe(200);
      }

      // The workers find the mail by themselves (their poll), and it goes out once.
      await smtp.waitFor(
        (messages) => messages.some((m) => m.header('subject') === `Waited through the ${mode} outage`),
        15_000,
      );
      await Promise.all(processes.map((p) => p.services.mailWorker.flush()));
      const row = await direct
        .selectFrom('mail_outbox')
        .selectAll()
        .where('id', '=', waiting)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('sent');
      const ids = countByMessageId(
        smtp.messages.filter((m) => m.header('subject') === `Waited through the ${mode} outage`),
      );
      expect([...ids.values()]).toEqual([1]);
    },
    // Well above what each case takes (about 10 s on a busy machine): a miss fails on its own assertion.
    60_000,
  );
});
