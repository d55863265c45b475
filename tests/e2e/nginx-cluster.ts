import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '#tests/helpers/databases.ts';
import { startS3, type S3Sink } from '#tests/helpers/s3.ts';
import { tcpProxy } from '#tests/helpers/tcp-proxy.ts';
import { freePort, startServer, type ServerProcess } from './server-process';

/**
 * The deployment of deploy/ on one machine, for tests/e2e/nginx-cluster.spec.ts: N production processes
 * (`node build/node/main.js`, as deploy/systemd and the Dockerfile run it) started at the same moment on
 * one fresh PostgreSQL database, Redis and an s3rver bucket, behind Debian's nginx configured by
 * `scripts/nginx-config.mjs` from the shipped templates of deploy/nginx/ (as compose.yaml configures it).
 * The processes reach PostgreSQL through a TCP proxy the test can cut (`cutDatabase`) and open again.
 * Everything is stopped and removed by `close()`, which also undoes a start that failed half-way.
 */
export interface Cluster {
  /** nginx's address, the site's PUBLIC_URL. */
  url: string;
  apps: { port: number; process: ServerProcess }[];
  /** The database, directly (not through the proxy the processes use). */
  databaseUrl: string;
  /** Closes every connection of the processes to PostgreSQL and refuses new ones, as in an outage. */
  cutDatabase(): Promise<void>;
  /** Lets the processes reach PostgreSQL again. */
  restoreDatabase(): Promise<void>;
  close(): Promise<void>;
}

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const CLUSTER_ADMIN = { email: 'admin@example.com', password: 'cluster-secret' };

export async function startCluster(processes: number): Promise<Cluster> {
  const cleanups: Array<() => Promise<void> | void> = [];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
  };
  try {
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-nginx-cluster-'));
    cleanups.push(() => fs.rmSync(workDir, { recursive: true, force: true }));
    const database = await createTestDatabase('postgres', workDir);
    cleanups.push(() => database.drop());
    const s3: S3Sink = await startS3();
    cleanups.push(() => s3.close());
    const databaseUrl = database.config.kind === 'postgres' ? database.config.url : '';
    const proxy = await tcpProxy(new URL(databaseUrl));
    cleanups.push(() => proxy.cut());

    const nginxPort = await freePort();
    const url = `http://127.0.0.1:${nginxPort}`;
    const apps: Cluster['apps'] = [];
    cleanups.push(async () => {
      for (const app of apps) app.process.child.kill('SIGTERM');
      for (const app of apps) {
        await app.process.exited;
        app.process.cleanup();
      }
    });
    // All at the same moment on the empty database, as an orchestrator starts them.
    for (let i = 0; i < processes; i++) {
      const port = await freePort();
      const env = {
        ...s3.env,
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        PORT: String(port),
        DATABASE_URL: proxy.via(new URL(databaseUrl)),
        // An outage is noticed within 2 s rather than the production default's 10 s.
        DATABASE_CONNECT_TIMEOUT_MS: '2000',
        // The app has no Redis key prefix: a database number of its own keeps its counters apart.
        REDIS_URL: `redis://127.0.0.1:6379/${REDIS_DB}`,
        TRUST_PROXY: '1',
        PUBLIC_URL: url,
        ADMIN_PASSWORD: CLUSTER_ADMIN.password,
        RATE_LIMIT_MULTIPLIER: '50',
        // Info, so the one seed's log line shows which process seeded.
        LOG_LEVEL: 'info',
      };
      apps.push({ port, process: startServer(env) });
    }
    await Promise.all(apps.map((app) => waitUntilReady(app)));

    const nginx = await startNginx(
      workDir,
      nginxPort,
      apps.map((app) => `127.0.0.1:${app.port}`),
    );
    cleanups.push(nginx.stop);
    return { url, apps, databaseUrl, cutDatabase: proxy.cut, restoreDatabase: proxy.open, close };
  } catch (err) {
    await close();
    throw err;
  }
}

const REDIS_DB = 1 + Math.floor(Math.random() * 15);

/**
 * Waits until a process answers /readyz. Up to 3 minutes: on a busy two-core machine, the seed (images drawn with
 * sharp) runs while the other processes wait for the start-up lock. A process that exits fails at once,
 * with its output.
 */
async function waitUntilReady(app: Cluster['apps'][number], timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetch(`http://127.0.0.1:${app.port}/readyz`, { signal: AbortSignal.timeout(5_000) })
      .then((r) => r.status)
      .catch(() => 0);
    if (status === 200) return;
    if (app.process.child.exitCode !== null || Date.now() > deadline) {
      const why = app.process.child.exitCode !== null ? `exited (${app.process.child.exitCode})` : 'is not ready';
      throw new Error(`the process on port ${app.port} ${why}:\n${app.process.output().slice(-4000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Debian's nginx as an ordinary user, everything under its own prefix: the configuration is rendered by
 * the script deployments use. Run by root (CI), nginx is started as `nobody`, never with root rights.
 */
async function startNginx(workDir: string, port: number, apps: string[]) {
  const prefix = path.join(workDir, 'nginx');
  const args = ['scripts/nginx-config.mjs', '--listen', `127.0.0.1:${port}`, '--prefix', prefix];
  for (const app of apps) args.push('--app', app);
  execFileSync(process.execPath, args);
  const user = process.getuid?.() === 0 ? unprivilegedUser() : undefined;
  if (user) {
    fs.chmodSync(workDir, 0o755);
    fs.chownSync(prefix, user.uid, user.gid);
  }
  const child = spawn(
    NGINX,
    ['-p', prefix, '-c', `${prefix}/nginx.conf`, '-e', `${prefix}/error.log`, '-g', 'daemon off;'],
    { stdio: ['ignore', 'pipe', 'pipe'], ...user },
  );
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const stop = async () => {
    child.kill('SIGQUIT'); // graceful: finishes requests in flight
    await exited;
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    const status = await fetch(`http://127.0.0.1:${port}/healthz`)
      .then((r) => r.status)
      .catch(() => 0);
    if (status === 200) return { stop };
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop().catch(() => undefined);
      const log = fs.existsSync(`${prefix}/error.log`) ? fs.readFileSync(`${prefix}/error.log`, 'utf8') : '';
      throw new Error(`nginx (${NGINX}) did not start on port ${port}:\n${output}\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function unprivilegedUser() {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'nobody']).toString().trim());
  return { uid: id('-u'), gid: id('-g') };
}
