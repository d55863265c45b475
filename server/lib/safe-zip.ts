import { Transform, type Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { InvalidInputError } from '#server/errors.ts';
import { GHOST_IMPORT_MESSAGES as M } from '#shared/messages.ts';
import type { ZipArchive } from '#server/modules/site-import/source.ts';

/**
 * An uploaded ZIP (a Ghost export with its images, a WordPress uploads folder) opened without trusting it
 * (docs/decisions/0038-import.md): the whole central directory is checked before any byte is unpacked, and
 * every read is bounded by what was actually unpacked, not by what the headers claim. Nothing is written
 * to disk: entries are read into memory or streamed to the caller.
 */

/** The ZIP cannot be imported; `message` (GHOST_IMPORT_MESSAGES) is shown as it is, a 400. */
export class ZipRefused extends InvalidInputError {}

interface ZipLimits {
  /** More entries than this and the ZIP is refused (a central directory that takes minutes to walk). */
  maxEntries: number;
  /** The sum of the declared unpacked sizes. */
  maxTotalBytes: number;
  /** An entry larger than `ratioFloorBytes` unpacking to more than `maxRatio` times its packed size is a bomb. */
  maxRatio: number;
  ratioFloorBytes: number;
}

const GB = 1024 ** 3;
const MB = 1024 ** 2;

const DEFAULT_LIMITS: ZipLimits = { maxEntries: 100_000, maxTotalBytes: 4 * GB, maxRatio: 200, ratioFloorBytes: MB };

// The file type bits of a unix mode, kept by zip tools in the high 16 bits of the external attributes.
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
// General purpose flags: bit 0 traditional encryption, bit 6 strong encryption.
const ENCRYPTED = 0x1 | 0x40;

/** yauzl's own refusals of a name (it checks backslashes, absolute paths and `..` with strictFileNames). */
const YAUZL_NAME_ERROR = /^(invalid characters in fileName|absolute path|invalid relative path)/;

function unsafeName(name: string): boolean {
  if (name.length === 0 || name.includes('\0') || name.includes('\\')) return true;
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return true;
  return name.split('/').includes('..');
}

function openFile(path: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      path,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: true },
      (err, zipfile) => (err ? reject(new ZipRefused(M.zipUnreadable)) : resolve(zipfile)),
    );
  });
}

/** Every entry of the central directory, each checked as it comes; the first bad one refuses the ZIP. */
function readDirectory(zipfile: ZipFile, limits: ZipLimits): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    const files = new Map<string, Entry>();
    let total = 0;
    const refuse = (message: string) => {
      zipfile.removeAllListeners();
      // A late error of yauzl after we stopped listening must not become an unhandled 'error' event.
      zipfile.on('error', () => {});
      reject(new ZipRefused(message));
    };
    zipfile.on('error', (err: Error) =>
      refuse(
        YAUZL_NAME_ERROR.test(err.message)
          ? M.zipUnsafeName
          : /encryption/.test(err.message)
            ? M.zipEncrypted
            : M.zipUnreadable,
      ),
    );
    zipfile.on('end', () => resolve(files));
    zipfile.on('entry', (entry: Entry) => {
      const name = entry.fileName;
      if (unsafeName(name)) return refuse(M.zipUnsafeName);
      if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) return refuse(M.zipSymlink);
      if (entry.generalPurposeBitFlag & ENCRYPTED) return refuse(M.zipEncrypted);
      total += entry.uncompressedSize;
      if (total > limits.maxTotalBytes) return refuse(M.zipTooLarge(Math.round(limits.maxTotalBytes / MB)));
      if (
        entry.uncompressedSize > limits.ratioFloorBytes &&
        entry.uncompressedSize > limits.maxRatio * Math.max(entry.compressedSize, 1)
      ) {
        return refuse(M.zipBomb(name));
      }
      if (!name.endsWith('/')) {
        if (files.has(name)) return refuse(M.zipDuplicateName);
        files.set(name, entry);
      }
      zipfile.readEntry();
    });
    zipfile.readEntry();
  });
}

/**
 * The unpacked bytes of an entry, stopped with ZipRefused past `maxBytes` or past its declared size (yauzl's
 * validateEntrySizes checks the latter too; a mismatching CRC or a damaged stream is refused the same way).
 */
function bounded(source: Readable, maxBytes: number, tooLarge: () => ZipRefused): Readable {
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > maxBytes) {
        source.unpipe(counter);
        source.destroy();
        return done(tooLarge());
      }
      done(null, chunk);
    },
  });
  source.on('error', (err: Error) => {
    counter.destroy(/too many bytes/.test(err.message) ? tooLarge() : new ZipRefused(M.zipUnreadable));
  });
  return source.pipe(counter);
}

export async function openZip(path: string, limits: Partial<ZipLimits> = {}): Promise<ZipArchive> {
  const bounds = { ...DEFAULT_LIMITS, ...limits };
  const zipfile = await openFile(path);
  let files: Map<string, Entry>;
  try {
    // Known from the end of central directory record before any entry is read.
    if (zipfile.entryCount > bounds.maxEntries) throw new ZipRefused(M.zipTooManyEntries(bounds.maxEntries));
    files = await readDirectory(zipfile, bounds);
  } catch (err) {
    zipfile.close();
    throw err;
  }
  const names = [...files.keys()];

  const open = (entry: Entry): Promise<Readable> =>
    new Promise((resolve, reject) => {
      zipfile.openReadStream(entry, (err, stream) => (err ? reject(new ZipRefused(M.zipUnreadable)) : resolve(stream)));
    });

  async function stream(name: string, maxBytes: number): Promise<Readable | null> {
    const entry = files.get(name);
    if (!entry) return null;
    const tooLarge = () => new ZipRefused(M.zipEntryTooLarge(name, Math.max(1, Math.round(maxBytes / MB))));
    if (entry.uncompressedSize > maxBytes) throw tooLarge();
    return bounded(await open(entry), Math.min(maxBytes, entry.uncompressedSize), tooLarge);
  }

  return {
    names: () => [...names],
    async read(name, maxBytes) {
      const source = await stream(name, maxBytes);
      if (!source) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of source) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    stream: (name) => stream(name, bounds.maxTotalBytes),
    close: () => zipfile.close(),
  };
}
