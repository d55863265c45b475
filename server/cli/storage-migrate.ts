/**
 * `npm run storage:migrate [-- --from /path/to/uploads]`
 * Copies the uploads of the local disk (DATA_DIR/uploads, or --from) into the bucket the configuration
 * names (S3_BUCKET and the other S3_* variables), so a site can move to object storage without losing an
 * image (docs/decisions/0008-media-storage.md). Files already in the bucket are skipped: running it twice,
 * or again after an interrupted run, copies only what is missing. Addresses (/uploads/<name>) stay the same.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '#server/config.ts';
import { copyStorage } from '#server/lib/storage/copy.ts';
import { diskStorage } from '#server/lib/storage/disk.ts';
import { openStorage } from '#server/lib/storage/open.ts';

const { values } = parseArgs({ options: { from: { type: 'string' }, quiet: { type: 'boolean' } } });
const config = loadConfig();
if (config.storage.kind !== 's3') {
  console.error('Set S3_BUCKET (and S3_ENDPOINT, S3_REGION, the keys) to the bucket the uploads should move to.');
  process.exit(2);
}
const source = values.from ?? `${config.dataDir}/uploads`;
if (!fs.existsSync(source)) {
  console.error(`No uploads folder at ${source}.`);
  process.exit(2);
}

const report = await copyStorage(diskStorage(source), openStorage(config.storage), (name, copied) => {
  if (!values.quiet) console.log(`${copied ? 'copied' : 'already there'}  ${name}`);
});
console.log(`${report.copied} copied, ${report.skipped} already in bucket ${config.storage.settings.bucket}.`);
