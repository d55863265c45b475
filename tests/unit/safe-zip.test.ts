import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { constants as zlibConstants, crc32, deflateRawSync } from 'node:zlib';
import yazl from 'yazl';
import { GHOST_IMPORT_MESSAGES as M } from '#shared/messages.ts';
import { openZip, ZipRefused } from '#server/lib/safe-zip.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'safe-zip-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

type Item = { name: string; data: Buffer; mode?: number; compress?: boolean };

let counter = 0;
async function makeZip(items: Item[], options: { forceZip64Format?: boolean } = {}): Promise<string> {
  const zip = new yazl.ZipFile();
  for (const item of items) {
    zip.addBuffer(item.data, item.name, { mode: item.mode, compress: item.compress ?? true });
  }
  zip.end({ forceZip64Format: options.forceZip64Format ?? false, comment: '' });
  const file = path.join(dir, `z${++counter}.zip`);
  await pipeline(zip.outputStream, createWriteStream(file));
  return file;
}

/** A copy of the ZIP with every occurrence of `from` replaced by `to` (same length): names yazl refuses to write. */
async function patched(file: string, edit: (bytes: Buffer) => void): Promise<string> {
  const bytes = await readFile(file);
  edit(bytes);
  const out = path.join(dir, `p${++counter}.zip`);
  await writeFile(out, bytes);
  return out;
}

function replaceAll(bytes: Buffer, from: string, to: string) {
  expect(Buffer.byteLength(from)).toBe(Buffer.byteLength(to));
  const needle = Buffer.from(from);
  let found = 0;
  for (let at = bytes.indexOf(needle); at >= 0; at = bytes.indexOf(needle, at + 1)) {
    Buffer.from(to).copy(bytes, at);
    found++;
  }
  // The local header and the central directory both name the entry.
  expect(found).toBe(2);
}

/** Offsets of the central directory headers (signature PK\1\2). */
function centralHeaders(bytes: Buffer): number[] {
  const offsets: number[] = [];
  const signature = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
  for (let at = bytes.indexOf(signature); at >= 0; at = bytes.indexOf(signature, at + 1)) offsets.push(at);
  return offsets;
}

/**
 * A real ZIP bomb: one deflated entry of `megabytes` MB of zeros, written by hand so that making it takes no
 * time: the deflate stream of 1 MB of zeros ended by a full flush (byte-aligned, dictionary reset) repeated,
 * then an empty final block. `declared`: the unpacked size its central directory claims.
 */
async function zipBomb(megabytes: number, declared = megabytes * 1024 * 1024): Promise<string> {
  const block = deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: zlibConstants.Z_FULL_FLUSH });
  const data = Buffer.concat([...Array.from({ length: megabytes }, () => block), Buffer.from([0x03, 0x00])]);
  let crc = 0;
  const mb = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < megabytes; i++) crc = crc32(mb, crc);
  const name = Buffer.from('zeros.bin');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt32LE(crc >>> 0, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc >>> 0, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(name.length, 28);
  const directoryAt = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(directoryAt, 16);
  const file = path.join(dir, `bomb${++counter}.zip`);
  await writeFile(file, Buffer.concat([local, name, data, central, name, end]));
  return file;
}

async function refusal(promise: Promise<unknown>): Promise<ZipRefused> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ZipRefused);
  return err as ZipRefused;
}

