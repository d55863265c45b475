import net from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * Whatever request line and Host header a client sends, a page answers 4xx or the page, never 500 and never
 * a stack trace in the log (server/pages/web-request.ts renders at the configured origin). Written over a
 * raw socket, since neither `inject` nor an HTTP client sends such requests. Needs `npm run build`.
 */
const buildFile = path.resolve('build/server/index.js');

/** The status line's code of one raw HTTP/1.1 request. */
function rawStatus(port: number, target: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      const match = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      if (match) {
        resolve(Number(match[1]));
        socket.destroy();
      }
    });
    socket.on('error', reject);
    socket.on('close', () => reject(new Error(`no answer to ${target} with Host ${host}: ${answer}`)));
    socket.write(`GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
  });
}

describe.each(DATABASE_KINDS)('malformed request lines and hosts on %s', (kind) => {
  let t: TestApp;
  let port: number;
  const errors: unknown[] = [];

  beforeAll(async () => {
    const build = (await import(buildFile)) as ServerBuild;
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) {
          const entry = JSON.parse(line) as { level: number };
          if (entry.level >= 50) errors.push(entry);
        }
        done();
      },
    });
    t = await buildTestApp(kind, {
      app: { ssr: { build, mode: 'production', cache: true }, logger: { level: 'info', stream } },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  // Cached public pages, pages never cached (admin, preview, subscription links), and the unknown.
  const targets = ['/', '/blogs', '/admin', '/admin/banner', '/preview/x', '/subscription/confirm?x=1', '/nope'];
  const oddTargets = ['//x', '//x/admin', '///', '//127.0.0.1:1/admin', '/%', '/%zz', '/a//b', '/..%2f..%2fetc'];
  const hosts = ['a b', 'x:notaport', '[::1', 'ünïcode', '', 'evil.example:99999', '127.0.0.1'];

  it('answers every target and Host a client can send with 4xx or the page, and logs no error', async () => {
    const seen: string[] = [];
    for (const target of [...targets, ...oddTargets]) {
      for (const host of hosts) {
        const status = await rawStatus(port, target, host);
        if (status >= 500) seen.push(`${status} ${target} Host: ${host}`);
      }
    }
    expect(seen).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('treats //x as a path of this site, never as another host', async () => {
    expect(await rawStatus(port, '//x', '127.0.0.1')).toBe(404);
    expect(await rawStatus(port, '/blogs', 'a b')).toBe(200);
  });
});
