import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './helpers';

/** Starts the production server as a child process with the given environment. */
function startServer(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-proc-'));
  const child = spawn(process.execPath, ['build/node/main.js'], {
    env: {
      PATH: process.env.PATH!,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output, cleanup: () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
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
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${port}/api/get-content`).catch(() => null))?.status, {
        timeout: 30_000,
      })
      .toBe(200);
    expect(server.output()).toMatch(/password: \S{16}/);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    server.cleanup();
  });
});
