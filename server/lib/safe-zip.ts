import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { GHOST_IMPORT_MESSAGES as M } from '#shared/messages.ts';
import { InvalidInputError } from '#server/errors.ts';
import type { ZipArchive } from '#server/modules/site-import/source.ts';

/** A ZIP that cannot be read safely; the message is shown as it is (400) and nothing was extracted. */
export class ZipRefused extends InvalidInputError {}

export interface ZipLimits {
  maxEntries: number;
  /** The sum of every entry's declared size. */
  maxTotalBytes: number;
  /** Above this size an entry may not be compressed more than `maxRatio` times (a ZIP bomb). */
  ratioFloorBytes: number;
  maxRatio: number;
}

const DEFAULTS: ZipLimits = {
  maxEntries: 100_000,
  maxTotalBytes: 4 * 1024 ** 3,
  ratioFloorBytes: 1024 * 1024,
  maxRatio: 200,
};

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/** A name an extraction could never turn against the disk: relative, forward slashes, no `..`, no NUL. */
const safeName = (name: string) =>
  !name.startsWith('/') &&
  !/^[a-zA-Z]:/.test(name) &&
  !name.includes('\\') &&
  !name.includes('\0') &&
  !name.split('/').includes('..');

function openFile(file: string): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(
      file,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: true, decodeStrings: true },
      (err, zip) => (err || !zip ? reject(err) : resolve(zip)),
    ),
  );
}

function readEntries(zip: ZipFile, limits: ZipLimits): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Entry>();
    let total = 0;
    const fail = (message: string) => {
      zip.close();
      reject(new ZipRefused(message));
    };
    zip.on('entry', (entry: Entry) => {
      const name = entry.fileName;
      if (!safeName(name)) return fail(M.zipUnsafeName(name.slice(0, 200)));
      if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK)
        return fail(M.zipUnsafeName(name.slice(0, 200)));
      if (entry.isEncrypted()) return fail(M.zipEncrypted);
      if (entries.size >= limits.maxEntries) return fail(M.zipTooManyEntries(limits.maxEntries));
      total += entry.uncompressedSize;
      if (total > limits.maxTotalBytes) return fail(M.zipTooLarge);
      if (
        entry.uncompressedSize > limits.ratioFloorBytes &&
        entry.uncompressedSize > entry.compressedSize * limits.maxRatio
      ) {
        return fail(M.zipTooLarge);
      }
      if (!name.endsWith('/')) entries.set(name, entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (err: Error) => {
      zip.close();
      // yauzl's own name checks (strictFileNames) come first: said as what they are.
      const unsafe = /^(invalid relative path|absolute path|invalid characters in fileName)/i.exec(err.message);
      reject(new ZipRefused(unsafe ? M.zipUnsafeName(err.message.slice(0, 200)) : M.zipBroken(err.message)));
    });
    zip.readEntry();
  });
}

/**
 * An uploaded ZIP opened for an import (docs/product.md#import): its central directory is read and every
 * entry checked before any is read (names that could leave a folder, links, encryption, too many entries,
 * sizes and compression ratios of a ZIP bomb), then entries are read into memory one at a time, each
 * stopped at its limit on the bytes actually inflated, whatever its header says. Nothing is written to disk.
 */
export async function openZip(file: string, limits: Partial<ZipLimits> = {}): Promise<ZipArchive> {
  const all = { ...DEFAULTS, ...limits };
  let zip: ZipFile;
  try {
    zip = await openFile(file);
  } catch (err) {
    throw new ZipRefused(M.zipBroken(err instanceof Error ? err.message : String(err)));
  }
  const entries = await readEntries(zip, all);

  const open = (entry: Entry) =>
    new Promise<NodeJS.ReadableStream>((resolve, reject) =>
      zip.openReadStream(entry, (err, stream) =>
        err || !stream ? reject(new ZipRefused(M.zipBroken(String(err)))) : resolve(stream),
      ),
    );

  return {
    names: () => [...entries.keys()],
    async read(name: string, maxBytes: number) {
      const entry = entries.get(name);
      if (!entry) return null;
      if (entry.uncompressedSize > maxBytes) throw new ZipRefused(M.zipEntryTooLarge(name.slice(0, 200)));
      const stream = await open(entry);
      const chunks: Buffer[] = [];
      let size = 0;
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > maxBytes) throw new ZipRefused(M.zipEntryTooLarge(name.slice(0, 200)));
          chunks.push(chunk);
        }
      } catch (err) {
        (stream as unknown as { destroy?: () => void }).destroy?.();
        if (err instanceof ZipRefused) throw err;
        throw new ZipRefused(M.zipBroken(err instanceof Error ? err.message : String(err)));
      }
      return Buffer.concat(chunks);
    },
    async stream(name: string) {
      const entry = entries.get(name);
      return entry ? open(entry) : null;
    },
    close: () => zip.close(),
  };
}
