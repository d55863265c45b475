import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMail, type ParsedMail } from './mime';

export { linkIn, linkParams } from './mime';

/**
 * A real SMTP server on loopback for tests (the `smtp-server` package): it accepts every message without
 * TLS or authentication and keeps what arrived, parsed just enough to check headers and bodies.
 */

export interface ReceivedMail extends ParsedMail {
  raw: string;
  envelope: { from: string; to: string[] };
}

export interface SmtpSink {
  port: number;
  /** For SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** Messages whose envelope recipients include `address` (case-insensitive). */
  to(address: string): ReceivedMail[];
  /** Waits until `predicate` holds for the messages received so far (fails after `timeoutMs`). */
  waitFor(predicate: (messages: ReceivedMail[]) => boolean, timeoutMs?: number): Promise<void>;
  clear(): void;
  close(): Promise<void>;
}

/** A TCP port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Starts an SMTP server on 127.0.0.1 (`port` 0: any free port). Recipients for which `refuse` answers
 * true are refused with a permanent 550, as a real server refuses an unknown mailbox.
 */
export async function startSmtp(
  port = 0,
  options: {
    refuse?: (address: string) => boolean;
    /** A slow server: MAIL FROM, RCPT TO and the end of DATA are each answered after this long. */
    replyDelayMs?: number;
  } = {},
): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const later = (callback: () => void) =>
    options.replyDelayMs ? void setTimeout(callback, options.replyDelayMs) : callback();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // No reverse DNS look-up per connection: it costs time and tells a test nothing.
    disableReverseLookup: true,
    // close() stops accepting at once, then waits this long before it answers 421 to the connections still
    // open and closes them (a real server going down does the same). The default, 30 s, was spent in full
    // whenever the mail worker's pool held an idle connection: a minute of tests/api/outbox.test.ts.
    closeTimeout: 1000,
    onMailFrom(_address, _session, callback) {
      later(() => callback());
    },
    onRcptTo(address, _session, callback) {
      if (options.refuse?.(address.address)) {
        callback(Object.assign(new Error(`5.1.1 <${address.address}>: mailbox unavailable`), { responseCode: 550 }));
      } else {
        later(() => callback());
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        messages.push(parseReceived(Buffer.concat(chunks).toString('utf8'), envelope));
        later(() => callback());
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // smtp-server reports connection problems as 'error' events; a test server must not crash on them.
  server.on('error', () => undefined);
  const actualPort = (server.server.address() as net.AddressInfo).port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    messages,
    to: (address) => messages.filter((m) => m.envelope.to.some((a) => a.toLowerCase() === address.toLowerCase())),
    async waitFor(predicate, timeoutMs = 5000) {
      const end = Date.now() + timeoutMs;
      while (!predicate(messages)) {
        if (Date.now() > end)
          throw new Error(`SMTP: condition not met within ${timeoutMs} ms (${messages.length} messages received)`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    clear: () => void messages.splice(0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function parseReceived(raw: string, envelope: ReceivedMail['envelope']): ReceivedMail {
  return { raw, envelope, ...parseMail(raw) };
}

/** Counts received messages per Message-ID. */
export function countByMessageId(messages: ReceivedMail[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of messages) {
    const id = m.header('message-id') ?? '';
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/**
 * An SMTP server that accepts connections and never says a word (a hung or overloaded server): a client
 * waits for a greeting that never comes. `close()` cuts the connections it holds.
 */
export async function startSilentSmtp(
  port = 0,
): Promise<{ port: number; url: string; connections: () => number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  const server = net.createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actualPort = (server.address() as net.AddressInfo).port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    connections: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
