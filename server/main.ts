import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerBuild } from 'react-router';
import { buildApp } from './app';
import { boot } from './boot';
import { checkDataDir, ConfigError, configWarnings, loadConfig, type Config } from './config';
import { DatabaseUnreachableError } from './db/database';
import { listenForMetrics } from './lib/metrics-server';
import { StorageUnavailableError } from './lib/storage/storage';
import { shutDownGracefully } from './shutdown';

/**
 * Production entry (bundled to build/node/main.js): configuration → database → migrate → seed-if-empty →
 * listen; SIGINT/SIGTERM drain (not ready, still serving), then stop taking requests, finish those in flight
 * and the mail claimed, and close the database (server/shutdown.ts).
 */
async function main() {
  let config;
  try {
    config = loadConfig();
    checkDataDir(config);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // A port in use or a wrong HOST is found before the database is touched (a second copy started by
  // mistake must not migrate or seed); the real listen below still reports one that appears meanwhile.
  await probeListen(config).catch((err: unknown) => exitOnListenProblem(err, config));
  const metricsAddress: ListenAddress | undefined = config.metrics.port
    ? { port: config.metrics.port, host: config.metrics.host, names: ['METRICS_PORT', 'METRICS_HOST'] }
    : undefined;
  if (metricsAddress)
    await probeListen(metricsAddress).catch((err: unknown) => exitOnListenProblem(err, metricsAddress));
  const { db, services, log } = await boot(config).catch((err: unknown) => {
    if (err instanceof StorageUnavailableError) {
      console.error(`Cannot start: ${err.message}. Check S3_BUCKET, S3_ENDPOINT, S3_REGION and the S3 keys.`);
      process.exit(1);
    }
    if (!(err instanceof DatabaseUnreachableError)) throw err;
    console.error(err.message);
    process.exit(1);
  });
  const buildDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const build = (await import(path.join(buildDir, 'server', 'index.js'))) as ServerBuild;
  const app = await buildApp({
    services,
    clientDir: path.join(buildDir, 'client'),
    ssr: { build, mode: 'production', cache: true },
  });

  // Node's own figures (memory, event loop, GC) only where somebody can read them.
  if (config.metrics.token || metricsAddress) services.metrics.collectProcessMetrics();
  let metricsServer: { close: () => Promise<void> } | undefined;

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    void shutDownGracefully({
      app,
      log,
      signal,
      drainDelayMs: config.drainDelayMs,
      stop: async () => {
        await services.jobs.stop();
        // An import stops between two things and gives its lease back; the next process resumes it.
        await services.importRunner.stop();
        await services.mailWorker.stop();
        await services.blog.settleRelated();
        // Last, so the drain and the close can be watched.
        await metricsServer?.close();
        await db.destroy();
      },
    });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host }).catch((err: unknown) => exitOnListenProblem(err, config));
  if (metricsAddress) {
    metricsServer = await listenForMetrics(services.metrics.registry, metricsAddress).catch((err: unknown) =>
      exitOnListenProblem(err, metricsAddress),
    );
  }
  // Only a process that serves sends mail and runs jobs.
  services.mailWorker.start();
  services.jobs.start();
  services.importRunner.start();
  for (const warning of configWarnings(config)) log.warn(warning);
  log.info(`site ready at ${config.publicUrl} (database: ${config.database.kind})`);
}

/** An address to listen on, and the settings that name its port and host (PORT and HOST by default). */
type ListenAddress = Pick<Config, 'port' | 'host'> & { names?: [port: string, host: string] };

/** Listens on the configured address for a moment, and lets go. */
function probeListen(config: ListenAddress): Promise<void> {
  return new Promise((resolve, reject) => {
    // A client that connects in this moment (a readiness poll) is dropped at once: an open connection
    // would keep close() from finishing, and start-up would wait on it for good.
    const probe = net.createServer((socket) => socket.destroy());
    probe.once('error', reject);
    probe.listen({ port: config.port, host: config.host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** Stops with a message naming PORT or HOST for the listen errors that are a matter of configuration. */
function exitOnListenProblem(err: unknown, config: ListenAddress): never {
  const problem = listenProblem(err, config);
  if (!problem) throw err;
  console.error(`Cannot start the server:\n  ${problem}`);
  process.exit(1);
}

/** What went wrong when listening, naming the setting to change; null for anything else. */
function listenProblem(err: unknown, config: ListenAddress): string | null {
  const [PORT, HOST] = config.names ?? ['PORT', 'HOST'];
  switch ((err as NodeJS.ErrnoException).code) {
    case 'EADDRINUSE':
      return `${PORT}: ${config.port} is already in use on ${config.host} (another program, or another copy of this site, listens on it)`;
    case 'EACCES':
      return `${PORT}: ${config.port} needs administrator rights on this system (choose a port from 1024 up)`;
    case 'EADDRNOTAVAIL':
      return `${HOST}: ${config.host}: cannot listen on this address (it is not an address of this machine)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return `${HOST}: ${config.host}: cannot listen on this address (no such host name)`;
    default:
      return null;
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
