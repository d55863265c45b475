import { randomBytes } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { IMAGE_VARIANT_WIDTHS } from '#shared/paths.ts';
import { UPLOAD_MESSAGES } from '#shared/messages.ts';
import type { Db } from '#server/db/database.ts';
import { UnsupportedMediaError } from '#server/errors.ts';
import type { FileStorage } from '#server/lib/file-storage.ts';
import { insertUpload } from './repository';

const FORMATS = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' } as const;
type Format = keyof typeof FORMATS;

/**
 * Stores an image: the type is read from the bytes (never the file name), metadata is dropped by
 * re-encoding, and WebP copies at the widths of `IMAGE_VARIANT_WIDTHS` are made for `srcset`.
 */
export function createUploadService(deps: { db: Db; storage: FileStorage }) {
  const { db, storage } = deps;
  return {
    async storeImage(input: Buffer): Promise<{ url: string; width: number; height: number }> {
      let meta: Metadata;
      try {
        meta = await sharp(input).metadata();
      } catch {
        throw new UnsupportedMediaError(UPLOAD_MESSAGES.notAnImage);
      }
      const format = meta.format as string;
      if (!(format in FORMATS) || !meta.width || !meta.height) {
        throw new UnsupportedMediaError(UPLOAD_MESSAGES.unsupportedFormat);
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
        throw new UnsupportedMediaError(UPLOAD_MESSAGES.damaged);
      }
      const url = await storage.put(`${base}.${ext}`, original);
      for (const [variantWidth, webp] of variants) await storage.put(`${base}.w${variantWidth}.webp`, webp);
      await insertUpload(db, { url, mimeType: FORMATS[format as Format], width, height, bytes: original.length });
      return { url, width, height };
    },
  };
}
export type UploadService = ReturnType<typeof createUploadService>;
