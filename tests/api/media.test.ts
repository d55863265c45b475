import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '#shared/messages.ts';
import * as uploads from '#shared/api/uploads.ts';
import type { MediaItem } from '#shared/api/uploads.ts';
import { buildApp } from '#server/app.ts';
import { boot } from '#server/boot.ts';
import { MAX_INLINE_PIXELS } from '#server/modules/uploads/content-images.ts';
import { bearer, loginToken } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { hugePng, image } from '#tests/helpers/images.ts';
import { startS3, STORAGE_KINDS, type S3Sink } from '#tests/helpers/s3.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import * as blog from '#shared/api/blog.ts';
import { api } from '#tests/helpers/api.ts';
import { upload as uploadAs } from '#tests/helpers/factories.ts';

/**
 * Images done properly (docs/product.md#media-library): formats by their bytes with clear refusals,
 * limits checked before decoding, broken multipart answered 400, alt texts, the library's search, usage
 * and delete-if-unused, inline images in posts turned into files, and two processes sharing a bucket.
 */
const CASES = DATABASE_KINDS.flatMap((kind) => STORAGE_KINDS.map((storage) => [kind, storage] as const));

describe.each(CASES)('media on %s, uploads on %s', (kind, storageKind) => {
  let t: TestApp;
  let token: string;
  let s3: S3Sink | undefined;
  beforeAll(async () => {
    s3 = storageKind === 's3' ? await startS3() : undefined;
    t = await buildTestApp(kind, { env: s3?.env ?? {} });
    token = await loginToken(t);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const upload = (data: Buffer | string, filename = 'photo.png', type = 'image/png', alt?: string) =>
    uploadAs({ token, api: api(t, { token }) }, { data, filename, type, alt });
  const raw = (payload: Buffer | string, contentType: string) =>
    api(t).callRaw(uploads.uploadImage, { body: payload, headers: { 'content-type': contentType, ...bearer(token) } });
  const library = async (search = '') =>
    (await api(t).call(uploads.listMedia, { query: { search }, token })).data.items as MediaItem[];
  const uploadsCount = async () => (await t.services.db.selectFrom('uploads').select('id').execute()).length;

  it('accepts AVIF by its bytes, and keeps the file name and the alt text given with it', async () => {
    const avif = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#336699' } })
      .avif()
      .toBuffer();
    const res = await upload(avif, 'Team offsite 2026.avif', 'image/avif', 'Our team on the hill');
    expect(res.status, res.text).toBe(200);
    expect(res.data).toEqual({ url: expect.stringMatching(/\.avif$/), width: 320, height: 200 });
    const served = await t.app.inject({ method: 'GET', url: res.data.url });
    expect(served.headers['content-type']).toBe('image/avif');
    const [found] = await library('offsite');
    expect(found).toMatchObject({
      name: 'Team offsite 2026.avif',
      alt: 'Our team on the hill',
      width: 320,
      height: 200,
      usedIn: [],
    });
  });

  it.each([
    [
      'a HEIC photo',
      Buffer.concat([Buffer.from('00000018667479706865696300000000', 'hex'), Buffer.alloc(64)]),
      'IMG_0001.HEIC',
    ],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), 'logo.png'],
    ['a script named .png', Buffer.from('#!/bin/sh\necho pwned\n'), 'photo.png'],
  ])('refuses %s with a clear 415, storing nothing', async (_label, data, filename) => {
    const before = await uploadsCount();
    const res = await upload(data, filename);
    expect(res.status, res.text).toBe(415);
    expect(res.body.message!.length).toBeGreaterThan(10);
    expect(await uploadsCount()).toBe(before);
  });

  it('names HEIC and SVG in their messages', async () => {
    const heic = await upload(
      Buffer.concat([Buffer.from('00000018667479706865696300000000', 'hex'), Buffer.alloc(64)]),
      'a.heic',
    );
    expect(heic.body.message).toBe(UPLOAD_MESSAGES.heic);
    const svg = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), 'a.svg');
    expect(svg.body.message).toBe(UPLOAD_MESSAGES.svg);
  });

  it.each([
    ['20,000 × 20,000 (a bomb)', 20_000, 20_000],
    ['16,000 × 16,000 (inside sharp’s own limit)', 16_000, 16_000],
    ['500 × 60,000 (too tall)', 500, 60_000],
  ])('refuses an image claiming %s before decoding it', async (_label, width, height) => {
    const before = await uploadsCount();
    const res = await upload(hugePng(width, height), 'bomb.png');
    expect(res.status).toBe(415);
    expect(res.body.message).toBe(UPLOAD_MESSAGES.tooManyPixels(10_000, 40));
    expect(await uploadsCount()).toBe(before);
  });

  it('keeps only the image of a polyglot (a PNG with a ZIP and a script appended)', async () => {
    const png = await image('png', 40, 30);
    const tail = Buffer.from('PK\u0003\u0004polyglot<script>alert(1)</script>');
    const res = await upload(Buffer.concat([png, tail]), 'poly.png');
    expect(res.status, res.text).toBe(200);
    const served = (await t.app.inject({ method: 'GET', url: res.data.url })).rawPayload;
    expect(served.includes(Buffer.from('PK\u0003\u0004'))).toBe(false);
    expect(served.includes(Buffer.from('<script>'))).toBe(false);
  });

  it.each([
    ['no boundary', 'multipart/form-data', 'garbage'],
    [
      'a wrong boundary',
      'multipart/form-data; boundary=nothere',
      '--other\r\nContent-Disposition: form-data; name="image"\r\n\r\nx\r\n--other--',
    ],
    [
      'a cut-off body',
      'multipart/form-data; boundary=b',
      '--b\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG',
    ],
    [
      'random bytes',
      'multipart/form-data; boundary=b',
      Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 37) % 256)),
    ],
  ])('answers a malformed multipart body (%s) with 400, never 500', async (_label, type, payload) => {
    const before = await uploadsCount();
    const res = await raw(payload as string, type);
    expect(res.status, res.text).toBeGreaterThanOrEqual(400);
    expect(res.status, res.text).toBeLessThan(500);
    expect(res.body.message).toEqual(expect.any(String));
    expect(await uploadsCount()).toBe(before);
  });

  it('lists, searches, edits alt texts, tells where an image is used, and deletes only what nothing uses', async () => {
    const used = (await upload(await image('png', 80, 60), 'Used cover.png')).data.url as string;
    const unused = (await upload(await image('jpeg', 80, 60), 'Unused draft.jpg', 'image/jpeg')).data.url as string;
    const post = await api(t).call(blog.createPost, {
      body: { title: `Uses an image ${Date.now()}`, featureImage: used, sendNewsletter: false },
      token,
    });
    expect(post.status).toBe(200);

    const [usedItem] = await library('used cover');
    expect(usedItem!.usedIn).toEqual([expect.objectContaining({ kind: 'post', label: post.data.title })]);
    const [unusedItem] = await library('unused draft');
    expect(unusedItem!.url).toBe(unused);
    expect((await library('no such name at all')).length).toBe(0);

    const alt = await api(t).call(uploads.updateMedia, {
      params: { id: unusedItem!._id },
      body: { alt: 'A draft picture' },
      token,
    });
    expect(alt.data.alt).toBe('A draft picture');
    expect((await library('a draft picture'))[0]!._id).toBe(unusedItem!._id);

    const refused = await api(t).call(uploads.deleteMedia, { params: { id: usedItem!._id }, token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(UPLOAD_MESSAGES.inUse([post.data.title]));
    expect((await t.app.inject({ method: 'GET', url: used })).statusCode).toBe(200);

    const deleted = await api(t).call(uploads.deleteMedia, { params: { id: unusedItem!._id }, token });
    expect(deleted.status).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: unused })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: unused.replace(/\.\w+$/, '.w480.webp') })).statusCode).toBe(404);
    expect((await api(t).call(uploads.deleteMedia, { params: { id: unusedItem!._id }, token })).status).toBe(404);
  });

  it('stores an image pasted into a post as a file: no data: URL is kept, and it gets its size', async () => {
    const png = await image('png', 120, 80);
    const html = `<p>Pasted:</p><p><img src="data:image/png;base64,${png.toString('base64')}" alt="A pasted chart"></p>`;
    const res = await api(t).call(blog.createPost, {
      body: { title: `Pasted ${Date.now()}`, content: html, sendNewsletter: false },
      token,
    });
    expect(res.status, res.text).toBe(200);
    const content: string = res.data.content;
    expect(content).not.toContain('data:');
    const src = /<img [^>]*src="(\/uploads\/[\w.-]+)"/.exec(content)?.[1];
    expect(src).toBeDefined();
    expect(content).toMatch(/width="120"/);
    expect(content).toMatch(/height="80"/);
    expect(content).toContain('alt="A pasted chart"');
    expect((await t.app.inject({ method: 'GET', url: src! })).statusCode).toBe(200);
  });

  it('refuses pasted images larger together than MAX_INLINE_PIXELS before decoding any, storing nothing', async () => {
    // Six 2,600 × 2,600 pictures: each fine alone, 40.56 million pixels together.
    const big = (await image('gif', 2600, 2600)).toString('base64');
    const html = Array.from({ length: 6 }, () => `<p><img src="data:image/gif;base64,${big}"></p>`).join('');
    const before = await t.services.db.selectFrom('uploads').select('id').execute();
    const res = await api(t).call(blog.createPost, {
      body: { title: `Too many pixels ${Date.now()}`, content: html, sendNewsletter: false },
      token,
    });
    expect(res.status, res.text).toBe(400);
    expect(res.body).toEqual({
      message: UPLOAD_MESSAGES.inlineTooLarge(MAX_INLINE_PIXELS / 1_000_000),
      field: 'content',
    });
    expect(await t.services.db.selectFrom('uploads').select('id').execute()).toHaveLength(before.length);
  });

  if (storageKind === 's3') {
    it('serves, from a second process on the same database and bucket, an image uploaded through the first', async () => {
      const second = await boot(t.config, { log: { info: () => {}, warn: () => {}, error: () => {} } as never });
      const app2 = await buildApp({ services: second.services, logger: false });
      try {
        const url = (await upload(await image('webp', 50, 40), 'shared.webp', 'image/webp')).data.url as string;
        const res = await app2.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        // And the seeded images, which the first process stored on its first start.
        const seeded = (await t.services.content.getContent()).team.items[0]!.image_url;
        expect((await app2.inject({ method: 'GET', url: seeded })).statusCode).toBe(200);
      } finally {
        await app2.close();
        await second.services.mailWorker.stop();
        await second.db.destroy();
      }
    });
  }
});
