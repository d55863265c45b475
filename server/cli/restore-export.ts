/**
 * `npm run restore-export -- site-export-2026-11-27.zip`
 * Restores a site export (Settings → Export, docs/product.md#export) into this site, which must be new: only
 * its Owner, no pages, redirects, subscribers or messages, and only the demo posts, which the export replaces
 * (docs/decisions/0039-export.md). Uses the same configuration (DATABASE_URL, DATA_DIR, S3_*) as the server;
 * run it once the site has started once (or let it start the site's database here). Prints what it brought
 * in, or why the file was refused (nothing is written then).
 */
import { parseArgs } from 'node:util';
import { boot } from '#server/boot.ts';
import { loadConfig } from '#server/config.ts';
import { InvalidInputError } from '#server/errors.ts';

const { positionals } = parseArgs({ allowPositionals: true });
if (positionals.length !== 1) {
  console.error('Usage: npm run restore-export -- path/to/site-export.zip');
  process.exit(2);
}

const { services, db } = await boot(loadConfig());
let code = 0;
try {
  const report = await services.restoreExport(positionals[0]!);
  console.log(
    `Restored ${report.posts} posts, ${report.pages} pages, ${report.people} people, ${report.uploads} images, ` +
      `${report.subscribers} subscribers and ${report.messages} messages. People other than you choose their ` +
      'password with "Forgot password".',
  );
} catch (err) {
  console.error(err instanceof InvalidInputError ? err.message : err);
  code = 1;
} finally {
  await services.jobs.stop();
  await services.mailWorker.stop();
  await db.destroy();
}
process.exit(code);