describe('openZip', () => {
  it('lists files (not folders) and reads and streams them', async () => {
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from('{"db":[]}'), 'export.json');
    zip.addEmptyDirectory('content/images/');
    zip.addBuffer(Buffer.from('PNGDATA'), 'content/images/2024/01/a.png', { compress: false });
    zip.end();
    const file = path.join(dir, 'ok.zip');
    await pipeline(zip.outputStream, createWriteStream(file));
    const archive = await openZip(file);
    expect(archive.names()).toEqual(['export.json', 'content/images/2024/01/a.png']);
    expect((await archive.read('content/images/2024/01/a.png', 100))?.toString()).toBe('PNGDATA');
    expect(await archive.read('missing.png', 100)).toBeNull();
    const stream = await archive.stream('export.json');
    const chunks: Buffer[] = [];
    for await (const chunk of stream!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('{"db":[]}');
    expect(await archive.stream('nope')).toBeNull();
    // Larger than asked: refused, the archive stays usable.
    const tooLarge = await refusal(archive.read('export.json', 4));
    expect(tooLarge.message).toBe(M.zipEntryTooLarge('export.json', 1));
    expect((await archive.read('export.json', 100))?.toString()).toBe('{"db":[]}');
    archive.close();
  });

  it('refuses a file that is not a ZIP, and a truncated ZIP', async () => {
    const text = path.join(dir, 'text.zip');
    await writeFile(text, 'just some text, not a zip at all');
    expect((await refusal(openZip(text))).message).toBe(M.zipUnreadable);
    const empty = path.join(dir, 'empty.zip');
    await writeFile(empty, '');
    expect((await refusal(openZip(empty))).message).toBe(M.zipUnreadable);

    const good = await makeZip([
      { name: 'a.txt', data: Buffer.from('a'.repeat(5000)) },
      { name: 'b.txt', data: Buffer.from('b'.repeat(5000)) },
    ]);
    const bytes = await readFile(good);
    for (const keep of [bytes.length - 10, Math.floor(bytes.length / 2), 30]) {
      const cut = path.join(dir, `cut-${keep}.zip`);
      await writeFile(cut, bytes.subarray(0, keep));
      expect((await refusal(openZip(cut))).message, `cut at ${keep}`).toBe(M.zipUnreadable);
    }
  });

  it('refuses names that lead outside the folder: .., absolute, backslash, drive letter, NUL', async () => {
    const cases: [string, string][] = [
      ['xx/evil.txt', '../evil.txt'],
      ['a/xx/evil.txt', 'a/../evil.txt'],
      ['xetc/passwd', '/etc/passwd'],
      ['ax/evil.txt', 'a\\/evil.txt'],
      ['Cx/evil.txt', 'C:/evil.txt'],
      ['axevil.txt', 'a\0evil.txt'],
    ];
    for (const [placeholder, evil] of cases) {
      const file = await patched(
        await makeZip([
          { name: 'fine.txt', data: Buffer.from('fine') },
          { name: placeholder, data: Buffer.from('evil') },
        ]),
        (bytes) => replaceAll(bytes, placeholder, evil),
      );
      expect((await refusal(openZip(file))).message, JSON.stringify(evil)).toBe(M.zipUnsafeName);
    }
  });

  it('refuses symbolic links, encrypted entries and duplicate names', async () => {
    const link = await makeZip([{ name: 'link', data: Buffer.from('/etc/passwd'), mode: 0o120777 }]);
    expect((await refusal(openZip(link))).message).toBe(M.zipSymlink);

    const encrypted = await patched(await makeZip([{ name: 'secret.txt', data: Buffer.from('x') }]), (bytes) => {
      for (const at of centralHeaders(bytes)) bytes.writeUInt16LE(bytes.readUInt16LE(at + 8) | 0x1, at + 8);
    });
    expect((await refusal(openZip(encrypted))).message).toBe(M.zipEncrypted);

    const twice = await patched(
      await makeZip([
        { name: 'a.txt', data: Buffer.from('a') },
        { name: 'b.txt', data: Buffer.from('b') },
      ]),
      (bytes) => replaceAll(bytes, 'b.txt', 'a.txt'),
    );
    expect((await refusal(openZip(twice))).message).toBe(M.zipDuplicateName);
  });

  it('refuses more than 100,000 entries before reading them', async () => {
    // A ZIP64 end record claiming 100,001 entries (yazl takes minutes to write that many).
    const claims = await patched(
      await makeZip([{ name: 'a', data: Buffer.alloc(0) }], { forceZip64Format: true }),
      (bytes) => {
        const at = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x06, 0x06]));
        expect(at).toBeGreaterThan(0);
        bytes.writeBigUInt64LE(100_001n, at + 24);
        bytes.writeBigUInt64LE(100_001n, at + 32);
      },
    );
    expect((await refusal(openZip(claims))).message).toBe(M.zipTooManyEntries(100_000));
    const items = Array.from({ length: 20 }, (_, i) => ({ name: `f${i}`, data: Buffer.alloc(0) }));
    expect((await refusal(openZip(await makeZip(items), { maxEntries: 10 }))).message).toBe(M.zipTooManyEntries(10));
    expect((await openZip(await makeZip(items), { maxEntries: 20 })).names()).toHaveLength(20);
  });

  it('refuses a total unpacked size above the limit', async () => {
    const file = await makeZip([
      { name: 'a.bin', data: randomBytes(600_000) },
      { name: 'b.bin', data: randomBytes(600_000) },
    ]);
    expect((await refusal(openZip(file, { maxTotalBytes: 1024 * 1024 }))).message).toBe(M.zipTooLarge(1));
    const archive = await openZip(file);
    expect((await archive.read('b.bin', 1024 * 1024))?.length).toBe(600_000);
    archive.close();
  });

  it('refuses a real ZIP bomb (1 GB of zeros) and reads no more than an entry claims', async () => {
    const bomb = await zipBomb(1024);
    expect((await stat(bomb)).size).toBeLessThan(2 * 1024 * 1024);
    expect((await refusal(openZip(bomb))).message).toBe(M.zipBomb('zeros.bin'));

    // The same bytes claiming 2 MB: the ratio looks fine, the read stops once 2 MB are unpacked.
    const archive = await openZip(await zipBomb(1024, 2 * 1024 * 1024));
    expect(archive.names()).toEqual(['zeros.bin']);
    const before = process.memoryUsage().rss;
    expect((await refusal(archive.read('zeros.bin', 100 * 1024 * 1024))).message).toBe(
      M.zipEntryTooLarge('zeros.bin', 100),
    );
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
    // Asked for less than it claims: refused before unpacking anything.
    expect((await refusal(archive.read('zeros.bin', 1024 * 1024))).message).toBe(M.zipEntryTooLarge('zeros.bin', 1));
    archive.close();

    // A small honest one unpacks: the hand-made stream is valid deflate.
    const small = await openZip(await zipBomb(1));
    expect((await small.read('zeros.bin', 2 * 1024 * 1024))?.equals(Buffer.alloc(1024 * 1024))).toBe(true);
    small.close();
  }, 60_000);
});
