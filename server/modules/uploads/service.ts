import { randomBytes } from 'node:crypto';
import { UPLOAD_MESSAGES } from '#shared/messages.ts';
import type { MediaItem, MediaUsage } from '#shared/api/uploads.ts';
import { sectionOf, type SectionKey } from '#shared/sections.ts';
import { IMAGE_VARIANT_WIDTHS } from '#shared/paths.ts';
import type { Db } from '#server/db/database.ts';
import { ConflictError, NotFoundError } from '#server/errors.ts';
import type { FileStorage } from '#server/lib/storage/storage.ts';
import { processImage } from './image';
import * as repo from './repository';

const PAGE = 60;
/** `/uploads/<stem>.<ext>` → stem; every variant of an upload shares it. */
const stemOf = (url: string) => /^\/uploads\/([\w-]+)\./.exec(url)?.[1] ?? '';

/**
 * Images: stored through the configured storage (disk or S3) under random names, with WebP variants,
 * and kept in a library (docs/product.md#media-library) with their original name, alt text and where
 * they are used; an image in use is never deleted.
 */
export function createUploadService(deps: { db: Db; storage: FileStorage }) {
  const { db, storage } = deps;

  async function usage(url: string): Promise<MediaUsage[]> {
    const found = await repo.usageOf(db, stemOf(url));
    return [
      ...found.sections.map((key) => {
        const section = sectionOf(key as SectionKey);
        return { kind: 'section' as const, label: section?.label ?? key, path: `/admin/${section?.adminRoute ?? ''}` };
      }),
      ...found.posts.map((post) => ({
        kind: 'post' as const,
        label: post.deleted_at ? `${post.title} (in the trash)` : post.title,
        path: post.deleted_at ? '/admin/trash' : `/admin/blogs/edit/${post.id}`,
      })),
    ];
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

  return {
    async storeImage(input: Buffer, details: { originalName?: string; alt?: string } = {}) {
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
      });
      return { _id: id, url, width: image.width, height: image.height };
    },

    /** The library, newest first, a page at a time; each with where it is used. */
    async list(options: { search?: string; before?: { createdAt: string; id: string } }) {
      const rows = await repo.listUploads(db, { ...options, limit: PAGE + 1 });
      const page = rows.slice(0, PAGE);
      const last = page.at(-1);
      return {
        items: await Promise.all(page.map((row) => toItem(row, true))),
        next: rows.length > PAGE && last ? { createdAt: last.created_at, id: last.id } : null,
      };
    },

    async setAlt(id: string, alt: string): Promise<MediaItem> {
      if (!(await repo.setAlt(db, id, alt))) throw new NotFoundError(UPLOAD_MESSAGES.uploadNotFound);
      return toItem((await repo.findUpload(db, id))!, true);
    },

    /** Deletes an image nothing uses (its file and variants too); one in use answers 409 and stays. */
    async remove(id: string): Promise<{ _id: string }> {
      const row = await repo.findUpload(db, id);
      if (!row) throw new NotFoundError(UPLOAD_MESSAGES.uploadNotFound);
      const usedIn = await usage(row.url);
      if (usedIn.length) throw new ConflictError(UPLOAD_MESSAGES.inUse(usedIn.map((use) => use.label)));
      await repo.deleteUpload(db, id);
      const stem = stemOf(row.url);
      await storage.delete(row.url.replace(/^\/uploads\//, ''));
      for (const width of IMAGE_VARIANT_WIDTHS) await storage.delete(`${stem}.w${width}.webp`);
      return { _id: id };
    },

    /** Width, height and alt of stored images by URL (content images get their size written in). */
    sizesOf: (urls: string[]) => repo.findUploadsByUrl(db, urls),
  };
}
export type UploadService = ReturnType<typeof createUploadService>;
