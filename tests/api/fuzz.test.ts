import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS } from '#shared/api/index.ts';
import type { Endpoint } from '#shared/api/endpoint.ts';
import { DEFAULT_LIMITS } from '#server/plugins/rate-limits.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { bearer, loginToken, NO_LIMIT } from '#tests/helpers/auth.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import {
  BAD_HOSTS,
  BAD_PATH_SEGMENTS,
  BAD_VALUES,
  MALFORMED_MULTIPART,
  percentEncode,
  RAW_BODIES,
  randomGenerator,
} from '#tests/helpers/fuzz.ts';
import * as authApi from '#shared/api/auth.ts';
import * as blog from '#shared/api/blog.ts';
import * as content from '#shared/api/content.ts';
import * as search from '#shared/api/search.ts';
import { api } from '#tests/helpers/api.ts';

/**
 * Malformed input to every endpoint of the contract (docs/api.md: no input a client sends gives a 500),
 * on each database: at least REQUESTS_PER_ENDPOINT requests each, from a fixed seed so a failure repeats.
 * Fails on any 5xx, on a request that hangs, and on any change a public endpoint makes to the site's content.
 */
const REQUESTS_PER_ENDPOINT = 200;
const HANG_MS = 10_000;
const IN_FLIGHT = 8;

interface FuzzRequest {
  method: Endpoint['method'] | 'HEAD';
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** The keys of an object schema of zod/mini, through optional and default wrappers. */
function keysOf(schema: unknown): string[] {
  let def = (schema as { _zod?: { def: Record<string, unknown> } } | undefined)?._zod?.def;
  while (def && (def.type === 'optional' || def.type === 'default' || def.type === 'nullable')) {
    def = (def.innerType as { _zod: { def: Record<string, unknown> } })._zod.def;
  }
  return def?.type === 'object' ? Object.keys(def.shape as object) : [];
}

const paramNames = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);

function fillPath(path: string, values: Record<string, string>) {
  return `/api${path.replace(/:(\w+)/g, (_, name: string) => values[name] ?? 'x')}`;
}

/** The requests for one endpoint: malformed bodies, path segments, queries and content types, mixed by the seed. */
function requestsFor(endpoint: Endpoint, baseAuth: Record<string, string>, realIds: string[]): FuzzRequest[] {
  const random = randomGenerator(endpoint.method + endpoint.path);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const params = paramNames(endpoint.path);
  const bodyKeys = keysOf(endpoint.body);
  const queryKeys = keysOf(endpoint.query);
  const json = { 'content-type': 'application/json' };
  const out: FuzzRequest[] = [];

  const pathValues = (i: number) =>
    Object.fromEntries(
      params.map((name) => [
        name,
        i % 3 === 0 ? pick(realIds) : i % 3 === 1 ? crypto.randomUUID() : pick(BAD_PATH_SEGMENTS),
      ]),
    );
  const queryString = () => {
    const keys = queryKeys.length ? queryKeys : ['x', '__proto__[polluted]', 'constructor'];
    const parts = keys
      .filter(() => random() < 0.7)
      .flatMap((key) => {
        const value = pick(BAD_VALUES);
        const text = typeof value === 'string' ? value : JSON.stringify(value);
        const one = `${percentEncode(key)}=${percentEncode(text.slice(0, 5000))}`;
        return random() < 0.2 ? [one, one] : [one];
      });
    // A lone surrogate cannot be percent-encoded as UTF-8: send the raw bytes a client could.
    if (random() < 0.1) parts.push('x=%ED%A0%80', 'y=%00');
    return parts.length ? `?${parts.join('&')}` : '';
  };
  const body = (i: number): string | Buffer | undefined => {
    if (endpoint.path === '/uploader/do') return undefined;
    if (i % 7 === 0) return pick(RAW_BODIES);
    if (!bodyKeys.length) return JSON.stringify(pick(BAD_VALUES));
    const value: Record<string, unknown> = Object.fromEntries(bodyKeys.map((key) => [key, 'x']));
    // Field by field through the corpus first, then random mixtures of bad fields and unknown keys.
    if (i < bodyKeys.length * BAD_VALUES.length && i % 2 === 1) {
      const n = Math.floor(i / 2);
      value[bodyKeys[n % bodyKeys.length]!] = BAD_VALUES[Math.floor(n / bodyKeys.length) % BAD_VALUES.length];
    } else {
      for (const key of bodyKeys) if (random() < 0.5) value[key] = pick(BAD_VALUES);
      if (random() < 0.2) value[pick(['__proto__', 'constructor', 'prototype', 'extra'])] = { polluted: true };
    }
    return JSON.stringify(value);
  };

  for (let i = 0; out.length < REQUESTS_PER_ENDPOINT; i++) {
    const url = fillPath(endpoint.path, pathValues(i)) + (i % 4 === 0 || endpoint.query ? queryString() : '');
    // Now and then a Host header no browser would send.
    const auth = i % 13 === 5 ? { ...baseAuth, host: pick(BAD_HOSTS) } : baseAuth;
    if (endpoint.path === '/uploader/do' || (endpoint.path === '/admin/imports' && endpoint.method === 'POST')) {
      const [contentType, payload] = MALFORMED_MULTIPART[i % MALFORMED_MULTIPART.length]!(random);
      out.push({ method: endpoint.method, url, headers: { ...auth, 'content-type': contentType }, payload });
      continue;
    }
    if (endpoint.method === 'GET' || endpoint.method === 'DELETE') {
      // Bodies where none belong, now and then.
      const payload = i % 9 === 0 ? pick(RAW_BODIES) : undefined;
      out.push({ method: endpoint.method, url, headers: payload ? { ...auth, ...json } : auth, payload });
      continue;
    }
    const contentType =
      i % 11 === 0
        ? pick([
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data',
            'application/json; charset=latin1',
          ])
        : 'application/json';
    out.push({ method: endpoint.method, url, headers: { ...auth, 'content-type': contentType }, payload: body(i) });
  }
  return out;
}

