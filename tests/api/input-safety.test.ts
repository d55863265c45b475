import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '#shared/messages.ts';
import { INVALID_LINK } from '#shared/schemas/fields.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { bearer, loginToken, NO_RATE_LIMITS } from '#tests/helpers/auth.ts';
import { image } from '#tests/helpers/images.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/** Text no database can store, links that run as scripts, and writes that race (docs/api.md, errors). */
describe.each(DATABASE_KINDS)('input safety on %s', (kind) => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp(kind, { app: { rateLimits: NO_RATE_LIMITS } });
    auth = bearer(await loginToken(t));
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, headers = auth) =>
    t.app.inject({ method: 'POST', url, payload, headers });
  const newPost = (title: string) =>
    post('/api/blogs/add', { title, excerpt: 'e', content: '<p>c</p>', blogCategory: '' });

  it.each([
    ['a NUL byte in a post title', '/api/blogs/add', { title: 'a\u0000b', excerpt: 'e', content: '<p>c</p>' }, 'title'],
    [
      'a lone surrogate in a post title',
      '/api/blogs/add',
      { title: 'x\ud800y', excerpt: 'e', content: '<p>c</p>' },
      'title',
    ],
    ['a NUL byte in a category name', '/api/blog-category/add/update', { name: 'x\u0000' }, 'name'],
    ['a lone low surrogate in a category name', '/api/blog-category/add/update', { name: 'c\udc00' }, 'name'],
    [
      'a NUL byte in a contact message',
      '/api/send-mail',
      { name: 'Ada', email: 'a@b.co', message: 'hi\u0000' },
      'message',
    ],
    ['a NUL byte in a nested item', '/api/admin/subscribers', { email: 'a@b.co', name: ['\u0000'] }, 'name.0'],
  ])('%s is a 400 naming the field, and nothing is stored', async (_label, url, payload, field) => {
    const before = await t.services.db.selectFrom('blog_posts').select('id').execute();
    const res = await post(url, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.unsafeText, field });
    expect(await t.services.db.selectFrom('blog_posts').select('id').execute()).toHaveLength(before.length);
  });

  it('a pair of surrogates (an emoji) is ordinary text, in a title and its address', async () => {
    const res = await newPost('Launch 🚀 day');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.title).toBe('Launch 🚀 day');
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/blogs/get/by/uncategorized/${encodeURIComponent('Launch-🚀-day')}`,
    });
    expect(page.statusCode).toBe(200);
  });

  it('a NUL byte in a path parameter or the query is a 400, not a database error', async () => {
    for (const url of ['/api/admin/posts/a%00b', '/api/blogs/get-by-id/%00', '/api/admin/posts?categoryId=%00']) {
      const res = await t.app.inject({ method: 'GET', url, headers: auth });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe(SERVER_MESSAGES.unsafeText);
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
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/uploader/do',
        headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toEqual({ message: SERVER_MESSAGES.unsafeText, field });
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
    const { data } = (await t.app.inject({ method: 'GET', url: '/api/get-content' })).json();
    const social = data.social;
    const res = await post('/api/social/update', { ...social, id: social._id, facebook_link: link });
    expect(res.statusCode).toBe(400);
    // The NUL byte is refused before the link rule looks at it; every other case by the link rule.
    expect(res.json().message).toBe(link.includes('\u0000') ? SERVER_MESSAGES.unsafeText : INVALID_LINK);
    const after = (await t.app.inject({ method: 'GET', url: '/api/get-content' })).json().data.social;
    expect(after.facebook_link).toBe(social.facebook_link);
  });

  it('ten posts of one title saved at once get ten different addresses, all reachable', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => newPost('Parallel launch')));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
    const urls = answers.map((res) => res.json().data.url as string);
    expect(new Set(urls).size).toBe(10);
    for (const url of urls) {
      const [, , category, slug] = url.split('/');
      const res = await t.app.inject({ method: 'GET', url: `/api/blogs/get/by/${category}/${slug}` });
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('the database itself refuses a second live post at one address', async () => {
    const first = (await newPost('Only once')).json().data;
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
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post('/api/blog-category/add/update', { name: 'Race' })),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(409)]);
    for (const res of answers.filter((r) => r.statusCode === 409)) {
      expect(res.json().message).toBe(SERVER_MESSAGES.categoryNameTaken('Race'));
    }
  });

  it('two names with one address (differing in case and spacing) created at once: one category, one 409', async () => {
    const answers = await Promise.all(
      ['Foo Bar', 'foo-bar', 'FOO BAR', 'foo bar'].map((name) => post('/api/blog-category/add/update', { name })),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const rows = await t.services.db.selectFrom('blog_categories').select('slug').execute();
    expect(rows.filter((row) => row.slug.toLowerCase() === 'foo-bar')).toHaveLength(1);
  });

  it('a post restored from the trash while a post of its title is created: both reachable, no 500', async () => {
    for (let round = 0; round < 5; round++) {
      const title = `Restored race ${round}`;
      const first = (await newPost(title)).json().data;
      expect((await t.app.inject({ method: 'DELETE', url: `/api/blogs/${first._id}`, headers: auth })).statusCode).toBe(
        200,
      );
      const [restored, created] = await Promise.all([
        t.app.inject({ method: 'POST', url: `/api/admin/trash/${first._id}/restore`, headers: auth }),
        newPost(title),
      ]);
      expect([restored.statusCode, created.statusCode]).toEqual([200, 200]);
      expect(restored.json().data.url).not.toBe(created.json().data.url);
    }
  });

  it('a page address holding a NUL byte is simply not found', async () => {
    await expect(t.services.blog.findByPath('uncategorized', 'a\u0000b')).resolves.toBeNull();
    await expect(t.services.blog.findByPath('a\u0000', 'b')).resolves.toBeNull();
  });
});
