import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerBuild } from 'react-router';
import { buildApp } from './app';
import { boot } from './boot';
import { ConfigError, loadConfig } from './config';

/**
 * Production entry (bundled to build/node/main.js): configuration → database → migrate → seed-if-empty →
 * listen; SIGINT/SIGTERM stop taking requests, finish those in flight, flush mail and close the database.
 */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const { db, services, log } = await boot(config);
  const buildDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const build = (await import(path.join(buildDir, 'server', 'index.js'))) as ServerBuild;
  const app = await buildApp({
    services,
    clientDir: path.join(buildDir, 'client'),
    ssr: { build, mode: 'production', cache: true },
  });
  services.mailWorker.start();
  services.jobs.start();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info(`${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await services.jobs.stop();
      await services.mailWorker.stop();
      await db.destroy();
      clearTimeout(force);
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  log.info(`site ready at ${config.publicUrl} (database: ${config.database.kind})`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
