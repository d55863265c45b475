import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import * as content from '#shared/api/content.ts';
import { api } from '#tests/helpers/api.ts';

/** One id follows a request from the proxy through every log line and back in the answer. */
describe('request ids', () => {
  let t: TestApp;
  const lines: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    t = await buildTestApp('sqlite', { app: { logger: { level: 'info', stream } } });
  });
  afterAll(() => t.close());

  it('keeps an incoming x-request-id, answers with it, and logs every line of the request with it', async () => {
    const res = await api(t).call(content.getContent, { headers: { 'x-request-id': 'nginx-7f3a.42' } });
    expect(res.headers['x-request-id']).toBe('nginx-7f3a.42');
    const ofRequest = lines.filter((line) => line.reqId === 'nginx-7f3a.42');
    expect(ofRequest.length).toBeGreaterThanOrEqual(1);
    expect(lines.filter((line) => line.req || line.res).every((line) => typeof line.reqId === 'string')).toBe(true);
  });

  it('makes one when none is sent, a different one per request', async () => {
    const a = (await t.app.inject({ method: 'GET', url: '/healthz' })).headers['x-request-id'];
    const b = (await t.app.inject({ method: 'GET', url: '/healthz' })).headers['x-request-id'];
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(b).toMatch(/^[0-9a-f-]{36}$/);
    expect(a).not.toBe(b);
  });

  it.each([['x'.repeat(129)], ['<script>alert(1)</script>'], ['two words'], ['line\\nbreak']])(
    'replaces an id that does not look like one: %j',
    async (sent) => {
      const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': sent } });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    },
  );
});
