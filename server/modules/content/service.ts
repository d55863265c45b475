import { MESSAGES } from '#shared/messages.ts';
import { SECTION_LAYOUT, SECTION_KEYS, type SectionKey, type SiteContent } from '#shared/schemas/content.ts';
import { RICH_FIELDS } from '#shared/schemas/content-updates.ts';
import type { Db } from '#server/db/database.ts';
import { HttpError } from '#server/plugins/errors.ts';
import type { ContentVersion } from '#server/modules/cache/content-version.ts';
import { sanitizeRichText } from '#server/modules/richtext/sanitize.ts';
import { findSectionKind, readAllSections, writeSection, type ItemRow, type SectionRecord } from './repository';

export interface SectionUpdate {
  id: string;
  items?: Array<Record<string, string>>;
  [field: string]: unknown;
}

/**
 * Rich-text fields go through the sanitiser; the rest is stored as given (rendered as text or URL). A
 * field that had content and has none left after sanitising (only a script, say) counts as empty.
 */
function toStorage(key: SectionKey, input: SectionUpdate) {
  const layout = SECTION_LAYOUT[key];
  const rich = RICH_FIELDS[key];
  const clean = (name: string, value: unknown, richNames: readonly string[]) => {
    const str = typeof value === 'string' ? value : '';
    if (!richNames.includes(name)) return str;
    const safe = sanitizeRichText(str);
    if (str.trim() && !safe.trim()) throw new HttpError(400, MESSAGES.fieldEmpty, name);
    return safe;
  };
  const fields = Object.fromEntries(layout.fields.map((f) => [f, clean(f, input[f], rich.fields)]));
  const items =
    'itemFields' in layout
      ? (input.items ?? []).map(
          (item) =>
            Object.fromEntries(layout.itemFields.map((f) => [f, clean(f, item[f], rich.itemFields)])) as ItemRow,
        )
      : undefined;
  return { fields, items };
}

function toApiSection(key: SectionKey, record: SectionRecord | undefined): Record<string, unknown> {
  const layout = SECTION_LAYOUT[key];
  const section: Record<string, unknown> = { _id: record?.id ?? '' };
  for (const field of layout.fields) section[field] = record?.fields[field] ?? '';
  if ('itemFields' in layout) {
    section.items = (record?.items ?? []).map((row: ItemRow) =>
      Object.fromEntries(layout.itemFields.map((f) => [f, row[f as keyof ItemRow] ?? ''])),
    );
  }
  return section;
}

async function loadContent(db: Db): Promise<SiteContent> {
  const records = await readAllSections(db);
  const byKind = new Map(records.map((r) => [r.kind, r]));
  return Object.fromEntries(SECTION_KEYS.map((key) => [key, toApiSection(key, byKind.get(key))])) as SiteContent;
}

export function createContentService(db: Db, version: ContentVersion) {
  // Content is read on every public request and changes rarely: keep the last read, keyed by version.
  let cached: { version: number; content: Promise<SiteContent> } | null = null;
  return {
    /** The whole site content object in the API shape of SPEC §3. */
    async getContent(): Promise<SiteContent> {
      const v = await version.current();
      if (cached?.version !== v) {
        const content = loadContent(db);
        cached = { version: v, content };
        content.catch(() => {
          if (cached?.content === content) cached = null;
        });
      }
      return cached.content;
    },

    /**
     * Replaces one section with validated input. The id must be that section's `_id`: an unknown id or an
     * id of another section changes nothing and answers 404.
     */
    async updateSection<K extends SectionKey>(key: K, input: SectionUpdate): Promise<SiteContent[K]> {
      const kind = await findSectionKind(db, input.id);
      if (kind !== key) throw new HttpError(404, `No ${key} section with id ${input.id}`);
      await writeSection(db, { id: input.id, kind: key, ...toStorage(key, input) });
      await version.refresh();
      return (await this.getContent())[key];
    },
  };
}
export type ContentService = ReturnType<typeof createContentService>;
