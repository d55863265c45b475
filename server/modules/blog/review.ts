import { SERVER_MESSAGES, TEAM_MESSAGES } from '#shared/messages.ts';
import type { PostDetails } from '#shared/schemas/blog.ts';
import type { Db } from '#server/db/database.ts';
import { ConflictError, NotFoundError } from '#server/errors.ts';
import type { RevisionService } from '#server/modules/revisions/service.ts';
import { authorIdsOf } from './authors-repository';
import { toPost } from './mapping';
import type { Writer } from './post-access';
import { revisionDataOf } from './post-input';
import { tagsOfPost } from './tags-repository';
import * as repo from './posts-repository';

/** What the review tells the rest of the site (server/orchestration/review-mails.ts e-mails the writers). */
export interface ReviewHooks {
  /** Inside the transaction that sends a post back: the note, who wrote it and the post's authors. */
  onChangesRequested?: (
    trx: Db,
    request: { post: PostDetails; note: string; by: string; authorIds: string[] },
  ) => Promise<unknown>;
}

/**
 * The review of Contributors' posts (docs/product.md#review). Submitting is a save with status `pending`
 * and publishing one is a save with status `published` (posts-service.ts records both in the history);
 * this is the queue's size and the way back with a note.
 */
export function createReview(deps: {
  db: Db;
  revisions: RevisionService;
  hooks: ReviewHooks & { afterCommit?: () => void };
}) {
  const { db, revisions, hooks } = deps;
  return {
    pendingCount: () => repo.countPending(db),

    /** Back to draft with the note; the writers see it in the editor and receive it by e-mail. */
    async requestChanges(id: string, note: string, actor: Writer): Promise<string> {
      const done = await db.transaction().execute(async (trx) => {
        if (!(await repo.findPost(trx, id))) throw new NotFoundError(SERVER_MESSAGES.postNotFound);
        // One statement decides: of two reviewers at once, one sends it back, the other is told.
        if (!(await repo.pendingToDraft(trx, id))) throw new ConflictError(TEAM_MESSAGES.notPending);
        await repo.setReview(trx, id, { note, by: actor.name, at: new Date().toISOString() });
        const post = toPost((await repo.findPost(trx, id))!);
        await revisions.record(
          trx,
          {
            type: 'post',
            id,
            data: revisionDataOf(
              post,
              (await tagsOfPost(trx, id)).map((t) => t.name),
            ),
          },
          actor,
          'changes',
          note,
        );
        await hooks.onChangesRequested?.(trx, { post, note, by: actor.name, authorIds: await authorIdsOf(trx, id) });
        return id;
      });
      hooks.afterCommit?.();
      return done;
    },
  };
}
