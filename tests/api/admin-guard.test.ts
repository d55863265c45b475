import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '#shared/messages.ts';
import { ALL_ENDPOINTS } from '#shared/api/index.ts';
import { bearer, expireSession, loginToken, NO_RATE_LIMITS } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import * as analytics from '#shared/api/analytics.ts';
import * as auth from '#shared/api/auth.ts';
import * as staff from '#shared/api/staff.ts';
import * as blog from '#shared/api/blog.ts';
import * as content from '#shared/api/content.ts';
import * as contact from '#shared/api/contact.ts';
import type { Endpoint } from '#shared/api/endpoint.ts';
import * as passkeys from '#shared/api/passkeys.ts';
import * as policies from '#shared/api/policies.ts';
import * as profile from '#shared/api/profile.ts';
import * as search from '#shared/api/search.ts';
import * as subscribers from '#shared/api/subscribers.ts';
import * as tags from '#shared/api/tags.ts';
import * as twoFactor from '#shared/api/two-factor.ts';
import * as uploads from '#shared/api/uploads.ts';
import { api, urlOf, type RawInput } from '#tests/helpers/api.ts';

export interface AdminEndpoint {
  endpoint: Endpoint;
  /** Its path parameters: ids that do not exist (the guard answers before anything is looked up). */
  params?: Record<string, string>;
  /** A body the endpoint would accept from a logged-in administrator (none for bodiless calls). */
  validBody?: object;
}

/**
 * Every endpoint behind `requireAdmin`. Add each new admin endpoint here: the tests below then check
 * that it refuses every kind of missing or bad login with 401, whatever body comes with it.
 */
const NO_SUCH_ID = { id: 'no-such-id' };
/** The endpoints listed by hand below (they come with bodies the endpoint would accept). */
const HAND_LISTED: AdminEndpoint[] = [
  { endpoint: auth.me },
  { endpoint: auth.logout },
  {
    endpoint: auth.changePassword,
    validBody: { id: 'x', password: 'admin-secret', newPassword: 'brand-new-secret' },
  },
  ...Object.values(content.sectionUpdates).map((endpoint) => ({ endpoint })),
  { endpoint: uploads.uploadImage },
  { endpoint: blog.saveCategory, validBody: { name: 'Guarded' } },
  { endpoint: blog.deleteCategory, params: NO_SUCH_ID },
  { endpoint: blog.createPost, validBody: { title: 'Guarded post' } },
  { endpoint: blog.updatePost, params: NO_SUCH_ID, validBody: { title: 'Guarded post' } },
  { endpoint: blog.getPost, params: NO_SUCH_ID },
  { endpoint: blog.deletePost, params: NO_SUCH_ID },
  { endpoint: contact.listMessages },
  { endpoint: contact.markMessageRead, params: NO_SUCH_ID, validBody: { read: true } },
  { endpoint: contact.deleteMessage, params: NO_SUCH_ID },
  { endpoint: subscribers.listSubscribers },
  { endpoint: subscribers.removeSubscriber, params: NO_SUCH_ID },
  { endpoint: subscribers.exportSubscribers },
];

export const ADMIN_ENDPOINTS: AdminEndpoint[] = [
  ...HAND_LISTED,
  // Every other admin endpoint of the contract (shared/api), with its parameters filled in.
  ...ALL_ENDPOINTS.filter((e) => e.access === 'admin' && !HAND_LISTED.some((h) => h.endpoint === e)).map(
    (endpoint) => ({
      endpoint,
      params: Object.fromEntries([...endpoint.path.matchAll(/:(\w+)/g)].map(([, name]) => [name!, 'no-such-id'])),
    }),
  ),
];

/** Endpoints anyone may call. A new endpoint goes into this list or into ADMIN_ENDPOINTS. */
export const PUBLIC_ENDPOINTS: Endpoint[] = [
  content.getContent,
  policies.getPolicies,
  contact.sendMail,
  auth.login,
  auth.requestReset,
  auth.verifyOtp,
  passkeys.passkeyStatus,
  passkeys.passkeySignInOptions,
  passkeys.passkeySignIn,
  passkeys.secondStepPasskeyOptions,
  twoFactor.completeSecondStep,
  staff.getInvite,
  staff.acceptInvite,
  profile.confirmEmailChange,
  blog.listCategories,
  blog.listPosts,
  blog.listPostsOfCategory,
  blog.listPostsOfCategoryName,
  blog.postByPath,
  blog.recentPosts,
  tags.tagBySegment,
  tags.listPostsOfTag,
  tags.readNext,
  search.searchPosts,
  subscribers.subscribe,
  subscribers.unsubscribeOneClick,
  analytics.countEvent,
  analytics.countPixel,
];