describe.each(DATABASE_KINDS)('fuzzing every endpoint on %s', (kind) => {
  let t: TestApp;
  let adminAuth: Record<string, string>;
  const realIds: string[] = [];

  beforeAll(async () => {
    const noLimits = Object.fromEntries(Object.keys(DEFAULT_LIMITS).map((name) => [name, NO_LIMIT]));
    t = await buildTestApp(kind, { app: { rateLimits: noLimits as never } });
    adminAuth = bearer(await loginToken(t));
    // Real ids, so some requests reach past the "not found" checks.
    const posts = await t.services.db.selectFrom('blog_posts').select('id').limit(3).execute();
    const categories = await t.services.db.selectFrom('blog_categories').select('id').limit(2).execute();
    const sections = await t.services.db.selectFrom('content_sections').select('id').limit(2).execute();
    // Revisions too, so the History endpoints are reached with ids that exist.
    const revisions = await t.services.db.selectFrom('revisions').select('id').limit(2).execute();
    // Tags too (docs/product.md#tags), a public and an internal one.
    await t.services.blog.createPost({ title: 'Tagged for fuzzing', tags: ['Fuzzed', '#fuzz-internal'] });
    const tags = await t.services.db.selectFrom('blog_tags').select('id').limit(2).execute();
    realIds.push(...[...posts, ...categories, ...sections, ...revisions, ...tags].map((row) => row.id));
  }, 60_000);
  afterAll(() => t?.close());

  async function send(request: FuzzRequest) {
    let timer: NodeJS.Timeout | undefined;
    const hang = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`hung: ${request.method} ${request.url}`)), HANG_MS);
    });
    try {
      return await Promise.race([t.app.inject(request), hang]);
    } finally {
      clearTimeout(timer);
    }
  }

  async function fuzz(endpoints: Endpoint[], auth: (endpoint: Endpoint) => Record<string, string>) {
    const failures: string[] = [];
    let sent = 0;
    for (const endpoint of endpoints) {
      const requests = requestsFor(endpoint, auth(endpoint), realIds);
      // A few at a time, as clients send them (the password hashing of logins then runs in parallel too).
      for (let i = 0; i < requests.length; i += IN_FLIGHT) {
        const batch = requests.slice(i, i + IN_FLIGHT);
        const answers = await Promise.all(batch.map(send));
        sent += batch.length;
        answers.forEach((res, j) => {
          if (res.statusCode < 500) return;
          const request = batch[j]!;
          const payload = String(request.payload ?? '').slice(0, 200);
          failures.push(
            `${res.statusCode} ${request.method} ${request.url.slice(0, 200)} ${payload} -> ${res.body.slice(0, 200)}`,
          );
        });
      }
    }
    return { failures, sent };
  }

  const contentSnapshot = async () => {
    const get = async (endpoint: Endpoint) => (await api(t).call(endpoint)).text;
    return Promise.all([content.getContent, blog.listPosts, blog.listCategories, blog.recentPosts].map(get));
  };

  it('public endpoints: no 5xx, no hang, and the site content stays as it was', async () => {
    const before = await contentSnapshot();
    const publicEndpoints = ALL_ENDPOINTS.filter((e) => e.access === 'public');
    const { failures, sent } = await fuzz(publicEndpoints, () => ({}));
    expect(sent).toBeGreaterThanOrEqual(publicEndpoints.length * REQUESTS_PER_ENDPOINT);
    expect(failures).toEqual([]);
    expect(await contentSnapshot()).toEqual(before);
  }, 300_000);

  it('counted newsletter links (/api/r/{token}, answered before the API routes): no 5xx, no hang, no redirect for a token that is no link', async () => {
    const random = randomGenerator('/api/r/{token}');
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const tokenLike = () => Array.from({ length: 22 }, () => alphabet[Math.floor(random() * 64)]).join('');
    const tokens = [...BAD_PATH_SEGMENTS, ...Array.from({ length: 40 }, tokenLike), `${tokenLike()}/x`, ''];
    const failures: string[] = [];
    for (const token of tokens) {
      for (const method of ['GET', 'HEAD', 'POST'] as const) {
        const query = random() < 0.5 ? `?${percentEncode('next')}=${percentEncode('https://evil.example/')}` : '';
        const url = `/api/r/${token}${query}`;
        const res = await send({ method, url, headers: { 'user-agent': 'Mozilla/5.0 fuzz' } });
        if (res.statusCode >= 500 || res.headers.location !== undefined) {
          failures.push(`${res.statusCode} ${method} ${url.slice(0, 200)} -> ${String(res.headers.location)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  /** Text that search engines' own query syntax or the databases could choke on (docs/decisions/0023-search.md). */
  const HOSTILE_QUERIES = [
    '"',
    '""',
    '"unbalanced',
    '*',
    '**',
    'a*',
    '*a',
    'NEAR(',
    'NEAR(a b, 2)',
    'a AND b',
    'OR',
    'NOT',
    'a OR NOT b',
    '((a)',
    ')(',
    'title:x',
    '^a',
    'a & b | !c',
    "a:* & 'b'",
    '<->',
    'a\u0000b',
    'x'.repeat(10_000),
    'word '.repeat(500),
    '🙂🚀 emoji',
    'مرحبا بالعالم',
    'שלום',
    '\u202Eevil',
    'Ⅻ ﬁ Ｆｕｌｌｗｉｄｔｈ',
    'e\u0301te\u0301',
    '%',
    '_',
    "'; DROP TABLE post_search; --",
  ];

  it('search: any query text answers 200 or 400 with a message, on the public and the admin search', async () => {
    const answers: string[] = [];
    const queries = [...HOSTILE_QUERIES, '\uD800 lone', 'lone \uDFFF'];
    for (const endpoint of [search.searchPosts, search.searchAdminPosts]) {
      for (const q of queries) {
        for (const url of [
          `/api${endpoint.path}?q=${encodeURIComponent(q.replace(/[\uD800-\uDFFF]/g, ''))}`,
          `/api${endpoint.path}?q=${percentEncode(q)}`,
          `/api${endpoint.path}?q=${percentEncode(q)}&page=99999&limit=50`,
        ]) {
          const res = await send({ method: 'GET', url, headers: endpoint.access === 'admin' ? adminAuth : {} });
          const body = res.json() as { message?: string };
          if (res.statusCode !== 200 && !(res.statusCode === 400 && body.message)) {
            answers.push(`${res.statusCode} ${url.slice(0, 120)} -> ${res.body.slice(0, 200)}`);
          }
        }
      }
    }
    expect(answers).toEqual([]);
  }, 120_000);

  it('administrator endpoints, logged in: no 5xx, no hang, and the session survives', async () => {
    const adminEndpoints = ALL_ENDPOINTS.filter((e) => e.access === 'admin');
    // Logging out with the suite's own session would turn the rest into 401s: that endpoint gets forged tokens.
    const auth = (endpoint: Endpoint) => (endpoint.path === '/auth/logout' ? bearer('forged-token') : adminAuth);
    const { failures, sent } = await fuzz(adminEndpoints, auth);
    expect(sent).toBeGreaterThanOrEqual(adminEndpoints.length * REQUESTS_PER_ENDPOINT);
    expect(failures).toEqual([]);
    // The session still works: nothing above ended it or broke the guard.
    expect((await api(t).call(authApi.me, { headers: adminAuth })).status).toBe(200);
  }, 600_000);
});
