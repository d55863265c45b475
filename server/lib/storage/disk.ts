import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { checkedName, contentTypeOf, type FileStorage } from './storage';

/** Uploads in a folder of the data directory (the default: nothing to set up). */
export function diskStorage(root: string): FileStorage & { root: string } {
  const file = (name: string) => path.join(root, checkedName(name));
  return {
    kind: 'disk',
    root,
    // The folder is made on first write; a disk that fails shows in the requests themselves.
    check: async () => undefined,
    async put(name, bytes) {
      await fs.mkdir(root, { recursive: true });
      // Written whole under a temporary name, then renamed: a reader never sees half a file.
      const temp = `${file(name)}.${process.pid}.tmp`;
      await fs.writeFile(temp, bytes);
      await fs.rename(temp, file(name));
    },
    async get(name) {
      try {
        const stat = await fs.stat(file(name));
        if (!stat.isFile()) return null;
        return { body: createReadStream(file(name)), contentType: contentTypeOf(name), size: stat.size };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async exists(name) {
      return fs
        .stat(file(name))
        .then((s) => s.isFile())
        .catch(() => false);
    },
    async delete(name) {
      await fs.rm(file(name), { force: true });
    },
    async *list() {
      const names = await fs.readdir(root).catch(() => [] as string[]);
      for (const name of names) if (!name.endsWith('.tmp')) yield name;
    },
  };
}
