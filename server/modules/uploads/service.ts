import { randomBytes } from 'node:crypto';
import { UPLOAD_MESSAGES } from '#shared/messages.ts';
import type { MediaItem, MediaUsage } from '#shared/api/uploads.ts';
import { IMAGE_VARIANT_WIDTHS } from '#shared/paths.ts';
import type { Db } from '#server/db/database.ts';
import { ConflictError, NotFoundError, UnsupportedMediaError } from '#server/errors.ts';
import { SITE_UPLOAD_NAME, type FileStorage } from '#server/lib/storage/storage.ts';
import { faviconIcons, processImage } from './image';
import { FAVICON_SIZES } from '#shared/schemas/site-identity.ts';
import type { ExportedMedia } from '#shared/site-export.ts';
import * as repo from './repository';

const PAGE = 60;
/** `/uploads/<stem>.<ext>` → stem; every variant of an upload shares it. */
const stemOf = (url: string) => /^\/uploads\/([\w-]+)\./.exec(url)?.[1] ?? '';

/**
 * Where one module's documents use an upload, as the media library lists them. `like` is an SQL LIKE
 * pattern matching every address of the upload and of its variants. Each module that stores images
 * answers for its own tables (content sections, posts), so no module reads another's.
 */
export type ImageUsageFinder = (like: string) => Promise<MediaUsage[]>;

/**
 * Images: stored through the configured storage (disk or S3) under random names, with WebP variants,
 * and kept in a library (docs/product.md#media-library) with their original name, alt text and where
 * they are used; an image in use is never deleted.
 */
