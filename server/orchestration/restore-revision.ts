import type { SectionKey } from '#shared/sections.ts';
import { sectionOf } from '#shared/sections.ts';
import { SERVER_MESSAGES } from '#shared/messages.ts';
import { InvalidInputError, NotFoundError } from '#server/errors.ts';
import { updateSchemaOf } from '#shared/schemas/content-updates.ts';
import type { BlogInputFields, BlogService, Writer } from '#server/modules/blog/service.ts';
import type { ContentService, SectionUpdate } from '#server/modules/content/service.ts';
import type { RevisionService } from '#server/modules/revisions/service.ts';
import type { SiteIdentityService } from '#server/modules/site-identity/service.ts';
import type { NavigationService } from '#server/modules/navigation/service.ts';
import type { PagesService } from '#server/modules/pages/service.ts';
import { navigationSchema } from '#shared/navigation.ts';
import { defaultIdentity, identitySchema } from '#shared/schemas/site-identity.ts';

/**
 * Restoring a revision spans modules: it reads the revisions and saves through the content or the blog,
 * which both record revisions. It lives above them (server/services.ts wires it) so that the revisions
 * module never imports the modules that use it.
 *
 * Brings a revision back through the same saves an editor makes, so the rules, the sanitiser and the
 * page caches apply, and the restore is itself a new revision that can be undone. A post keeps its
 * publishing state: restoring never publishes, unpublishes or e-mails.
 */
export function createRestorer(deps: {
  revisions: RevisionService;
  content: ContentService;
  blog: BlogService;
  identity: SiteIdentityService;
  navigation: NavigationService;
  pages: PagesService;
}) {
  return async (revisionId: string, actor: Writer) => {
    const revision = await deps.revisions.detail(revisionId);
    if (revision.docType === 'navigation') {
      // `custom: false` is the spec's menu (nothing stored); otherwise checked like a save.
      const { custom, ...stored } = revision.data as { custom?: boolean };
      if (custom === false) await deps.navigation.save(null, actor, 'restore');
      else {
        const parsed = navigationSchema.safeParse(stored);
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          throw new InvalidInputError(issue.message, issue.path.map(String).join('.') || undefined);
        }
        await deps.navigation.save(parsed.data, actor, 'restore');
      }
    } else if (revision.docType === 'identity') {
      // Checked like a save; a field the identity gained since then gets what the site shows without it.
      const current = await deps.identity.get();
      const parsed = identitySchema.safeParse({ ...defaultIdentity(current.name), ...revision.data });
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new InvalidInputError(issue.message, issue.path.map(String).join('.') || undefined);
      }
      await deps.identity.save(parsed.data, actor, 'restore');
    } else if (revision.docType === 'page') {
      // Checked like a save (the blocks' schema, the segment's rules); the page keeps its publishing state.
      await deps.pages.restoreRevision(revision.docId, revision.data, actor);
    } else if (revision.docType === 'section') {
      const definition = sectionOf(revision.docId as SectionKey);
      if (!definition) throw new NotFoundError(SERVER_MESSAGES.revisionNotFound);
      const key = definition.key;
      const current = (await deps.content.getContent())[key];
      // Checked like an editor's save: a field the section gained since then must still be valid.
      const parsed = updateSchemaOf(definition).safeParse({ ...revision.data, id: current._id });
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new InvalidInputError(issue.message, issue.path.map(String).join('.') || undefined);
      }
      await deps.content.updateSection(key, parsed.data as SectionUpdate, actor, 'restore');
    } else {
      const { post } = await deps.blog.getAdminPost(revision.docId, actor);
      const { tags, ...data } = revision.data as Omit<BlogInputFields, 'tags'> & { tags?: unknown };
      // A category deleted since that revision: the post stays in the one it is in now.
      const categories = await deps.blog.listCategories();
      const category = categories.some((c) => c._id === data.blogCategory)
        ? data.blogCategory
        : (post.blogCategory[0]?._id ?? null);
      await deps.blog.updatePost(
        revision.docId,
        {
          ...data,
          blogCategory: category,
          // Kept as one text (server/modules/blog/post-input.ts); a revision from before tags leaves them be.
          tags:
            typeof tags === 'string'
              ? tags
                  .split(',')
                  .map((name) => name.trim())
                  .filter(Boolean)
              : undefined,
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
