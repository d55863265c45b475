import { randomUUID } from 'node:crypto';
import type { DatabaseConfig } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { createContentVersion, type ContentVersionOptions } from './content-version';
import { bumpContentVersion, deleteMeta, readMeta, readMetaPrefixed, secretOf, writeMeta } from './repository';

const LINK_SECRET = 'link_secret';
/** Derives cached pages' CSP nonces (server/plugins/page-render.ts); made by a migration. */
const PAGE_SECRET = 'page_secret';

/**
 * The owner of site-wide facts: the content version that keys page caches, and the secret that signs
 * subscriber links. Other modules go through this, never through `site_meta` directly.
 */
export function createSiteMeta(deps: { db: Db; database?: DatabaseConfig; versionOptions?: ContentVersionOptions }) {
  const contentVersion = createContentVersion(deps.db, deps.database, deps.versionOptions);
  let linkSecret: Promise<Buffer> | null = null;
  let pageSecret: Promise<Buffer> | null = null;
  return {
    contentVersion,
    /** The secret behind cached pages' nonces: the same in every process, never sent to a client. */
    pageSecret(): Promise<Buffer> {
      pageSecret ??= secretOf(deps.db, PAGE_SECRET).catch((err: unknown) => {
        pageSecret = null;
        throw err;
      });
      return pageSecret;
    },
    /** A site setting (newsletter body …), or undefined when never set. */
    readSetting: (key: string) => readMeta(deps.db, `setting:${key}`),
    /** Read through the caller's transaction (on SQLite another connection would wait for it). */
    readSettingIn: (trx: Db, key: string) => readMeta(trx, `setting:${key}`),
    /** Inside the caller's transaction when given (the change and its line in the activity log). */
    writeSetting: (key: string, value: string, trx: Db = deps.db) => writeMeta(trx, `setting:${key}`, value),
    /**
     * Every setting by its key (the site export): only `setting:` keys, so the secrets kept beside them
     * (the link and page secrets) never leave the site (docs/decisions/0039-export.md).
     */
    async allSettings(): Promise<Record<string, string>> {
      const rows = await readMetaPrefixed(deps.db, 'setting:');
      return Object.fromEntries(rows.map((row) => [row.key.slice('setting:'.length), row.value]));
    },
    /** Forgets a setting: read as never set again (the navigation's return to the spec's menu). */
    deleteSetting: (key: string, trx: Db = deps.db) => deleteMeta(trx, `setting:${key}`),
    /**
     * A named stamp that changes with every write of something a process keeps in memory (the redirect
     * rules): read when the content version moves, it tells whether that thing changed too, so an edit of a
     * post does not make every process read all of them again. Written inside the writer's transaction.
     */
    readStamp: (name: string) => readMeta(deps.db, `stamp:${name}`),
    writeStamp: (trx: Db, name: string) => writeMeta(trx, `stamp:${name}`, randomUUID()),
    /** Inside the transaction of a write that changes public pages. */
    bumpContentVersion: (trx: Db) => bumpContentVersion(trx),
    /**
     * The subscriber-link secret. Given a transaction, it is read through it (on SQLite another
     * connection would wait for the one this transaction holds) and not cached, since a secret made
     * there is only kept if the transaction commits.
     */
    linkSecret(trx?: Db): Promise<Buffer> {
      if (trx && !linkSecret) return secretOf(trx, LINK_SECRET);
      linkSecret ??= secretOf(deps.db, LINK_SECRET).catch((err: unknown) => {
        linkSecret = null;
        throw err;
      });
      return linkSecret;
    },
  };
}
export type SiteMeta = ReturnType<typeof createSiteMeta>;
