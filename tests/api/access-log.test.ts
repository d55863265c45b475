import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import * as content from '#shared/api/content.ts';
import { api } from '#tests/helpers/api.ts';

type Line = Record<string, unknown>;

/** An app whose log lines (level info and up) are collected, with a route that fails. */
async function appLogging(env: Record<string, string>) {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const t = await buildTestApp('sqlite', {
    env,
    app: {
      logger: { level: 'info', stream },
      before: async (app) => {
        app.get('/boom', async () => {
          throw new Error('boom');
        });
      },
    },
  });
  return { t, lines };
}

describe('access log (ACCESS_LOG)', () => {
  let on: { t: TestApp; lines: Line[] };
  let off: { t: TestApp; lines: Line[] };
  beforeAll(async () => {
    [on, off] = await Promise.all([appLogging({}), appLogging({ ACCESS_LOG: 'false' })]);
  });
  afterAll(async () => {
    await Promise.all([on.t.close(), off.t.close()]);
  });

  it('writes exactly one line per request: method, url, status, time, request id, bytes', async () => {
    const res = await api(on.t).callRaw(content.getContent, {
      query: { x: '1' },
      headers: { 'x-request-id': 'access-1' },
    });
    const ofRequest = on.lines.filter((line) => line.reqId === 'access-1');
    expect(ofRequest).toEqual([
      {
        level: 30,
        time: expect.any(Number),
        pid: expect.any(Number),
        hostname: expect.any(String),
        reqId: 'access-1',
        method: 'GET',
        // The address as the log line gives it: spelt out on purpose.
        url: '/api/get-content?x=1',
        status: 200,
        ms: expect.any(Number),
        bytes: Number(res.headers['content-length']),
        msg: 'request',
      },
    ]);
  });

  it('ACCESS_LOG=false writes no line for a request, but still logs an error', async () => {
    await api(off.t).call(content.getContent, { headers: { 'x-request-id': 'quiet-1' } });
    expect(off.lines.filter((line) => line.reqId === 'quiet-1')).toEqual([]);
    const res = await off.t.app.inject({ method: 'GET', url: '/boom', headers: { 'x-request-id': 'boom-1' } });
    expect(res.statusCode).toBe(500);
    const errors = off.lines.filter((line) => line.reqId === 'boom-1');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ level: 50, err: { message: 'boom' } });
  });
});
