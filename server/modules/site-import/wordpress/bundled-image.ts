import type { ZipArchive } from '#server/modules/site-import/source.ts';

/**
 * The uploads ZIP sent with a WordPress export, whatever folder it was made from: an image address
 * `…/wp-content/uploads/2024/01/x.jpg` is found as `wp-content/uploads/2024/01/x.jpg`, `uploads/2024/01/x.jpg`
 * or `2024/01/x.jpg` in the ZIP, an entry under an `uploads/` folder first.
 */

/** The part of an address after its last `/uploads/` segment, decoded; null when it has none. */
function uploadsPath(url: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(new URL(url).pathname);
  } catch {
    return null;
  }
  const at = path.lastIndexOf('/uploads/');
  return at < 0 ? null : path.slice(at + '/uploads/'.length) || null;
}

export class BundledImages {
  private entries: Map<string, { name: string; rank: number }> | null = null;

  constructor(private readonly zip: ZipArchive | null) {}

  /** Each entry under the path a site's address has after `uploads/`, the best-placed entry kept. */
  private index() {
    if (this.entries || !this.zip) return this.entries;
    const entries = new Map<string, { name: string; rank: number }>();
    const offer = (key: string, name: string, rank: number) => {
      const known = entries.get(key);
      if (key && (!known || known.rank < rank)) entries.set(key, { name, rank });
    };
    for (const name of this.zip.names()) {
      const at = `/${name}`.lastIndexOf('/uploads/');
      if (at >= 0) offer(`/${name}`.slice(at + '/uploads/'.length), name, 2);
      offer(name, name, 1);
      offer(name.slice(name.indexOf('/') + 1), name, 0);
    }
    this.entries = entries;
    return entries;
  }

  async read(url: string, maxBytes: number): Promise<Buffer | null> {
    const entries = this.index();
    const path = entries && uploadsPath(url);
    const entry = path ? entries.get(path) : undefined;
    return entry && this.zip ? this.zip.read(entry.name, maxBytes) : null;
  }
}
