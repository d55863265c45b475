import net from 'node:net';

/**
 * Forwards 127.0.0.1:port to `target` (a PostgreSQL server) until cut: every connection is closed and new
 * ones are refused, as when the database goes away; `open()` lets connections through again on the same
 * port. Used by the database-outage browser tests.
 */
export async function tcpProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await open();
  return {
    port: () => port,
    /** `url` with its host replaced by the proxy's. */
    via: (url: URL) => {
      const proxied = new URL(url);
      proxied.host = `127.0.0.1:${port}`;
      return proxied.toString();
    },
    open,
    cut: async () => {
      // close() waits for open connections, so they are destroyed first.
      const closed = new Promise((resolve) => server!.close(resolve));
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}
