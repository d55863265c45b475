import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '#shared/messages.ts';
import { ALL_ENDPOINTS } from '#shared/api/index.ts';
import { SECTION_UPDATES } from '#shared/schemas/content-updates.ts';
import { bearer, expireSession, loginToken, NO_RATE_LIMITS } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

export interface AdminEndpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** The route pattern when `url` fills in parameters (e.g. `/api/blogs/:id`). */
  route?: string;
  /** A body the endpoint would accept from a logged-in administrator (none for bodiless calls). */
  validBody?: object;
}

/**
 * Every endpoint behind `requireAdmin`. Add each new admin endpoint here: the tests below then check
 * that it refuses every kind of missing or bad login with 401, whatever body comes with it.
 */
/** The endpoints listed by hand below (they come with bodies the endpoint would accept). */
const HAND_LISTED = new Set([
  'GET /api/auth/me',
  'POST /api/auth/logout',
  'POST /api/auth/change-password',
  ...SECTION_UPDATES.map(({ path }) => `POST /api${path}`),
  'POST /api/uploader/do',
  'POST /api/blog-category/add/update',
  'DELETE /api/blog-category/:id',
  'POST /api/blogs/add',
  'POST /api/blogs/edit/:id',
  'GET /api/blogs/get-by-id/:id',
  'DELETE /api/blogs/:id',
  'GET /api/admin/messages',
  'POST /api/admin/messages/:id/read',
  'DELETE /api/admin/messages/:id',
  'GET /api/admin/subscribers',
  'DELETE /api/admin/subscribers/:id',
  'GET /api/admin/subscribers/export.csv',
]);

export const ADMIN_ENDPOINTS: AdminEndpoint[] = [
  { method: 'GET', url: '/api/auth/me' },
  { method: 'POST', url: '/api/auth/logout' },
  {
    method: 'POST',
    url: '/api/auth/change-password',
    validBody: { id: 'x', password: 'admin-secret', newPassword: 'brand-new-secret' },
  },
  ...SECTION_UPDATES.map(({ path }) => ({ method: 'POST' as const, url: `/api${path}` })),
  { method: 'POST', url: '/api/uploader/do' },
  { method: 'POST', url: '/api/blog-category/add/update', validBody: { name: 'Guarded' } },
  { method: 'DELETE', url: '/api/blog-category/no-such-id', route: '/api/blog-category/:id' },
  { method: 'POST', url: '/api/blogs/add', validBody: { title: 'Guarded post' } },
  {
    method: 'POST',
    url: '/api/blogs/edit/no-such-id',
    route: '/api/blogs/edit/:id',
    validBody: { title: 'Guarded post' },
  },
  { method: 'GET', url: '/api/blogs/get-by-id/no-such-id', route: '/api/blogs/get-by-id/:id' },
  { method: 'DELETE', url: '/api/blogs/no-such-id', route: '/api/blogs/:id' },
  { method: 'GET', url: '/api/admin/messages' },
  {
    method: 'POST',
    url: '/api/admin/messages/no-such-id/read',
    route: '/api/admin/messages/:id/read',
    validBody: { read: true },
  },
  { method: 'DELETE', url: '/api/admin/messages/no-such-id', route: '/api/admin/messages/:id' },
  { method: 'GET', url: '/api/admin/subscribers' },
  { method: 'DELETE', url: '/api/admin/subscribers/no-such-id', route: '/api/admin/subscribers/:id' },
  { method: 'GET', url: '/api/admin/subscribers/export.csv' },
  // Every other admin endpoint of the contract (shared/api), with its parameters filled in.
  ...ALL_ENDPOINTS.filter((e) => e.access === 'admin' && !HAND_LISTED.has(`${e.method} /api${e.path}`)).map((e) => ({
    method: e.method,
    url: `/api${e.path.replace(/:\w+/g, 'no-such-id')}`,
    route: `/api${e.path}`,
  })),
];

/** Endpoints anyone may call. A new endpoint goes into this list or into ADMIN_ENDPOINTS. */
export const PUBLIC_ENDPOINTS = [
  'GET /api/get-content',
  'GET /api/policies',
  'POST /api/send-mail',
  'POST /api/auth/login-user',
  'POST /api/auth/reset-password',
  'POST /api/auth/verify-otp',
  'GET /api/blog-category/get-blog-categories',
  'GET /api/blogs/get-all-blogs',
  'GET /api/blogs/get-all-blogs/:categoryId',
  'GET /api/blogs/fetch/by/:categoryName',
  'GET /api/blogs/get/by/:category/:title',
  'GET /api/blogs/get-recent',
  'POST /api/blogs-subscribers/add',
  'POST /api/blogs-subscribers/unsubscribe',
];

/** Every API route must be in one of the two lists, so a new endpoint cannot skip this test. */
const CLASSIFIED_PREFIX = '/api/';

type Headers = Record<string, string>;

/** The ways a request can lack a valid login; each makes the headers to send (after the app is up). */
const BAD_LOGINS: Array<[string, (t: TestApp) => Promise<Headers>]> = [
  ['no Authorization header', async () => ({})],
  ['a garbage token', async () => bearer('this-is-not-a-token')],
  ['an empty bearer token', async () => ({ authorization: 'Bearer ' })],
  ['a malformed header', async () => ({ authorization: 'Basic xyz' })],
  ['the token without "Bearer"', async (t) => ({ authorization: await loginToken(t) })],
  ['an over-long token', async () => bearer('a'.repeat(5000))],
  [
    'an expired token',
    async (t) => {
      const token = await loginToken(t);
      await expireSession(t, token);
      return bearer(token);
    },
  ],
  [
    'a revoked token',
    async (t) => {
      const token = await loginToken(t);
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
      if (res.statusCode !== 200) throw new Error('logout failed');
      return bearer(token);
    },
  ],
];

