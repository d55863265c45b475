import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS } from '#shared/api/index.ts';
import { buildApp } from '#server/app.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * The API contract (shared/api) and the server agree: every route under /api is an endpoint of the
 * contract, registered with its response schema, and every endpoint of the contract is served. (Every
 * answer of the API suite is also checked against its schema: tests/helpers/contract.ts.)
 */
describe('the API contract', () => {
  let t: TestApp;
  const routes: RouteOptions[] = [];
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    const app = await buildApp({
      services: t.services,
      logger: false,
      before: async (instance) => {
        instance.addHook('onRoute', (route) => void routes.push(route));
      },
    });
    await app.ready();
    await app.close();
  });
  afterAll(() => t.close());

  const apiRoutes = () =>
    routes
      .filter((r) => r.url.startsWith('/api/'))
      .flatMap((r) => [r.method].flat().map((method) => ({ method, url: r.url, route: r })))
      .filter((r) => r.method !== 'HEAD');

  it('serves every endpoint of the contract, each with a response schema', () => {
    const served = new Map(apiRoutes().map((r) => [`${r.method} ${r.url}`, r.route]));
    for (const e of ALL_ENDPOINTS) {
      const route = served.get(`${e.method} /api${e.path}`);
      expect(route, `${e.method} ${e.path}`).toBeDefined();
      const response = route!.schema?.response as Record<string, unknown> | undefined;
      expect(response?.[200], `${e.method} ${e.path} response schema`).toBeDefined();
      expect(response?.['4xx'], `${e.method} ${e.path} error schema`).toBeDefined();
    }
  });

  it('serves nothing under /api that the contract does not describe', () => {
    const described = new Set(ALL_ENDPOINTS.map((e) => `${e.method} /api${e.path}`));
    const extra = apiRoutes()
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !described.has(key));
    expect(extra).toEqual([]);
  });

  it('puts every admin endpoint behind the guard', async () => {
    for (const e of ALL_ENDPOINTS.filter((x) => x.access === 'admin')) {
      const url = `/api${e.path.replace(/:(\w+)/g, 'x')}`;
      const res = await t.app.inject({ method: e.method, url });
      expect(res.statusCode, `${e.method} ${url}`).toBe(401);
    }
  });
});
