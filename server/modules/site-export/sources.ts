import type {
  ExportedAuthor,
  ExportedCategory,
  ExportedMedia,
  ExportedPage,
  ExportedPost,
  ExportedRedirect,
  ExportedTag,
} from '#shared/site-export.ts';
import type { StoredFile } from '#server/lib/storage/storage.ts';

export interface ExportedSubscriber {
  email: string;
  status: string;
  createdAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  consentSource: string | null;
  sourcePostId: string | null;
}

export interface ExportedMessage {
  name: string;
  email: string;
  message: string;
  createdAt: string;
  read: boolean;
  readBy: string | null;
}

/**
 * What the export reads, each from the service of the module that owns it (wired in server/services.ts):
 * this module reads no table and imports no other module. Large lists come as batches, so memory holds
 * one batch at a time whatever the site's size (docs/decisions/0039-export.md).
 */
export interface ExportSources {
  sections(): Promise<unknown>;
  layout(): Promise<unknown>;
  posts(): AsyncIterable<ExportedPost[]>;
  countPosts(): Promise<number>;
  pages(): AsyncIterable<ExportedPage[]>;
  categories(): Promise<ExportedCategory[]>;
  tags(): Promise<ExportedTag[]>;
  authors(): Promise<ExportedAuthor[]>;
  redirects(): AsyncIterable<ExportedRedirect[]>;
  countRedirects(): Promise<number>;
  /** The stored settings by key (never a secret: those are not settings). */
  settings(): Promise<Record<string, string>>;
  media(): AsyncIterable<ExportedMedia[]>;
  mediaTotals(): Promise<{ files: number; bytes: number }>;
  /** An upload's original file, or null when the storage no longer has it. */
  openUpload(url: string): Promise<StoredFile | null>;
  subscribers(): AsyncIterable<ExportedSubscriber[]>;
  countSubscribers(): Promise<number>;
  messages(): AsyncIterable<ExportedMessage[]>;
  countMessages(): Promise<number>;
}
