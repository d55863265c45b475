import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { Config } from './config';
import { createDb, type Db } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedIfEmpty } from './db/seed';
import { createServices, type Services } from './services';
import type { MailTransport } from './modules/mail/transport';

/** Database → migrations → seed → services: the start-up shared by `main`, `dev` and tests. */
export async function boot(config: Config, options: { log?: FastifyBaseLogger; transport?: MailTransport } = {}) {
  const log = options.log ?? (pino({ level: config.logLevel }) as unknown as FastifyBaseLogger);
  const db: Db = createDb(config.database, (err) => log.warn({ err }, 'idle database connection failed'));
  await migrateToLatest(db);
  const services: Services = createServices({ config, db, log, transport: options.transport });
  await seedIfEmpty({ db, config, uploads: services.uploads, blog: services.blog, log });
  await services.version.refresh();
  return { db, services, log };
}
