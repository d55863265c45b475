/**
 * `npm run restore -- ARCHIVE [--force]`
 * Restores a `npm run backup` archive into the database and upload storage of the current configuration
 * (DATABASE_URL, DATA_DIR, S3_*). Refuses a database or storage that is not empty unless --force. Stop the
 * site first (docs/decisions/0015-backups-and-deployment.md).
 */
import { parseArgs } from 'node:util';
import { BackupError } from '#server/backup/manifest.ts';
import { restoreBackup } from '#server/backup/restore.ts';
import { loadConfig } from '#server/config.ts';

const { values, positionals } = parseArgs({ options: { force: { type: 'boolean' } }, allowPositionals: true });
if (positionals.length !== 1) {
  console.error('Usage: npm run restore -- site-backup-….tar.gz [--force]');
  process.exit(2);
}
try {
  const manifest = await restoreBackup(loadConfig(), positionals[0]!, { force: values.force ?? false });
  console.log(
    `Restored the backup of ${manifest.createdAt}: ${manifest.database.kind} database, ${manifest.uploads.files} uploads.`,
  );
} catch (err) {
  // A refusal or a known problem is one line; anything else (a bucket or database that does not answer)
  // keeps its stack for whoever has to look into it.
  console.error(`Restore failed: ${err instanceof BackupError ? err.message : String((err as Error).stack ?? err)}`);
  process.exit(1);
}
