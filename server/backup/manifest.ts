import type { DbKind } from '#server/db/database.ts';

/**
 * What a backup archive holds (docs/decisions/0015-backups-and-deployment.md), written as
 * `manifest.json` at its root. `format` changes only when an older restore could not read the archive.
 */
export const BACKUP_FORMAT = 1;

/** The tables whose row counts the manifest records: enough for a person to see what a backup holds. */
export const COUNTED_TABLES = [
  'content_sections',
  'content_items',
  'blog_categories',
  'blog_posts',
  'subscribers',
  'uploads',
  'users',
  'contact_messages',
] as const;
export type CountedTable = (typeof COUNTED_TABLES)[number];

export interface Manifest {
  format: number;
  createdAt: string;
  database: {
    kind: DbKind;
    /** Path of the snapshot inside the archive. */
    file: string;
    /** The newest migration the snapshot has run: a restore refuses one newer than the code it runs. */
    migration: string | null;
    counts: Record<CountedTable, number>;
  };
  uploads: { files: number; bytes: number };
}

export const MANIFEST_FILE = 'manifest.json';
export const UPLOADS_DIR = 'uploads';
export const DATABASE_DIR = 'database';

/** Reads a manifest, or says what is wrong with the archive it came from. */
export function parseManifest(text: string, archive: string): Manifest {
  let manifest: Partial<Manifest>;
  try {
    manifest = JSON.parse(text) as Partial<Manifest>;
  } catch {
    throw new BackupError(`${archive}: manifest.json is not JSON; is this a backup made by \`npm run backup\`?`);
  }
  if (manifest.format !== BACKUP_FORMAT) {
    throw new BackupError(
      `${archive}: backup format ${String(manifest.format)} is not one this version restores (${BACKUP_FORMAT}); restore it with the version of the site that made it.`,
    );
  }
  if (!manifest.database || !['sqlite', 'postgres'].includes(manifest.database.kind)) {
    throw new BackupError(`${archive}: manifest.json names no database kind (sqlite or postgres).`);
  }
  return manifest as Manifest;
}

/** A backup or restore that cannot go on; the message says what to change. The CLIs print only it. */
export class BackupError extends Error {}
