import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Migrator, sql } from 'kysely';
import { buildTestApp, type TestApp } from './tests/helpers/test-app';
import { DATABASE_KINDS } from './tests/helpers/databases';
import { isUniqueViolation } from './server/db/unique-violation';

describe.each(DATABASE_KINDS)('%s', (kind) => {
  let t: TestApp;
  beforeAll(async () => { t = await buildTestApp(kind); });
  afterAll(async () => { await t?.close(); });

  it('raw errors', async () => {
    const email = `${'a'.repeat(60)}@example.com`;
    try {
      await t.services.mail.queue({ kind: 'x', to: email, subject: 's', text: 't', html: 'h', dedupeKey: `subscription-already:${email}:2026-01-01` } as never);
      console.log(kind, 'queue ok');
    } catch (e) { console.log(kind, 'queue err', String(e)); }
    const p = await t.services.blog.createPost({ title: 'Dup' });
    try {
      await sql`insert into blog_posts (id, title, excerpt, content, feature_image, category_id, slug, created_at, updated_at, status, newsletter) values ('x1','Dup','','','',null,'Dup','2020','2020','draft',0)`.execute(t.services.db);
    } catch (e) { console.log(kind, 'uv', isUniqueViolation(e, 'blog_posts_address_idx'), (e as any).code, (e as any).message); }
  });

  it('restore race loop', async () => {
    const out: string[] = [];
    for (let i = 0; i < 15; i++) {
      const p = await t.services.blog.createPost({ title: `R${i}` });
      await t.services.blog.deletePost(p._id);
      const r = await Promise.allSettled([t.services.blog.createPost({ title: `R${i}` }), t.services.blog.restorePost(p._id)]);
      for (const x of r) if (x.status === 'rejected') out.push(String(x.reason));
    }
    console.log(kind, 'restore race errors', out);
  });
});
