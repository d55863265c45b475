import type { SectionKey } from '#shared/sections.ts';
import { sectionOf } from '#shared/sections.ts';
import { SERVER_MESSAGES } from '#shared/messages.ts';
import { NotFoundError } from '#server/errors.ts';
import type { BlogInputFields, BlogService } from '#server/modules/blog/service.ts';
import type { ContentService, SectionUpdate } from '#server/modules/content/service.ts';
import type { Actor, RevisionService } from './service';

/**
 * Brings a revision back through the same saves an editor makes, so the rules, the sanitiser and the
 * page caches apply, and the restore is itself a new revision that can be undone. A post keeps its
 * publishing state: restoring never publishes, unpublishes or e-mails.
 */
export function createRestorer(deps: { revisions: RevisionService; content: ContentService; blog: BlogService }) {
  return async (revisionId: string, actor: Actor) => {
    const revision = await deps.revisions.detail(revisionId);
    if (revision.docType === 'section') {
      const definition = sectionOf(revision.docId as SectionKey);
      if (!definition) throw new NotFoundError(SERVER_MESSAGES.revisionNotFound);
      const key = definition.key;
      const current = (await deps.content.getContent())[key];
      await deps.content.updateSection(key, { ...revision.data, id: current._id } as SectionUpdate, actor, 'restore');
    } else {
      const { post } = await deps.blog.getAdminPost(revision.docId);
      await deps.blog.updatePost(
        revision.docId,
        {
          ...(revision.data as BlogInputFields),
          status: post.status,
          publishAt: post.publishAt,
          sendNewsletter: false,
        },
        actor,
        'restore',
      );
    }
    return { docType: revision.docType, docId: revision.docId };
  };
}
