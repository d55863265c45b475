import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { checkedName, StorageUnavailableError, type FileStorage } from './storage';

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

/**
 * Total time a call may take to answer (its headers, for a download). The SDK's own request time-out only
 * logs, and a store that accepts connections and never answers held `/uploads/…` requests for 300 s:
 * every call carries an abort signal instead (docs/decisions/0008-media-storage.md).
 */
export const S3_DEADLINES_MS = { read: 5_000, write: 10_000, check: 3_000 };

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
  const where = `the S3 bucket ${Bucket} at ${settings.endpoint ?? `AWS (${settings.region})`}`;
  /** Sends a command under a deadline; a store that is away, slow or refuses us is a StorageUnavailableError. */
  async function send<T>(call: (options: { abortSignal: AbortSignal }) => Promise<T>, deadlineMs: number): Promise<T> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), deadlineMs);
    try {
      return await call({ abortSignal: controller.signal });
    } catch (err) {
      if (missing(err)) throw err;
      const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      const reason = controller.signal.aborted
        ? `no answer within ${deadlineMs / 1000} s`
        : status === 403 || status === 401
          ? 'access refused: check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY'
          : status
            ? `answered ${status}`
            : (err as Error).message;
      throw new StorageUnavailableError(`${where}: ${reason}`, { cause: err });
    } finally {
      clearTimeout(timer);
    }
  }
  return {
    kind: 's3',
    client,
    async check() {
      await send((o) => client.send(new HeadBucketCommand({ Bucket }), o), S3_DEADLINES_MS.check);
    },
    async put(name, bytes, contentType) {
      await send(
        (o) =>
          client.send(
            new PutObjectCommand({
              Bucket,
              Key: checkedName(name),
              Body: bytes,
              ContentType: contentType,
              // Names are random and never rewritten: a CDN in front may keep them for a year.
              CacheControl: 'public, max-age=31536000, immutable',
            }),
            o,
          ),
        S3_DEADLINES_MS.write,
      );
    },
    async get(name) {
      try {
        const object = await send(
          (o) => client.send(new GetObjectCommand({ Bucket, Key: checkedName(name) }), o),
          S3_DEADLINES_MS.read,
        );
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
        await send(
          (o) => client.send(new HeadObjectCommand({ Bucket, Key: checkedName(name) }), o),
          S3_DEADLINES_MS.read,
        );
        return true;
      } catch (err) {
        if (missing(err)) return false;
        throw err;
      }
    },
    async delete(name) {
      await send(
        (o) => client.send(new DeleteObjectCommand({ Bucket, Key: checkedName(name) }), o),
        S3_DEADLINES_MS.write,
      );
    },
    async *list() {
      let token: string | undefined;
      do {
        const page = await send(
          (o) => client.send(new ListObjectsV2Command({ Bucket, ContinuationToken: token }), o),
          S3_DEADLINES_MS.write,
        );
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
