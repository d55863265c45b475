import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenForMetrics } from '#server/lib/metrics-server.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import * as blog from '#shared/api/blog.ts';
import * as content from '#shared/api/content.ts';
import { api } from '#tests/helpers/api.ts';

const TOKEN = 'scraper-token-0123456789';

/** The value of one sample line (`name{labels} value`) of a Prometheus text exposition, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(DATABASE_KINDS)('GET /metrics with METRICS_TOKEN on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    return res.body;
  };

  it.each([
    ['no token', undefined],
    ['a wrong token', `Bearer ${TOKEN}x`],
    ['another scheme', `Basic ${TOKEN}`],
  ])('answers 401 to %s', async (_case, authorization) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: authorization ? { authorization } : {},
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(res.json()).toEqual({ message: 'A valid metrics token is required (Authorization: Bearer …)' });
  });

  it('counts requests by route pattern and status, never by the address asked for', async () => {
    for (const slug of ['one', 'two', 'three']) {
      await api(t).call(blog.postByPath, { params: { category: 'news', title: slug } });
    }
    await api(t).call(content.getContent);
    await t.app.inject({ method: 'GET', url: '/no/such/thing' });
    const text = await scrape();
    expect(sample(text, 'http_requests_total{method="GET",route="/api/get-content",status="200"}')).toBe(1);
    expect(sample(text, 'http_requests_total{method="GET",route="(unmatched)",status="404"}')).toBe(1);
    // Three posts asked for, one series: the pattern.
    expect(
      sample(text, 'http_requests_total{method="GET",route="/api/blogs/get/by/:category/:title",status="404"}'),
    ).toBe(3);
    expect(text).not.toContain('/news/one');
    expect(text).not.toContain('/no/such/thing');
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/get-content"}')).toBe(1);
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.001",method="GET",route="/api/get-content"}');
  });

  it('reports the outbox depth, mail sends, page-cache lookups and job runs', async () => {
    await t.services.mail.queue({ kind: 'test', to: 'someone@example.com', subject: 'Hello', text: 'Hi' });
    await t.services.db
      .insertInto('mail_outbox')
      .values({
        id: 'failed-one',
        kind: 'test',
        to_address: 'x@example.com',
        subject: 's',
        text_body: 't',
        html_body: null,
        headers: null,
        status: 'failed',
        attempts: 3,
        next_attempt_at: new Date().toISOString(),
        locked_until: null,
        last_error: 'SMTP down',
        created_at: new Date().toISOString(),
        sent_at: null,
        campaign_id: null,
        dedupe_key: null,
        claimed_by: null,
        give_up_at: null,
      })
      .execute();
    let text = await scrape();
    expect(sample(text, 'site_mail_outbox_messages{status="waiting"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'site_mail_outbox_messages{status="failed"}')).toBe(1);
    expect(sample(text, 'site_mail_sends_total{result="sent"}')).toBe(0);

    await t.services.mailWorker.flush();
    await t.services.jobs.runDue();
    t.services.metrics.pageCacheResult(true);
    t.services.metrics.pageCacheResult(false);
    t.services.metrics.pageCacheResult(true);
    text = await scrape();
    expect(sample(text, 'site_mail_outbox_messages{status="waiting"}')).toBe(0);
    expect(sample(text, 'site_mail_sends_total{result="sent"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'site_job_runs_total{job="publish-due",result="ok"}')).toBe(1);
    expect(sample(text, 'site_page_cache_lookups_total{result="hit"}')).toBe(2);
    expect(sample(text, 'site_page_cache_lookups_total{result="miss"}')).toBe(1);
  });
});

describe('metrics without configuration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('GET /metrics is unknown (404), even with a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
  });
});

describe('the internal metrics port (METRICS_PORT)', () => {
  let t: TestApp;
  let server: { close: () => Promise<void> };
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    port = (probe.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    server = await listenForMetrics(t.services.metrics.registry, { host: '127.0.0.1', port });
  });
  afterAll(async () => {
    await server.close();
    await t.close();
  });

  const get = (path: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path }, (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        })
        .on('error', reject);
    });

  it('serves the same registry without a token, and nothing else', async () => {
    await api(t).call(content.getContent);
    const metrics = await get('/metrics');
    expect(metrics.status).toBe(200);
    expect(sample(metrics.body, 'http_requests_total{method="GET",route="/api/get-content",status="200"}')).toBe(1);
    expect((await get('/')).status).toBe(404);
  });
});
