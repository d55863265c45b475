import { afterAll, beforeAll, describe, it } from 'vitest';
import { sql } from 'kysely';
import { buildTestApp, type TestApp } from './tests/helpers/test-app';
import { DATABASE_KINDS } from './tests/helpers/databases';
import { migrateToLatest } from './server/db/migrate';

describe.each(DATABASE_KINDS)('%s', (kind) => {
  let t: TestApp;
  beforeAll(async () => { t = await buildTestApp(kind); });
  afterAll(async () => { await t?.close(); });

  it('migration 0011 on long duplicate slugs', async () => {
    const db = t.services.db;
    await t.services.mailWorker.stop();
    await sql`drop index blog_posts_address_idx`.execute(db);
    await sql`delete from kysely_migration where name in ('2026-11-24-0011-unique-post-addresses','2026-11-25-0012-mail-claims')`.execute(db);
    await sql`alter table mail_outbox drop column claimed_by`.execute(db);
    await sql`alter table mail_outbox drop column give_up_at`.execute(db);
    const slug = 'x'.repeat(400);
    for (const id of ['d1', 'd2'])
      await sql`insert into blog_posts (id, title, excerpt, content, feature_image, category_id, slug, created_at, updated_at, status, newsletter) values (${id},'t','','','',null,${slug},'2020','2020','draft',0)`.execute(db);
    try { await migrateToLatest(db); console.log(kind, 'migrated ok'); } catch (e) { console.log(kind, 'migration failed:', String(e)); }
  });
});
