import { Readable } from 'node:stream';
import {
  EXPORT_FILES,
  EXPORT_UPLOADS_DIR,
  MESSAGE_COLUMNS,
  SITE_EXPORT_FORMAT,
  SITE_EXPORT_VERSION,
  SUBSCRIBER_COLUMNS,
  type ExportManifest,
} from '#shared/site-export.ts';
import type { ExportSources } from './sources';
import { csvRows, jsonList, once, type Tally } from './streams';
import type { ZipWriter } from './zip-writer';

export interface ManifestFacts {
  app: ExportManifest['app'];
  publicUrl: string;
}

/** Stored upload names: what the upload service makes (server/lib/storage/storage.ts SITE_UPLOAD_NAME). */
const uploadName = (url: string) => url.replace(/^\/uploads\//, '');

const json = (value: unknown) => Readable.from([JSON.stringify(value, null, 2) + '\n']);

/**
 * Writes the whole site into `zip` (docs/product.md#export): each file from its module's service, one at
 * a time, then manifest.json with every file's count and SHA-256. Uploads are the originals only: their
 * WebP variants and favicon icons are made again from them on import (docs/decisions/0039-export.md).
 */
export async function writeSiteZip(zip: ZipWriter, sources: ExportSources, facts: ManifestFacts): Promise<void> {
  const counts: Record<string, number> = {};
  const checksums: Record<string, string> = {};
  const add = async (name: string, open: () => Readable, count: number | Tally, compress = true) => {
    const written = await zip.addFile(name, open, { compress });
    checksums[name] = written.sha256;
    counts[name] = typeof count === 'number' ? count : count.n;
  };
  const list = async <T>(name: string, batches: () => AsyncIterable<T[]>) => {
    const tally: Tally = { n: 0 };
    await add(name, () => Readable.from(jsonList(batches(), tally)), tally);
  };

  await add(EXPORT_FILES.sections, () => Readable.from(objectOf(sources.sections())), 1);
  await add(EXPORT_FILES.layout, () => Readable.from(objectOf(sources.layout())), 1);
  await list(EXPORT_FILES.posts, () => sources.posts());
  await list(EXPORT_FILES.pages, () => sources.pages());
  await list(EXPORT_FILES.categories, () => once(sources.categories()));
  await list(EXPORT_FILES.tags, () => once(sources.tags()));
  await list(EXPORT_FILES.authors, () => once(sources.authors()));
  await list(EXPORT_FILES.redirects, () => sources.redirects());
  const settings = await sources.settings();
  await add(EXPORT_FILES.settings, () => json(settingsOf(settings)), Object.keys(settings).length);
  await list(EXPORT_FILES.media, () => sources.media());

  const subscribers: Tally = { n: 0 };
  await add(
    EXPORT_FILES.subscribers,
    () =>
      Readable.from(
        csvRows(
          SUBSCRIBER_COLUMNS,
          sources.subscribers(),
          (s) => [s.email, s.status, s.createdAt, s.confirmedAt, s.unsubscribedAt, s.consentSource, s.sourcePostId],
          subscribers,
        ),
      ),
    subscribers,
  );
  const messages: Tally = { n: 0 };
  await add(
    EXPORT_FILES.messages,
    () =>
      Readable.from(
        csvRows(
          MESSAGE_COLUMNS,
          sources.messages(),
          (m) => [m.name, m.email, m.message, m.createdAt, m.read ? 'yes' : 'no', m.readBy],
          messages,
        ),
      ),
    messages,
  );

  // Read a batch of rows at a time; each file is written before the next is opened.
  for await (const batch of sources.media()) {
    for (const item of batch) {
      const file = await sources.openUpload(item.url);
      // Gone from the storage since it was uploaded: media.json still names it; the archive has no file.
      if (!file) continue;
      const name = EXPORT_UPLOADS_DIR + uploadName(item.url);
      // Images are compressed already: stored as they are.
      await add(name, () => file.body, file.size, false).catch((err: unknown) => {
        file.body.destroy();
        throw err;
      });
    }
  }

  const manifest: ExportManifest = {
    format: SITE_EXPORT_FORMAT,
    version: SITE_EXPORT_VERSION,
    createdAt: new Date().toISOString(),
    app: facts.app,
    publicUrl: facts.publicUrl,
    counts,
    checksums,
  };
  zip.finish(EXPORT_FILES.manifest, Buffer.from(JSON.stringify(manifest, null, 2) + '\n'));
}

async function* objectOf(value: Promise<unknown>): AsyncGenerator<string> {
  yield JSON.stringify(await value, null, 2) + '\n';
}

/** Settings stored as JSON are written as JSON, the others as their text. */
function settingsOf(settings: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(settings).map(([key, text]) => {
      try {
        return [key, JSON.parse(text) as unknown];
      } catch {
        return [key, text];
      }
    }),
  );
}
