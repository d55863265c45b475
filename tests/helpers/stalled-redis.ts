import net from 'node:net';

/** A TCP server that stands in for Redis in trouble; `url` points at it, `close` frees its port. */
export interface StalledRedis {
  url: string;
  close: () => Promise<void>;
}

/** The commands complete in `buffer` (RESP arrays of bulk strings, as clients send them), as words. */
function commandsIn(buffer: string): { commands: string[][]; rest: string } {
  const commands: string[][] = [];
  let at = 0;
  for (;;) {
    const match = /^\*(\d+)\r\n/.exec(buffer.slice(at));
    if (!match) break;
    let cursor = at + match[0].length;
    const words: string[] = [];
    for (let i = 0; i < Number(match[1]); i++) {
      const head = /^\$(\d+)\r\n/.exec(buffer.slice(cursor));
      if (!head || buffer.length < cursor + head[0].length + Number(head[1]) + 2)
        return { commands, rest: buffer.slice(at) };
      cursor += head[0].length;
      words.push(buffer.slice(cursor, cursor + Number(head[1])));
      cursor += Number(head[1]) + 2;
    }
    commands.push(words);
    at = cursor;
  }
  return { commands, rest: buffer.slice(at) };
}

/**
 * `silent`: accepts connections and never answers a byte (a hung host, a firewall that drops). `hangs`:
 * answers the client's connection handshake (CLIENT … and the INFO ready check), so the client counts it
 * as ready, then answers nothing more (a Redis stuck in a long command, a network that went quiet).
 */
export async function stalledRedis(behaviour: 'silent' | 'hangs'): Promise<StalledRedis> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    if (behaviour === 'silent') return;
    let pending = '';
    let ready = false;
    socket.on('data', (chunk) => {
      if (ready) return;
      const { commands, rest } = commandsIn(pending + chunk.toString('latin1'));
      pending = rest;
      for (const [name] of commands) {
        if (ready) return;
        if (name?.toUpperCase() === 'INFO') {
          const info = '# Server\r\nredis_version:7.0.0\r\nloading:0\r\n';
          socket.write(`$${info.length}\r\n${info}\r\n`);
          ready = true;
        } else socket.write('+OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A Redis address where nothing listens (Redis down): a port taken, then let go. */
export async function closedRedisUrl(): Promise<string> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `redis://127.0.0.1:${port}`;
}
