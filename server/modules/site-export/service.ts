import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ExportSummary } from '#shared/api/site-export.ts';
import type { ExportManifest } from '#shared/site-export.ts';
import type { ActivityActor, ActivityRecorder } from '#server/modules/activity/service.ts';
import type { Db } from '#server/db/database.ts';
import { writeSiteZip } from './site-zip';
import type { ExportSources } from './sources';
import { wxrDocument } from './wxr';
import { DownloadClosedError, zipWriter } from './zip-writer';

/** The version in package.json, read once (an export names the code that made it); 'unknown' without one. */
let appVersion: string | undefined;
function versionOfApp(): string {
  if (appVersion === undefined) {
    try {
      const pkg = JSON.parse(fs.readFileSync(path.resolve('package.json'), 'utf8')) as { version?: string };
      appVersion = pkg.version ?? 'unknown';
    } catch {
      appVersion = 'unknown';
    }
  }
  return appVersion;
}

/**
 * Settings → Export (docs/product.md#export, docs/decisions/0039-export.md): the whole site as one ZIP and
 * its posts and pages as a WordPress file, both streamed as they are read; each download is written to the
 * activity log as it starts.
 */
export function createSiteExport(deps: {
  db: Db;
  sources: ExportSources;
  activity: ActivityRecorder;
  publicUrl: string;
  database: ExportManifest['app']['database'];
  /** The newest migration this code knows (the database has run it: the server migrates at start). */
  migration: string | null;
  siteName: () => string;
  timeZone: string;
  onError: (err: unknown) => void;
}) {
  const { sources } = deps;
  return {
    async summary(): Promise<ExportSummary> {
      const [posts, categories, tags, authors, redirects, subscribers, messages, media] = await Promise.all([
        sources.countPosts(),
        sources.categories(),
        sources.tags(),
        sources.authors(),
        sources.countRedirects(),
        sources.countSubscribers(),
        sources.countMessages(),
        sources.mediaTotals(),
      ]);
      let pages = 0;
      for await (const batch of sources.pages()) pages += batch.length;
      return {
        posts,
        pages,
        categories: categories.length,
        tags: tags.length,
        authors: authors.length,
        redirects,
        subscribers,
        messages,
        uploads: media.files,
        uploadBytes: media.bytes,
      };
    },

    /** The site's ZIP as a stream; a failure midway breaks the download rather than ending it complete-looking. */
    async siteZip(actor: ActivityActor): Promise<Readable> {
      await deps.activity.record(deps.db, {
        action: 'site.exported',
        actor,
        target: { type: 'site', label: 'ZIP' },
      });
      const zip = zipWriter();
      writeSiteZip(zip, sources, {
        app: { version: versionOfApp(), migration: deps.migration, database: deps.database },
        publicUrl: deps.publicUrl,
      }).catch((err: unknown) => {
        zip.abort(err instanceof Error ? err : new Error(String(err)));
        // A client that stops its download is no failure of the site.
        if (!(err instanceof DownloadClosedError)) deps.onError(err);
      });
      return zip.output;
    },

    /** The WordPress file (WXR 1.2) of posts and pages as a stream. */
    async wxr(actor: ActivityActor): Promise<Readable> {
      await deps.activity.record(deps.db, {
        action: 'wxr.exported',
        actor,
        target: { type: 'site', label: 'WXR' },
      });
      return Readable.from(
        wxrDocument(sources, { name: deps.siteName(), publicUrl: deps.publicUrl, timeZone: deps.timeZone }),
      );
    },
  };
}
