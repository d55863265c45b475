import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '#server/config.ts';
import { openStorage } from '#server/lib/storage/open.ts';
import { packFolder } from './archive';
import { snapshotDatabase } from './database';
import { BACKUP_FORMAT, MANIFEST_FILE, UPLOADS_DIR, type Manifest } from './manifest';
import { saveUploads } from './uploads';

/** The default archive name: sortable by date, safe in every file system. */
export function defaultArchiveName(date = new Date()): string {
  return `site-backup-${date.toISOString().replace(/[:.]/g, '-')}.tar.gz`;
}

/**
 * `npm run backup`: the database snapshot first, then the uploads. In that order every upload the
 * snapshot's content names is in the archive (uploads are never rewritten; one deleted meanwhile was in
 * use nowhere); an upload made meanwhile is merely extra.
 */
export async function createBackup(config: Config, out: string): Promise<Manifest> {
  const target = path.resolve(out);
  // A folder the command makes is the owner's alone (0700); an existing one is left as the operator set it.
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  // The staging folder sits beside the archive: the same disk, which the operator chose for its size.
  const staging = fs.mkdtempSync(path.join(path.dirname(target), '.site-backup-'));
  try {
    const database = await snapshotDatabase(config.database, staging);
    const uploads = await saveUploads(openStorage(config.storage), path.join(staging, UPLOADS_DIR));
    const manifest: Manifest = { format: BACKUP_FORMAT, createdAt: new Date().toISOString(), database, uploads };
    fs.writeFileSync(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    await packFolder(staging, target);
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
