import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  IMPORT_FIELDS,
  IMPORT_MAX_BYTES,
  UNDO_DAYS,
  type Import,
  type ImportOptions,
  type ImportSummary,
} from '#shared/api/imports.ts';
import { IMPORT_MESSAGES } from '#shared/messages.ts';
import { newId, now, type Db } from '#server/db/database.ts';
import { ConflictError, DomainError, InvalidInputError, NotFoundError, TooLargeError } from '#server/errors.ts';
import type { ActivityActor, ActivityRecorder } from '#server/modules/activity/service.ts';
import type { Actor } from '#server/modules/revisions/service.ts';
import { replaceImage } from './replace-image';
import * as repo from './repository';

/** An upload's address as the media library gives it (`/uploads/<name>`). */
const isUploadUrl = (url: string) => /^\/uploads\/[\w.-]+$/.test(url);
import type { ImportSource, SourceSummary } from './source';
import type { ImageReplaceTargets } from './targets';

const ITEMS_PAGE = 100;

/** A ledger row as a line of the report: a post's or page's address, or an image's, in `path`. */
function lineOf(row: repo.ItemRow) {
  const [first = '', ...rest] = row.detail.split('\n');
  const isPath = (row.target_kind === 'post' || row.target_kind === 'page') && first.startsWith('/');
  return {
    key: row.source_key,
    kind: row.target_kind,
    label: row.label,
    outcome: row.outcome,
    detail: isPath ? rest.join('\n') : row.detail,
    path: isPath ? first : row.target_kind === 'upload' && isUploadUrl(first) ? first : null,
  };
}

/** A file that stopped arriving: too large (413), else the client's body was cut or broken (400), never a 500. */
function uploadBroken(err: unknown): Error {
  if (err instanceof DomainError) return err;
  if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
    return new TooLargeError(IMPORT_MESSAGES.tooLarge(IMPORT_MAX_BYTES / 1024 / 1024));
  }
  return new InvalidInputError(IMPORT_MESSAGES.uploadBroken, 'file');
}
const DAY_MS = 24 * 3600_000;

/** The files of an upload, as the route hands them over: the export, and optionally a ZIP of its images. */
export interface UploadedPart {
  field: (typeof IMPORT_FIELDS)[keyof typeof IMPORT_FIELDS];
  fileName: string;
  stream: Readable;
}

/** A summary as stored: the reader's, with what the analysis added (each author's number of posts). */
type StoredSummary = SourceSummary & { authorPosts?: Record<string, number> };

const summaryOf = (stored: StoredSummary): ImportSummary => {
  const { counts } = stored;
  return {
    kind: stored.kind,
    siteUrl: stored.siteUrl,
    siteTitle: stored.siteTitle,
    counts: {
      ...counts,
      authors: stored.authors.length,
      categories: stored.terms.filter((t) => t.kind === 'category').length,
      tags: stored.terms.filter((t) => t.kind === 'tag').length,
      images: stored.images.length,
    },
    authors: stored.authors.map((a) => ({
      key: a.key,
      name: a.name,
      email: a.email,
      posts: stored.authorPosts?.[a.key] ?? 0,
    })),
    problems: stored.problems,
  };
};

/**
 * Imports of WordPress and Ghost sites (docs/product.md#import): the upload is kept in its own folder
 * under DATA_DIR/imports/, read once for the analysis (nothing of the site written), then the job runs in
 * the background (./runner.ts, ./job.ts) with the administrator's choices.
 */
