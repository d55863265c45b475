import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import type { LandingLayout } from '#shared/landing-layout.ts';
import { EXPORT_MESSAGES } from '#shared/messages.ts';
import { SECTIONS, type SectionKey } from '#shared/sections.ts';
import {
  EXPORT_FILES,
  EXPORT_UPLOADS_DIR,
  SITE_EXPORT_FORMAT,
  SITE_EXPORT_VERSION,
  type ExportManifest,
  type ExportedAuthor,
  type ExportedCategory,
  type ExportedMedia,
  type ExportedPage,
  type ExportedPost,
  type ExportedRedirect,
  type ExportedTag,
} from '#shared/site-export.ts';
import type { Db } from '#server/db/database.ts';
import type { BlogService } from '#server/modules/blog/service.ts';
import type { ContentService, SectionUpdate } from '#server/modules/content/service.ts';
import type { PagesService } from '#server/modules/pages/service.ts';
import type { RedirectsService } from '#server/modules/redirects/service.ts';
import type { SiteMeta } from '#server/modules/site-meta/service.ts';
import { SourceRefused, type ZipArchive } from '#server/modules/site-import/source.ts';
import type { SubscriberService } from '#server/modules/subscribers/service.ts';
import type { UploadService } from '#server/modules/uploads/service.ts';
import { DEMO_POST_TITLES } from '#server/startup/seed/blog.ts';
import { openZip } from '#server/lib/safe-zip.ts';

/** The largest file of an archive read at once (posts.json of a big site; an image). */
const MAX_FILE_BYTES = 1024 ** 3;
const POST_BATCH = 200;

export interface RestoreReport {
  posts: number;
  pages: number;
  people: number;
  uploads: number;
  subscribers: number;
  messages: number;
}

/**
 * Restoring a site export (docs/product.md#export, docs/decisions/0039-export.md) spans every module that
 * holds content, so it lives above them (like restoring a revision). It reads an archive written by
 * server/modules/site-export/ into a **new** site: one whose only person is its Owner, with no page, redirect,
 * subscriber or message and no posts but the demo's (which the archive's replace). Ids, addresses, dates,
 * authors, images, redirects and settings are kept. Everything is checked before anything is written: the
 * manifest's format and version, every file against its checksum, no file the manifest does not list.
 */
