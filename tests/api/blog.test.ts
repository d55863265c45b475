import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '#shared/messages.ts';
import { SLASH_TOKEN } from '#shared/paths.ts';
import type { BlogCategory, BlogPost } from '#shared/schemas/blog.ts';
import { loginToken } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import * as blog from '#shared/api/blog.ts';
import { api, urlOf, type AnyAnswer, type RawInput } from '#tests/helpers/api.ts';
import type { Endpoint } from '#shared/api/endpoint.ts';

/**
 * The blog calls of docs/product.md#api (categories and posts) on a real app and database: reads are public except
 * get-by-id, writes need the administrator's token. Posts live at /blogs/<category>/<title> (docs/product.md#public-site),
 * so the tests also cover the URL segments, their uniqueness and the 301s of moved posts. Every test makes
 * its own categories and posts with unique names, so the tests do not depend on their order.
 */

type PostFields = {
  title: string;
  excerpt?: string;
  blogCategory?: string | null;
  content?: string;
  featureImage?: string;
  status?: 'draft' | 'published' | 'scheduled';
};

let counter = 0;
/** A name no earlier test has used (letters and digits only, so it is its own URL segment). */
const unique = (label: string) => `${label}${Date.now().toString(36)}${++counter}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A post's address segments, the params of its API lookup (blog.postByPath). */
type Address = { category: string; title: string };
const byPath = (category: string, slug: string): Address => ({ category, title: slug });
/** The address segments of a post's public URL: /blogs/a/b → { category: 'a', title: 'b' }. */
function apiPathOf(url: string): Address {
  const [category, title] = url
    .replace(/^\/blogs\//, '')
    .split('/')
    .map(decodeURIComponent);
  return { category: category!, title: title! };
}
/**
 * Where a moved post's 301 points: the API lookup of its new address. Spelt out on purpose: the redirect's
 * `location` is what the tests check.
 */
const movedTo = ({ category, title }: Address) =>
  `/api/blogs/get/by/${encodeURIComponent(category)}/${encodeURIComponent(title)}`;

const XSS =
  '<p onclick="alert(1)">Hello <strong>reader</strong><script>alert(2)</script>' +
  '<a href="javascript:alert(3)">bad link</a> <a href="https://example.com/ok">good link</a></p>' +
  '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" width="560" height="315" allowfullscreen></iframe>' +
  '<iframe src="https://evil.example/embed"></iframe><img src="x.png" onerror="alert(4)">';

describe.each(DATABASE_KINDS)('blog API on %s', (kind) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    token = await loginToken(t);
  });
  afterAll(() => t?.close());

  async function ok<T>(res: AnyAnswer): Promise<T> {
    expect(res.status, res.text).toBe(200);
    return res.data as T;
  }

  const saveCategory = (body: { _id?: string; name: string }) => api(t).call(blog.saveCategory, { body, token });
  const addCategory = async (name = unique('Cat')) => ok<BlogCategory>(await saveCategory({ name }));
  const categories = async () => ok<BlogCategory[]>(await api(t).call(blog.listCategories));

  const addPost = async (fields: PostFields) =>
    ok<BlogPost>(
      await api(t).call(blog.createPost, {
        body: {
          excerpt: 'An excerpt',
          content: '<p>Text</p>',
          featureImage: '/uploads/a.png',
          ...fields,
        },
        token,
      }),
    );
  const editPost = async (post: BlogPost, changes: Partial<PostFields>) =>
    ok<BlogPost>(
      await api(t).call(blog.updatePost, {
        params: { id: post._id },
        body: {
          _id: post._id,
          title: post.title,
          excerpt: post.excerpt,
          blogCategory: post.blogCategory[0]?._id ?? '',
          content: post.content,
          featureImage: post.featureImage,
          ...changes,
        },
        token,
      }),
    );
  const allPosts = async () => ok<BlogPost[]>(await api(t).call(blog.listPosts));
  const postsOf = async (categoryId: string) =>
    ok<BlogPost[]>(await api(t).call(blog.listPostsOfCategory, { params: { categoryId } }));
  /** The public lookup by category and title segments; answers the post, or fails the test. */
  const get = (address: Address) => api(t).call(blog.postByPath, { params: address });
  const lookUp = async (category: string, slug: string) => ok<BlogPost>(await get(byPath(category, slug)));

  /** Expects a 301 from `from` to the lookup of `to`, and that `to` answers the post. */
  async function expectMoved(from: Address, to: Address, postId: string) {
    const res = await get(from);
    expect(res.status, `${movedTo(from)}: ${res.text}`).toBe(301);
    expect(res.headers.location).toBe(movedTo(to));
    const target = await ok<BlogPost>(await get(to));
    expect(target._id).toBe(postId);
  }

  describe('the seeded blog', () => {
    it("has the categories 'Engineering' and 'Product Design' and four posts, one uncategorized", async () => {
      const names = (await categories()).map((c) => c.name);
      expect(names).toEqual(expect.arrayContaining(['Engineering', 'Product Design']));
      const posts = await allPosts();
      const seeded = posts.filter((p) =>
        [
          'Shipping every two weeks without the drama',
          'CI/CD for teams of five',
          'Designing onboarding that people finish',
          'What we learned from 120 product launches',
        ].includes(p.title),
      );
      expect(seeded).toHaveLength(4);
      const uncategorized = seeded.filter((p) => p.blogCategory.length === 0);
      expect(uncategorized.map((p) => p.title)).toEqual(['What we learned from 120 product launches']);
      expect(uncategorized[0]!.url).toBe('/blogs/uncategorized/What-we-learned-from-120-product-launches');
      const cicd = seeded.find((p) => p.title === 'CI/CD for teams of five')!;
      expect(cicd.url).toBe(`/blogs/Engineering/CI${SLASH_TOKEN}CD-for-teams-of-five`);
      expect((await lookUp('Engineering', `CI${SLASH_TOKEN}CD-for-teams-of-five`))._id).toBe(cicd._id);
    });
  });

  describe('categories', () => {
    it('POST /blog-category/add/update adds a category and answers { data: category }', async () => {
      const name = `${unique('New')} Ideas`;
      const res = await saveCategory({ name });
      expect(res.status, res.text).toBe(200);
      const created = res.data as BlogCategory;
      expect(created).toEqual({ _id: expect.any(String), name, slug: name.replace(' ', '-') });
      expect(await categories()).toContainEqual(created);
    });

    it('trims the name', async () => {
      const name = unique('Trimmed');
      const created = await ok<BlogCategory>(await saveCategory({ name: `  ${name}\t` }));
      expect(created.name).toBe(name);
      expect(created.slug).toBe(name);
    });

    it('GET /blog-category/get-blog-categories lists every category, ordered by name ignoring case', async () => {
      const b = await addCategory(unique('bList'));
      const a = await addCategory(unique('AList'));
      const list = await categories();
      expect(list).toEqual(expect.arrayContaining([a, b]));
      const keys = list.map((c) => c.name.toLowerCase());
      expect(keys).toEqual([...keys].sort());
      for (const c of list) expect(Object.keys(c).sort()).toEqual(['_id', 'name', 'slug']);
    });

    it('renames a category when _id is given, keeping its id', async () => {
      const category = await addCategory();
      const name = `${unique('Renamed')} Cat`;
      const renamed = await ok<BlogCategory>(await saveCategory({ _id: category._id, name }));
      expect(renamed).toEqual({ _id: category._id, name, slug: name.replace(' ', '-') });
      const list = await categories();
      expect(list).toContainEqual(renamed);
      expect(list.find((c) => c._id === category._id)).toEqual(renamed);
    });

    it('lets a category be renamed to its own name in another case', async () => {
      const category = await addCategory(unique('casecat'));
      const renamed = await ok<BlogCategory>(
        await saveCategory({ _id: category._id, name: category.name.toUpperCase() }),
      );
      expect(renamed.name).toBe(category.name.toUpperCase());
    });

    it('answers 409 for a name that differs from an existing one only by case, on add and on rename', async () => {
      const before = await categories();
      for (const name of ['engineering', 'ENGINEERING', 'product design']) {
        const res = await saveCategory({ name });
        expect(res.status, name).toBe(409);
        expect(res.body.message).toEqual(expect.any(String));
      }
      const other = await addCategory();
      const res = await saveCategory({ _id: other._id, name: 'engineering' });
      expect(res.status).toBe(409);
      expect((await categories()).filter((c) => c._id !== other._id)).toEqual(before);
      expect((await categories()).find((c) => c._id === other._id)).toEqual(other);
    });

    it("answers 409 for a name whose URL segment clashes with another's ('Foo Bar' vs 'foo-bar')", async () => {
      const base = unique('Foo');
      await addCategory(`${base} Bar`);
      for (const name of [`${base.toLowerCase()}-bar`, `${base}-Bar`, `${base}   bar`]) {
        const res = await saveCategory({ name });
        expect(res.status, name).toBe(409);
      }
      const other = await addCategory();
      expect((await saveCategory({ _id: other._id, name: `${base.toLowerCase()}-bar` })).status).toBe(409);
      expect((await categories()).filter((c) => c.name.toLowerCase().startsWith(base.toLowerCase()))).toHaveLength(1);
    });

    it('compares non-ASCII names and segments ignoring case too (Über Uns / über-uns)', async () => {
      const suffix = unique('');
      const category = await addCategory(`Über Uns ${suffix}`);
      for (const name of [`über uns ${suffix}`, `über-uns-${suffix}`, `ÜBER-UNS ${suffix}`]) {
        expect((await saveCategory({ name })).status, name).toBe(409);
      }
      const post = await addPost({ title: unique('Umlaut'), blogCategory: category._id });
      const list = await ok<BlogPost[]>(
        await api(t).call(blog.listPostsOfCategoryName, { params: { categoryName: `über-uns-${suffix}` } }),
      );
      expect(list.map((p) => p._id)).toEqual([post._id]);
      expect((await lookUp(`ÜBER-UNS-${suffix}`, post.slug))._id).toBe(post._id);
    });

    it.each(['Uncategorized', 'uncategorized', ' UNCATEGORIZED '])(
      'answers 409 for the reserved name %j, on add and on rename',
      async (name) => {
        const before = await categories();
        expect((await saveCategory({ name })).status).toBe(409);
        expect(await categories()).toEqual(before);
        const other = await addCategory();
        expect((await saveCategory({ _id: other._id, name })).status).toBe(409);
        expect((await categories()).find((c) => c._id === other._id)).toEqual(other);
      },
    );

    it.each([
      ['empty', ''],
      ['whitespace-only', '   '],
      ['missing', undefined],
      ['null', null],
      ['too long', 'x'.repeat(101)],
    ])('answers 400 for a %s name and stores nothing', async (_label, name) => {
      const before = await categories();
      const res = await api(t).callRaw(blog.saveCategory, { body: { name }, token });
      expect(res.status, res.text).toBe(400);
      expect(res.body).toMatchObject({ message: expect.any(String), field: 'name' });
      expect(await categories()).toEqual(before);
    });

    it.each(['..', '.', ' .. '])(
      'answers 400 for the name %j, which no address could reach, on add and on rename',
      async (name) => {
        const other = await addCategory();
        const before = await categories();
        for (const body of [{ name }, { _id: other._id, name }]) {
          const res = await saveCategory(body);
          expect(res.status, res.text).toBe(400);
          expect(res.body).toMatchObject({ message: expect.any(String), field: 'name' });
        }
        expect(await categories()).toEqual(before);
      },
    );

    it.each(['A/B Testing', 'Q&A?', '100% Ünïcode', '#1 tips'])(
      'a category named %j serves its list and posts at its encoded address',
      async (label) => {
        const name = `${label} ${unique('')}`;
        const category = await addCategory(name);
        expect(category.slug).toBe(name.replaceAll(' ', '-'));
        const post = await addPost({ title: unique('Inside'), blogCategory: category._id });
        expect(post.url).toBe(`/blogs/${encodeURIComponent(category.slug)}/${post.slug}`);
        expect((await lookUp(category.slug, post.slug))._id).toBe(post._id);
        const list = await ok<BlogPost[]>(
          await api(t).call(blog.listPostsOfCategoryName, { params: { categoryName: category.slug } }),
        );
        expect(list.map((p) => p._id)).toEqual([post._id]);
      },
    );

    it('answers 404 for a rename of an unknown id', async () => {
      const before = await categories();
      const res = await saveCategory({ _id: randomUUID(), name: unique('Ghost') });
      expect(res.status).toBe(404);
      expect(await categories()).toEqual(before);
    });

    it('DELETE /blog-category/{id} deletes a category and answers { data: { _id } }', async () => {
      const category = await addCategory();
      const res = await api(t).call(blog.deleteCategory, { params: { id: category._id }, token });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ data: { _id: category._id } });
      expect((await categories()).map((c) => c._id)).not.toContain(category._id);
      expect((await api(t).call(blog.deleteCategory, { params: { id: category._id }, token })).status).toBe(404);
    });

    it('DELETE answers 404 for an unknown id', async () => {
      const before = await categories();
      const res = await api(t).call(blog.deleteCategory, { params: { id: randomUUID() }, token });
      expect(res.status).toBe(404);
      expect(res.body.message).toEqual(expect.any(String));
      expect(await categories()).toEqual(before);
    });

    it('deleting a category makes its posts uncategorized; they keep working at /uncategorized/<slug> and the old address redirects', async () => {
      const category = await addCategory();
      const post = await addPost({ title: `${unique('Orphan')} post`, blogCategory: category._id });
      expect(post.url).toBe(`/blogs/${category.slug}/${post.slug}`);
      await ok(await api(t).call(blog.deleteCategory, { params: { id: category._id }, token }));

      const moved = await lookUp('uncategorized', post.slug);
      expect(moved).toMatchObject({
        _id: post._id,
        title: post.title,
        blogCategory: [],
        slug: post.slug,
        url: `/blogs/uncategorized/${post.slug}`,
      });
      expect(
        (await ok<BlogPost>(await api(t).call(blog.getPost, { params: { id: post._id }, token }))).blogCategory,
      ).toEqual([]);
      await expectMoved(byPath(category.slug, post.slug), byPath('uncategorized', post.slug), post._id);
      const uncategorized = await ok<BlogPost[]>(
        await api(t).call(blog.listPostsOfCategoryName, { params: { categoryName: 'uncategorized' } }),
      );
      expect(uncategorized.map((p) => p._id)).toContain(post._id);
    });

    it('a post of a deleted category whose slug clashes with an uncategorized post gets a suffix', async () => {
      const title = `${unique('Clash')} title`;
      const loose = await addPost({ title, blogCategory: null });
      const category = await addCategory();
      const inCategory = await addPost({ title, blogCategory: category._id });
      expect(inCategory.slug).toBe(loose.slug);
      await ok(await api(t).call(blog.deleteCategory, { params: { id: category._id }, token }));

      const moved = await ok<BlogPost>(await api(t).call(blog.getPost, { params: { id: inCategory._id }, token }));
      expect(moved.slug).toBe(`${loose.slug}-2`);
      expect(moved.url).toBe(`/blogs/uncategorized/${loose.slug}-2`);
      expect((await lookUp('uncategorized', `${loose.slug}-2`))._id).toBe(inCategory._id);
      expect((await lookUp('uncategorized', loose.slug))._id).toBe(loose._id);
      await expectMoved(
        byPath(category.slug, inCategory.slug),
        byPath('uncategorized', `${loose.slug}-2`),
        inCategory._id,
      );
    });

    it('renaming a category moves its posts: the old addresses answer 301 to the new ones', async () => {
      const category = await addCategory(`${unique('Old')} Name`);
      const post = await addPost({ title: unique('Moving'), blogCategory: category._id });
      const renamed = await ok<BlogCategory>(await saveCategory({ _id: category._id, name: `${unique('New')} Name` }));
      expect((await lookUp(renamed.slug, post.slug))._id).toBe(post._id);
      await expectMoved(byPath(category.slug, post.slug), byPath(renamed.slug, post.slug), post._id);
      expect(
        (await api(t).call(blog.listPostsOfCategoryName, { params: { categoryName: category.slug } })).status,
      ).toBe(404);
      expect(
        (
          await ok<BlogPost[]>(
            await api(t).call(blog.listPostsOfCategoryName, { params: { categoryName: renamed.slug } }),
          )
        ).map((p) => p._id),
      ).toEqual([post._id]);

      // Renamed once more: the first address still leads to the current one.
      const again = await ok<BlogCategory>(await saveCategory({ _id: category._id, name: unique('Third') }));
      await expectMoved(byPath(category.slug, post.slug), byPath(again.slug, post.slug), post._id);
      await expectMoved(byPath(renamed.slug, post.slug), byPath(again.slug, post.slug), post._id);
    });

    it('a category renamed back to an old name serves its posts there again', async () => {
      const category = await addCategory(unique('Back'));
      const post = await addPost({ title: unique('Stay'), blogCategory: category._id });
      const other = await ok<BlogCategory>(await saveCategory({ _id: category._id, name: unique('Away') }));
      await ok(await saveCategory({ _id: category._id, name: category.name }));
      expect((await lookUp(category.slug, post.slug))._id).toBe(post._id);
      await expectMoved(byPath(other.slug, post.slug), byPath(category.slug, post.slug), post._id);
    });

    it.each([
      { endpoint: blog.saveCategory, body: { name: 'Sneaky' } },
      { endpoint: blog.deleteCategory, body: undefined },
    ])(
      '$endpoint.method $endpoint.path answers 401 without a token or with a bad one, changing nothing',
      async ({ endpoint, body }) => {
        const existing = await addCategory();
        const before = await categories();
        for (const headers of [{}, { authorization: 'Bearer not-a-token' }, { authorization: token }] as Array<
          Record<string, string>
        >) {
          const res = await api(t).callRaw(endpoint, { params: { id: existing._id }, body, headers });
          expect(res.status).toBe(401);
          expect(res.body).toEqual({ message: SERVER_MESSAGES.loginRequired });
        }
        expect(await categories()).toEqual(before);
      },
    );
  });

  describe('posts', () => {
    it('POST /blogs/add stores a post and answers it with blogCategory as a list of category objects', async () => {
      const category = await addCategory();
      const res = await api(t).call(blog.createPost, {
        body: {
          title: '  Launch Notes  ',
          excerpt: ' Short summary ',
          blogCategory: category._id,
          content: '<p>Body <em>text</em></p>',
          featureImage: '/uploads/cover.png',
        },
        token,
      });
      expect(res.status, res.text).toBe(200);
      const post = res.data as BlogPost;
      expect(post).toEqual({
        _id: expect.any(String),
        title: 'Launch Notes',
        excerpt: 'Short summary',
        blogCategory: [category],
        content: '<p>Body <em>text</em></p>',
        featureImage: '/uploads/cover.png',
        slug: 'Launch-Notes',
        url: `/blogs/${category.slug}/Launch-Notes`,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      expect(new Date(post.createdAt).toISOString()).toBe(post.createdAt);
      expect(await ok(await api(t).call(blog.getPost, { params: { id: post._id }, token }))).toEqual(post);
      expect(await lookUp(category.slug, 'Launch-Notes')).toEqual(post);
      expect((await allPosts()).find((p) => p._id === post._id)).toEqual(post);
    });

    it('an empty or missing category makes an uncategorized post: blogCategory [] and the segment uncategorized', async () => {
      for (const blogCategory of ['', null, undefined]) {
        const title = unique('Loose');
        const post = await addPost({ title, blogCategory });
        expect(post.blogCategory).toEqual([]);
        expect(post.url).toBe(`/blogs/uncategorized/${title}`);
        expect(await lookUp('uncategorized', title)).toEqual(post);
      }
    });

    it('excerpt, content and image may be left out', async () => {
      const title = unique('Bare');
      const post = await ok<BlogPost>(await api(t).call(blog.createPost, { body: { title }, token }));
      expect(post).toMatchObject({ title, excerpt: '', content: '', featureImage: '', blogCategory: [] });
    });

    it('sanitises the content: script, event handlers and javascript: links go, a YouTube iframe stays', async () => {
      const post = await addPost({ title: unique('Xss'), content: XSS });
      for (const stored of [
        post.content,
        (await ok<BlogPost>(await api(t).call(blog.getPost, { params: { id: post._id }, token }))).content,
      ]) {
        expect(stored).toContain('Hello <strong>reader</strong>');
        expect(stored).toContain('<a href="https://example.com/ok">good link</a>');
        expect(stored).toContain('<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"');
        expect(stored).not.toMatch(/<script/i);
        expect(stored).not.toMatch(/alert/);
        expect(stored).not.toMatch(/onclick|onerror/i);
        expect(stored).not.toMatch(/javascript:/i);
        expect(stored).not.toContain('evil.example');
      }
      const edited = await editPost(post, {
        content: '<p>Edited</p><script>alert(5)</script><iframe src="https://www.youtube.com/embed/abc"></iframe>',
      });
      expect(edited.content).toBe('<p>Edited</p><iframe src="https://www.youtube.com/embed/abc"></iframe>');
    });

    it.each(['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>'])(
      'answers 400 for the feature image %j',
      async (featureImage) => {
        const title = unique('BadImage');
        const res = await api(t).call(blog.createPost, { body: { title, featureImage }, token });
        expect(res.status).toBe(400);
        expect(res.body.field).toBe('featureImage');
        expect((await allPosts()).map((p) => p.title)).not.toContain(title);
      },
    );

    describe('URL segments (docs/product.md#public-site)', () => {
      it.each([
        ['spaces become hyphens', 'Hello   big World', 'Hello-big-World'],
        ['hyphens in the title are kept', 'Front-end - tips', 'Front-end---tips'],
        ["'/' becomes the slash token", 'CI/CD and A/B', `CI${SLASH_TOKEN}CD-and-A${SLASH_TOKEN}B`],
        ['non-ASCII letters are kept', 'Grüße aus Köln Ünï', 'Grüße-aus-Köln-Ünï'],
        ["'..' becomes 'post'", '..', 'post'],
        ["'.' becomes 'post'", '.', 'post'],
        ['other punctuation is kept', 'Why? 100% & more!', 'Why?-100%-&-more!'],
      ])('%s: %j → %j, and the post is found by it', async (_label, title, slug) => {
        const category = await addCategory();
        const post = await addPost({ title, blogCategory: category._id });
        expect(post.slug).toBe(slug);
        expect(post.url).toBe(`/blogs/${category.slug}/${encodeURIComponent(slug)}`);
        expect((await lookUp(category.slug, slug))._id).toBe(post._id);
        expect((await get(apiPathOf(post.url))).status).toBe(200);
      });

      it("the category segment is the name with hyphens for spaces ('Product Design' → 'Product-Design')", async () => {
        const design = (await categories()).find((c) => c.name === 'Product Design')!;
        expect(design.slug).toBe('Product-Design');
        const post = (await postsOf(design._id))[0]!;
        expect(post.url.startsWith('/blogs/Product-Design/')).toBe(true);
        expect((await lookUp('Product-Design', post.slug))._id).toBe(post._id);
      });

      it("duplicate titles in one category get '-2', '-3'; the same title in another category does not", async () => {
        const category = await addCategory();
        const other = await addCategory();
        const title = `${unique('Same')} title`;
        const first = await addPost({ title, blogCategory: category._id });
        const second = await addPost({ title, blogCategory: category._id });
        const third = await addPost({ title, blogCategory: category._id });
        const elsewhere = await addPost({ title, blogCategory: other._id });
        const loose = await addPost({ title, blogCategory: null });
        const base = title.replace(' ', '-');
        expect([first.slug, second.slug, third.slug]).toEqual([base, `${base}-2`, `${base}-3`]);
        expect(elsewhere.slug).toBe(base);
        expect(loose.slug).toBe(base);
        expect((await lookUp(category.slug, `${base}-2`))._id).toBe(second._id);
        expect((await lookUp(category.slug, `${base}-3`))._id).toBe(third._id);
        expect((await lookUp(other.slug, base))._id).toBe(elsewhere._id);

        // A freed slug is taken again by the next post of that title.
        await ok(await api(t).call(blog.deletePost, { params: { id: second._id }, token }));
        expect((await addPost({ title, blogCategory: category._id })).slug).toBe(`${base}-2`);
        expect((await addPost({ title, blogCategory: category._id })).slug).toBe(`${base}-4`);
      });

      it.each(['😀 Party', 'Ünï Grüße', '博客'])(
        "duplicates of the non-ASCII title %j get '-2', '-3' too",
        async (title) => {
          const category = await addCategory();
          const base = title.replaceAll(' ', '-');
          const slugs: string[] = [];
          for (let i = 0; i < 3; i++) slugs.push((await addPost({ title, blogCategory: category._id })).slug);
          expect(slugs).toEqual([base, `${base}-2`, `${base}-3`]);
          expect((await lookUp(category.slug, `${base}-3`)).slug).toBe(`${base}-3`);
        },
      );

      it("a title that only starts like another keeps its own slug ('Hello' vs 'Hello-2' vs 'Hello 2')", async () => {
        const category = await addCategory();
        const base = unique('Hello');
        const a = await addPost({ title: `${base}-2`, blogCategory: category._id });
        const b = await addPost({ title: base, blogCategory: category._id });
        const c = await addPost({ title: base, blogCategory: category._id });
        expect(a.slug).toBe(`${base}-2`);
        expect(b.slug).toBe(base);
        expect(c.slug).toBe(`${base}-3`);
      });

      it('the lookup accepts the category segment in any case and answers 404 for unknown segments', async () => {
        const category = await addCategory(unique('MixedCase'));
        const post = await addPost({ title: unique('Case'), blogCategory: category._id });
        expect((await lookUp(category.slug.toLowerCase(), post.slug))._id).toBe(post._id);
        expect((await get(byPath(category.slug, `${post.slug}-nope`))).status).toBe(404);
        expect((await get(byPath(unique('NoSuchCategory'), post.slug))).status).toBe(404);
        expect((await get(byPath('uncategorized', post.slug))).status).toBe(404);
      });

      it('long titles of slashes and non-ASCII letters are stored, found and moved', async () => {
        const category = await addCategory();
        for (const title of ['/'.repeat(300), 'Ü'.repeat(300), '博客文章标题'.repeat(50), `${'a/'.repeat(149)}Ü`]) {
          const post = await addPost({ title, blogCategory: category._id });
          expect(post.title).toBe(title);
          expect((await lookUp(category.slug, post.slug))._id).toBe(post._id);
          const edited = await editPost(post, { title: `${title.slice(0, 290)}x` });
          await expectMoved(apiPathOf(post.url), apiPathOf(edited.url), post._id);
        }
      });
    });

    describe('moved posts (301)', () => {
      it('a new title moves the post: the old address answers 301 to the new one', async () => {
        const category = await addCategory();
        const post = await addPost({ title: `${unique('First')} title`, blogCategory: category._id });
        const edited = await editPost(post, { title: 'Second/title Ü' });
        expect(edited.slug).toBe(`Second${SLASH_TOKEN}title-Ü`);
        expect(edited.url).toBe(`/blogs/${category.slug}/${encodeURIComponent(edited.slug)}`);
        expect((await lookUp(category.slug, edited.slug))._id).toBe(post._id);
        await expectMoved(apiPathOf(post.url), apiPathOf(edited.url), post._id);

        // Renamed again: both earlier addresses lead to the current one.
        const third = await editPost(edited, { title: unique('Third') });
        await expectMoved(apiPathOf(post.url), apiPathOf(third.url), post._id);
        await expectMoved(apiPathOf(edited.url), apiPathOf(third.url), post._id);
      });

      it('a new category moves the post, also to and from uncategorized', async () => {
        const from = await addCategory();
        const to = await addCategory();
        const post = await addPost({ title: unique('Wanderer'), blogCategory: from._id });
        const moved = await editPost(post, { blogCategory: to._id });
        expect(moved.blogCategory).toEqual([to]);
        expect(moved.url).toBe(`/blogs/${to.slug}/${post.slug}`);
        await expectMoved(apiPathOf(post.url), apiPathOf(moved.url), post._id);
        expect(await postsOf(from._id)).toEqual([]);
        expect((await postsOf(to._id)).map((p) => p._id)).toEqual([post._id]);

        const loose = await editPost(moved, { blogCategory: '' });
        expect(loose.blogCategory).toEqual([]);
        expect(loose.url).toBe(`/blogs/uncategorized/${post.slug}`);
        await expectMoved(apiPathOf(post.url), apiPathOf(loose.url), post._id);
        await expectMoved(apiPathOf(moved.url), apiPathOf(loose.url), post._id);
      });

      it('a move into a category that has the slug already gives a suffix', async () => {
        const a = await addCategory();
        const b = await addCategory();
        const title = unique('Twin');
        await addPost({ title, blogCategory: a._id });
        const post = await addPost({ title, blogCategory: b._id });
        const moved = await editPost(post, { blogCategory: a._id });
        expect(moved.slug).toBe(`${title}-2`);
        await expectMoved(apiPathOf(post.url), apiPathOf(moved.url), post._id);
      });

      it('an edit that keeps title and category keeps the address and adds no redirect', async () => {
        const category = await addCategory();
        const post = await addPost({ title: unique('Steady'), blogCategory: category._id });
        const edited = await editPost(post, {
          excerpt: 'Changed excerpt',
          content: '<p>Changed</p>',
          featureImage: '/uploads/b.png',
        });
        expect(edited).toMatchObject({
          _id: post._id,
          slug: post.slug,
          url: post.url,
          excerpt: 'Changed excerpt',
          content: '<p>Changed</p>',
          featureImage: '/uploads/b.png',
          createdAt: post.createdAt,
        });
        expect((await lookUp(category.slug, post.slug))._id).toBe(post._id);
      });

      it('renaming back to an old title takes the old address again', async () => {
        const category = await addCategory();
        const post = await addPost({ title: unique('Boomerang'), blogCategory: category._id });
        const away = await editPost(post, { title: unique('Away') });
        const back = await editPost(away, { title: post.title });
        expect(back.url).toBe(post.url);
        expect((await lookUp(category.slug, post.slug))._id).toBe(post._id);
        await expectMoved(apiPathOf(away.url), apiPathOf(post.url), post._id);
      });

      it('a new post at an old address takes it over from the redirect', async () => {
        const category = await addCategory();
        const title = unique('Reused');
        const post = await addPost({ title, blogCategory: category._id });
        await editPost(post, { title: unique('Elsewhere') });
        const newcomer = await addPost({ title, blogCategory: category._id });
        expect(newcomer.slug).toBe(post.slug);
        expect((await lookUp(category.slug, post.slug))._id).toBe(newcomer._id);
      });

      it('a deleted post leaves no redirect behind', async () => {
        const category = await addCategory();
        const post = await addPost({ title: unique('Gone'), blogCategory: category._id });
        const edited = await editPost(post, { title: unique('GoneToo') });
        await ok(await api(t).call(blog.deletePost, { params: { id: post._id }, token }));
        expect((await get(apiPathOf(post.url))).status).toBe(404);
        expect((await get(apiPathOf(edited.url))).status).toBe(404);
      });
    });

    it('POST /blogs/edit/{id} changes every field and answers the post', async () => {
      const a = await addCategory();
      const b = await addCategory();
      const post = await addPost({ title: unique('Editable'), blogCategory: a._id });
      await sleep(5);
      const res = await api(t).call(blog.updatePost, {
        params: { id: post._id },
        body: {
          _id: post._id,
          title: 'Edited title',
          excerpt: 'Edited excerpt',
          blogCategory: b._id,
          content: '<h2>Edited</h2>',
          featureImage: '/uploads/edited.png',
        },
        token,
      });
      expect(res.status, res.text).toBe(200);
      const edited = res.data as BlogPost;
      expect(edited).toEqual({
        ...post,
        title: 'Edited title',
        excerpt: 'Edited excerpt',
        blogCategory: [b],
        content: '<h2>Edited</h2>',
        featureImage: '/uploads/edited.png',
        slug: 'Edited-title',
        url: `/blogs/${b.slug}/Edited-title`,
        updatedAt: expect.any(String),
      });
      expect(edited.updatedAt > post.updatedAt).toBe(true);
      expect(await ok(await api(t).call(blog.getPost, { params: { id: post._id }, token }))).toEqual(edited);
    });

    it('edit answers 404 for an unknown id, and 400 for an empty title or an unknown category', async () => {
      const category = await addCategory();
      const post = await addPost({ title: unique('Guarded'), blogCategory: category._id });
      const unknown = await api(t).call(blog.updatePost, {
        params: { id: randomUUID() },
        body: { title: 'Whatever' },
        token,
      });
      expect(unknown.status).toBe(404);
      for (const title of ['', '   ', undefined]) {
        const res = await api(t).callRaw(blog.updatePost, {
          params: { id: post._id },
          body: { title, blogCategory: category._id },
          token,
        });
        expect(res.status).toBe(400);
        expect(res.body.field).toBe('title');
      }
      const badCategory = await api(t).call(blog.updatePost, {
        params: { id: post._id },
        body: {
          title: 'Other',
          blogCategory: randomUUID(),
        },
        token,
      });
      expect(badCategory.status).toBe(400);
      expect(badCategory.body.message).toEqual(expect.any(String));
      expect(await ok(await api(t).call(blog.getPost, { params: { id: post._id }, token }))).toEqual(post);
    });

    it.each([
      ['an empty title', { title: '' }],
      ['a whitespace-only title', { title: ' \n ' }],
      ['a missing title', {}],
      ['a too long title', { title: 'x'.repeat(301) }],
      ['an unknown category id', { title: 'Lost', blogCategory: 'no-such-category' }],
      ['a body that is not an object', ['title']],
    ])('add answers 400 for %s and stores nothing', async (_label, body) => {
      const before = await allPosts();
      const res = await api(t).callRaw(blog.createPost, { body, token });
      expect(res.status, res.text).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
      expect(await allPosts()).toEqual(before);
    });

    it('GET /blogs/get-by-id/{id} answers the post to the administrator, 404 for an unknown id, 401 without a token', async () => {
      const post = await addPost({ title: unique('ById') });
      expect(await ok(await api(t).call(blog.getPost, { params: { id: post._id }, token }))).toEqual(post);
      expect((await api(t).call(blog.getPost, { params: { id: randomUUID() }, token })).status).toBe(404);
      const res = await api(t).call(blog.getPost, { params: { id: post._id } });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: SERVER_MESSAGES.loginRequired });
      expect(
        (await api(t).call(blog.getPost, { params: { id: post._id }, headers: { authorization: 'Bearer nope' } }))
          .status,
      ).toBe(401);
    });

    it('DELETE /blogs/{id} deletes the post everywhere; 404 for an unknown id', async () => {
      const category = await addCategory();
      const post = await addPost({ title: unique('Doomed'), blogCategory: category._id });
      const res = await api(t).call(blog.deletePost, { params: { id: post._id }, token });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ data: { _id: post._id } });
      expect((await allPosts()).map((p) => p._id)).not.toContain(post._id);
      expect(await postsOf(category._id)).toEqual([]);
      expect((await ok<BlogPost[]>(await api(t).call(blog.recentPosts))).map((p) => p._id)).not.toContain(post._id);
      expect((await get(apiPathOf(post.url))).status).toBe(404);
      expect((await api(t).call(blog.getPost, { params: { id: post._id }, token })).status).toBe(404);
      expect((await api(t).call(blog.deletePost, { params: { id: post._id }, token })).status).toBe(404);
      expect((await api(t).call(blog.deletePost, { params: { id: randomUUID() }, token })).status).toBe(404);
    });

    it('every write answers 401 without a token or with a bad one, changing nothing', async () => {
      const category = await addCategory();
      const post = await addPost({ title: unique('Locked'), blogCategory: category._id });
      const writes: Array<[Endpoint, RawInput]> = [
        [blog.createPost, { body: { title: 'Sneaky' } }],
        [blog.updatePost, { params: { id: post._id }, body: { title: 'Sneaky' } }],
        [blog.deletePost, { params: { id: post._id } }],
        [blog.saveCategory, { body: { name: 'Sneaky' } }],
        [blog.saveCategory, { body: { _id: category._id, name: 'Sneaky' } }],
        [blog.deleteCategory, { params: { id: category._id } }],
      ];
      const before = { posts: await allPosts(), categories: await categories() };
      for (const [endpoint, input] of writes) {
        const { method } = endpoint;
        const url = urlOf(endpoint, input);
        for (const headers of [{}, { authorization: 'Bearer not-a-token' }] as Array<Record<string, string>>) {
          const res = await api(t).callRaw(endpoint, { ...input, headers });
          expect(res.status, `${method} ${url}`).toBe(401);
          expect(res.body).toEqual({ message: SERVER_MESSAGES.loginRequired });
        }
      }
      expect({ posts: await allPosts(), categories: await categories() }).toEqual(before);
    });

    it('reads need no token', async () => {
      const category = await addCategory();
      const post = await addPost({ title: unique('Public'), blogCategory: category._id });
      const reads: Array<[Endpoint, RawInput]> = [
        [blog.listCategories, {}],
        [blog.listPosts, {}],
        [blog.listPostsOfCategory, { params: { categoryId: category._id } }],
        [blog.listPostsOfCategoryName, { params: { categoryName: category.slug } }],
        [blog.postByPath, { params: apiPathOf(post.url) }],
        [blog.recentPosts, {}],
      ];
      for (const [endpoint, input] of reads) {
        expect((await api(t).callRaw(endpoint, input)).status, urlOf(endpoint, input)).toBe(200);
      }
    });
  });

  describe('lists', () => {
    /** A category with `n` posts created a few milliseconds apart, oldest first. */
    async function categoryWithPosts(n: number) {
      const category = await addCategory();
      const posts: BlogPost[] = [];
      for (let i = 0; i < n; i++) {
        posts.push(await addPost({ title: `Post ${i + 1}`, blogCategory: category._id }));
        await sleep(3);
      }
      return { category, posts, newestFirst: [...posts].reverse().map((p) => p._id) };
    }

    it('GET /blogs/get-all-blogs lists every post, newest first, without meta', async () => {
      const before = await allPosts();
      const { newestFirst } = await categoryWithPosts(3);
      const res = await api(t).call(blog.listPosts);
      expect(Object.keys(res.body)).toEqual(['data']);
      const list = res.data as BlogPost[];
      expect(list).toHaveLength(before.length + 3);
      expect(list.slice(0, 3).map((p) => p._id)).toEqual(newestFirst);
      const times = list.map((p) => p.createdAt);
      expect(times).toEqual([...times].sort().reverse());
    });

    it('GET /blogs/get-all-blogs/{categoryId} lists only that category, newest first; 404 for an unknown id', async () => {
      const { category, newestFirst } = await categoryWithPosts(3);
      await addPost({ title: unique('Elsewhere') });
      const res = await api(t).call(blog.listPostsOfCategory, { params: { categoryId: category._id } });
      expect(Object.keys(res.body)).toEqual(['data']);
      expect((res.data as BlogPost[]).map((p) => p._id)).toEqual(newestFirst);
      for (const p of res.data as BlogPost[]) expect(p.blogCategory).toEqual([category]);
      expect((await api(t).call(blog.listPostsOfCategory, { params: { categoryId: randomUUID() } })).status).toBe(404);
    });

    it('GET /blogs/fetch/by/{categoryName} lists a category by its URL segment, newest first', async () => {
      const category = await addCategory(`${unique('Fetch')} By Name`);
      const a = await addPost({ title: 'A', blogCategory: category._id });
      await sleep(3);
      const b = await addPost({ title: 'B', blogCategory: category._id });
      await addPost({ title: unique('NotHere') });
      for (const segment of [category.slug, category.slug.toLowerCase()]) {
        const list = await ok<BlogPost[]>(
          await api(t).call(blog.listPostsOfCategoryName, { params: { categoryName: segment } }),
        );
        expect(list.map((p) => p._id)).toEqual([b._id, a._id]);
      }
      expect(
        (await api(t).call(blog.listPostsOfCategoryName, { params: { categoryName: unique('Nothing') } })).status,
      ).toBe(404);
    });

    it('GET /blogs/fetch/by/uncategorized lists the posts without a category (the seeded one among them)', async () => {
      const loose = await addPost({ title: unique('Loose'), blogCategory: null });
      const list = await ok<BlogPost[]>(
        await api(t).call(blog.listPostsOfCategoryName, { params: { categoryName: 'uncategorized' } }),
      );
      expect(list[0]!._id).toBe(loose._id);
      expect(list.map((p) => p.title)).toContain('What we learned from 120 product launches');
      for (const p of list) expect(p.blogCategory).toEqual([]);
    });

    it('GET /blogs/get-recent answers the five newest posts', async () => {
      const { newestFirst } = await categoryWithPosts(6);
      const recent = await ok<BlogPost[]>(await api(t).call(blog.recentPosts));
      expect(recent.map((p) => p._id)).toEqual(newestFirst.slice(0, 5));
      expect(recent.map((p) => p._id)).toEqual((await allPosts()).slice(0, 5).map((p) => p._id));
    });

    it("the pages' sidebar links to the same five posts, read without their content", async () => {
      const { newestFirst } = await categoryWithPosts(6);
      // A post in the trash and a draft are in neither list.
      await ok(await api(t).call(blog.deletePost, { params: { id: newestFirst[0]! }, token }));
      await addPost({ title: unique('Draft'), status: 'draft' });
      const recent = await ok<BlogPost[]>(await api(t).call(blog.recentPosts));
      expect(recent.map((p) => p._id)).toEqual(newestFirst.slice(1));
      expect(await t.services.blog.recentPostLinks()).toEqual(
        recent.map(({ _id, title, url }) => ({ _id, title, url })),
      );
    });

    it('?page=&limit= pages a list and adds meta { page, limit, total, hasMore }', async () => {
      const { category, newestFirst } = await categoryWithPosts(5);
      const page = async (query: string) => {
        const res = await api(t).callRaw(blog.listPostsOfCategory, {
          params: { categoryId: category._id },
          query: `${query}`,
        });
        expect(res.status, res.text).toBe(200);
        const body = res.body as { data: BlogPost[]; meta: unknown };
        return { ids: body.data.map((p) => p._id), meta: body.meta };
      };
      expect(await page('page=1&limit=2')).toEqual({
        ids: newestFirst.slice(0, 2),
        meta: { page: 1, limit: 2, total: 5, hasMore: true },
      });
      expect(await page('page=2&limit=2')).toEqual({
        ids: newestFirst.slice(2, 4),
        meta: { page: 2, limit: 2, total: 5, hasMore: true },
      });
      expect(await page('page=3&limit=2')).toEqual({
        ids: newestFirst.slice(4),
        meta: { page: 3, limit: 2, total: 5, hasMore: false },
      });
      expect(await page('page=4&limit=2')).toEqual({ ids: [], meta: { page: 4, limit: 2, total: 5, hasMore: false } });
      expect(await page('limit=5')).toEqual({
        ids: newestFirst,
        meta: { page: 1, limit: 5, total: 5, hasMore: false },
      });
      expect(await page('page=1')).toEqual({
        ids: newestFirst,
        meta: { page: 1, limit: 10, total: 5, hasMore: false },
      });

      const fetched = await api(t).call(blog.listPostsOfCategoryName, {
        params: { categoryName: category.slug },
        query: { page: '2', limit: '3' },
      });
      expect(fetched.body.meta).toEqual({ page: 2, limit: 3, total: 5, hasMore: false });
      expect((fetched.data as BlogPost[]).map((p) => p._id)).toEqual(newestFirst.slice(3));

      const all = await allPosts();
      const first = await api(t).call(blog.listPosts, { query: { page: '1', limit: '3' } });
      expect(first.body.meta).toEqual({ page: 1, limit: 3, total: all.length, hasMore: true });
      expect((first.data as BlogPost[]).map((p) => p._id)).toEqual(all.slice(0, 3).map((p) => p._id));
    });

    it.each(['page=0', 'page=-1', 'page=x', 'limit=0', 'limit=101', 'page=1.5'])(
      'answers 400 for ?%s',
      async (query) => {
        const res = await api(t).callRaw(blog.listPosts, { query: `${query}` });
        expect(res.status).toBe(400);
        expect(res.body.message).toEqual(expect.any(String));
      },
    );
  });
});
