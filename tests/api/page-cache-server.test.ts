import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import path from 'node:path';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as content from '#shared/api/content.ts';
import { urlOf } from '#tests/helpers/api.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * Cache hits answered by the HTTP server before Fastify (server/http-server.ts, createHitAnswerer in
 * server/plugins/page-cache.ts), over a real socket: `inject` never reaches that step. A hit must answer
 * exactly what Fastify's path answers, and still carry its request id, its metrics and its access line.
 * Needs the production build (`npm run build`), as tests/api/page-cache.test.ts does.
 */
const buildFile = path.resolve('build/server/index.js');

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

describe('page-cache hits before Fastify', () => {
  let t: TestApp;
  let base: string;
  /** Requests Fastify answered (its onResponse hooks run for those only), by address. */
  const reachedFastify: string[] = [];
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    const build = (await import(buildFile)) as ServerBuild;
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    t = await buildTestApp('sqlite', {
      app: {
        ssr: { build, mode: 'production', cache: true },
        logger: { level: 'info', stream },
        before: async (app) => {
          app.addHook('onResponse', (request, _reply, done) => {
            reachedFastify.push(request.url);
            done();
          });
        },
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
    return new Promise((resolve, reject) => {
      http
        .request(base + url, { method, headers, agent: false }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject)
        .end();
    });
  }

  /** The headers of an answer that belong to the page (those that differ per request left out). */
  const pageHeaders = ({ headers }: Answer) => {
    const { date: _date, connection: _connection, 'keep-alive': _keepAlive, 'x-request-id': _id, ...rest } = headers;
    return rest;
  };

  it('answers a hit without Fastify, with the very bytes and headers of the first answer', async () => {
    // A job of the app's start (Read next's first refresh) can still raise the content version in its first
    // moments, which rightly sends the next request to Fastify again: the claim is about a hit of a settled
    // version, so the page is asked again (a few times at most) until one request is a hit. The hit must be
    // the very answer of the last request Fastify rendered (the one that filled the cache).
    let first: Answer | undefined;
    let hit: Answer | undefined;
    for (let tries = 0; tries < 6; tries++) {
      reachedFastify.length = 0;
      const answer = await get('/about-us');
      if (reachedFastify.length === 0) {
        hit = answer;
        break;
      }
      first = answer;
    }
    expect(first, 'the first request renders through Fastify').toBeDefined();
    expect(hit, 'a later request is a hit').toBeDefined();
    if (!first || !hit) return;
    expect(hit.status).toBe(200);
    expect(hit.body.equals(first.body)).toBe(true);
    expect(pageHeaders(hit)).toEqual(pageHeaders(first));
    expect(hit.headers['content-security-policy']).toContain("script-src 'self' 'sha256-");
    expect(hit.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps the request id sent, or makes a new one, and logs one access line under it', async () => {
    await get('/about-us');
    const sent = await get('/about-us', { 'x-request-id': 'hit-request-1' });
    expect(sent.headers['x-request-id']).toBe('hit-request-1');
    const made = [await get('/about-us'), await get('/about-us')].map((a) => a.headers['x-request-id']);
    expect(made[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(made[1]).not.toBe(made[0]);
    const ofRequest = lines.filter((line) => line.reqId === 'hit-request-1');
    expect(ofRequest).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request',
        method: 'GET',
        url: '/about-us',
        status: 200,
        ms: expect.any(Number),
        bytes: sent.body.length,
      }),
    ]);
  });

  it('answers 304 to the ETag it holds, compressed bodies to who accepts them, HEAD without a body', async () => {
    const first = await get('/blogs');
    reachedFastify.length = 0;
    const unchanged = await get('/blogs', { 'if-none-match': String(first.headers.etag) });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body.length).toBe(0);
    const gzip = await get('/blogs', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(first.body)).toBe(true);
    const head = await get('/blogs', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBe(first.body.length);
    expect(reachedFastify).toEqual([]);
  });

  it('compresses a miss for its asker ahead of the answer; askers sharing the render get the same bytes', async () => {
    await t.services.siteMeta.bumpContentVersion(t.services.db);
    await t.services.siteMeta.contentVersion.refresh();
    // Misses of one page at once: one render, compressed once per encoding asked for.
    const [br1, br2, gzip] = await Promise.all([
      get('/about-us', { 'accept-encoding': 'br' }),
      get('/about-us', { 'accept-encoding': 'gzip, deflate, br' }),
      get('/about-us', { 'accept-encoding': 'gzip' }),
    ]);
    const plain = await get('/about-us');
    expect([br1.status, br2.status, gzip.status, plain.status]).toEqual([200, 200, 200, 200]);
    expect(br1.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br1.body).equals(plain.body)).toBe(true);
    expect(br2.body.equals(br1.body)).toBe(true);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(Number(gzip.headers['content-length'])).toBe(gzip.body.length);
    expect(new Set([br1, br2, gzip, plain].map((a) => a.headers.etag)).size).toBe(1);
  });

  it('counts hits in the metrics under the route pattern the page was rendered by', async () => {
    await get('/about-us');
    const before = await t.services.metrics.registry.getSingleMetricAsString('http_requests_total');
    const count = (text: string) =>
      Number(/http_requests_total\{method="GET",route="\/\*",status="200"\} (\d+)/.exec(text)?.[1] ?? 0);
    await get('/about-us');
    await get('/about-us');
    const after = await t.services.metrics.registry.getSingleMetricAsString('http_requests_total');
    expect(count(after) - count(before)).toBe(2);
  });

  it('leaves the API and other methods to Fastify', async () => {
    await get('/about-us');
    reachedFastify.length = 0;
    await get(urlOf(content.getContent));
    await get('/about-us', {}, 'OPTIONS');
    expect(reachedFastify).toEqual([urlOf(content.getContent), '/about-us']);
  });

  it('once draining, hands every request to Fastify, which answers with Connection: close', async () => {
    await get('/about-us');
    t.app.startDraining();
    reachedFastify.length = 0;
    const hit = await get('/about-us');
    expect(hit.status).toBe(200);
    expect(hit.headers.connection).toBe('close');
    expect(reachedFastify).toEqual(['/about-us']);
  });
});
