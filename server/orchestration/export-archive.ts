import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { buffer } from 'node:stream/consumers';
import { EXPORT_MESSAGES } from '#shared/messages.ts';
import { SourceRefused } from '#server/modules/site-import/source.ts';

/**
 * A site export's ZIP opened for a restore: the names of its files, and each file's bytes read on demand.
 * The same shape as server/lib/safe-zip.ts's archive (names, read, close), which can take its place; until
 * then names are checked here (relative, no `..`) and each read is bounded by the bytes inflated.
 */
export interface ExportArchive {
  names(): string[];
  read(name: string, maxBytes: number): Promise<Buffer | null>;
  close(): void;
}

const safeName = (name: string) =>
  !name.startsWith('/') && !name.includes('\\') && !name.includes('\0') && !name.split('/').includes('..');

export async function openExportArchive(file: string): Promise<ExportArchive> {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (err, opened) =>
      err ? reject(new SourceRefused(EXPORT_MESSAGES.notAZip)) : resolve(opened),
    ),
  );
  const entries = new Map<string, Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      if (!safeName(entry.fileName)) return reject(new SourceRefused(EXPORT_MESSAGES.unreadable(entry.fileName)));
      if (!entry.fileName.endsWith('/')) entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve());
    zip.once('error', () => reject(new SourceRefused(EXPORT_MESSAGES.notAZip)));
    zip.readEntry();
  }).catch((err: unknown) => {
    zip.close();
    throw err;
  });
  return {
    names: () => [...entries.keys()],
    async read(name, maxBytes) {
      const entry = entries.get(name);
      if (!entry) return null;
      if (entry.uncompressedSize > maxBytes) throw new SourceRefused(EXPORT_MESSAGES.unreadable(name));
      try {
        const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
          zip.openReadStream(entry, (err, opened) => (err ? reject(err) : resolve(opened))),
        );
        // yauzl checks that what inflates matches the declared size, so the bound above holds.
        return await buffer(stream);
      } catch {
        throw new SourceRefused(EXPORT_MESSAGES.unreadable(name));
      }
    },
    close: () => zip.close(),
  };
}