/** What may come with the request: the guard runs before the body is parsed or validated. */
const BODIES: Array<[string, (e: AdminEndpoint) => Pick<InjectOptions, 'payload' | 'headers'>]> = [
  ['a valid body', (e) => (e.validBody ? { payload: e.validBody } : {})],
  ['an empty JSON object', () => ({ payload: {} })],
  ['malformed JSON', () => ({ payload: '{"id": ', headers: { 'content-type': 'application/json' } })],
  ['a non-JSON body', () => ({ payload: 'id=1&password=x', headers: { 'content-type': 'text/plain' } })],
];

describe.each(DATABASE_KINDS)('admin endpoint guard on %s', (kind) => {
  let t: TestApp;
  /** "METHOD /url" of every route the app registered under CLASSIFIED_PREFIX. */
  const apiRoutes: string[] = [];
  beforeAll(async () => {
    const before = async (app: FastifyInstance) => {
      app.addHook('onRoute', (route) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods)
          if (method !== 'HEAD' && route.url.startsWith(CLASSIFIED_PREFIX)) apiRoutes.push(`${method} ${route.url}`);
      });
    };
    t = await buildTestApp(kind, { app: { rateLimits: NO_RATE_LIMITS, before } });
  });
  afterAll(() => t.close());

  describe.each(ADMIN_ENDPOINTS.map((e) => [`${e.method} ${e.url}`, e] as const))('%s', (_name, endpoint) => {
    it.each(BAD_LOGINS)('answers 401 with %s, whatever the body', async (_label, makeHeaders) => {
      const auth = await makeHeaders(t);
      for (const [bodyLabel, body] of BODIES) {
        const { payload, headers } = body(endpoint);
        // A GET carries no body; its one case is enough.
        if (endpoint.method === 'GET' && payload !== undefined) continue;
        const res = await t.app.inject({
          method: endpoint.method,
          url: endpoint.url,
          payload,
          headers: { ...headers, ...auth },
        });
        expect(res.statusCode, bodyLabel).toBe(401);
        expect(res.json(), bodyLabel).toEqual({ message: SERVER_MESSAGES.loginRequired });
        expect(res.headers['cache-control'], bodyLabel).toBe('no-store');
      }
    });

    it('lets a valid login through', async () => {
      const token = await loginToken(t);
      const res = await t.app.inject({
        method: endpoint.method,
        url: endpoint.url,
        payload: endpoint.validBody,
        headers: bearer(token),
      });
      // Past the guard: any answer but 401 (change-password refuses the made-up id with 403).
      expect(res.statusCode).not.toBe(401);
      expect(res.statusCode).toBeLessThan(500);
      // Messages, subscribers, the CSV export, the session user …: never kept by a browser or proxy.
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('accepts the scheme in any case', async () => {
      const token = await loginToken(t);
      const res = await t.app.inject({
        method: endpoint.method,
        url: endpoint.url,
        payload: endpoint.validBody,
        headers: { authorization: `bearer ${token}` },
      });
      expect(res.statusCode).not.toBe(401);
    });
  });

  it('answers about a login (token, reset, code) are never stored; public reads keep their caching', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login-user',
      payload: { email: 'admin@example.com', password: 'admin-secret' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.token).toEqual(expect.any(String));
    expect(login.headers['cache-control']).toBe('no-store');
    const failures = [
      { url: '/api/auth/login-user', payload: { email: 'admin@example.com', password: 'wrong-password' } },
      { url: '/api/auth/reset-password', payload: { email: 'admin@example.com' } },
      { url: '/api/auth/verify-otp', payload: { email: 'admin@example.com', otp: '000000', password: 'new-secret' } },
    ];
    for (const { url, payload } of failures) {
      const res = await t.app.inject({ method: 'POST', url, payload });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const content = await t.app.inject({ method: 'GET', url: '/api/get-content' });
    expect(content.headers['cache-control']).toBe('no-cache');
    const posts = await t.app.inject({ method: 'GET', url: '/api/blogs/get-all-blogs' });
    expect(posts.statusCode).toBe(200);
    expect(posts.headers['cache-control']).toBeUndefined();
  });

  it(`classifies every route under ${CLASSIFIED_PREFIX}: each is in ADMIN_ENDPOINTS or in PUBLIC_ENDPOINTS`, () => {
    const inScope = (route: string) => route.split(' ')[1]!.startsWith(CLASSIFIED_PREFIX);
    const classified = [...ADMIN_ENDPOINTS.map((e) => `${e.method} ${e.route ?? e.url}`), ...PUBLIC_ENDPOINTS].filter(
      inScope,
    );
    expect(apiRoutes.length).toBeGreaterThan(0);
    for (const route of apiRoutes) expect(classified, `${route} is in neither list`).toContain(route);
    for (const route of classified) expect(apiRoutes, `${route} is listed but no such route exists`).toContain(route);
  });
});
