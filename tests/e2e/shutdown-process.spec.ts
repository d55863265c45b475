import http from 'node:http';
import type { Socket } from 'node:net';
import * as auth from '#shared/api/auth.ts';
import * as content from '#shared/api/content.ts';
import { urlOf } from '#tests/helpers/api.ts';
import { expect, test } from './helpers';
import { freePort, startServer, waitUntilServing } from './server-process';

/** Answers one request on `agent`: status, the Connection header, and any error code instead. */
function get(port: number, path: string, agent: http.Agent | false) {
  return new Promise<{ status?: number; connection?: string; error?: string }>((resolve) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, connection: res.headers.connection }));
      })
      .on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code }));
  });
}

/** A POST whose body trickles in over `ms`: a request in flight for that long. */
function slowPost(port: number, agent: http.Agent, ms: number) {
  return new Promise<{ status?: number; connection?: string; error?: string }>((resolve) => {
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' });
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: urlOf(auth.login),
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, connection: res.headers.connection }));
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code }));
    const pieces = 10;
    const size = Math.ceil(body.length / pieces);
    for (let i = 0; i < pieces; i++)
      setTimeout(() => req.write(body.slice(i * size, (i + 1) * size)), (ms / pieces) * i);
    setTimeout(() => req.end(), ms);
  });
}

test('SIGTERM: not ready at once, serves through the drain, resets no connection, answers every request in flight, exits 0', async () => {
  test.setTimeout(60_000);
  const port = await freePort();
  const server = startServer({ PORT: String(port), DRAIN_DELAY_MS: '1500', RATE_LIMIT_MULTIPLIER: '50' });
  await waitUntilServing(port);

  // Many keep-alive clients with a connection each, idle once warmed up.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 40 });
  const socketErrors: string[] = [];
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    if (sockets.has(socket)) return;
    sockets.add(socket);
    socket.on('error', (err: NodeJS.ErrnoException) => socketErrors.push(err.code ?? err.message));
  };
  const origCreate = agent.createConnection.bind(agent);
  agent.createConnection = ((...args: Parameters<typeof origCreate>) => {
    const socket = origCreate(...args);
    track(socket as Socket);
    return socket;
  }) as typeof agent.createConnection;
  const warm = await Promise.all(Array.from({ length: 40 }, () => get(port, urlOf(content.getContent), agent)));
  expect(warm.every((r) => r.status === 200)).toBe(true);
  expect(sockets.size).toBeGreaterThan(20);

  // Requests in flight across the whole drain and the close.
  const inFlight = Array.from({ length: 5 }, () => slowPost(port, agent, 2500));
  await new Promise((resolve) => setTimeout(resolve, 200));
  const signalledAt = Date.now();
  server.child.kill('SIGTERM');

  // Not ready at once (a new connection, as a load balancer's check) …
  await expect.poll(async () => (await get(port, '/readyz', false)).status, { timeout: 500 }).toBe(503);
  expect(Date.now() - signalledAt).toBeLessThan(1000);
  // … while the site is still served during the drain, with answers telling the client to close.
  const duringDrain = await Promise.all(Array.from({ length: 10 }, () => get(port, urlOf(content.getContent), agent)));
  for (const answer of duringDrain) expect(answer).toEqual({ status: 200, connection: 'close' });

  const answers = await Promise.all(inFlight);
  for (const answer of answers) expect(answer).toEqual({ status: 401, connection: 'close' });
  expect(await server.exited).toBe(0);
  // The drain was kept (the requests in flight ended after it).
  expect(Date.now() - signalledAt).toBeGreaterThan(1500);
  expect(socketErrors).toEqual([]);
  agent.destroy();
  server.cleanup();
});
