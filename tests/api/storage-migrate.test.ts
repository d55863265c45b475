import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { boot } from '#server/boot.ts';
import { loadConfig } from '#server/config.ts';
import { startS3, type S3Sink } from '#tests/helpers/s3.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { bearer, loginToken } from '#tests/helpers/auth.ts';
import { image, multipart } from '#tests/helpers/images.ts';
import * as uploads from '#shared/api/uploads.ts';
import { api } from '#tests/helpers/api.ts';

/**
 * `npm run storage:migrate` (docs/decisions/0008-media-storage.md): a site that kept its uploads on disk
 * moves them into a bucket; the same addresses then answer from the bucket, and a second run copies
 * nothing again.
 */
const run = promisify(execFile);
const migrate = (env: Record<string, string>) =>
  run(process.execPath, ['--import', 'tsx', 'server/cli/storage-migrate.ts', '--quiet'], {
    env: { PATH: process.env.PATH!, LOG_LEVEL: 'silent', ...env },
  });

describe('storage:migrate', () => {
  let t: TestApp;
  let s3: S3Sink;
  let uploaded: string;

  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    s3 = await startS3();
    const token = await loginToken(t);
    const { headers, payload } = await multipart([
      { field: 'image', data: await image('jpeg', 900, 600), filename: 'team.jpg', type: 'image/jpeg' },
    ]);
    const res = await api(t).callRaw(uploads.uploadImage, { body: payload, headers: { ...bearer(token), ...headers } });
    uploaded = res.data.url;
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('refuses to run without a bucket to copy into', async () => {
    const failed = await migrate({ DATA_DIR: t.dataDir }).catch((err: { code: number; stderr: string }) => err);
    expect(failed).toMatchObject({ code: 2 });
    expect((failed as { stderr: string }).stderr).toContain('S3_BUCKET');
  });

  it('copies every upload into the bucket once; a second run copies nothing', async () => {
    const onDisk = (await fs.readdir(path.join(t.dataDir, 'uploads'))).filter((name) => !name.endsWith('.tmp'));
    expect(onDisk.length).toBeGreaterThan(15);
    const first = await migrate({ DATA_DIR: t.dataDir, ...s3.env });
    expect(first.stdout.trim()).toBe(`${onDisk.length} copied, 0 already in bucket ${s3.env.S3_BUCKET}.`);
    const second = await migrate({ DATA_DIR: t.dataDir, ...s3.env });
    expect(second.stdout.trim()).toBe(`0 copied, ${onDisk.length} already in bucket ${s3.env.S3_BUCKET}.`);
  });

  it('afterwards a process on the bucket serves the same addresses with the same bytes', async () => {
    const config = {
      ...loadConfig({ NODE_ENV: 'test', DATA_DIR: t.dataDir, LOG_LEVEL: 'silent', ...s3.env }),
      database: t.config.database,
    };
    expect(config.storage.kind).toBe('s3');
    const second = await boot(config, { log: pino({ level: 'silent' }) as never });
    const app = await buildApp({ services: second.services, logger: false });
    try {
      const content = await t.services.content.getContent();
      for (const url of [uploaded, uploaded.replace(/\.jpg$/, '.w480.webp'), content.team.items[0]!.image_url]) {
        const fromDisk = await t.app.inject({ method: 'GET', url });
        const fromBucket = await app.inject({ method: 'GET', url });
        expect(fromBucket.statusCode, url).toBe(200);
        expect(fromBucket.headers['content-type']).toBe(fromDisk.headers['content-type']);
        expect(fromBucket.rawPayload.equals(fromDisk.rawPayload)).toBe(true);
      }
    } finally {
      await app.close();
      await second.services.mailWorker.stop();
      await second.services.jobs.stop();
      await second.db.destroy();
    }
  });
});
