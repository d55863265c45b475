// Starts the production build on a free port with a fresh data folder; used by the benchmark and
// Lighthouse scripts. Returns { url, pid, dataDir, stop }.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export async function serveTemp(env = {}) {
  if (!fs.existsSync('build/node/main.js')) throw new Error('No production build: run `npm run build` first.');
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-bench-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [
      ...(process.env.PROF_DIR
        ? ['--cpu-prof', '--cpu-prof-interval=100', '--cpu-prof-dir=' + process.env.PROF_DIR]
        : []),
      'build/node/main.js',
    ],
    {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: url,
        ADMIN_PASSWORD: 'bench-secret',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  // Up to a minute: on a busy machine the first start (migrations, seed images) takes a while.
  let up = false;
  for (let i = 0; i < 600 && !up; i++) {
    try {
      up = (await fetch(`${url}/api/get-content`)).ok;
    } catch {
      /* not up yet */
    }
    if (!up) await new Promise((r) => setTimeout(r, 100));
  }
  if (!up) {
    child.kill('SIGTERM');
    throw new Error(`The production build did not answer on ${url} within a minute.`);
  }
  return {
    url,
    pid: child.pid,
    dataDir,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
