import type { Readable } from 'node:stream';

/**
 * Where upload bytes live (docs/decisions/0008-media-storage.md): the local disk, or any S3-compatible
 * bucket so that every process of a site sees every upload. Names are flat (`<hex>.png`,
 * `<hex>.w480.webp`); the site addresses each as `/uploads/<name>` whatever the backend.
 */
export interface StoredFile {
  body: Readable;
  contentType: string;
  size: number;
}

/**
 * The store did not answer in time, refused our credentials or could not be reached: the request answers
 * 503 with a message about the store (server/plugins/errors.ts), never a 500 or one about the database.
 */
export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}

export interface FileStorage {
  readonly kind: 'disk' | 's3';
  /** Throws StorageUnavailableError unless the store answers now (readiness, start-up). */
  check(): Promise<void>;
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none of that name. */
  get(name: string): Promise<StoredFile | null>;
  exists(name: string): Promise<boolean>;
  delete(name: string): Promise<void>;
  /** Every stored name (moving storage, backups). */
  list(): AsyncIterable<string>;
}

/** Names are what the upload service makes; anything else (a path, `..`) is refused before any I/O. */
const SAFE_NAME = /^[\w-]+(\.[\w-]+)*$/;

export function checkedName(name: string): string {
  if (!SAFE_NAME.test(name)) throw new Error(`unsafe upload name ${name}`);
  return name;
}

/**
 * The names the upload service makes (server/modules/uploads/service.ts): 24 hex characters, an optional
 * width variant, an image extension. Only these are served from a bucket: an object someone else put there
 * (an HTML or script file) is never served from the site's own origin.
 */
export const SITE_UPLOAD_NAME = /^[0-9a-f]{24}(\.w\d{2,4})?\.(png|jpe?g|webp|gif|avif)$/;

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
};
export const contentTypeOf = (name: string) =>
  TYPES[name.split('.').pop()!.toLowerCase()] ?? 'application/octet-stream';
