import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as blog from '#shared/api/blog.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { createPost, loggedInAdmin, unique, type LoggedInAdmin } from '#tests/helpers/factories.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * Removing posts for good (the Undo of an import, docs/product.md#import): the posts sharing a tag with
 * them get new "Read next" lists; the removed ones leave no mark behind (a mark names an existing post).
 */
describe.each(DATABASE_KINDS)('removing posts for good on %s', (kind) => {
  let t: TestApp;
  let admin: LoggedInAdmin;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = await loggedInAdmin(t);
  });
  afterAll(() => t.close());

  it('removes tagged posts and keeps their neighbours', async () => {
    const tag = unique('Shared');
    const gone = await createPost(admin, { tags: [tag] });
    const kept = await createPost(admin, { tags: [tag] });
    await t.services.blog.refreshRelated();
    expect(await t.services.blog.removePosts([gone._id])).toBe(1);
    expect((await admin.api.call(blog.getAdminPost, { params: { id: gone._id } })).status).toBe(404);
    expect((await admin.api.call(blog.getAdminPost, { params: { id: kept._id } })).status).toBe(200);
  });
});
