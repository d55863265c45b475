import net from 'node:net';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '#shared/messages.ts';
import * as uploads from '#shared/api/uploads.ts';
import { StorageUnavailableError } from '#server/lib/storage/storage.ts';
import { api } from '#tests/helpers/api.ts';
import { loginToken } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { image, multipart } from '#tests/helpers/images.ts';
import { startS3, type S3Sink } from '#tests/helpers/s3.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * An object store that accepts connections and never answers held `/uploads/…` requests for 300 s and
 * more, hung a first start while seeding, and left `/readyz` at 200; objects the site never wrote were
 * served from its origin with their own type (issue 30, findings 2 and 8).
 */

/** A TCP listener that accepts connections and never says a word. */
async function silentListener(port = 0): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** How long a promise takes to settle, in ms, and what it settled to. */
async function timed<T>(work: Promise<T>): Promise<{ ms: number; value: T }> {
  const start = Date.now();
  const value = await work;
  return { ms: Date.now() - start, value };
}

describe.each(DATABASE_KINDS)('the object store on %s', (kind) => {
  let s3: S3Sink;
  let s3Closed = false;
  let t: TestApp;
  let token: string;
  let stored: string;

  beforeAll(async () => {
    s3 = await startS3();
    t = await buildTestApp(kind, { env: s3.env });
    token = await loginToken(t);
    stored = (await t.services.uploads.storeImage(await image('png'))).url;
  });
  afterAll(async () => {
    await t?.close();
    if (!s3Closed) await s3?.close();
  });

  it('serves only the images the site wrote, as images, under a sandboxing policy', async () => {
    const client = new S3Client({
      endpoint: s3.env.S3_ENDPOINT,
      region: s3.env.S3_REGION,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID!, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY! },
    });
    const page = '<script>alert(localStorage.token)</script>';
    for (const Key of ['evil.html', 'script.js', 'aaaaaaaaaaaaaaaaaaaaaaaa.png'])
      await client.send(new PutObjectCommand({ Bucket: s3.env.S3_BUCKET, Key, Body: page, ContentType: 'text/html' }));
    client.destroy();
    for (const name of ['evil.html', 'script.js']) {
      const res = await t.app.inject({ url: `/uploads/${name}` });
      expect(res.statusCode, name).toBe(404);
    }
    // Named as the site names images but not one it made: never HTML, never sniffed, never able to run.
    const foreign = await t.app.inject({ url: '/uploads/aaaaaaaaaaaaaaaaaaaaaaaa.png' });
    expect(foreign.headers['content-type']).toBe('image/png');
    expect(foreign.headers['x-content-type-options']).toBe('nosniff');
    expect(foreign.headers['content-security-policy']).toContain('sandbox');
    const own = await t.app.inject({ url: stored });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
  });

  it('a store that never answers: images and uploads answer 503 about the store within seconds, /readyz fails', async () => {
    const port = Number(new URL(s3.env.S3_ENDPOINT!).port);
    await s3.close();
    s3Closed = true;
    const silent = await silentListener(port);
    try {
      const image404 = await timed(t.app.inject({ url: stored }));
      expect(image404.value.statusCode).toBe(503);
      expect(image404.value.json()).toEqual({ message: SERVER_MESSAGES.storageUnavailable });
      expect(image404.ms).toBeLessThan(8_000);

      const { headers, payload } = await multipart([
        { field: 'image', data: await image('png'), filename: 'a.png', type: 'image/png' },
      ]);
      const upload = await timed(
        api(t).callRaw(uploads.uploadImage, {
          body: payload,
          headers: { ...headers, authorization: `Bearer ${token}` },
        }),
      );
      expect(upload.value.status, upload.value.text).toBe(503);
      expect(upload.value.body).toEqual({ message: SERVER_MESSAGES.storageUnavailable });
      expect(upload.ms).toBeLessThan(15_000);

      const ready = await timed(t.app.inject({ url: '/readyz' }));
      expect(ready.value.statusCode).toBe(503);
      expect(ready.value.json()).toMatchObject({ message: SERVER_MESSAGES.storageUnavailable });
      expect(ready.ms).toBeLessThan(5_000);
    } finally {
      await silent.close();
    }
  }, 60_000);

  it('a first start against a silent store stops within seconds, naming the bucket', async () => {
    const silent = await silentListener();
    try {
      const started = await timed(
        buildTestApp(kind, { env: { ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${silent.port}` } }).then(
          () => null,
          (err: unknown) => err,
        ),
      );
      expect(started.value).toBeInstanceOf(StorageUnavailableError);
      expect((started.value as Error).message).toMatch(/S3 bucket site-media at http:\/\/127\.0\.0\.1:\d+: no answer/);
      expect(started.ms).toBeLessThan(10_000);
    } finally {
      await silent.close();
    }
  }, 30_000);
});
