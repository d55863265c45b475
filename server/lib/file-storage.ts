import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where upload bytes live. Disk today; an S3-compatible bucket can implement the same two methods when
 * several machines serve the site.
 */
export interface FileStorage {
  /** Stores bytes under a name like `abc.png` and answers the public URL. */
  put(name: string, bytes: Buffer): Promise<string>;
  /** Absolute folder served at `/uploads/` (disk storage only). */
  readonly root: string;
}

export function diskStorage(root: string): FileStorage {
  return {
    root,
    async put(name, bytes) {
      if (!/^[\w.-]+$/.test(name)) throw new Error(`unsafe upload name ${name}`);
      await fs.mkdir(root, { recursive: true });
      const file = path.join(root, name);
      const temp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temp, bytes);
      await fs.rename(temp, file);
      return `/uploads/${name}`;
    },
  };
}
