import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as analyticsApi from '#shared/api/analytics.ts';
import { localDayIn } from '#shared/zoned-time.ts';
import { loadConfig } from '#server/config.ts';
import { NO_RATE_LIMITS } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { loggedInAdmin, type LoggedInAdmin } from '#tests/helpers/factories.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * Countries of visits from a GeoIP file in MaxMind's format, read locally (docs/product.md#analytics):
 * MaxMind's own test database (tests/fixtures/geoip/README.md).
 */
const GEOIP = path.resolve('tests/fixtures/geoip/GeoLite2-Country-Test.mmdb');
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe.each(DATABASE_KINDS)('analytics countries on %s', (kind) => {
  let t: TestApp;
  let admin: LoggedInAdmin;
  const today = localDayIn('UTC')(Date.now());

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { GEOIP_DATABASE: GEOIP }, app: { rateLimits: NO_RATE_LIMITS } });
    admin = await loggedInAdmin(t);
  });
  afterAll(() => t?.close());

  it('counts the country of each visitor, and none for an address the file does not know', async () => {
    for (const ip of ['81.2.69.160', '2.125.160.216', '89.160.20.112', '192.0.2.10']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/seen',
        remoteAddress: ip,
        headers: { 'content-type': 'text/plain', 'user-agent': CHROME },
        payload: JSON.stringify({ k: 'view', p: '/' }),
      });
      expect(res.statusCode).toBe(204);
    }
    await t.services.analytics.summarize();
    const { data } = await admin.api.call(analyticsApi.getAnalytics, { query: { from: today, to: today } });
    expect(data!.site!.countries).toBe(true);
    expect(data!.site!.visitors).toBe(4);
    expect(data!.site!.tables.countries).toEqual([
      { value: 'GB', visitors: 2, views: 2 },
      { value: 'SE', visitors: 1, views: 1 },
    ]);
  });

  it('refuses to start with a GeoIP path that is no file', () => {
    expect(() => loadConfig({ GEOIP_DATABASE: '/no/such/file.mmdb' })).toThrow(
      /GEOIP_DATABASE: must be a readable \.mmdb file/,
    );
  });
});