export function createImportService(deps: {
  db: Db;
  /** DATA_DIR/imports: one folder per import (the processes of a site share it, as they share DATA_DIR). */
  folder: string;
  open: (folder: string) => Promise<ImportSource>;
  activity: ActivityRecorder;
  /** What a failed image uploaded by hand rewrites through (./replace-image.ts). */
  targets: ImageReplaceTargets;
  /** Looks for work at once on this process (the runner). */
  kick: () => void;
}) {
  const { db } = deps;

  async function toImport(row: repo.ImportRow): Promise<Import> {
    const finished = row.finished_at ? Date.parse(row.finished_at) : null;
    const undoable =
      (row.status === 'done' || row.status === 'failed') &&
      finished !== null &&
      Date.now() - finished < UNDO_DAYS * DAY_MS;
    return {
      _id: row.id,
      kind: row.kind,
      fileName: row.file_name,
      status: row.status,
      phase: row.phase,
      done: row.done,
      total: row.total,
      error: row.error,
      createdAt: row.created_at,
      startedAt: row.started_at,
      finishedAt: row.finished_at,
      undoUntil: undoable ? new Date(finished + UNDO_DAYS * DAY_MS).toISOString() : null,
      summary: summaryOf(JSON.parse(row.summary) as StoredSummary),
      outcomes: await repo.outcomeCounts(db, row.id),
    };
  }

  /**
   * Hands an import to the runner (to run, or to undo): refused while another import holds the site, and
   * when it is no longer in `from` (another request moved it first); logged, then the runner is woken.
   */
  async function hand(
    row: repo.ImportRow,
    from: readonly repo.ImportRow['status'][],
    changes: Partial<repo.ImportRow>,
    refused: string,
    action: 'import.started' | 'import.undone',
    actor: ActivityActor,
  ): Promise<Import> {
    if (await repo.findBusy(db, row.id)) throw new ConflictError(IMPORT_MESSAGES.anotherRunning);
    if (!(await repo.moveStatus(db, row.id, from, changes))) throw new ConflictError(refused);
    await deps.activity.record(db, { action, actor, target: { type: 'import', id: row.id, label: row.file_name } });
    deps.kick();
    return toImport((await repo.findImport(db, row.id))!);
  }

  async function requireImport(id: string) {
    const row = await repo.findImport(db, id);
    if (!row) throw new NotFoundError(IMPORT_MESSAGES.notFound);
    return row;
  }

  /** Writes the parts to the import's folder, counting the bytes of all of them against the limit. */
  async function receive(folder: string, parts: AsyncIterable<UploadedPart>): Promise<string> {
    let total = 0;
    let fileName = '';
    for await (const part of parts) {
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          total += chunk.length;
          if (total > IMPORT_MAX_BYTES)
            callback(new TooLargeError(IMPORT_MESSAGES.tooLarge(IMPORT_MAX_BYTES / 1024 / 1024)));
          else callback(null, chunk);
        },
      });
      try {
        await pipeline(
          part.stream,
          counter,
          createWriteStream(path.join(folder, `${part.field}.bin`), { flags: 'wx' }),
        );
      } catch (err) {
        throw uploadBroken(err);
      }
      if (part.field === IMPORT_FIELDS.file) fileName = part.fileName;
    }
    if (!fileName) throw new InvalidInputError(IMPORT_MESSAGES.noFile, 'file');
    return fileName;
  }

  return {
    /**
     * Receives an export (and a ZIP of its images) and analyses it: counts, authors, problems. Nothing of
     * the site is written; a file that is not an export is refused (400) and nothing of it is kept.
     */
    async upload(parts: AsyncIterable<UploadedPart>, actor: ActivityActor & { id: string | null }): Promise<Import> {
      const id = newId();
      const folder = path.join(deps.folder, id);
      await mkdir(folder, { recursive: true });
      try {
        const fileName = await receive(folder, parts);
        const source = await deps.open(folder);
        let stored: StoredSummary;
        try {
          const summary = await source.summary();
          const authorPosts: Record<string, number> = {};
          for await (const doc of source.docs()) {
            if (doc.kind === 'post' && doc.authorKeys[0])
              authorPosts[doc.authorKeys[0]] = (authorPosts[doc.authorKeys[0]] ?? 0) + 1;
          }
          stored = { ...summary, authorPosts };
        } finally {
          await source.close();
        }
        await repo.insertImport(db, {
          id,
          kind: stored.kind,
          source_id: `${stored.kind}:${stored.siteUrl.toLowerCase()}`,
          file_name: fileName.slice(0, 255),
          folder: id,
          status: 'analysed',
          summary: JSON.stringify(stored),
          created_by: actor.id,
          created_at: now(),
        });
        return toImport((await repo.findImport(db, id))!);
      } catch (err) {
        await rm(folder, { recursive: true, force: true });
        throw err;
      }
    },

    list: async () => Promise.all((await repo.listImports(db, 50)).map(toImport)),

    get: async (id: string) => toImport(await requireImport(id)),

    async items(id: string, query: { outcome?: string; page?: number }) {
      await requireImport(id);
      const page = query.page ?? 1;
      const rows = await repo.listItems(db, id, { outcome: query.outcome }, (page - 1) * ITEMS_PAGE, ITEMS_PAGE);
      const total = await repo.countListed(db, id, query.outcome);
      return {
        rows: rows.map(lineOf),
        pageInfo: { page, total, hasMore: page * ITEMS_PAGE < total },
      };
    },

    /**
     * Starts the job with the administrator's choices, or starts a failed one again; refused (409) while
     * another import holds the site.
     */
    async start(id: string, options: ImportOptions, actor: ActivityActor): Promise<Import> {
      const row = await requireImport(id);
      // A failed import starts again where it stopped (its ledger knows what is made), with the new choices.
      if (row.status !== 'analysed' && row.status !== 'failed') throw new ConflictError(IMPORT_MESSAGES.notStartable);
      const queued = { status: 'queued' as const, options: JSON.stringify(options), error: null, finished_at: null };
      return hand(row, ['analysed', 'failed'], queued, IMPORT_MESSAGES.notStartable, 'import.started', actor);
    },

    /** Undo: removes exactly what the import made, within 7 days of its end (the runner does the work). */
    async undo(id: string, actor: ActivityActor): Promise<Import> {
      const row = await requireImport(id);
      if (!(await toImport(row)).undoUntil) throw new ConflictError(IMPORT_MESSAGES.notUndoable);
      const undoing = { status: 'undoing' as const, lease_owner: null, lease_until: null };
      return hand(row, ['done', 'failed'], undoing, IMPORT_MESSAGES.notUndoable, 'import.undone', actor);
    },

    /**
     * A failed image uploaded by hand: the import's posts and pages point at the upload, and its line is
     * `created` (./replace-image.ts). Answers the line.
     */
    async replaceImage(id: string, body: { key: string; url: string }, actor: Actor) {
      const row = await requireImport(id);
      return lineOf(await replaceImage({ db, targets: deps.targets, activity: deps.activity }, row, body, actor));
    },

    /** Drops an analysed import that was not started, with its files. */
    async discard(id: string) {
      const row = await requireImport(id);
      if (!(await repo.moveStatus(db, id, ['analysed'], { status: 'cancelled' })))
        throw new ConflictError(IMPORT_MESSAGES.notDiscardable);
      await rm(path.join(deps.folder, row.folder), { recursive: true, force: true });
      return { _id: id };
    },

    /** The folder of an import's files. */
    folderOf: (row: repo.ImportRow) => path.join(deps.folder, row.folder),
  };
}
