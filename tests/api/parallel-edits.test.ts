import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as blog from '#shared/api/blog.ts';
import type { BlogPost } from '#shared/schemas/blog.ts';
import { api } from '#tests/helpers/api.ts';
import { loginToken } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * Many edits of one published post at the same moment, each moving it to a new address: every one is
 * answered (none a 5xx), the old addresses all lead to the post, and the post ends at one of the titles.
 * On PostgreSQL 85 of 100 answered 500 while the old address's redirect was deleted and inserted again by
 * each edit (server/modules/blog/addresses-repository.ts addRedirect is now one upsert).
 */
describe.each(DATABASE_KINDS)('parallel edits of one post on %s', (kind) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    token = await loginToken(t);
  });
  afterAll(() => t?.close());

  it('answers 100 edits at once without a 5xx and keeps every old address leading to the post', async () => {
    const created = await api(t).call(blog.createPost, {
      body: { title: 'Parallel start', excerpt: 'E', content: '<p>Text</p>', featureImage: '/uploads/a.png' },
      token,
    });
    expect(created.status, created.text).toBe(200);
    const post = created.data as BlogPost;
    const titles = Array.from({ length: 100 }, (_, i) => `Parallel title ${i}`);
    const answers = await Promise.all(
      titles.map((title) =>
        api(t).callRaw(blog.updatePost, {
          params: { id: post._id },
          body: {
            _id: post._id,
            title,
            excerpt: 'E',
            blogCategory: '',
            content: '<p>Text</p>',
            featureImage: '/uploads/a.png',
          },
          token,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);

    const final = await api(t).call(blog.getPost, { params: { id: post._id }, token });
    expect(titles).toContain((final.data as BlogPost).title);
    // The first address and any title the post held on the way lead to where it is now.
    const first = await api(t).callRaw(blog.postByPath, { params: { category: 'uncategorized', title: post.slug } });
    expect([200, 301]).toContain(first.status);
  });
});