/** "METHOD /api/route" of an endpoint, as Fastify registers it. */
const routeOf = (e: Endpoint) => `${e.method} /api${e.path}`;

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
      const res = await api(t).call(auth.logout, { token });
      if (res.status !== 200) throw new Error('logout failed');
      return bearer(token);
    },
  ],
];

/** What may come with the request: the guard runs before the body is parsed or validated. */
const BODIES: Array<[string, (e: AdminEndpoint) => Pick<RawInput, 'body' | 'headers'>]> = [
  ['a valid body', (e) => (e.validBody ? { body: e.validBody } : {})],
  ['an empty JSON object', () => ({ body: {} })],
  ['malformed JSON', () => ({ body: '{"id": ', headers: { 'content-type': 'application/json' } })],
  ['a non-JSON body', () => ({ body: 'id=1&password=x', headers: { 'content-type': 'text/plain' } })],
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

  const callOf = (e: AdminEndpoint, input: RawInput) => api(t).callRaw(e.endpoint, { params: e.params, ...input });
  const nameOf = (e: AdminEndpoint) => `${e.endpoint.method} ${urlOf(e.endpoint, e)}`;

  describe.each(ADMIN_ENDPOINTS.map((e) => [nameOf(e), e] as const))('%s', (_name, endpoint) => {
    it.each(BAD_LOGINS)('answers 401 with %s, whatever the body', async (_label, makeHeaders) => {
      const login = await makeHeaders(t);
      for (const [bodyLabel, makeBody] of BODIES) {
        const { body, headers } = makeBody(endpoint);
        // A GET carries no body; its one case is enough.
        if (endpoint.endpoint.method === 'GET' && body !== undefined) continue;
        const res = await callOf(endpoint, { body, headers: { ...headers, ...login } });
        expect(res.status, bodyLabel).toBe(401);
        expect(res.body, bodyLabel).toEqual({ message: SERVER_MESSAGES.loginRequired });
        expect(res.headers['cache-control'], bodyLabel).toBe('no-store');
      }
    });

    it('lets a valid login through', async () => {
      const token = await loginToken(t);
      const res = await callOf(endpoint, { body: endpoint.validBody, token });
      // Past the guard: any answer but 401 (change-password refuses the made-up id with 403).
      expect(res.status).not.toBe(401);
      expect(res.status).toBeLessThan(500);
      // Messages, subscribers, the CSV export, the session user …: never kept by a browser or proxy.
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('accepts the scheme in any case', async () => {
      const token = await loginToken(t);
      const res = await callOf(endpoint, { body: endpoint.validBody, headers: { authorization: `bearer ${token}` } });
      expect(res.status).not.toBe(401);
    });
  });

  it('answers about a login (token, reset, code) are never stored; public reads keep their caching', async () => {
    const login = await api(t).call(auth.login, { body: { email: 'admin@example.com', password: 'admin-secret' } });
    expect(login.status).toBe(200);
    expect(login.data.token).toEqual(expect.any(String));
    expect(login.headers['cache-control']).toBe('no-store');
    const failures: Array<[Endpoint, object]> = [
      [auth.login, { email: 'admin@example.com', password: 'wrong-password' }],
      [auth.requestReset, { email: 'admin@example.com' }],
      [auth.verifyOtp, { email: 'admin@example.com', otp: '000000', password: 'new-secret' }],
    ];
    for (const [endpoint, body] of failures) {
      const url = urlOf(endpoint);
      const res = await api(t).callRaw(endpoint, { body });
      expect(res.status, url).toBeLessThan(500);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const site = await api(t).call(content.getContent);
    expect(site.headers['cache-control']).toBe('no-cache');
    const posts = await api(t).call(blog.listPosts);
    expect(posts.status).toBe(200);
    expect(posts.headers['cache-control']).toBeUndefined();
  });

  it(`classifies every route under ${CLASSIFIED_PREFIX}: each is in ADMIN_ENDPOINTS or in PUBLIC_ENDPOINTS`, () => {
    const inScope = (route: string) => route.split(' ')[1]!.startsWith(CLASSIFIED_PREFIX);
    const classified = [...ADMIN_ENDPOINTS.map((e) => e.endpoint), ...PUBLIC_ENDPOINTS].map(routeOf).filter(inScope);
    expect(apiRoutes.length).toBeGreaterThan(0);
    for (const route of apiRoutes) expect(classified, `${route} is in neither list`).toContain(route);
    for (const route of classified) expect(apiRoutes, `${route} is listed but no such route exists`).toContain(route);
  });
});
