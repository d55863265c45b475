import fs from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { contentTypeOf, type FileStorage } from '#server/lib/storage/storage.ts';

/** Copies every stored upload (disk folder or every object of the bucket) into `dir`. */
export async function saveUploads(storage: FileStorage, dir: string): Promise<{ files: number; bytes: number }> {
  await fs.mkdir(dir, { recursive: true });
  const report = { files: 0, bytes: 0 };
  for await (const name of storage.list()) {
    const file = await storage.get(name);
    if (!file) continue; // deleted since it was listed: it was in no snapshot's content anyway
    const bytes = await buffer(file.body);
    await fs.writeFile(path.join(dir, name), bytes);
    report.files++;
    report.bytes += bytes.length;
  }
  return report;
}

/** True when the storage holds at least one file. */
export async function hasUploads(storage: FileStorage): Promise<boolean> {
  for await (const _name of storage.list()) return true;
  return false;
}

/** Puts every file of `dir` into the storage, whichever kind is configured now. */
export async function restoreUploads(storage: FileStorage, dir: string): Promise<number> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    await storage.put(name, await fs.readFile(path.join(dir, name)), contentTypeOf(name));
  }
  return names.length;
}
