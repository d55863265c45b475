import type { StorageConfig } from '#server/config.ts';
import { diskStorage } from './disk';
import { s3Storage } from './s3';
import type { FileStorage } from './storage';

/** The storage a configuration names (the server and `npm run storage:migrate` open it the same way). */
export function openStorage(config: StorageConfig): FileStorage {
  return config.kind === 's3' ? s3Storage(config.settings) : diskStorage(config.root);
}
