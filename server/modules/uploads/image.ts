import sharp, { type Metadata } from 'sharp';
import { IMAGE_VARIANT_WIDTHS } from '#shared/paths.ts';
import { UPLOAD_MESSAGES } from '#shared/messages.ts';
import { UnsupportedMediaError } from '#server/errors.ts';

/** What the site takes (docs/product.md#media-library); read from the bytes, never the name. */
const FORMATS = {
  png: { ext: 'png', mime: 'image/png' },
  jpeg: { ext: 'jpg', mime: 'image/jpeg' },
  webp: { ext: 'webp', mime: 'image/webp' },
  gif: { ext: 'gif', mime: 'image/gif' },
  avif: { ext: 'avif', mime: 'image/avif' },
} as const;
type Format = keyof typeof FORMATS;

/**
 * The largest image a website needs: checked from the header, before anything is decoded, so a small
 * file that claims a huge size (a decompression bomb) costs nothing. An animated image counts all its frames.
 */
export const MAX_SIDE = 10_000;
export const MAX_PIXELS = 40_000_000;
const MAX_ANIMATION_PIXELS = 100_000_000;

export interface ProcessedImage {
  ext: string;
  mime: string;
  width: number;
  height: number;
  original: Buffer;
  /** WebP copies at the widths of `IMAGE_VARIANT_WIDTHS`, for `srcset`. */
  variants: Array<[number, Buffer]>;
}

/** HEVC brands of the ISO media container (an iPhone's HEIC photo), which sharp's libvips cannot decode. */
const HEVC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs']);

/** Reads the `ftyp` box: its major brand and its compatible brands. */
function isHeic(input: Buffer): boolean {
  if (input.length < 16 || input.toString('latin1', 4, 8) !== 'ftyp') return false;
  const boxEnd = Math.min(input.readUInt32BE(0), input.length);
  const brands = [input.toString('latin1', 8, 12)];
  for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(input.toString('latin1', at, at + 4));
  return brands.some((brand) => HEVC_BRANDS.has(brand)) && !brands.includes('avif');
}

function formatOf(meta: Metadata): Format {
  const format = meta.format as string;
  if (format === 'heif') {
    // AVIF and HEIC share a container; only AVIF (AV1) is decoded here and shown by browsers.
    if (meta.compression === 'av1') return 'avif';
    throw new UnsupportedMediaError(UPLOAD_MESSAGES.heic);
  }
  if (format === 'svg') throw new UnsupportedMediaError(UPLOAD_MESSAGES.svg);
  if (!(format in FORMATS)) throw new UnsupportedMediaError(UPLOAD_MESSAGES.unsupportedFormat);
  return format as Format;
}

/**
 * Checks an image by its bytes and re-encodes it: metadata (location, camera) is dropped, it is turned
 * upright by its EXIF orientation, anything appended to it (a polyglot's ZIP or script) is left behind,
 * and WebP variants are made. Everything is decoded before anything is stored: a damaged file is the
 * client's fault (415) and leaves nothing behind.
 */
/**
 * The pixels decoding an image would cost (every frame), read from its header alone; 0 when it is no image
 * we can read (processImage then refuses it with its own message).
 */
export async function decodedPixelsOf(input: Buffer): Promise<number> {
  try {
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    return (meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0) * (meta.pages ?? 1);
  } catch {
    return 0;
  }
}

export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (isHeic(input)) throw new UnsupportedMediaError(UPLOAD_MESSAGES.heic);
  let meta: Metadata;
  try {
    // The header only: nothing is decoded here, so the pixel limit is ours, checked below.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new UnsupportedMediaError(UPLOAD_MESSAGES.notAnImage);
  }
  const format = formatOf(meta);
  const frameHeight = meta.pageHeight ?? meta.height ?? 0;
  const frames = meta.pages ?? 1;
  if (!meta.width || !meta.height) throw new UnsupportedMediaError(UPLOAD_MESSAGES.notAnImage);
  if (
    meta.width > MAX_SIDE ||
    frameHeight > MAX_SIDE ||
    meta.width * frameHeight > MAX_PIXELS ||
    meta.width * frameHeight * frames > MAX_ANIMATION_PIXELS
  ) {
    throw new UnsupportedMediaError(UPLOAD_MESSAGES.tooManyPixels(MAX_SIDE, MAX_PIXELS / 1_000_000));
  }
  // The stored image is turned upright, so its size is the size after the EXIF orientation.
  const { width, height } = meta.autoOrient ?? meta;
  const options = { limitInputPixels: MAX_PIXELS, animated: format === 'gif' || format === 'webp' };
  try {
    let pipeline = sharp(input, options).rotate();
    pipeline = format === 'avif' ? pipeline.avif({ effort: 2 }) : pipeline.toFormat(format);
    const original = await pipeline.toBuffer();
    const variants: Array<[number, Buffer]> = [];
    for (const variantWidth of IMAGE_VARIANT_WIDTHS) {
      const webp = await sharp(input, { limitInputPixels: MAX_PIXELS })
        .rotate()
        .resize({ width: variantWidth, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
      variants.push([variantWidth, webp]);
    }
    return { ...FORMATS[format], width, height, original, variants };
  } catch (err) {
    if (err instanceof UnsupportedMediaError) throw err;
    throw new UnsupportedMediaError(UPLOAD_MESSAGES.damaged);
  }
}

/**
 * The favicon's PNG icons, square, from an image `processImage` accepted: the middle of a wide or tall
 * one is kept (docs/product.md#site-identity).
 */
export async function faviconIcons(input: Buffer, sizes: readonly number[]): Promise<Array<[number, Buffer]>> {
  const icons: Array<[number, Buffer]> = [];
  try {
    for (const size of sizes) {
      const png = await sharp(input, { limitInputPixels: MAX_PIXELS })
        .rotate()
        .resize(size, size, { fit: 'cover' })
        .png()
        .toBuffer();
      icons.push([size, png]);
    }
  } catch {
    throw new UnsupportedMediaError(UPLOAD_MESSAGES.damaged);
  }
  return icons;
}
