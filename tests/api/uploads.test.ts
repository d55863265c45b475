import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '#shared/messages.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { startS3, STORAGE_KINDS, type S3Sink } from '#tests/helpers/s3.ts';
import { hugePng, image, multipart, type Format, type Part } from '#tests/helpers/images.ts';
import * as uploads from '#shared/api/uploads.ts';
import { api } from '#tests/helpers/api.ts';
import { loggedInAdmin, upload as uploadAs, type LoggedInAdmin } from '#tests/helpers/factories.ts';

/** `POST /api/uploader/do` (docs/product.md#api): one image in the multipart field `image`, admin only. */

const MB = 1024 * 1024;
const UPLOAD_URL = /^\/uploads\/([0-9a-f]+)\.(png|jpg|webp|gif)$/;

const CASES = DATABASE_KINDS.flatMap((kind) => STORAGE_KINDS.map((storage) => [kind, storage] as const));

describe.each(CASES)('POST /api/uploader/do on %s, uploads on %s', (kind, storageKind) => {
  let t: TestApp;
  let admin: LoggedInAdmin;
  let token: string;
  let s3: S3Sink | undefined;

  beforeAll(async () => {
    s3 = storageKind === 's3' ? await startS3() : undefined;
    t = await buildTestApp(kind, { env: s3?.env ?? {} });
    admin = await loggedInAdmin(t);
    token = admin.token;
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  async function upload(parts: Part[], auth: Record<string, string> = { authorization: `Bearer ${token}` }) {
    const { headers, payload } = await multipart(parts);
    return api(t).callRaw(uploads.uploadImage, { body: payload, headers: { ...headers, ...auth } });
  }
  const uploadImage = (data: Buffer, filename: string, type: string) => uploadAs(admin, { data, filename, type });

  /** What is stored: the files of the uploads folder and the rows of the uploads table. */
  async function stored() {
    const files: string[] = [];
    for await (const name of t.services.storage.list()) files.push(name);
    files.sort();
    const rows = await t.services.db.selectFrom('uploads').select('url').execute();
    return { files, rows: rows.map((r) => r.url).sort() };
  }

  /** Expects a refusal with a readable message and that nothing was stored. */
  async function expectRefused(
    res: Awaited<ReturnType<typeof upload>>,
    status: number,
    before: Awaited<ReturnType<typeof stored>>,
  ) {
    expect(res.status, res.text).toBe(status);
    expect(res.body).toEqual({ message: expect.any(String) });
    expect(res.body.message!.length).toBeGreaterThan(0);
    expect(await stored()).toEqual(before);
  }

  async function get(url: string) {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    return res;
  }

  it.each([
    ['png', 'photo.png', 'image/png', 'png', 'image/png'],
    ['jpeg', 'photo.jpg', 'image/jpeg', 'jpg', 'image/jpeg'],
    ['webp', 'photo.webp', 'image/webp', 'webp', 'image/webp'],
    ['gif', 'photo.gif', 'image/gif', 'gif', 'image/gif'],
  ] as const)(
    'accepts a %s image, answers its URL and size, and serves it',
    async (format, filename, type, ext, contentType) => {
      const before = await stored();
      const res = await uploadImage(await image(format, 1200, 600), filename, type);
      expect(res.status, res.text).toBe(200);
      const body = res.body;
      expect(body).toEqual({ data: { url: expect.stringMatching(UPLOAD_URL), width: 1200, height: 600 } });
      const url: string = body.data!.url;
      expect(url.endsWith(`.${ext}`)).toBe(true);

      const served = await get(url);
      expect(served.headers['content-type']).toBe(contentType);
      expect(served.headers['cache-control']).toMatch(/immutable/);
      expect(served.headers['cache-control']).toMatch(/max-age=\d{6,}/);
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format, width: 1200, height: 600 });

      for (const width of [480, 960]) {
        const variant = await get(url.replace(/\.\w+$/, `.w${width}.webp`));
        expect(variant.headers['content-type']).toBe('image/webp');
        expect(variant.headers['cache-control']).toMatch(/immutable/);
        expect(await sharp(variant.rawPayload).metadata()).toMatchObject({ format: 'webp', width, height: width / 2 });
      }

      const after = await stored();
      expect(after.rows).toEqual([...before.rows, url].sort());
      expect(after.files.length).toBe(before.files.length + 3);
    },
  );

  it('makes variants no wider than a small original', async () => {
    const res = await uploadImage(await image('png', 100, 50), 'small.png', 'image/png');
    expect(res.status, res.text).toBe(200);
    const url: string = res.data.url;
    for (const width of [480, 960]) {
      const variant = await get(url.replace(/\.png$/, `.w${width}.webp`));
      expect(await sharp(variant.rawPayload).metadata()).toMatchObject({ width: 100, height: 50 });
    }
  });

  it('gives every upload a new name, even for the same bytes', async () => {
    const png = await image('png');
    const first = (await uploadImage(png, 'same.png', 'image/png')).data.url;
    const second = (await uploadImage(png, 'same.png', 'image/png')).data.url;
    expect(first).toMatch(UPLOAD_URL);
    expect(second).toMatch(UPLOAD_URL);
    expect(first).not.toBe(second);
  });

  it('strips EXIF and other metadata from the stored image and its variants', async () => {
    const jpeg = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#3366aa' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret', Artist: 'Someone' } } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    expect(jpeg.includes('secret')).toBe(true);

    const res = await uploadImage(jpeg, 'camera.jpg', 'image/jpeg');
    expect(res.status, res.text).toBe(200);
    const url: string = res.data.url;
    for (const file of [url, url.replace(/\.jpg$/, '.w480.webp'), url.replace(/\.jpg$/, '.w960.webp')]) {
      const served = (await get(file)).rawPayload;
      const meta = await sharp(served).metadata();
      expect(meta.exif, file).toBeUndefined();
      expect(meta.xmp, file).toBeUndefined();
      expect(served.includes('secret'), file).toBe(false);
    }
  });

  it('applies the EXIF orientation and answers the size of the image as shown', async () => {
    // 40x20 pixels stored, orientation 6: shown rotated by 90°, i.e. 20 wide and 40 high.
    const jpeg = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#00aa00' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await uploadImage(jpeg, 'portrait.jpg', 'image/jpeg');
    expect(res.status, res.text).toBe(200);
    const { url, width, height } = res.data;
    const meta = await sharp((await get(url)).rawPayload).metadata();
    expect(meta.orientation).toBeUndefined();
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 20, height: 40 });
    expect({ width, height }).toEqual({ width: 20, height: 40 });
    const row = await t.services.db
      .selectFrom('uploads')
      .select(['width', 'height'])
      .where('url', '=', url)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ width: 20, height: 40 });
  });

  it('keeps the frames of an animated GIF', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 30, height: 20, channels: 4, background } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame('#ff0000'), await frame('#0000ff')], { join: { animated: true } })
      .gif()
      .toBuffer();
    const res = await uploadImage(gif, 'anim.gif', 'image/gif');
    expect(res.status, res.text).toBe(200);
    expect(res.data).toMatchObject({ width: 30, height: 20 });
    const meta = await sharp((await get(res.data.url)).rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'gif', pages: 2 });
  });

  it('reads the type from the bytes, not the name: a JPEG named .png is stored as .jpg', async () => {
    const res = await uploadImage(await image('jpeg'), 'disguised.png', 'image/png');
    expect(res.status, res.text).toBe(200);
    expect(res.data.url).toMatch(/\.jpg$/);
  });

  it('answers 415 for a .png that is really text, storing nothing', async () => {
    const before = await stored();
    await expectRefused(
      await uploadImage(Buffer.from('just some text, not an image\n'), 'notes.png', 'image/png'),
      415,
      before,
    );
  });

  it.each([
    ['named .svg', 'drawing.svg', 'image/svg+xml'],
    ['named .png with type image/png', 'drawing.png', 'image/png'],
  ])('answers 415 for an SVG %s, storing nothing', async (_label, filename, type) => {
    const before = await stored();
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><script>alert(1)</script><rect width="40" height="40" fill="red"/></svg>';
    await expectRefused(await uploadImage(Buffer.from(svg), filename, type), 415, before);
  });

  it('answers 415 for other image formats (TIFF), storing nothing', async () => {
    const before = await stored();
    await expectRefused(await uploadImage(await image('tiff' as Format), 'scan.png', 'image/png'), 415, before);
  });

  it.each(['png', 'jpeg'] as const)(
    'answers 415 for a truncated %s (damaged or incomplete file), storing nothing',
    async (format) => {
      const before = await stored();
      const noisy = await sharp(randomBytes(300 * 300 * 3), { raw: { width: 300, height: 300, channels: 3 } })
        .toFormat(format)
        .toBuffer();
      const truncated = noisy.subarray(0, Math.floor(noisy.length / 2));
      expect((await sharp(truncated).metadata()).width).toBe(300); // the header alone looks fine
      await expectRefused(await uploadImage(truncated, `cut.${format}`, `image/${format}`), 415, before);
    },
  );

  it('answers 415 for an image whose header claims a huge size, storing nothing', async () => {
    const before = await stored();
    const bomb = hugePng(30_000, 30_000);
    expect(bomb.length).toBeLessThan(1024);
    await expectRefused(await uploadImage(bomb, 'bomb.png', 'image/png'), 415, before);
  });

  it('answers 413 for a file over 10 MB, storing nothing', async () => {
    const before = await stored();
    // A PNG signature followed by noise: the size is refused before the content is looked at.
    const big = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(10 * MB)]);
    const res = await uploadImage(big, 'huge.png', 'image/png');
    await expectRefused(res, 413, before);
    expect(res.body.message).toMatch(/10 MB/);
  });

  it('answers 413 for a body far over the limit, storing nothing', async () => {
    const before = await stored();
    const res = await uploadImage(randomBytes(12 * MB), 'huge.png', 'image/png');
    await expectRefused(res, 413, before);
  });

  it('accepts a large image just under the limit', async () => {
    // Noise compresses badly: a 1800x1800 noisy PNG is several MB.
    const noise = await sharp(randomBytes(1800 * 1800 * 3), { raw: { width: 1800, height: 1800, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(5 * MB);
    expect(noise.length).toBeLessThan(10 * MB);
    const res = await uploadImage(noise, 'noise.png', 'image/png');
    expect(res.status, res.text).toBe(200);
    expect(res.data).toMatchObject({ width: 1800, height: 1800 });
  });

  it('answers 400 for an empty file, storing nothing', async () => {
    const before = await stored();
    await expectRefused(await uploadImage(Buffer.alloc(0), 'empty.png', 'image/png'), 400, before);
  });

  it('answers 400 when the image is sent in another field, storing nothing', async () => {
    const before = await stored();
    await expectRefused(
      await upload([{ field: 'file', data: await image('png'), filename: 'photo.png', type: 'image/png' }]),
      400,
      before,
    );
  });

  it('answers 400 when the field image is text, not a file, storing nothing', async () => {
    const before = await stored();
    await expectRefused(await upload([{ field: 'image', data: 'photo.png' }]), 400, before);
  });

  it('answers 415 for a JSON body, storing nothing', async () => {
    const before = await stored();
    const res = await api(t).callRaw(uploads.uploadImage, {
      body: { image: (await image('png')).toString('base64') },
      token,
    });
    await expectRefused(res, 415, before);
  });

  it('answers 401 without a token, even with a valid image, storing nothing', async () => {
    const before = await stored();
    const res = await upload(
      [{ field: 'image', data: await image('png'), filename: 'photo.png', type: 'image/png' }],
      {},
    );
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: SERVER_MESSAGES.loginRequired });
    expect(await stored()).toEqual(before);
  });

  it('answers 401 with a garbage token, storing nothing', async () => {
    const before = await stored();
    const res = await upload([{ field: 'image', data: await image('png'), filename: 'photo.png', type: 'image/png' }], {
      authorization: 'Bearer garbage',
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: SERVER_MESSAGES.loginRequired });
    expect(await stored()).toEqual(before);
  });

  it('serves uploads with nosniff and answers 404 for a missing one', async () => {
    const res = await uploadImage(await image('png'), 'photo.png', 'image/png');
    const served = await get(res.data.url);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const missing = await t.app.inject({ method: 'GET', url: '/uploads/0000000000000000deadbeef.png' });
    expect(missing.statusCode).toBe(404);
  });
});
