import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as content from '#shared/api/content.ts';
import { api } from '#tests/helpers/api.ts';
import { SEEDED_ADMIN } from '#tests/helpers/factories.ts';
import { expect, test } from './helpers';

/** A production server (build/node/main.js) run as a child process, for tests of the process itself. */
export interface ServerProcess {
  child: ReturnType<typeof spawn>;
  exited: Promise<number | null>;
  output(): string;
  dataDir: string;
  cleanup(): void;
}

/**
 * Starts the production server as a child process with the given environment: its own new data folder,
 * or `dataDir`, one an earlier process used (a restart on the same site).
 */
export function startServer(env: Record<string, string>, options: { dataDir?: string } = {}): ServerProcess {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'site-proc-'));
  const child = spawn(process.execPath, ['build/node/main.js'], {
    env: {
      PATH: process.env.PATH!,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // No load balancer to wait for: a SIGTERM stops at once (tests/e2e/shutdown-process.spec.ts sets one).
      DRAIN_DELAY_MS: '0',
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => output,
    dataDir,
    cleanup: () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Waits until the server on `port` answers the content API. Up to 90 s: processes started together on a
 * busy two-core machine (the cluster tests run side by side) wait for one another's seed.
 */
export async function waitUntilServing(port: number) {
  await expect
    .poll(
      async () =>
        (
          await api(`http://127.0.0.1:${port}`)
            .call(content.getContent)
            .catch(() => null)
        )?.status,
      {
        timeout: 90_000,
      },
    )
    .toBe(200);
}

/** A site of a spec's own (see ownSite): its address, and the process while it runs. */
export interface OwnSite {
  origin: string;
  server: ServerProcess;
}

/**
 * A production site of its own for the tests of one describe block or file, for what the shared test
 * server cannot be: another host name (passkeys need `localhost`), a mail server that is down. Started
 * before the block's tests with the seeded admin and generous rate limits, stopped and removed after them.
 * `env` adds to or overrides the environment (it may pick free ports of its own).
 */
export function ownSite(
  options: { host?: '127.0.0.1' | 'localhost'; env?: () => Promise<Record<string, string>> } = {},
) {
  const site = {} as OwnSite;
  test.beforeAll(async () => {
    const port = await freePort();
    site.origin = `http://${options.host ?? '127.0.0.1'}:${port}`;
    site.server = startServer({
      PORT: String(port),
      PUBLIC_URL: site.origin,
      ADMIN_EMAIL: SEEDED_ADMIN.email,
      ADMIN_PASSWORD: SEEDED_ADMIN.password,
      RATE_LIMIT_MULTIPLIER: '50',
      ...(await options.env?.()),
    });
    await waitUntilServing(port);
  });
  test.afterAll(async () => {
    site.server.child.kill('SIGTERM');
    await site.server.exited;
    site.server.cleanup();
  });
  return site;
}
