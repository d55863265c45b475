import { parse } from 'csv-parse/sync';
import { GHOST_IMPORT_MESSAGES as M } from '#shared/messages.ts';
import type { SourceSubscriber, ZipArchive } from '#server/modules/site-import/source.ts';
import { isoDate } from './dates';

/** A members CSV is read whole, as the JSON is (load.ts): refused above this size. */
const MAX_CSV_BYTES = 200 * 1024 * 1024;

/**
 * Ghost 5 leaves members out of the JSON export (ghost/core/core/server/data/exporter/table-lists.js
 * lists `members` among the backup-only tables) and export them apart, as the CSV of Members → Export
 * (`id,email,name,note,subscribed_to_emails,…,created_at,deleted_at,labels,tiers`;
 * tests/fixtures/import/ghost/real/members.csv). Such a CSV in the ZIP, at its top or one folder down
 * like the export, gives the subscribers (docs/product.md#import); a CSV without these two columns is
 * another file and passed over.
 */
export async function membersOfZip(
  zip: ZipArchive | null,
): Promise<{ members: SourceSubscriber[]; problems: string[] }> {
  const members: SourceSubscriber[] = [];
  const problems: string[] = [];
  if (!zip) return { members, problems };
  const names = zip
    .names()
    .filter((name) => /\.csv$/i.test(name) && name.split('/').length <= 2 && !name.startsWith('__MACOSX/'));
  for (const name of names) {
    const bytes = await zip.read(name, MAX_CSV_BYTES);
    if (!bytes) continue;
    let rows: Record<string, string>[];
    try {
      rows = parse(bytes, { columns: true, skip_empty_lines: true, relax_column_count: true, bom: true }) as Record<
        string,
        string
      >[];
    } catch (err) {
      // Only a file named as Ghost names its members export is reported: another broken CSV is not ours to read.
      if (!/member/i.test(name)) continue;
      problems.push(M.membersCsvUnreadable(name, (err instanceof Error ? err.message : String(err)).slice(0, 200)));
      continue;
    }
    if (rows.length === 0 || !('email' in rows[0]!) || !('subscribed_to_emails' in rows[0]!)) continue;
    for (const row of rows) {
      const email = (row.email ?? '').trim();
      // A deleted member (`deleted_at`) is gone from Ghost: it is not brought back here.
      if (!email || (row.deleted_at ?? '').trim()) continue;
      members.push({
        email,
        name: (row.name ?? '').trim(),
        status: (row.subscribed_to_emails ?? '').trim().toLowerCase() === 'true' ? 'subscribed' : 'unsubscribed',
        createdAt: isoDate((row.created_at ?? '').trim()),
      });
    }
  }
  return { members, problems };
}
