import type { FastifyBaseLogger } from 'fastify';
import type { ImportOptions } from '#shared/api/imports.ts';
import type { Actor } from '#server/modules/revisions/service.ts';
import type { Ledger } from './ledger';
import type { ImportSource, SourceSummary } from './source';
import type { ImportTargets } from './targets';

/** What every phase of an import's job works with (server/modules/site-import/job.ts). */
export interface JobContext {
  importId: string;
  source: ImportSource;
  summary: SourceSummary;
  options: ImportOptions;
  targets: ImportTargets;
  ledger: Ledger;
  /** The person who started the import: the author of what has none, the name in the history. */
  actor: Actor;
  /** One more thing done (the progress bar). */
  step: () => Promise<void>;
  /** An image's bytes from the old site (server/lib/safe-fetch.ts with the import's limits). */
  download: (url: string) => Promise<Buffer>;
  log: FastifyBaseLogger;
}

/** Where the phases hand their results to the next. */
export interface Mapped {
  /** Source author key → person id here. */
  authors: Map<string, string>;
  /** Source category key → category id here. */
  categories: Map<string, string>;
  /** Source tag key → tag name here. */
  tags: Map<string, string>;
  /** Old image address → its upload's address here. */
  images: Map<string, string>;
}
