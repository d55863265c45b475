import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * A real S3-compatible server for tests (the npm package `s3rver`), on loopback with a temporary folder
 * and one bucket; `env` is what an app needs to store its uploads there.
 */
export interface S3Sink {
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startS3(bucket = 'site-media'): Promise<S3Sink> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'site-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

/** The storages the upload tests run on: the local disk, and a bucket. */
export const STORAGE_KINDS = ['disk', 's3'] as const;
