import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '#shared/messages.ts';
import { INVALID_LINK } from '#shared/schemas/fields.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { bearer, loginToken, NO_RATE_LIMITS } from '#tests/helpers/auth.ts';
import { image } from '#tests/helpers/images.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import * as blog from '#shared/api/blog.ts';
import * as content from '#shared/api/content.ts';
import * as uploads from '#shared/api/uploads.ts';
import * as contact from '#shared/api/contact.ts';
import type { Endpoint } from '#shared/api/endpoint.ts';
import * as subscribers from '#shared/api/subscribers.ts';
import * as autosave from '#shared/api/autosave.ts';
import { MAX_JSON_DEPTH } from '#server/plugins/json-body.ts';
import { api, urlOf, type RawInput } from '#tests/helpers/api.ts';

/** Text no database can store, links that run as scripts, and writes that race (docs/api.md, errors). */
describe.each(DATABASE_KINDS)('input safety on %s', (kind) => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp(kind, { app: { rateLimits: NO_RATE_LIMITS } });
    auth = bearer(await loginToken(t));
  });
  afterAll(() => t.close());

  const post = (endpoint: Endpoint, body: object) => api(t).callRaw(endpoint, { body, headers: auth });
  const newPost = (title: string) =>
    api(t).call(blog.createPost, {
      body: { title, excerpt: 'e', content: '<p>c</p>', blogCategory: '' },
      headers: auth,
    });

  it.each([
    ['a NUL byte in a post title', blog.createPost, { title: 'a\u0000b', excerpt: 'e', content: '<p>c</p>' }, 'title'],
    [
      'a lone surrogate in a post title',
      blog.createPost,
      { title: 'x\ud800y', excerpt: 'e', content: '<p>c</p>' },
      'title',
    ],
    ['a NUL byte in a category name', blog.saveCategory, { name: 'x\u0000' }, 'name'],
    ['a lone low surrogate in a category name', blog.saveCategory, { name: 'c\udc00' }, 'name'],
    [
      'a NUL byte in a contact message',
      contact.sendMail,
      { name: 'Ada', email: 'a@b.co', message: 'hi\u0000' },
      'message',
    ],
    ['a NUL byte in a nested item', subscribers.addSubscriber, { email: 'a@b.co', name: ['\u0000'] }, 'name.0'],
  ] as Array<[string, Endpoint, object, string]>)(
    '%s is a 400 naming the field, and nothing is stored',
    async (_label, endpoint, payload, field) => {
      const before = await t.services.db.selectFrom('blog_posts').select('id').execute();
      const res = await post(endpoint, payload);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: SERVER_MESSAGES.unsafeText, field });
      expect(await t.services.db.selectFrom('blog_posts').select('id').execute()).toHaveLength(before.length);
    },
  );

  it('a pair of surrogates (an emoji) is ordinary text, in a title and its address', async () => {
    const res = await newPost('Launch 🚀 day');
    expect(res.status).toBe(200);
    expect(res.data.title).toBe('Launch 🚀 day');
    const page = await api(t).call(blog.postByPath, { params: { category: 'uncategorized', title: 'Launch-🚀-day' } });
    expect(page.status).toBe(200);
  });

  it('a NUL byte in a path parameter or the query is a 400, not a database error', async () => {
    const calls: Array<[Endpoint, RawInput]> = [
      [blog.getAdminPost, { params: { id: 'a%00b' }, encoded: true }],
      [blog.getPost, { params: { id: '%00' }, encoded: true }],
      [blog.listAdminPosts, { query: 'categoryId=%00' }],
    ];
    for (const [endpoint, input] of calls) {
      const url = urlOf(endpoint, input);
      const res = await api(t).callRaw(endpoint, { ...input, headers: auth });
      expect(res.status, url).toBe(400);
      expect(res.body.message).toBe(SERVER_MESSAGES.unsafeText);
    }
  });

  it('an upload whose alt text or file name holds a NUL byte is a 400 and stores nothing', async () => {
    const png = await image('png', 40, 30);
    const count = async () => (await t.services.db.selectFrom('uploads').select('id').execute()).length;
    const before = await count();
    for (const [alt, filename, field] of [
      ['bad\u0000alt', 'a.png', 'alt'],
      ['fine', 'a\u0000.png', 'image'],
    ] as const) {
      const boundary = 'fuzzboundary';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="alt"\r\n\r\n${alt}\r\n`),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await api(t).callRaw(uploads.uploadImage, {
        body: payload,
        headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(res.status, field).toBe(400);
      expect(res.body).toEqual({ message: SERVER_MESSAGES.unsafeText, field });
    }
    expect(await count()).toBe(before);
  });

  it.each([
    '\u0001javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0000javascript:alert(1)',
    ' JavaScript:alert(1)',
    'https://example.com/\u0007',
    'data:text/html,<script>alert(1)</script>',
  ])('a link with control characters or a script scheme is refused: %j', async (link) => {
    const { data } = await api(t).call(content.getContent);
    const social = data.social;
    const res = await post(content.sectionUpdates.social, { ...social, id: social._id, facebook_link: link });
    expect(res.status).toBe(400);
    // The NUL byte is refused before the link rule looks at it; every other case by the link rule.
    expect(res.body.message).toBe(link.includes('\u0000') ? SERVER_MESSAGES.unsafeText : INVALID_LINK);
    const after = (await api(t).call(content.getContent)).data.social;
    expect(after.facebook_link).toBe(social.facebook_link);
  });

  it('ten posts of one title saved at once get ten different addresses, all reachable', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => newPost('Parallel launch')));
    expect(answers.map((res) => res.status)).toEqual(Array(10).fill(200));
    const urls = answers.map((res) => res.data.url as string);
    expect(new Set(urls).size).toBe(10);
    for (const url of urls) {
      const [, , category, slug] = url.split('/');
      const res = await api(t).call(blog.postByPath, { params: { category: category!, title: slug! } });
      expect(res.status, url).toBe(200);
    }
  });

  it('the database itself refuses a second live post at one address', async () => {
    const first = (await newPost('Only once')).data;
    const row = await t.services.db
      .selectFrom('blog_posts')
      .selectAll()
      .where('id', '=', first._id)
      .executeTakeFirstOrThrow();
    await expect(
      t.services.db
        .insertInto('blog_posts')
        .values({ ...row, id: crypto.randomUUID(), preview_token: null })
        .execute(),
    ).rejects.toThrow();
  });

  it('the same category created many times at once: one 200, the rest 409, never 500', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(blog.saveCategory, { name: 'Race' })));
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(409)]);
    for (const res of answers.filter((r) => r.status === 409)) {
      expect(res.body.message).toBe(SERVER_MESSAGES.categoryNameTaken('Race'));
    }
  });

  it('two names with one address (differing in case and spacing) created at once: one category, one 409', async () => {
    const answers = await Promise.all(
      ['Foo Bar', 'foo-bar', 'FOO BAR', 'foo bar'].map((name) => post(blog.saveCategory, { name })),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409, 409, 409]);
    const rows = await t.services.db.selectFrom('blog_categories').select('slug').execute();
    expect(rows.filter((row) => row.slug.toLowerCase() === 'foo-bar')).toHaveLength(1);
  });

  it('a post restored from the trash while a post of its title is created: both reachable, no 500', async () => {
    for (let round = 0; round < 5; round++) {
      const title = `Restored race ${round}`;
      const first = (await newPost(title)).data;
      expect((await api(t).call(blog.deletePost, { params: { id: first._id }, headers: auth })).status).toBe(200);
      const [restored, created] = await Promise.all([
        api(t).call(blog.restorePost, { params: { id: first._id }, headers: auth }),
        newPost(title),
      ]);
      expect([restored.status, created.status]).toEqual([200, 200]);
      expect(restored.data.url).not.toBe(created.data.url);
    }
  });

  it('a page address holding a NUL byte is simply not found', async () => {
    await expect(t.services.blog.findByPath('uncategorized', 'a\u0000b')).resolves.toBeNull();
    await expect(t.services.blog.findByPath('a\u0000', 'b')).resolves.toBeNull();
  });

  it('a body nested 5,000 levels deep answers 400 with a message, on autosave and everywhere else', async () => {
    const deep = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
    for (const [endpoint, params] of [
      [autosave.saveAutosave, { key: 'new' }],
      [blog.createPost, {}],
      [contact.sendMail, {}],
    ] as const) {
      const res = await t.app.inject({
        method: endpoint.method,
        url: urlOf(endpoint, { params }),
        headers: { ...auth, 'content-type': 'application/json' },
        payload: `{"data":${deep(5000)}}`,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ message: SERVER_MESSAGES.jsonTooDeep(MAX_JSON_DEPTH) });
    }
    // Brackets inside strings are text, not nesting; a body at the limit is parsed as before.
    const text = '['.repeat(5000);
    const saved = await api(t).callRaw(autosave.saveAutosave, {
      params: { key: 'new' },
      body: { data: { title: text, nested: JSON.parse(deep(MAX_JSON_DEPTH - 2)) } },
      headers: auth,
    });
    expect(saved.status, saved.text).toBe(200);
  });
});
