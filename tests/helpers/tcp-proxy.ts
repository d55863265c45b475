import net from 'node:net';

/**
 * How the proxy treats traffic: `pass` forwards it; `black-hole` keeps every connection (and accepts new
 * ones) but drops every byte, as a partition or a frozen host does; `reset` resets every connection and
 * each new one at once; `slow` forwards each chunk SLOW_CHUNK_MS after it arrived, in order.
 */
export type ProxyMode = 'pass' | 'black-hole' | 'reset' | 'slow';
export const SLOW_CHUNK_MS = 2_000;

/** Writes what `from` sends to `to` as the proxy's mode says, keeping the order of chunks across modes. */
function forward(from: net.Socket, to: net.Socket, mode: () => ProxyMode) {
  const queue: Array<{ at: number; chunk: Buffer }> = [];
  let pumping = false;
  async function pump() {
    if (pumping) return;
    pumping = true;
    for (let next = queue.shift(); next; next = queue.shift()) {
      const wait = next.at - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (!to.destroyed) to.write(next.chunk);
    }
    pumping = false;
  }
  from.on('data', (chunk: Buffer) => {
    const now = mode();
    if (now === 'black-hole' || now === 'reset') return;
    queue.push({ at: Date.now() + (now === 'slow' ? SLOW_CHUNK_MS : 0), chunk });
    void pump();
  });
  from.on('close', () => to.destroy());
}

/**
 * Forwards 127.0.0.1:port to `target` (a PostgreSQL server). `cut()` closes every connection and refuses
 * new ones, as when the database goes away, and `open()` lets connections through again on the same port;
 * `mode()` switches how traffic is treated (ProxyMode). Used by the database-outage and deadline tests.
 */
export async function tcpProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  let current: ProxyMode = 'pass';
  const mode = () => current;
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => undefined);
  };
  const open = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        track(client);
        if (current === 'reset') {
          client.resetAndDestroy();
          return;
        }
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        track(upstream);
        forward(client, upstream, mode);
        forward(upstream, client, mode);
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
    /** From now on, treats traffic as `next` says; `reset` also resets every connection open now. */
    mode: (next: ProxyMode) => {
      current = next;
      if (next === 'reset') for (const s of sockets) s.resetAndDestroy();
    },
  };
}
