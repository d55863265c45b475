import { open as openFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { IMPORT_FIELDS } from '#shared/api/imports.ts';
import { IMPORT_MESSAGES } from '#shared/messages.ts';
import { openZip } from '#server/lib/safe-zip.ts';
import { SourceRefused, type ImportSource } from './source';
import { openGhost } from './ghost/open';
import { openWordPress } from './wordpress/index';

const ZIP_SIGNATURE = 'PK\x03\x04';

async function headOf(file: string): Promise<string> {
  const handle = await openFile(file, 'r');
  try {
    const buffer = Buffer.alloc(512);
    const { bytesRead } = await handle.read(buffer, 0, 512, 0);
    return buffer.subarray(0, bytesRead).toString('latin1');
  } finally {
    await handle.close();
  }
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/**
 * The reader of an uploaded export, by what the file holds rather than its name (docs/product.md#import):
 * XML is a WordPress export, with the optional ZIP of its uploads; JSON a Ghost export, with the optional
 * ZIP of its content/images; a ZIP a Ghost export with its images. Anything else is refused with a message
 * before anything is read further.
 */
export async function openImportSource(folder: string): Promise<ImportSource> {
  const file = path.join(folder, 'file.bin');
  const uploads = path.join(folder, `${IMPORT_FIELDS.images}.bin`);
  const head = await headOf(file);
  const text = head.replace(/^\xEF\xBB\xBF/, '').trimStart();
  // A ZIP alone is a Ghost export with its images (server/modules/site-import/ghost/load.ts finds the JSON).
  if (head.startsWith(ZIP_SIGNATURE)) return openGhost({ zip: await openZip(file) });
  if (!text.startsWith('<') && !text.startsWith('{')) throw new SourceRefused(IMPORT_MESSAGES.unknownFile);
  const extra = (await exists(uploads)) ? await openZip(uploads) : null;
  if (text.startsWith('{')) return openGhost({ jsonPath: file, zip: extra ?? undefined });
  return openWordPress({ xmlPath: file, uploadsZip: extra });
}
