import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildTestApp, type TestApp } from './tests/helpers/test-app';
import { DATABASE_KINDS } from './tests/helpers/databases';

describe.each(DATABASE_KINDS)('%s', (kind) => {
  let t: TestApp;
  beforeAll(async () => { t = await buildTestApp(kind); });
  afterAll(async () => { await t?.close(); });

  it('confirmed long email subscribing again', async () => {
    const email = `${'a'.repeat(60)}@example.com`;
    await t.app.inject({ method: 'POST', url: '/api/blogs-subscribers/add', payload: { email } });
    await t.services.db.updateTable('subscribers').set({ status: 'confirmed' } as never).where('email', '=', email).execute();
    const res = await t.app.inject({ method: 'POST', url: '/api/blogs-subscribers/add', payload: { email } });
    console.log(kind, 'resubscribe', res.statusCode, res.body);
  });

  it('parallel createPost same title', async () => {
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => t.services.blog.createPost({ title: 'Same Title' })));
    console.log(kind, 'parallel', results.map((r) => (r.status === 'fulfilled' ? r.value.slug : String((r as PromiseRejectedResult).reason))));
  });

  it('parallel restore and create', async () => {
    const p = await t.services.blog.createPost({ title: 'Restore Me' });
    await t.services.blog.deletePost(p._id);
    const results = await Promise.allSettled([t.services.blog.restorePost(p._id), t.services.blog.createPost({ title: 'Restore Me' })]);
    console.log(kind, 'restore race', results.map((r) => (r.status === 'fulfilled' ? r.value.slug : String((r as PromiseRejectedResult).reason))));
  });

  it('parallel categories', async () => {
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => t.services.blog.saveCategory({ name: 'Race Cat' } as never)));
    console.log(kind, 'cats', results.map((r) => (r.status === 'fulfilled' ? 'ok' : String((r as PromiseRejectedResult).reason))));
  });
});
