import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp, type AppOptions } from '#server/app.ts';
import { boot } from '#server/boot.ts';
import { loadConfig, type Config } from '#server/config.ts';
import type { Services } from '#server/services.ts';
import { checkAnswersAgainstContract } from './contract';
import { createTestDatabase } from './databases';
import { quickPasswordHash } from './quick-hash';

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  config: Config;
  dataDir: string;
  close: () => Promise<void>;
}

/**
 * A real app on a fresh database and data folder: real migrations, seed, services and mail (written as
 * .eml files under the data folder). Nothing of ours is mocked.
 */
export async function buildTestApp(
  kind: 'sqlite' | 'postgres',
  options: { env?: Record<string, string>; app?: Partial<AppOptions> } = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'site-test-'));
  const database = await createTestDatabase(kind, dataDir);
  const config: Config = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'admin-secret',
      LOG_LEVEL: 'silent',
      ...options.env,
    }),
    database: database.config,
  };
  const log = pino({ level: 'silent' });
  const { db, services } = await boot(config, { log: log as never }).catch(async (err: unknown) => {
    // A start meant to fail (a silent bucket) leaves no database or folder behind.
    await database.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
    throw err;
  });
  // The seeded administrator's password, hashed with a small work factor (see quick-hash.ts).
  if (config.adminPassword) {
    await db
      .updateTable('users')
      .set({ password_hash: quickPasswordHash(config.adminPassword) })
      .where('email', '=', config.adminEmail)
      .execute();
  }
  const app = await buildApp({ services, logger: false, ...options.app });
  const violations = checkAnswersAgainstContract(app);
  await app.ready();
  return {
    app,
    services,
    config,
    dataDir,
    close: async () => {
      await app.close();
      await services.mailWorker.stop();
      await services.jobs.stop();
      await services.importRunner.stop();
      await services.blog.settleRelated();
      await db.destroy();
      await database.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
      const broken = violations();
      if (broken.length) throw new Error(`answers that break the API contract:\n${broken.join('\n')}`);
    },
  };
}

/** The .eml files the file transport wrote, oldest first. */
export async function deliveredMail(dataDir: string): Promise<string[]> {
  const dir = path.join(dataDir, 'mail');
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(files.map((f) => fs.readFile(path.join(dir, f), 'utf8')));
}
