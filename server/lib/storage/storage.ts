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

export interface FileStorage {
  readonly kind: 'disk' | 's3';
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none of that name. */
  get(name: string): Promise<StoredFile | null>;
  exists(name: string): Promise<boolean>;
  delete(name: string): Promise<void>;
  /** Every stored name (moving storage, backups). */
  list(): AsyncIterable<string>;
}

/** Names are what the upload service makes; anything else (a path, `..`) is refused before any I/O. */
export const SAFE_NAME = /^[\w-]+(\.[\w-]+)*$/;

export function checkedName(name: string): string {
  if (!SAFE_NAME.test(name)) throw new Error(`unsafe upload name ${name}`);
  return name;
}

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
