import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchRefused, safeFetch } from '#server/lib/safe-fetch.ts';

/** Image downloads of an import (server/lib/safe-fetch.ts): only named hosts, never private addresses, bounded. */
describe('safeFetch', () => {
  let server: http.Server;
  let host = '';
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/ok') return res.end('image bytes');
      if (req.url === '/hang') return; // never answers
      if (req.url === '/huge') {
        res.writeHead(200);
        const chunk = Buffer.alloc(64 * 1024);
        const write = () => {
          while (res.write(chunk));
          res.once('drain', write);
        };
        return write();
      }
      if (req.url === '/to-private') {
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' });
        return res.end();
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  const trusted = () => ({
    allowedHosts: new Set(['127.0.0.1']),
    trustedHosts: new Set([host]),
    maxBytes: 1024 * 1024,
    timeoutMs: 1000,
  });

  it('downloads from a trusted local host', async () => {
    expect((await safeFetch(`http://${host}/ok`, trusted())).toString()).toBe('image bytes');
  });

  it('refuses loopback, private and link-local addresses unless trusted', async () => {
    const options = {
      allowedHosts: new Set(['127.0.0.1', '10.0.0.1', '169.254.169.254', 'localhost']),
      maxBytes: 1000,
      timeoutMs: 1000,
    };
    for (const url of [
      `http://${host}/ok`,
      'http://10.0.0.1/x.jpg',
      'http://169.254.169.254/x',
      'http://localhost/x',
    ]) {
      await expect(safeFetch(url, options)).rejects.toThrow(/not public/);
    }
  });

  it('refuses hosts the export does not name, and other schemes', async () => {
    await expect(safeFetch('http://example.org/x.jpg', trusted())).rejects.toThrow(/not named/);
    await expect(safeFetch('file:///etc/passwd', trusted())).rejects.toThrow(FetchRefused);
    await expect(safeFetch('not a url', trusted())).rejects.toThrow(FetchRefused);
  });

  it('stops a download at its size limit, a host that hangs at the deadline, and a 404 at once', async () => {
    const started = Date.now();
    await expect(safeFetch(`http://${host}/huge`, trusted())).rejects.toThrow(/larger than/);
    await expect(safeFetch(`http://${host}/hang`, trusted())).rejects.toMatchObject({ retry: true });
    expect(Date.now() - started).toBeLessThan(5000);
    await expect(safeFetch(`http://${host}/missing`, trusted())).rejects.toMatchObject({
      message: 'HTTP 404',
      retry: false,
    });
  });

  it('checks every redirect like the first address', async () => {
    await expect(safeFetch(`http://${host}/to-private`, trusted())).rejects.toThrow(/not named|not public/);
  });
});
