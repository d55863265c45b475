import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/database';
import { createAuthService } from './modules/auth/service';
import { createBlogService } from './modules/blog/service';
import { createContentVersion } from './modules/cache/content-version';
import { createContactService } from './modules/contact/service';
import { createContentService } from './modules/content/service';
import { createMailService } from './modules/mail/service';
import { fileTransport, smtpTransport, type MailTransport } from './modules/mail/transport';
import { createMailWorker } from './modules/mail/worker';
import { createSubscriberService } from './modules/subscribers/service';
import { createUploadService } from './modules/uploads/service';
import { diskStorage } from './modules/uploads/storage';

/** Everything route handlers and SSR loaders use, wired once per process. */
export function createServices(deps: { config: Config; db: Db; log: FastifyBaseLogger; transport?: MailTransport }) {
  const { config, db, log } = deps;
  const version = createContentVersion(db);
  const transport =
    deps.transport ??
    (config.smtpUrl
      ? smtpTransport(config.smtpUrl, config.mailFrom)
      : fileTransport(path.join(config.dataDir, 'mail'), config.mailFrom, (m) => log.info(m)));
  const mailWorker = createMailWorker({ db, dbKind: config.database.kind, transport, log });
  const mail = createMailService(db, mailWorker);
  const storage = diskStorage(path.join(config.dataDir, 'uploads'));
  const subscribers = createSubscriberService({ db, mail, siteName: config.siteName, publicUrl: config.publicUrl });
  return {
    config,
    db,
    version,
    mailWorker,
    mail,
    storage,
    auth: createAuthService({ db, mail, siteName: config.siteName }),
    subscribers,
    blog: createBlogService(db, version, {
      onPublished: (trx, post) => subscribers.queueNewPost(trx, post),
      afterCommit: () => void mailWorker.kick(),
    }),
    content: createContentService(db, version),
    contact: createContactService({ db, mail, contactTo: config.contactTo, siteName: config.siteName }),
    uploads: createUploadService(db, storage),
  };
}
export type Services = ReturnType<typeof createServices>;

/** What public pages may know of the configuration (it is sent to the browser with the page data). */
export const publicSiteInfo = (config: Config) => ({ siteName: config.siteName, publicUrl: config.publicUrl });
export type SiteInfo = ReturnType<typeof publicSiteInfo>;