export function createExportRestorer(deps: {
  db: Db;
  siteMeta: SiteMeta;
  blog: BlogService;
  pages: PagesService;
  redirects: RedirectsService;
  uploads: UploadService;
  subscribers: SubscriberService;
  content: ContentService;
  people: {
    importPeople(trx: Db, people: readonly ExportedAuthor[]): Promise<Map<string, string>>;
    countPeople(): Promise<number>;
  };
  contact: {
    count(): Promise<number>;
    importRows(trx: Db, rows: ReturnType<typeof messageRows>): Promise<void>;
  };
}) {
  async function isNewSite(): Promise<boolean> {
    const [pages, rules, subscribers, messages, people, posts] = await Promise.all([
      deps.pages.countPages(),
      deps.redirects.countRules(),
      deps.subscribers.count(),
      deps.contact.count(),
      deps.people.countPeople(),
      deps.blog.everyPostTitle(),
    ]);
    return (
      pages + rules + subscribers + messages === 0 &&
      people <= 1 &&
      posts.every((post) => DEMO_POST_TITLES.includes(post.title))
    );
  }

  return async function restoreExport(zipPath: string): Promise<RestoreReport> {
    // Names, links, encryption, sizes and ratios checked before any entry is read (server/lib/safe-zip.ts).
    const archive = await openZip(zipPath);
    try {
      await verified(archive);
      if (!(await isNewSite())) throw new SourceRefused(EXPORT_MESSAGES.notEmpty);
      const json = async <T>(name: string): Promise<T> => {
        const bytes = await archive.read(name, MAX_FILE_BYTES);
        if (!bytes) throw new SourceRefused(EXPORT_MESSAGES.missing(name));
        try {
          return JSON.parse(bytes.toString('utf8')) as T;
        } catch {
          throw new SourceRefused(EXPORT_MESSAGES.unreadable(name));
        }
      };
      const csv = async (name: string) => {
        const bytes = await archive.read(name, MAX_FILE_BYTES);
        if (!bytes) return [];
        try {
          return parse(bytes, { columns: true, skip_empty_lines: true, bom: true }) as Array<Record<string, string>>;
        } catch {
          throw new SourceRefused(EXPORT_MESSAGES.unreadable(name));
        }
      };
      const authors = await json<ExportedAuthor[]>(EXPORT_FILES.authors);
      const categories = await json<ExportedCategory[]>(EXPORT_FILES.categories);
      const tags = await json<ExportedTag[]>(EXPORT_FILES.tags);
      const posts = await json<ExportedPost[]>(EXPORT_FILES.posts);
      const pages = await json<ExportedPage[]>(EXPORT_FILES.pages);
      const rules = await json<ExportedRedirect[]>(EXPORT_FILES.redirects);
      const settings = await json<Record<string, unknown>>(EXPORT_FILES.settings);
      const media = await json<ExportedMedia[]>(EXPORT_FILES.media);
      const sections = await json<Record<string, Record<string, unknown>>>(EXPORT_FILES.sections);
      const layout = await json<LandingLayout>(EXPORT_FILES.layout);
      const subscribers = subscriberRows(await csv(EXPORT_FILES.subscribers));
      const messages = messageRows(await csv(EXPORT_FILES.messages));

      // Images first, one at a time: a file the media pipeline refuses stops the restore before any content.
      let uploads = 0;
      for (const item of media) {
        const bytes = await archive.read(EXPORT_UPLOADS_DIR + item.url.replace(/^\/uploads\//, ''), MAX_FILE_BYTES);
        if (!bytes) continue;
        await deps.uploads.importUpload(item, bytes);
        uploads++;
      }

      await deps.db.transaction().execute(async (trx) => {
        const people = await deps.people.importPeople(trx, authors);
        await deps.blog.clearBlog(trx);
        await deps.blog.importTerms(trx, categories, tags);
        for (let i = 0; i < posts.length; i += POST_BATCH) {
          await deps.blog.importPosts(trx, posts.slice(i, i + POST_BATCH), (id) => people.get(id));
        }
        await deps.pages.importPages(trx, pages);
        await deps.redirects.restoreRules(trx, rules);
        for (const [key, value] of Object.entries(settings)) {
          await deps.siteMeta.writeSetting(key, typeof value === 'string' ? value : JSON.stringify(value), trx);
        }
        await deps.subscribers.importRows(trx, subscribers);
        await deps.contact.importRows(trx, messages);
        await deps.siteMeta.bumpContentVersion(trx);
      });

      // Sections and the landing layout through their own saves (their ids are the site's own).
      const current = await deps.content.getContent();
      for (const { key } of SECTIONS) {
        const section = sections[key];
        if (!section) continue;
        await deps.content.updateSection(
          key as SectionKey,
          {
            ...section,
            id: current[key]._id,
          } as unknown as SectionUpdate,
        );
      }
      await deps.content.saveLayout(layout);
      await deps.blog.afterImport();
      await deps.redirects.reloadRules();
      await deps.siteMeta.contentVersion.refresh();
      return {
        posts: posts.length,
        pages: pages.length,
        people: authors.length,
        uploads,
        subscribers: subscribers.length,
        messages: messages.length,
      };
    } finally {
      archive.close();
    }
  };
}

/** The manifest, once every file of the archive matches it. */
async function verified(archive: ZipArchive): Promise<ExportManifest> {
  const text = await archive.read(EXPORT_FILES.manifest, 64 * 1024 * 1024);
  let manifest: Partial<ExportManifest> | null = null;
  try {
    manifest = text ? (JSON.parse(text.toString('utf8')) as Partial<ExportManifest>) : null;
  } catch {
    manifest = null;
  }
  if (!manifest || manifest.format !== SITE_EXPORT_FORMAT || typeof manifest.checksums !== 'object') {
    throw new SourceRefused(EXPORT_MESSAGES.notAnExport);
  }
  if (manifest.version !== SITE_EXPORT_VERSION)
    throw new SourceRefused(EXPORT_MESSAGES.unknownVersion(manifest.version));
  const listed = manifest.checksums ?? {};
  for (const name of archive.names()) {
    if (name !== EXPORT_FILES.manifest && !(name in listed)) throw new SourceRefused(EXPORT_MESSAGES.unlisted(name));
  }
  for (const [name, sum] of Object.entries(listed)) {
    const bytes = await archive.read(name, MAX_FILE_BYTES);
    if (!bytes) throw new SourceRefused(EXPORT_MESSAGES.missing(name));
    if (createHash('sha256').update(bytes).digest('hex') !== sum)
      throw new SourceRefused(EXPORT_MESSAGES.damaged(name));
  }
  return manifest as ExportManifest;
}

/** A CSV cell as written: the quote that defused a leading `= + - @` (server/lib/csv.ts) taken off. */
const cell = (value: string | undefined) => (value ?? '').replace(/^'(?=[=+\-@\t\r])/, '');
const orNull = (value: string | undefined) => cell(value) || null;

function subscriberRows(rows: Array<Record<string, string>>) {
  return rows
    .filter((row) => cell(row.email))
    .map((row) => ({
      email: cell(row.email),
      status: (['pending', 'confirmed', 'unsubscribed'].includes(cell(row.status)) ? cell(row.status) : 'pending') as
        'pending' | 'confirmed' | 'unsubscribed',
      createdAt: cell(row.created_at),
      confirmedAt: orNull(row.confirmed_at),
      unsubscribedAt: orNull(row.unsubscribed_at),
      consentSource: orNull(row.consent_source),
      blogId: orNull(row.source_post_id),
    }));
}

function messageRows(rows: Array<Record<string, string>>) {
  return rows.map((row) => ({
    name: cell(row.name),
    email: cell(row.email),
    message: cell(row.message),
    createdAt: cell(row.created_at),
    read: cell(row.read) === 'yes',
    readBy: orNull(row.read_by),
  }));
}
