import { IMPORT_MESSAGES } from '#shared/messages.ts';
import { DomainError } from '#server/errors.ts';
import { FetchRefused } from '#server/lib/safe-fetch.ts';
import type { JobContext } from './job-context';

/** The largest image an import takes, as an upload by hand (server/routes/api/uploads.ts MAX_UPLOAD_BYTES). */
export const IMPORT_IMAGE_BYTES = 10 * 1024 * 1024;
/** Downloads at once: enough to hide one slow host's latency, few enough not to hammer it. */
const PARALLEL = 4;
const ATTEMPTS = 3;

const nameOf = (url: string) => {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '') || 'image';
  } catch {
    return 'image';
  }
};

/**
 * Every image the old site's posts use (docs/product.md#import): from the uploaded ZIP when it holds it,
 * else downloaded from the old site (server/lib/safe-fetch.ts), then through the media pipeline like any
 * upload (library, WebP variants). One image that fails (a host that hangs, a 404, a 1 GB file, not an
 * image) is listed as failed with its reason, and the import goes on without it.
 */
export async function importImages(ctx: JobContext): Promise<Map<string, string>> {
  const { ledger, targets, source } = ctx;
  const moved = new Map<string, string>();
  const queue = [...ctx.summary.images];

  async function fetchBytes(url: string): Promise<Buffer> {
    const bundled = await source.bundledImage(url, IMPORT_IMAGE_BYTES);
    if (bundled) return bundled;
    for (let attempt = 1; ; attempt++) {
      try {
        return await ctx.download(url);
      } catch (err) {
        if (!(err instanceof FetchRefused) || !err.retry || attempt >= ATTEMPTS) throw err;
        await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
      }
    }
  }

  async function one(url: string) {
    const made = await ledger
      .track(`image:${url}`, 'upload', nameOf(url), {
        exists: async (id) => (await targets.uploads.urlOf(id)) !== null,
        detailOf: async (id) => (await targets.uploads.urlOf(id)) ?? '',
        make: async (id) => {
          try {
            const bytes = await fetchBytes(url);
            const stored = await targets.uploads.storeImage(bytes, {
              id,
              originalName: nameOf(url),
              uploadedBy: ctx.actor.id ?? undefined,
            });
            return { outcome: 'created', targetId: stored._id, detail: stored.url };
          } catch (err) {
            if (!(err instanceof FetchRefused || err instanceof DomainError)) throw err;
            return { outcome: 'failed', targetId: '', detail: IMPORT_MESSAGES.imageFailed(err.message) };
          }
        },
      })
      .catch((err: unknown) => {
        // Storage away or a bug: said in the report, and the other images go on.
        ctx.log.warn({ err, url }, 'import: image failed');
        return { outcome: 'failed' as const, targetId: '', detail: IMPORT_MESSAGES.imageFailed(String(err)) };
      });
    if (made.outcome !== 'failed' && made.detail) moved.set(url, made.detail);
    await ctx.step();
  }

  // One worker stopping (the lease lost) stops the others before their next image: the process that takes
  // the job over must be the only one writing.
  let stopped = false;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      for (let url = queue.shift(); url !== undefined && !stopped; url = queue.shift()) {
        try {
          await one(url);
        } catch (err) {
          stopped = true;
          throw err;
        }
      }
    }),
  );
  return moved;
}
