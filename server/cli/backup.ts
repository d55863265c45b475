/**
 * `npm run backup [-- --out FILE]`
 * Writes one tar.gz with a consistent snapshot of the database (SQLite or PostgreSQL, as DATABASE_URL
 * says), every upload (disk folder or bucket) and a manifest. Safe while the site runs
 * (docs/decisions/0015-backups-and-deployment.md).
 */
import { parseArgs } from 'node:util';
import { createBackup, defaultArchiveName } from '#server/backup/backup.ts';
import { BackupError } from '#server/backup/manifest.ts';
import { loadConfig } from '#server/config.ts';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const out = values.out ?? defaultArchiveName();
try {
  const manifest = await createBackup(loadConfig(), out);
  const { counts } = manifest.database;
  console.log(
    `Backup written to ${out}: ${manifest.database.kind} database (${counts.content_sections} sections, ${counts.blog_posts} posts, ${counts.subscribers} subscribers), ${manifest.uploads.files} uploads.`,
  );
} catch (err) {
  // A refusal or a known problem is one line; anything else (a bucket or database that does not answer)
  // keeps its stack for whoever has to look into it.
  console.error(`Backup failed: ${err instanceof BackupError ? err.message : String((err as Error).stack ?? err)}`);
  process.exit(1);
}
