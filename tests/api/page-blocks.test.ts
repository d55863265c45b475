import type { FastifyRequest } from 'fastify';
import type { AppLoadContext } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAuthors } from '#shared/api/profile.ts';
import { listTags } from '#shared/api/tags.ts';
import type { PageBlock } from '#shared/page-blocks.ts';
import { blockAction } from '#app/features/page-blocks/block-action.server.ts';
import { blockData } from '#app/features/page-blocks/block-data.server.ts';
import type { BlockPosted } from '#app/features/page-blocks/block-form.ts';
import { formPostContext } from '#server/pages/form-post.ts';
import { describeError } from '#server/plugins/errors.ts';
import { effectiveLimits } from '#server/plugins/rate-limits.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import {
  createCategory,
  createPost,
  createUpload,
  loggedInAdmin,
  type LoggedInAdmin,
} from '#tests/helpers/factories.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * What a page's blocks read (app/features/page-blocks/block-data.server.ts) and how their forms are
 * answered without JavaScript (block-action.server.ts), on a real app's services and database: the load
 * context is the one server/pages/render.ts hands React Router, built from the same parts.
 */
describe.each(DATABASE_KINDS)('page blocks on %s', (kind) => {
  let t: TestApp;
  let admin: LoggedInAdmin;
  let nextAddress = 1;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { CONTACT_TO: 'sales@example.com' } });
    admin = await loggedInAdmin(t);
  });
  afterAll(() => t?.close());

  const context = (ip = `10.7.0.${nextAddress++}`) =>
    ({
      services: t.services,
      describeError,
      formPost: formPostContext(t.app, effectiveLimits(1))({ ip } as FastifyRequest),
    }) as unknown as AppLoadContext;

  it('lists the newest published posts of a category, tag or author, up to the limit; drafts never', async () => {
    const category = await createCategory(admin);
    const older = await createPost(admin, { blogCategory: category._id, tags: ['blocks-tag'] });
    const newer = await createPost(admin, { blogCategory: category._id, tags: ['blocks-tag'] });
    await createPost(admin, { blogCategory: category._id, tags: ['blocks-tag'], status: 'draft' });
    const tag = (await admin.api.call(listTags)).data.find((tag) => tag.name === 'blocks-tag')!;
    const author = (await admin.api.call(listAuthors)).data[0]!;
    const blocks: PageBlock[] = [
      { type: 'posts', id: 'c', heading: '', source: { kind: 'category', id: category._id }, limit: 3 },
      { type: 'posts', id: 't', heading: '', source: { kind: 'tag', id: tag._id }, limit: 1 },
      { type: 'posts', id: 'a', heading: '', source: { kind: 'author', id: author._id }, limit: 12 },
    ];
    const data = await blockData(context(), blocks);
    expect(data.posts.c!.map((p) => p._id)).toEqual([newer._id, older._id]);
    expect(data.posts.t!.map((p) => p._id)).toEqual([newer._id]);
    expect(data.posts.t![0]).toMatchObject({ title: newer.title, url: expect.stringMatching(/^\/blogs\//) });
    expect(data.posts.a!.map((p) => p._id)).toEqual(expect.arrayContaining([newer._id, older._id]));
    expect(data.team).toBeUndefined();
  });

  it('a deleted or unknown source lists nothing, and the page still renders', async () => {
    const data = await blockData(context(), [
      { type: 'posts', id: 'c', heading: '', source: { kind: 'category', id: 'no-such-category' }, limit: 3 },
      { type: 'posts', id: 't', heading: '', source: { kind: 'tag', id: 'no-such-tag' }, limit: 3 },
      { type: 'posts', id: 'a', heading: '', source: { kind: 'author', id: 'no-such-person' }, limit: 3 },
    ]);
    expect(data.posts).toEqual({ c: [], t: [], a: [] });
  });

  it("reads the landing's sections its blocks show, from the content the landing page shows", async () => {
    const content = await t.services.content.getContent();
    const data = await blockData(context(), [
      { type: 'landing', id: 'l1', section: 'team' },
      { type: 'landing', id: 'l2', section: 'portfolio' },
    ]);
    expect(data.team).toEqual(content.team);
    expect(data.portfolio).toEqual(content.portfolio);
    expect(data.services).toBeUndefined();
  });

  it("gives the media library's width and height of the blocks' images", async () => {
    const { url } = await createUpload(admin);
    const data = await blockData(context(), [
      { type: 'image', id: 'i', image: url, alt: 'A', caption: '' },
      { type: 'hero', id: 'h', heading: 'H', text: '', image: '/uploads/missing.png', imageAlt: 'M', buttons: [] },
    ]);
    expect(data.images[url]).toEqual({ width: expect.any(Number), height: expect.any(Number) });
    expect(data.images['/uploads/missing.png']).toBeUndefined();
  });

  /** The blocks of the page the forms are posted to. */
  const onPage: PageBlock[] = [
    { type: 'contact', id: 'c1', heading: '', text: '' },
    { type: 'subscribe', id: 's1', heading: '', text: '' },
  ];
  const formPost = (query: string, fields: Record<string, string>, ip?: string) =>
    blockAction(
      {
        request: new Request(`http://site.test/services${query}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields).toString(),
        }),
        context: context(ip),
      },
      onPage,
    );
  const answer = (result: Awaited<ReturnType<typeof formPost>>) =>
    result as unknown as { data: BlockPosted | null; init: ResponseInit | null };

  it("answers a contact block's post as the landing's form does, into the same inbox", async () => {
    const email = 'page.block@example.com';
    const sent = answer(
      await formPost('?form=contact&block=c1', { firstName: 'Ada', lastName: 'L', email, message: 'Hello' }),
    );
    expect(sent.data).toEqual({
      blockId: 'c1',
      form: 'contact',
      contact: { values: { firstName: '', lastName: '', email: '', message: '' }, errors: {}, sent: true },
    });
    const stored = await t.services.db.selectFrom('contact_messages').selectAll().where('email', '=', email).execute();
    expect(stored).toHaveLength(1);

    const refused = answer(await formPost('?form=contact&block=c1', { firstName: 'Ada', email: 'nope' }));
    expect(refused.init?.status).toBe(400);
    expect(refused.data).toMatchObject({ blockId: 'c1', form: 'contact', contact: { sent: false } });
    expect(refused.data?.form === 'contact' && refused.data.contact.values.firstName).toBe('Ada');
  });

  it("answers a subscribe block's post as the blog's box does", async () => {
    const done = answer(await formPost('?form=subscribe&block=s1', { email: 'reader.block@example.com' }));
    expect(done.data).toEqual({ blockId: 's1', form: 'subscribe', subscribe: { step: 'done' } });
    const refused = answer(await formPost('?form=subscribe&block=s1', { email: 'not-an-address' }));
    expect(refused.init?.status).toBe(400);
    expect(refused.data).toMatchObject({ subscribe: { step: 'form', posted: { email: 'not-an-address' } } });
  });

  it('counts the same rate limit as the API, and refuses posts that name no block form', async () => {
    const ip = '10.7.9.9';
    let last: ReturnType<typeof answer> | null = null;
    for (let i = 0; i < 30 && last?.init?.status !== 429; i++)
      last = answer(await formPost('?form=subscribe&block=s1', { email: `r${i}@example.com` }, ip));
    expect(last?.init?.status).toBe(429);
    expect(new Headers(last?.init?.headers).get('retry-after')).toMatch(/^\d+$/);
    // Not a form, not a block id, a block the page does not have, a block that is another form.
    for (const query of [
      '',
      '?form=login&block=x',
      '?form=contact&block=a%20b',
      '?form=contact&block=c9',
      '?form=subscribe&block=c1',
    ]) {
      const refused = answer(await formPost(query, { email: 'x@example.com' }));
      expect(refused.init?.status).toBe(405);
    }
  });
});
