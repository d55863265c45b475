import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as search from '#shared/api/search.ts';
import { newId } from '#server/db/database.ts';
import { api } from '#tests/helpers/api.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { unique } from '#tests/helpers/factories.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * An import's posts are indexed for search beside the import, not in each post's write
 * (server/modules/blog/search-lane.ts, docs/decisions/0038-import.md): when the held work ends every post
 * is searchable, one a kill left without its index row too, and a failing import's posts as well.
 */
describe.each(DATABASE_KINDS)('search index of imported posts on %s', (kind) => {
  let t: TestApp;
  let ownerId: string;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    const owner = await t.services.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'owner')
      .executeTakeFirstOrThrow();
    ownerId = owner.id;
  });
  afterAll(() => t?.close());

  const mark = () => unique('zq').toLowerCase();
  const titles = async (q: string) => {
    const res = await api(t).call(search.searchPosts, { query: { q } });
    expect(res.status, res.text).toBe(200);
    return res.data.map((hit) => hit.title).sort();
  };
  const importPost = (word: string) => {
    const id = newId();
    const title = unique(`Imported ${word}`);
    return t.services.blog
      .importPost({
        id,
        fields: { title, excerpt: '', content: `<p>${word} in the body.</p>`, blogCategory: '', status: 'published' },
        publishedAt: '2024-03-01T10:00:00.000Z',
        createdAt: '2024-03-01T10:00:00.000Z',
        authorIds: [ownerId],
      })
      .then(() => ({ id, title }));
  };

  it('indexes every post made while held, a batch and the rest, before the held work is over', async () => {
    // A flush is ten posts: thirteen are one flush and the rest, each found by a word of its own (the x
    // ends it, so no word is the start of another: the last word of a search is a prefix).
    const words = Array.from({ length: 13 }, () => `${mark()}x`);
    const made = await t.services.blog.holdSearch(async () => {
      const posts = [];
      for (const word of words) posts.push(await importPost(word));
      return posts;
    });
    for (const [i, word] of words.entries()) expect(await titles(word)).toEqual([made[i]!.title]);
  });

  it('indexes a post whose index row a kill -9 kept from being written, when the resumed import ends', async () => {
    const m = mark();
    const post = await importPost(m);
    // What a kill between the post's commit and the lane's flush leaves: the post without its row.
    await t.services.db.deleteFrom('post_search').where('post_id', '=', post.id).execute();
    expect(await titles(m)).toEqual([]);
    await t.services.blog.holdSearch(async () => undefined);
    expect(await titles(m)).toEqual([post.title]);
  });

  it('indexes the posts an import made before it failed, and the failure is what the caller hears', async () => {
    const m = mark();
    let made: { title: string } | undefined;
    await expect(
      t.services.blog.holdSearch(async () => {
        made = await importPost(m);
        throw new Error('the source broke off');
      }),
    ).rejects.toThrow('the source broke off');
    expect(await titles(m)).toEqual([made!.title]);
  });
});
