import type { BlogService } from '#server/modules/blog/service.ts';
import type { PagesService } from '#server/modules/pages/service.ts';
import type { RedirectsService } from '#server/modules/redirects/service.ts';
import type { SubscriberService } from '#server/modules/subscribers/service.ts';
import type { UploadService } from '#server/modules/uploads/service.ts';

/**
 * What an import writes through: the other modules' services, given in server/services.ts. The import
 * never touches their tables; each write goes through the same rules (sanitiser, addresses, search index,
 * history) as an edit in the admin.
 */
export interface ImportTargets {
  blog: Pick<
    BlogService,
    | 'importPost'
    | 'postExists'
    | 'postIdAt'
    | 'removePosts'
    | 'listCategories'
    | 'saveCategory'
    | 'deleteCategory'
    | 'categoryInUse'
    | 'holdRelated'
    | 'holdSearch'
    | 'indexUnindexed'
    | 'uncredited'
    | 'listTags'
    | 'deleteTag'
    | 'updatePost'
    | 'getPost'
    | 'replaceImage'
  >;
  pages: Pick<
    PagesService,
    'importPage' | 'pageExists' | 'pageIdAt' | 'removePages' | 'update' | 'get' | 'replaceImage'
  >;
  uploads: Pick<UploadService, 'storeImage' | 'urlOf' | 'idOfUrl' | 'removeUnused'>;
  redirects: Pick<RedirectsService, 'importRules' | 'removeImported'>;
  subscribers: Pick<SubscriberService, 'importSubscriber' | 'subscriberExists' | 'removeSubscribers'>;
  people: {
    idOfEmail(email: string): Promise<string | null>;
    exists(id: string): Promise<boolean>;
    createBylineAuthor(author: {
      id: string;
      email: string;
      name: string;
      bio: string;
      website: string;
    }): Promise<void>;
    removeBylineAuthors(ids: readonly string[]): Promise<number>;
    authorPages(ids: readonly string[]): Promise<Map<string, { name: string; segment: string }>>;
  };
}

/** What replacing a failed image by hand writes through (./replace-image.ts). */
export type ImageReplaceTargets = Pick<ImportTargets, 'blog' | 'pages' | 'uploads'>;
