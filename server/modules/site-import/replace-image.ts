import { IMAGE_KEY_PREFIX } from '#shared/api/imports.ts';
import { IMPORT_MESSAGES } from '#shared/messages.ts';
import type { Db } from '#server/db/database.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '#server/errors.ts';
import type { ActivityRecorder } from '#server/modules/activity/service.ts';
import type { Actor } from '#server/modules/revisions/service.ts';
import type { ImageReplaceTargets } from './targets';
import * as repo from './repository';

/** Imports whose images may be replaced: those that ended (and were not undone). */
const ENDED = ['done', 'failed'] as const;
/** What this import made or overwrote: the posts and pages that may hold the old address. */
const WRITTEN = new Set(['created', 'replaced']);

/** A post's or page's ledger detail: its address, then its problems joined by ` · ` (./phase-docs.ts). */
const problemsIn = (detail: string) => detail.split('\n').slice(1).join('\n').split(' · ');
const withoutProblem = (detail: string, problem: string) => {
  const [path = '', ...rest] = detail.split('\n');
  const problems = rest
    .join('\n')
    .split(' · ')
    .filter((text) => text && text !== problem);
  return problems.length ? `${path}\n${problems.join(' · ')}` : path;
};

/**
 * An image the import could not bring, uploaded by hand afterwards (docs/product.md#import): every post
 * and page the import made or replaced points at the upload instead of the old address, through the blog's
 * and the pages' own saves (sanitiser, image sizes, history, page cache, search), and the ledger line
 * becomes the upload's, `created`, as if the import had brought it: Undo removes it when nothing uses it.
 *
 * The line is claimed first (failed → pending, one conditional UPDATE that also wants the import ended), so
 * of two requests at once only one rewrites; if the rewrite fails the line is failed again, as it was, and
 * can be tried again (the rewrite of what was done already finds nothing left to change).
 */
export async function replaceImage(
  deps: { db: Db; targets: ImageReplaceTargets; activity: ActivityRecorder },
  row: repo.ImportRow,
  body: { key: string; url: string },
  actor: Actor,
): Promise<repo.ItemRow> {
  const { db, targets } = deps;
  const { key, url } = body;
  const line = await repo.findItem(db, row.id, key);
  if (!line || line.target_kind !== 'upload' || !key.startsWith(IMAGE_KEY_PREFIX))
    throw new NotFoundError(IMPORT_MESSAGES.imageNotFound);
  if (!(ENDED as readonly string[]).includes(row.status)) throw new ConflictError(IMPORT_MESSAGES.imageNotReplaceable);
  if (line.outcome !== 'failed') throw new ConflictError(IMPORT_MESSAGES.imageNotFailed);
  const uploadId = await targets.uploads.idOfUrl(url);
  if (!uploadId) throw new InvalidInputError(IMPORT_MESSAGES.imageNotUploaded, 'url');

  const claimed = await repo.moveItem(
    db,
    row.id,
    key,
    { outcome: 'failed', importIn: ENDED },
    { outcome: 'pending', target_id: uploadId, detail: url },
  );
  if (!claimed) {
    // Another request took the line first, or the import moved on (started again, undone) meanwhile.
    const now = await repo.findImport(db, row.id);
    const ended = now && (ENDED as readonly string[]).includes(now.status);
    throw new ConflictError(ended ? IMPORT_MESSAGES.imageNotFailed : IMPORT_MESSAGES.imageNotReplaceable);
  }

  const from = key.slice(IMAGE_KEY_PREFIX.length);
  // Its featured image the import could not bring: its ledger line says so, naming the old address.
  const missing = IMPORT_MESSAGES.featureImageMissing(from);
  const written = async (kind: 'post' | 'page') => {
    const rows = (await repo.itemsOfKind(db, row.id, kind)).filter(
      (item) => WRITTEN.has(item.outcome) && item.target_id,
    );
    return {
      ids: rows.map((item) => item.target_id),
      missed: rows.filter((item) => problemsIn(item.detail).includes(missing)),
    };
  };
  const posts = await written('post');
  const pages = await written('page');
  let changed: { posts: string[]; pages: string[] };
  try {
    changed = {
      posts: await targets.blog.replaceImage(
        posts.ids,
        from,
        url,
        actor,
        posts.missed.map((item) => item.target_id),
      ),
      pages: await targets.pages.replaceImage(
        pages.ids,
        from,
        url,
        actor,
        pages.missed.map((item) => item.target_id),
      ),
    };
  } catch (err) {
    const { outcome, target_id, detail } = line;
    await repo.moveItem(db, row.id, key, { outcome: 'pending' }, { outcome, target_id, detail });
    throw err;
  }
  await db.transaction().execute(async (trx) => {
    await repo.moveItem(
      trx,
      row.id,
      key,
      { outcome: 'pending' },
      {
        outcome: 'created',
        target_id: uploadId,
        detail: url,
      },
    );
    await deps.activity.record(trx, {
      action: 'import.image-replaced',
      actor,
      target: { type: 'import', id: row.id, label: row.file_name },
      detail: { image: line.label, url, posts: changed.posts.length, pages: changed.pages.length },
    });
    // Their lines no longer say the featured image is missing.
    for (const item of [...posts.missed, ...pages.missed]) {
      await repo.setItemDetail(trx, row.id, item.source_key, withoutProblem(item.detail, missing));
    }
  });
  return (await repo.findItem(db, row.id, key))!;
}