export function createUploadService(deps: { db: Db; storage: FileStorage; whereUsed: readonly ImageUsageFinder[] }) {
  const { db, storage, whereUsed } = deps;

  /** Where an upload is used, in the order of `whereUsed`; its variants share its stem. */
  async function usage(url: string): Promise<MediaUsage[]> {
    const like = `%/uploads/${stemOf(url)}.%`;
    return (await Promise.all(whereUsed.map((find) => find(like)))).flat();
  }

  const toItem = async (
    row: NonNullable<Awaited<ReturnType<typeof repo.findUpload>>>,
    withUsage: boolean,
  ): Promise<MediaItem> => ({
    _id: row.id,
    url: row.url,
    name: row.original_name,
    alt: row.alt,
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    mimeType: row.mime_type,
    createdAt: row.created_at,
    usedIn: withUsage ? await usage(row.url) : [],
  });

  async function findOwn(id: string, uploadedBy?: string) {
    const row = await repo.findUpload(db, id);
    if (!row || (uploadedBy && row.uploaded_by !== uploadedBy)) throw new NotFoundError(UPLOAD_MESSAGES.uploadNotFound);
    return row;
  }

  return {
    /** `id`: chosen by the caller (an import's ledger, which finds it again after a kill); a new one otherwise. */
    async storeImage(
      input: Buffer,
      details: { originalName?: string; alt?: string; uploadedBy?: string; id?: string } = {},
    ) {
      const image = await processImage(input);
      const stem = randomBytes(12).toString('hex');
      const name = `${stem}.${image.ext}`;
      await storage.put(name, image.original, image.mime);
      for (const [width, webp] of image.variants) await storage.put(`${stem}.w${width}.webp`, webp, 'image/webp');
      const url = `/uploads/${name}`;
      const id = await repo.insertUpload(db, {
        url,
        mimeType: image.mime,
        width: image.width,
        height: image.height,
        bytes: image.original.length,
        // Cut by code points, not UTF-16 units, so a cut never leaves half an emoji behind.
        originalName: [...(details.originalName ?? '')].slice(0, 255).join(''),
        alt: [...(details.alt ?? '')].slice(0, 500).join(''),
        uploadedBy: details.uploadedBy ?? null,
        id: details.id,
      });
      return { _id: id, url, width: image.width, height: image.height };
    },

    /** The library, newest first, a page at a time; each with where it is used. `uploadedBy`: one person's only. */
    async list(options: { search?: string; before?: { createdAt: string; id: string }; uploadedBy?: string }) {
      const rows = await repo.listUploads(db, { ...options, limit: PAGE + 1 });
      const page = rows.slice(0, PAGE);
      const last = page.at(-1);
      return {
        items: await Promise.all(page.map((row) => toItem(row, true))),
        next: rows.length > PAGE && last ? { createdAt: last.created_at, id: last.id } : null,
      };
    },

    /** `uploadedBy`: only that person's upload may be changed (another's is 404, as if it did not exist). */
    async setAlt(id: string, alt: string, uploadedBy?: string): Promise<MediaItem> {
      await findOwn(id, uploadedBy);
      if (!(await repo.setAlt(db, id, alt))) throw new NotFoundError(UPLOAD_MESSAGES.uploadNotFound);
      return toItem((await repo.findUpload(db, id))!, true);
    },

    /** Deletes an image nothing uses (its file and variants too); one in use answers 409 and stays. */
    async remove(id: string, uploadedBy?: string): Promise<{ _id: string }> {
      const row = await findOwn(id, uploadedBy);
      const usedIn = await usage(row.url);
      if (usedIn.length) throw new ConflictError(UPLOAD_MESSAGES.inUse(usedIn.map((use) => use.label)));
      await repo.deleteUpload(db, id);
      const stem = stemOf(row.url);
      await storage.delete(row.url.replace(/^\/uploads\//, ''));
      for (const width of IMAGE_VARIANT_WIDTHS) await storage.delete(`${stem}.w${width}.webp`);
      for (const size of FAVICON_SIZES) await storage.delete(`${stem}.w${size}.png`);
      return { _id: id };
    },

    /**
     * A favicon image: checked and kept like any upload, then its PNG icons made beside it
     * (`<stem>.w32.png` …, served like every variant: /uploads/).
     */
    async storeFavicon(input: Buffer, details: { originalName?: string; uploadedBy?: string } = {}) {
      // Checked (format, size, SVG …) by the upload's own rules before anything is made from it.
      const stored = await this.storeImage(input, details);
      const icons = await faviconIcons(input, FAVICON_SIZES);
      const stem = stemOf(stored.url);
      for (const [size, png] of icons) await storage.put(`${stem}.w${size}.png`, png, 'image/png');
      return stored;
    },

    /** Whether the icons of a favicon image were made (an upload stored otherwise has none). */
    hasFaviconIcons: (url: string) => storage.exists(`${stemOf(url)}.w${FAVICON_SIZES[0]}.png`),

    /** The library's rows by id, a batch at a time (the site export, docs/product.md#export). */
    async *exportRows(batch = 500): AsyncGenerator<ExportedMedia[]> {
      let after = '';
      for (;;) {
        const rows = await repo.uploadsAfter(db, after, batch);
        if (!rows.length) return;
        yield rows.map((row) => ({
          id: row.id,
          url: row.url,
          name: row.original_name,
          alt: row.alt,
          width: row.width,
          height: row.height,
          mimeType: row.mime_type,
          bytes: row.bytes,
          createdAt: row.created_at,
        }));
        if (rows.length < batch) return;
        after = rows.at(-1)!.id;
      }
    },

    /** An upload's original file as a stream (not its variants), or null when the storage lost it. */
    openOriginal: (url: string) => storage.get(url.replace(/^\/uploads\//, '')),

    /**
     * An upload of a restored site export (docs/decisions/0039-export.md): the original kept under its own
     * name (the content's addresses stay right), its WebP sizes made again as for any upload, its row with
     * its id. A file that is not an image the pipeline takes is refused like an upload.
     */
    async importUpload(item: ExportedMedia, original: Buffer): Promise<void> {
      const name = item.url.replace(/^\/uploads\//, '');
      if (!SITE_UPLOAD_NAME.test(name)) throw new UnsupportedMediaError(UPLOAD_MESSAGES.notAnImage);
      const image = await processImage(original);
      const stem = stemOf(item.url);
      await storage.put(name, original, image.mime);
      for (const [width, webp] of image.variants) await storage.put(`${stem}.w${width}.webp`, webp, 'image/webp');
      await repo.insertUploadRow(db, { ...item, mimeType: image.mime, bytes: original.length });
    },

    /** How many uploads the library holds and their originals' bytes. */
    totals: () => repo.uploadTotals(db),

    /** The address of the upload of this id, or null (an import's ledger checks its own writes). */
    urlOf: async (id: string) => (await repo.findUpload(db, id))?.url ?? null,

    /** The id of the library's upload at this address, or null (an import's image replaced by hand). */
    idOfUrl: async (url: string) => (await repo.findUploadByUrl(db, url))?.id ?? null,

    /** Removes uploads an import made, each only when nothing uses it any more (Undo of an import). */
    async removeUnused(ids: readonly string[]): Promise<number> {
      let removed = 0;
      for (const id of ids) {
        const row = await repo.findUpload(db, id);
        if (!row || (await usage(row.url)).length) continue;
        await this.remove(id);
        removed++;
      }
      return removed;
    },

    /** Width, height and alt of stored images by URL (content images get their size written in). */
    sizesOf: (urls: string[]) => repo.findUploadsByUrl(db, urls),
  };
}
export type UploadService = ReturnType<typeof createUploadService>;
