import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { checkedName, type FileStorage } from './storage';

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

const missing = (err: unknown) =>
  err instanceof NoSuchKey ||
  err instanceof NotFound ||
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/** Uploads in an S3-compatible bucket (AWS S3, MinIO, R2, …): every process sees the same files. */
export function s3Storage(settings: S3Settings): FileStorage & { client: S3Client } {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // A slow or silent store must not hold requests for long (docs/decisions/0008-media-storage.md).
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const Bucket = settings.bucket;
  return {
    kind: 's3',
    client,
    async put(name, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checkedName(name),
          Body: bytes,
          ContentType: contentType,
          // Names are random and never rewritten: a CDN in front may keep them for a year.
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(name) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: checkedName(name) }));
        return {
          body: object.Body as Readable,
          contentType: object.ContentType ?? 'application/octet-stream',
          size: object.ContentLength ?? 0,
        };
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async exists(name) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: checkedName(name) }));
        return true;
      } catch (err) {
        if (missing(err)) return false;
        throw err;
      }
    },
    async delete(name) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkedName(name) }));
    },
    async *list() {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken: token }));
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
