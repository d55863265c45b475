import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/**
 * The secret that derives a cached page's CSP nonce from its address and the content version, so every
 * process renders the same page to the same bytes (docs/decisions/0011-shared-page-cache.md). Made once,
 * kept in `site_meta`, never sent to clients. Insert-if-absent: processes starting together run this
 * under the start-up lock anyway, and a row made meanwhile by `secretOf` is kept. Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const value = randomBytes(32).toString('hex');
  await sql`INSERT INTO site_meta (key, value) SELECT 'page_secret', ${value}
            WHERE NOT EXISTS (SELECT 1 FROM site_meta WHERE key = 'page_secret')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM site_meta WHERE key = 'page_secret'`.execute(db);
}
