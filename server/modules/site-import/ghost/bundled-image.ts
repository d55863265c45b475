import type { ZipArchive } from '#server/modules/site-import/source.ts';
import { contentImagePath } from './addresses';

/**
 * Images sent in the ZIP with the export: `…/content/images/2024/01/a.jpg` is the entry
 * `content/images/2024/01/a.jpg`, or the same under one folder (a ZIP made of the folder holding both).
 */
export class GhostBundledImages {
  private entries: Map<string, string> | null = null;

  constructor(private readonly zip: ZipArchive | null) {}

  private index(zip: ZipArchive): Map<string, string> {
    if (this.entries) return this.entries;
    const entries = new Map<string, string>();
    for (const name of zip.names()) {
      const at = name.indexOf('content/images/');
      if (at === 0) entries.set(name, name);
      else if (at > 0 && name[at - 1] === '/' && !name.slice(0, at - 1).includes('/') && !entries.has(name.slice(at))) {
        entries.set(name.slice(at), name);
      }
    }
    this.entries = entries;
    return entries;
  }

  async read(url: string, maxBytes: number): Promise<Buffer | null> {
    if (!this.zip) return null;
    const path = contentImagePath(url);
    const name = path ? this.index(this.zip).get(path) : undefined;
    return name ? this.zip.read(name, maxBytes) : null;
  }
}
