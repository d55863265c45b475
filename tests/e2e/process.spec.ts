import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SERVER_MESSAGES, SETUP_NOTICES } from '#shared/messages.ts';
import { expect, test } from './helpers';
import { freePort, startServer, waitUntilServing } from './server-process';

/** A line of a stack trace, as Node prints them. */
const STACK_LINE = /^\s+at .+\(?.+:\d+:\d+\)?$/m;

/** Listens on 127.0.0.1 (on `port`, or any free one) until closed; never answers a word. */
async function silentListener(
  port = 0,
): Promise<{ port: number; connectedAt: () => number | null; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let connectedAt: number | null = null;
  const server = net.createServer((socket) => {
    connectedAt ??= Date.now();
    sockets.add(socket);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connectedAt: () => connectedAt,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

test.describe('server process', () => {
  test('invalid configuration stops start-up with a message naming the variable', async () => {
    const server = startServer({ PORT: 'not-a-port', SMTP_URL: 'http://wrong' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT:');
    expect(server.output()).toContain('SMTP_URL:');
    server.cleanup();
  });

  test('first start prints a generated admin password once; SIGTERM shuts down cleanly', async () => {
    const port = await freePort();
    const server = startServer({ PORT: String(port) });
    await waitUntilServing(port);
    expect(server.output()).toMatch(/password: \S{16}/);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    server.cleanup();
  });

  test('an empty PORT stops start-up instead of listening on a random port', async () => {
    const server = startServer({ PORT: '' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid configuration:\n  PORT: must be a port number from 1 to 65535');
    server.cleanup();
  });

  test('a PostgreSQL that accepts and never answers stops start-up within the time-out, naming DATABASE_URL', async () => {
    const stalled = await silentListener();
    const server = startServer({
      PORT: String(await freePort()),
      DATABASE_URL: `postgres://site:secret@127.0.0.1:${stalled.port}/site`,
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
    });
    expect(await server.exited).toBe(1);
    // From its first connection, not from the process's start: loading the server takes seconds on a busy
    // machine, and that is not what the 1 s time-out bounds. Without the time-out it would wait for ever.
    const connected = stalled.connectedAt();
    expect(connected, 'the server tried PostgreSQL').not.toBeNull();
    expect(Date.now() - connected!).toBeLessThan(6000);
    expect(server.output()).toContain(
      `Could not reach PostgreSQL at 127.0.0.1:${stalled.port} within 1 s (DATABASE_URL): it did not answer.`,
    );
    expect(server.output()).not.toMatch(STACK_LINE);
    expect(server.output()).not.toContain('secret');
    await stalled.close();
    server.cleanup();
  });

  test('a PORT already in use stops start-up with a message naming it', async () => {
    const taken = await silentListener();
    const server = startServer({ PORT: String(taken.port) });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(`Cannot start the server:\n  PORT: ${taken.port} is already in use on 127.0.0.1`);
    expect(server.output()).not.toMatch(STACK_LINE);
    // Found before the database was opened: a second copy started by mistake creates and seeds nothing.
    expect(fs.existsSync(path.join(server.dataDir, 'site.db'))).toBe(false);
    await taken.close();
    server.cleanup();
  });

  for (const [host, problem] of [
    // TEST-NET-1 (RFC 5737): an address, but never one of this machine.
    ['192.0.2.1', 'it is not an address of this machine'],
    ['no-such-host.invalid', 'no such host name'],
  ] as const) {
    test(`HOST ${host} stops start-up: ${problem}`, async () => {
      const server = startServer({ PORT: String(await freePort()), HOST: host });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(
        `Cannot start the server:\n  HOST: ${host}: cannot listen on this address (${problem})`,
      );
      expect(server.output()).not.toMatch(STACK_LINE);
      server.cleanup();
    });
  }

  test('a DATA_DIR that is a file stops start-up with a message naming it', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'site-file-')), 'data');
    fs.writeFileSync(file, '');
    const server = startServer({ PORT: String(await freePort()), DATA_DIR: file });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(`Invalid configuration:\n  DATA_DIR: ${file} is a file, not a folder`);
    expect(server.output()).not.toMatch(STACK_LINE);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    server.cleanup();
  });

  test('pages refuse other methods than GET and HEAD with 405 before rendering, and log no error; start-up warns about what is missing', async () => {
    const port = await freePort();
    // The most talkative level: still no error and no stack trace for refused requests.
    const server = startServer({ PORT: String(port), LOG_LEVEL: 'trace' });
    await waitUntilServing(port);
    const base = `http://127.0.0.1:${port}`;
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      for (const page of ['/about-us', '/', '/blogs', '/admin/blogs', '/about-us.data', '/no-such-page']) {
        const res = await fetch(base + page, { method, body: 'a=1', headers: { 'content-type': 'text/plain' } });
        expect(res.status, `${method} ${page}`).toBe(405);
        expect(res.headers.get('allow'), `${method} ${page}`).toBe('GET, HEAD');
        expect(await res.text()).toBe(SERVER_MESSAGES.pageMethodNotAllowed(method));
      }
    }
    // The unsubscribe page has an action: a POST reaches it (the made-up link is refused by the page, 400).
    const unsubscribe = `${base}/subscriptions/unsubscribe?id=x&token=y`;
    const post = await fetch(unsubscribe, { method: 'POST', body: new URLSearchParams({ a: '1' }) });
    expect(post.status).toBe(400);
    expect(await post.text()).toContain('This link is not valid.');
    const put = await fetch(unsubscribe, { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD, POST');

    const output = server.output();
    expect(output).not.toMatch(STACK_LINE);
    expect(output).not.toMatch(/"level":(50|60)/);
    expect(output).not.toContain('did not provide an `action`');
    // Production without PUBLIC_URL and SMTP_URL: one warning each, naming the variable.
    const warnings = output
      .split('\n')
      .filter((line) => line.includes('"level":40'))
      .map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(warnings).toEqual([SETUP_NOTICES.publicUrl(`http://localhost:${port}`), SETUP_NOTICES.smtp]);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    server.cleanup();
  });
});
