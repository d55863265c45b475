import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETUP_NOTICES } from '#shared/messages.ts';
import { boot } from '#server/boot.ts';
import { loadConfig } from '#server/config.ts';
import { loginToken } from '#tests/helpers/auth.ts';
import { createTestDatabase, DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import * as setup from '#shared/api/setup.ts';
import { api } from '#tests/helpers/api.ts';

/**
 * docs/product.md#setup-notices: a production site without PUBLIC_URL or SMTP_URL tells its administrator
 * (GET /api/admin/setup-notices, shown above every admin page); a complete one has nothing to say.
 */
describe.each(DATABASE_KINDS)('setup notices on %s', (kind) => {
  describe('production without PUBLIC_URL and SMTP_URL', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(kind, { env: { NODE_ENV: 'production', PORT: '4123' } });
    });
    afterAll(() => t.close());

    it('lists both, each naming its variable and what is lost', async () => {
      const res = await api(t).call(setup.listSetupNotices, { token: await loginToken(t) });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toEqual({
        data: [
          { id: 'publicUrl', message: SETUP_NOTICES.publicUrl('http://localhost:4123') },
          { id: 'smtp', message: SETUP_NOTICES.smtp },
        ],
      });
    });

    it('tells only a logged-in administrator', async () => {
      const res = await api(t).call(setup.listSetupNotices);
      expect(res.status).toBe(401);
    });
  });

  it('start-up logs each at warn level', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'site-notices-'));
    const database = await createTestDatabase(kind, dataDir);
    const lines: Array<{ level: number; msg: string }> = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const config = {
      ...loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '4124', ADMIN_PASSWORD: 'admin-secret' }),
      database: database.config,
    };
    const { db, services } = await boot(config, { log: log as never });
    await services.jobs.stop();
    await services.mailWorker.stop();
    // Its PostgreSQL listener would otherwise see the database dropped below and warn about it.
    await services.siteMeta.contentVersion.stop();
    await db.destroy();
    await database.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
    const warnings = lines.filter((l) => l.level === 40).map((l) => l.msg);
    expect(warnings).toEqual([SETUP_NOTICES.publicUrl('http://localhost:4124'), SETUP_NOTICES.smtp]);
  });

  describe('production with both set', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(kind, {
        env: { NODE_ENV: 'production', PUBLIC_URL: 'https://www.example.com', SMTP_URL: 'smtp://127.0.0.1:1' },
      });
    });
    afterAll(() => t.close());

    it('has nothing to say', async () => {
      const res = await api(t).call(setup.listSetupNotices, { token: await loginToken(t) });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: [] });
    });
  });
});
