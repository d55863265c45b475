import { isDeepStrictEqual } from 'node:util';
import type { RevisionDetail, RevisionSummary } from '#shared/api/revisions.ts';
import type { Db } from '#server/db/database.ts';
import { NotFoundError } from '#server/errors.ts';
import { SERVER_MESSAGES } from '#shared/messages.ts';
import * as repo from './repository';

/** At least this many revisions are kept per document; autosaves are kept apart and never count. */
export const REVISIONS_KEPT = 50;

/** Who made a change: the logged-in administrator, or the system (the seed, the scheduler). */
export interface Actor {
  id: string | null;
  name: string;
  /** The client's address, for the activity log (only its prefix is kept there; never in a revision). */
  address?: string;
}
export const SYSTEM: Actor = { id: null, name: 'System' };

type Data = Record<string, unknown>;
export type RevisionAction = RevisionSummary['action'];

/**
 * Revisions of posts and landing sections (docs/product.md#revisions): each save records the saved
 * state, who saved it and which fields it changed, inside the saving transaction.
 */
export function createRevisionService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /**
     * Inside the transaction of a save: records the document as it is now saved. Answers the names of the
     * fields that changed ([] for a first revision), or null when nothing changed and nothing was recorded.
     */
    async record(
      trx: Db,
      doc: { type: repo.DocType; id: string; data: Data },
      actor: Actor,
      action: RevisionAction = 'save',
      note: string | null = null,
    ): Promise<string[] | null> {
      const last = await repo.latestRevision(trx, doc.type, doc.id);
      const before: Data = last ? (JSON.parse(last.data) as Data) : {};
      const changed = last ? Object.keys(doc.data).filter((k) => !isDeepStrictEqual(before[k], doc.data[k])) : [];
      // A save that changed nothing is no new revision (nor is restoring the version already current);
      // a review step always is one, as a step of the post's history.
      if (last && !changed.length && (action === 'save' || action === 'restore')) return null;
      await repo.insertRevision(trx, {
        doc_type: doc.type,
        doc_id: doc.id,
        action,
        data: JSON.stringify(doc.data),
        changed: JSON.stringify(changed),
        author_id: actor.id,
        author_name: actor.name,
        note,
      });
      await repo.pruneRevisions(trx, doc.type, doc.id, REVISIONS_KEPT);
      return changed;
    },

    /**
     * Inside the transaction that made the document: its first revision, with nothing to compare with
     * or prune, so nothing is read (a site import makes thousands of posts in a row).
     */
    async recordFirst(
      trx: Db,
      doc: { type: repo.DocType; id: string; data: Data },
      actor: Actor,
      action: RevisionAction,
    ) {
      await repo.insertRevision(trx, {
        doc_type: doc.type,
        doc_id: doc.id,
        action,
        data: JSON.stringify(doc.data),
        changed: JSON.stringify([]),
        author_id: actor.id,
        author_name: actor.name,
        note: null,
      });
    },

    /**
     * Inside the transaction of a document's first save: records the state before it (by the system), so
     * that the first change can be undone too. Nothing when the document has a history already.
     */
    async recordBaseline(trx: Db, doc: { type: repo.DocType; id: string; data: Data }): Promise<void> {
      if (await repo.latestRevision(trx, doc.type, doc.id)) return;
      await repo.insertRevision(trx, {
        doc_type: doc.type,
        doc_id: doc.id,
        action: 'save',
        data: JSON.stringify(doc.data),
        changed: JSON.stringify([]),
        author_id: SYSTEM.id,
        author_name: SYSTEM.name,
        note: null,
      });
    },

    /** Forgets the history of posts deleted for good. */
    forgetPosts: (ids: string[]) => repo.deleteRevisionsOf(db, 'post', ids),

    async list(type: repo.DocType, id: string): Promise<RevisionSummary[]> {
      return (await repo.listRevisions(db, type, id)).map((r) => ({
        _id: r.id,
        action: r.action,
        changed: JSON.parse(r.changed) as string[],
        author: r.author_name,
        createdAt: r.created_at,
        ...(r.note ? { note: r.note } : {}),
      }));
    },

    /** A revision with the one before it, to show what it changed field by field. */
    async detail(id: string): Promise<RevisionDetail & { docType: repo.DocType; docId: string }> {
      const revision = await repo.findRevision(db, id);
      if (!revision) throw new NotFoundError(SERVER_MESSAGES.revisionNotFound);
      const previous = await repo.previousRevision(db, revision);
      return {
        _id: revision.id,
        action: revision.action,
        changed: JSON.parse(revision.changed) as string[],
        author: revision.author_name,
        createdAt: revision.created_at,
        ...(revision.note ? { note: revision.note } : {}),
        data: JSON.parse(revision.data) as Data,
        previous: previous ? (JSON.parse(previous.data) as Data) : null,
        docType: revision.doc_type,
        docId: revision.doc_id,
      };
    },
  };
}
export type RevisionService = ReturnType<typeof createRevisionService>;
