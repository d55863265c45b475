import type { FastifyBaseLogger } from 'fastify';
import { IMPORT_PHASES, importOptionsSchema } from '#shared/api/imports.ts';
import { now, type Db } from '#server/db/database.ts';
import { createLedger } from './ledger';
import type { JobContext } from './job-context';
import { importDocs } from './phase-docs';
import { importImages } from './phase-images';
import { importPeople } from './phase-people';
import { importRedirects } from './phase-redirects';
import { importSubscribers } from './phase-subscribers';
import { importTerms } from './phase-terms';
import * as repo from './repository';
import type { ImportSource, SourceSummary } from './source';
import type { ImportTargets } from './targets';

/** The lease was taken over by another process: this one stops at once and leaves the job to it. */
export class LeaseLost extends Error {}

export interface JobDeps {
  db: Db;
  targets: ImportTargets;
  log: FastifyBaseLogger;
  open: (folder: string) => Promise<ImportSource>;
  /** Downloads an image, only from `allowedHosts` (server/lib/safe-fetch.ts with the import's limits). */
  download: (url: string, allowedHosts: ReadonlySet<string>) => Promise<Buffer>;
}

/** The old site's host, with and without `www.`: the hosts an export names, the only ones images come from. */
export function hostsOf(siteUrl: string): Set<string> {
  try {
    const host = new URL(siteUrl).hostname.toLowerCase();
    const bare = host.replace(/^www\./, '');
    return new Set([bare, `www.${bare}`]);
  } catch {
    return new Set();
  }
}

/** How often the progress is written: often enough for a smooth bar, seldom enough to cost nothing. */
const PROGRESS_MS = 500;

/**
 * Runs (or resumes) one import (docs/decisions/0038-import.md): people, categories and tags, images, posts
 * and pages, then redirects, each thing through the ledger, so a run killed at any point and started again
 * makes nothing twice and loses nothing. `alive()` is false once the lease is lost.
 */
export async function runImport(deps: JobDeps, row: repo.ImportRow, alive: () => boolean): Promise<void> {
  const { db } = deps;
  const summary = JSON.parse(row.summary) as SourceSummary & { docCount?: number };
  const options = importOptionsSchema.parse(JSON.parse(row.options));
  const ledger = createLedger({ db, importId: row.id, sourceId: row.source_id });
  await ledger.start();
  const owner = row.created_by
    ? (await deps.targets.people.authorPages([row.created_by])).get(row.created_by)
    : undefined;
  const docs = summary.counts.posts + summary.counts.pages;
  const total =
    summary.authors.length + summary.terms.length + summary.images.length + docs * 2 + summary.counts.subscribers;
  let done = 0;
  let written = 0;
  await repo.updateImport(db, row.id, {
    status: 'running',
    started_at: row.started_at ?? now(),
    total,
    done: 0,
    error: null,
  });
  const source = await deps.open(row.folder);
  const hosts = hostsOf(summary.siteUrl);
  const phase = async (name: string) => {
    // A phase's outcomes are in the database before the next begins (the report and Undo read them).
    await ledger.flush();
    await repo.updateImport(db, row.id, { phase: name, done });
  };
  const ctx: JobContext = {
    importId: row.id,
    source,
    summary,
    options,
    targets: deps.targets,
    ledger,
    actor: { id: row.created_by, name: owner?.name ?? 'Import' },
    download: (url) => deps.download(url, hosts),
    log: deps.log,
    async step() {
      if (!alive()) throw new LeaseLost();
      done++;
      if (Date.now() - written >= PROGRESS_MS) {
        written = Date.now();
        await repo.updateImport(db, row.id, { done: Math.min(done, total) });
      }
    },
  };
  try {
    await phase(IMPORT_PHASES.people);
    const authors = await importPeople(ctx);
    await phase(IMPORT_PHASES.terms);
    const { categories, tags } = await importTerms(ctx);
    await phase(IMPORT_PHASES.images);
    const images = await importImages(ctx);
    const mapped = { authors, categories, tags, images };
    // Read next's one sweep of every list waits for the whole job, not only its posts: ranking 10,000
    // posts takes the event loop for seconds at a time, which the later phases would wait for.
    await deps.targets.blog.holdRelated(async () => {
      await phase(IMPORT_PHASES.content);
      const old = await deps.targets.blog.holdSearch(() => importDocs(ctx, mapped));
      await phase(IMPORT_PHASES.addresses);
      await importRedirects(ctx, mapped, old);
      await phase(IMPORT_PHASES.audience);
      await importSubscribers(ctx);
      await ledger.flush();
    });
  } finally {
    // A failing job's outcomes are written too (the report and a later import of the same site read them);
    // not once the lease is lost: the process that took the job over is the only one writing.
    if (alive()) await ledger.flush().catch(() => undefined);
    await source.close();
  }
  await repo.moveStatus(db, row.id, ['running'], {
    status: 'done',
    phase: IMPORT_PHASES.done,
    done: total,
    finished_at: now(),
    lease_owner: null,
    lease_until: null,
  });
}
