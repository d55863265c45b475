import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { setupNoticeTexts, type Config } from './config';
import { checkDatabaseReachable, createDb, type Db } from './db/database';
import { migrateToLatest } from './db/migrate';
import type { MailTransport } from './lib/mail-transport';
import { openStorage } from './lib/storage/open';
import { createServices, type Services } from './services';
import { withStartupLock } from './db/startup-lock';
import { seedIfEmpty } from './startup/seed';
import { secretBoxOf } from './modules/auth/secret-box';
import { checkSecretKey } from './modules/auth/two-factor-service';

/** Database → migrations → services → seed: the start-up shared by `main`, `dev` and tests. */
export async function boot(config: Config, options: { log?: FastifyBaseLogger; transport?: MailTransport } = {}) {
  const log = options.log ?? (pino({ level: config.logLevel }) as unknown as FastifyBaseLogger);
  const db: Db = createDb(config.database, (err) => log.warn({ err }, 'idle database connection failed'));
  try {
    await checkDatabaseReachable(db, config.database);
  } catch (err) {
    await db.destroy();
    throw err;
  }
  // A bucket that is missing, silent or refuses our keys stops the start here, before anything is migrated,
  // naming the settings, instead of hanging the seed or failing every image later (0008-media-storage.md).
  try {
    await openStorage(config.storage).check();
  } catch (err) {
    await db.destroy();
    throw err;
  }
  // docs/product.md#setup-notices: what a production site lacks, said once at start-up.
  for (const notice of setupNoticeTexts(config)) log.warn(notice.message);
  // Processes started together take turns (the first migrates and seeds; the others find it done).
  // A start that stops here (a silent bucket, a failed migration) lets go of its connections.
  const services: Services = await withStartupLock(config.database, db, async () => {
    await migrateToLatest(db);
    // A process whose key does not open the stored authenticator secrets stops here, saying so.
    await checkSecretKey(db, secretBoxOf(config));
    const created = createServices({ config, db, log, transport: options.transport });
    await seedIfEmpty({ services: created, config, log });
    // The seed's posts start a Read next refresh in the background: the start is done when it is.
    await created.blog.settleRelated();
    return created;
  }).catch(async (err: unknown) => {
    await db.destroy();
    throw err;
  });
  // Listens for other processes' edits (PostgreSQL) and reads the version; the page secret is read up front
  // so the first render does not wait for it.
  await services.siteMeta.contentVersion.start();
  await services.siteMeta.pageSecret();
  await services.identity.warm();
  return { db, services, log };
}
