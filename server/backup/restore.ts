import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '#server/config.ts';
import { MIGRATION_NAMES } from '#server/db/migrate.ts';
import { openStorage } from '#server/lib/storage/open.ts';
import { unpackInto } from './archive';
import { existingTables, restoreDatabase } from './database';
import { BackupError, MANIFEST_FILE, parseManifest, UPLOADS_DIR, type Manifest } from './manifest';
import { hasUploads, restoreUploads } from './uploads';

/**
 * `npm run restore ARCHIVE`: into the database and upload storage the configuration names. Both must be
 * empty unless `force` (then the database's tables are replaced and same-named uploads overwritten).
 * Everything is checked before anything is written, so a refusal changes nothing.
 */
export async function restoreBackup(config: Config, archive: string, options: { force: boolean }): Promise<Manifest> {
  if (!fs.existsSync(archive)) throw new BackupError(`No backup archive at ${archive}.`);
  const staging = fs.mkdtempSync(path.join(path.dirname(path.resolve(archive)), '.site-restore-'));
  try {
    await unpackInto(archive, staging).catch((err: Error) => {
      throw new BackupError(`${archive} is not a readable tar.gz backup: ${err.message}`);
    });
    const manifestFile = path.join(staging, MANIFEST_FILE);
    if (!fs.existsSync(manifestFile))
      throw new BackupError(`${archive} has no manifest.json: it is not a site backup.`);
    const manifest = parseManifest(fs.readFileSync(manifestFile, 'utf8'), archive);
    checkCompatible(config, manifest, archive);

    const storage = openStorage(config.storage);
    const tables = await existingTables(config.database);
    const uploadsThere = await hasUploads(storage);
    if (!options.force && (tables.length || uploadsThere)) {
      const where = [
        tables.length ? `the database (${describeDatabase(config)}) has ${tables.length} tables` : '',
        uploadsThere ? `the upload storage (${describeStorage(config)}) has files` : '',
      ].filter(Boolean);
      throw new BackupError(
        `Refusing to restore: ${where.join(' and ')}. Restore into an empty database and storage, or add --force to replace the database and overwrite same-named uploads (stop the site first).`,
      );
    }
    await restoreDatabase(config.database, path.join(staging, manifest.database.file), tables);
    await restoreUploads(storage, path.join(staging, UPLOADS_DIR));
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** A snapshot restores only into its own database kind, and never with code older than its schema. */
function checkCompatible(config: Config, manifest: Manifest, archive: string) {
  if (manifest.database.kind !== config.database.kind) {
    throw new BackupError(
      `${archive} holds a ${manifest.database.kind} database, but DATABASE_URL points to ${config.database.kind}: set DATABASE_URL to a ${manifest.database.kind} database.`,
    );
  }
  const migration = manifest.database.migration;
  if (migration && !MIGRATION_NAMES.includes(migration)) {
    throw new BackupError(
      `${archive} was made by a newer version of the site (migration ${migration}): update the site, then restore.`,
    );
  }
}

function describeDatabase(config: Config): string {
  if (config.database.kind === 'sqlite') return config.database.file;
  const url = new URL(config.database.url);
  return `${url.hostname}:${url.port || '5432'}${url.pathname}`; // never the password
}

function describeStorage(config: Config): string {
  return config.storage.kind === 'disk' ? config.storage.root : `bucket ${config.storage.settings.bucket}`;
}
