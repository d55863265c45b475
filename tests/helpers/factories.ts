import * as auth from '#shared/api/auth.ts';
import * as blog from '#shared/api/blog.ts';
import * as subscribers from '#shared/api/subscribers.ts';
import * as uploads from '#shared/api/uploads.ts';
import type { BodyOf } from '#shared/api/endpoint.ts';
import type { BlogCategory, BlogPost } from '#shared/schemas/blog.ts';
import { api, type Answer, type Api, type Target } from './api';
import { image, multipart, type Format } from './images';

/**
 * The things tests make through the API, made once here: a logged-in administrator, categories, posts,
 * subscribers and uploads. They work on every target of `api()` (a test app, a base URL, Playwright's
 * `request`), and each fails the test with the status and body when the server refuses.
 */

/** The administrator the seed creates in every test app (ADMIN_PASSWORD of buildTestApp). */
export const SEEDED_ADMIN = { email: 'admin@example.com', password: 'admin-secret' } as const;

/** The answer's `data`, or an error that says which call failed and how. */
function ok<E extends Parameters<Api['call']>[0]>(what: string, res: Answer<E>) {
  if (res.status !== 200) throw new Error(`${what} failed: ${res.status} ${res.text}`);
  return res.data;
}

let counter = 0;
/** A name no earlier call has used (letters and digits, so it is its own URL segment). */
export const unique = (label: string) => `${label}${Date.now().toString(36)}${++counter}`;

export interface LoggedInAdmin {
  token: string;
  /** The calls of the contract with this administrator's token. */
  api: Api;
}

/** Logs an administrator in (the seeded one unless told otherwise) and gives its token and calls. */
export async function loggedInAdmin(
  target: Target,
  credentials: { email: string; password: string } = SEEDED_ADMIN,
): Promise<LoggedInAdmin> {
  const { token } = ok(`login of ${credentials.email}`, await api(target).call(auth.login, { body: credentials }));
  return { token, api: api(target, { token }) };
}

/** A category with a unique name unless one is given. */
export async function createCategory(admin: LoggedInAdmin, name = unique('Cat')): Promise<BlogCategory> {
  return ok('create category', await admin.api.call(blog.saveCategory, { body: { name } }));
}

type PostFields = Partial<BodyOf<typeof blog.createPost>>;

/** A published, uncategorized post with a unique title and some text; `fields` overrides any of it. */
export async function createPost(admin: LoggedInAdmin, fields: PostFields = {}): Promise<BlogPost> {
  const body = {
    title: unique('Post'),
    excerpt: 'An excerpt',
    content: '<p>Text</p>',
    blogCategory: null,
    ...fields,
  } satisfies PostFields;
  return ok('create post', await admin.api.call(blog.createPost, { body }));
}

/** Subscribes an address through the public box (pending until confirmed). */
export async function subscribe(
  target: Target,
  email: string,
  options: { blogId?: string | null; remoteAddress?: string } = {},
): Promise<void> {
  const { blogId = null, remoteAddress } = options;
  ok(`subscribe ${email}`, await api(target).call(subscribers.subscribe, { body: { email, blogId }, remoteAddress }));
}

/** Adds a subscriber as the administrator does, confirmed unless told otherwise (no confirmation mail then). */
export async function createSubscriber(
  admin: LoggedInAdmin,
  email: string,
  options: { confirmed?: boolean; source?: string } = {},
): Promise<void> {
  const { confirmed = true, source = 'tests' } = options;
  ok(
    `add subscriber ${email}`,
    await admin.api.call(subscribers.addSubscriber, { body: { email, confirmed, source } }),
  );
}

export interface UploadInput {
  /** The file's bytes; a 64×48 image of `format` when not given. */
  data?: Buffer | string;
  format?: Format;
  filename?: string;
  type?: string;
  alt?: string;
}

/** Uploads one image as the admin does (multipart field `image`, `alt` before it) and gives the raw answer. */
export async function upload(
  admin: LoggedInAdmin,
  input: UploadInput = {},
): Promise<Answer<typeof uploads.uploadImage>> {
  const { format = 'png', filename = `photo.${format}`, type = `image/${format}`, alt } = input;
  const data = input.data ?? (await image(format));
  const parts = [...(alt !== undefined ? [{ field: 'alt', data: alt }] : []), { field: 'image', data, filename, type }];
  const { headers, payload } = await multipart(parts);
  return admin.api.callRaw(uploads.uploadImage, { headers, body: payload });
}

/** Uploads an image and gives where it is stored; fails the test when the upload is refused. */
export async function createUpload(admin: LoggedInAdmin, input: UploadInput = {}) {
  return ok('upload', await upload(admin, input));
}

/** The params of a post's API lookup (blog.postByPath) from its public address `/blogs/<category>/<title>`. */
export function postAddress(url: string): { category: string; title: string } {
  const [category, title] = url
    .replace(/^\/blogs\//, '')
    .split('/')
    .map(decodeURIComponent);
  if (category === undefined || title === undefined) throw new Error(`not a post's address: ${url}`);
  return { category, title };
}

/**
 * The `location` of the 301 the API answers for a moved post: the lookup of its address `url`. Spelt out on
 * purpose, because that header is what the tests check.
 */
export const lookupLocation = (url: string) => url.replace(/^\/blogs\//, '/api/blogs/get/by/');
