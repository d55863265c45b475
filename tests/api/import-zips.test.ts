import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import path from 'node:path';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_RATE_LIMITS } from '#tests/helpers/auth.ts';
import { loggedInAdmin, type LoggedInAdmin } from '#tests/helpers/factories.ts';
import { multipart } from '#tests/helpers/images.ts';
import { uploadExport, WORDPRESS_FIXTURE } from '#tests/helpers/imports.ts';
import * as imports from '#shared/api/imports.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/** A ZIP made with yazl: each entry's name, and its bytes or a stream of them. */
async function zipOf(entries: Array<{ name: string; data: Buffer | (() => Readable) }>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    if (Buffer.isBuffer(entry.data)) zip.addBuffer(entry.data, entry.name);
    else zip.addReadStream(entry.data(), entry.name);
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The same bytes with one entry name changed (both headers), for names yazl itself refuses to write. */
const renamed = (zip: Buffer, from: string, to: string) => {
  expect(to.length).toBe(from.length);
  return Buffer.from(zip.toString('latin1').split(from).join(to), 'latin1');
};

/** `size` bytes of zeros, streamed: a ZIP bomb's entry without holding it in memory. */
const zeros = (size: number) => () =>
  Readable.from(
    (function* () {
      const chunk = Buffer.alloc(1024 * 1024);
      for (let left = size; left > 0; left -= chunk.length)
        yield left >= chunk.length ? chunk : chunk.subarray(0, left);
    })(),
  );

/**
 * The ZIP of images uploaded with an export (server/lib/safe-zip.ts, docs/decisions/0038-import.md):
 * checked whole before anything is read. A ZIP with a `../` name, a link, a bomb, or one that is cut is
 * refused with a message, and nothing of the upload is kept.
 */
describe('ZIPs uploaded with an import', () => {
  let t: TestApp;
  let admin: LoggedInAdmin;
  let xml: Buffer;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { app: { rateLimits: NO_RATE_LIMITS } });
    admin = await loggedInAdmin(t);
    xml = await fs.readFile(WORDPRESS_FIXTURE);
  });
  afterAll(() => t?.close());

  const refused = async (zip: Buffer, message: RegExp) => {
    const res = await uploadExport(admin, { data: xml, name: 'site.xml' }, zip);
    expect(res.status, res.text).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(await fs.readdir(path.join(t.dataDir, 'imports'))).toEqual([]);
  };

  it('refuses names that leave the folder, absolute names and links', async () => {
    const image = Buffer.from('not really a jpeg');
    await refused(
      renamed(await zipOf([{ name: 'xx/evil.jpg', data: image }]), 'xx/evil', '../evil'),
      /outside its folder/,
    );
    await refused(
      renamed(await zipOf([{ name: 'x/evil.jpg', data: image }]), 'x/evil', '/evil'.padEnd(6, 'x').slice(0, 6)),
      /outside its folder/,
    );
    const link = new yazl.ZipFile();
    link.addBuffer(Buffer.from('/etc/passwd'), 'uploads/link.jpg', { mode: 0o120777 });
    link.end();
    const parts: Buffer[] = [];
    for await (const chunk of link.outputStream as AsyncIterable<Buffer>) parts.push(chunk);
    await refused(Buffer.concat(parts), /symbolic link/);
  });

  it('refuses a ZIP bomb before inflating it, and a ZIP cut short', async () => {
    await refused(await zipOf([{ name: 'uploads/bomb.jpg', data: zeros(64 * 1024 * 1024) }]), /ZIP bombs do/);
    const whole = await zipOf([{ name: 'uploads/a.jpg', data: Buffer.alloc(1000, 1) }]);
    await refused(whole.subarray(0, whole.length - 30), /not a readable ZIP/);
  });

  it('answers a 400, never a 500, to two export files or a body cut short', async () => {
    const two = await multipart([
      { field: 'file', data: xml, filename: 'a.xml' },
      { field: 'file', data: xml, filename: 'b.xml' },
    ]);
    let res = await admin.api.callRaw(imports.uploadImport, { headers: two.headers, body: two.payload });
    expect(res.status, res.text).toBe(400);
    const one = await multipart([{ field: 'file', data: xml, filename: 'a.xml' }]);
    res = await admin.api.callRaw(imports.uploadImport, {
      headers: one.headers,
      body: one.payload.subarray(0, 20_000),
    });
    expect(res.status, res.text).toBe(400);
    expect(await fs.readdir(path.join(t.dataDir, 'imports'))).toEqual([]);
  });

  it('takes a sound ZIP', async () => {
    const res = await uploadExport(
      admin,
      { data: xml, name: 'site.xml' },
      await zipOf([{ name: 'uploads/2024/01/a.jpg', data: Buffer.alloc(10, 1) }]),
    );
    expect(res.status, res.text).toBe(200);
  });
});
