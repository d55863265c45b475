import http from 'node:http';
import type { Registry } from 'prom-client';

/**
 * Serves `GET /metrics` from `registry` on an address of its own (METRICS_PORT on METRICS_HOST, 127.0.0.1
 * by default), without a token: what reaches that port is the operator's to decide (a local agent, the
 * cluster network), and the public port stays free of it. It is a bare Node server, outside the site's
 * Fastify app, so scrapes go on while the site drains at shutdown and never count as site traffic.
 */
export async function listenForMetrics(
  registry: Registry,
  address: { host: string; port: number },
): Promise<{ close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) =>
        response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(text),
      (err: unknown) =>
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`${(err as Error).message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: address.port, host: address.host, exclusive: true }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
