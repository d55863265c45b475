import { randomBytes } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { IMAGE_VARIANT_WIDTHS } from '#shared/paths.ts';
import type { Db } from '#server/db/database.ts';
import { newId, now } from '#server/db/database.ts';
import type { FileStorage } from './storage';

const FORMATS = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' } as const;
type Format = keyof typeof FORMATS;

export class UnsupportedImageError extends Error {}

/**
 * Stores an image: the type is read from the bytes (never the file name), metadata is dropped by
 * re-encoding, and WebP copies at the widths of `IMAGE_VARIANT_WIDTHS` are made for `srcset`.
 */
export function createUploadService(db: Db, storage: FileStorage) {
  return {
    async storeImage(input: Buffer): Promise<{ url: string; width: number; height: number }> {
      let meta: Metadata;
      try {
        meta = await sharp(input).metadata();
      } catch {
        throw new UnsupportedImageError('The file is not an image');
      }
      const format = meta.format as string;
      if (!(format in FORMATS) || !meta.width || !meta.height) {
        throw new UnsupportedImageError('Only PNG, JPEG, WebP and GIF images are accepted');
      }
      // The stored image is turned upright below, so its size is the size after the EXIF orientation.
      const { width, height } = meta.autoOrient ?? meta;
      const ext = format === 'jpeg' ? 'jpg' : format;
      const base = randomBytes(12).toString('hex');
      // rotate() applies EXIF orientation before metadata is dropped (sharp drops it unless asked to keep).
      // Everything is decoded before anything is written: a damaged file is the client's fault (415) and
      // leaves no files behind.
      let original: Buffer;
      const variants: Array<[number, Buffer]> = [];
      try {
        original = await sharp(input, { animated: format === 'gif' })
          .rotate()
          .toFormat(format as Format)
          .toBuffer();
        for (const variantWidth of IMAGE_VARIANT_WIDTHS) {
          variants.push([
            variantWidth,
            await sharp(input)
              .rotate()
              .resize({ width: variantWidth, withoutEnlargement: true })
              .webp({ quality: 80 })
              .toBuffer(),
          ]);
        }
      } catch {
        throw new UnsupportedImageError('The image is damaged or incomplete');
      }
      const url = await storage.put(`${base}.${ext}`, original);
      for (const [variantWidth, webp] of variants) await storage.put(`${base}.w${variantWidth}.webp`, webp);
      await db
        .insertInto('uploads')
        .values({
          id: newId(),
          url,
          mime_type: FORMATS[format as Format],
          width,
          height,
          bytes: original.length,
          created_at: now(),
        })
        .execute();
      return { url, width, height };
    },
  };
}
export type UploadService = ReturnType<typeof createUploadService>;
