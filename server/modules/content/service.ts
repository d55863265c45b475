import { EDIT_CONFLICT_MESSAGES, LAYOUT_MESSAGES, MESSAGES, SERVER_MESSAGES } from '#shared/messages.ts';
import { DEFAULT_LANDING_LAYOUT, landingLayoutSchema, type LandingLayout } from '#shared/landing-layout.ts';
import type { SiteContent } from '#shared/schemas/content.ts';
import type { MediaUsage } from '#shared/api/uploads.ts';
import { SECTIONS, richFieldsOf, sectionOf, type FieldDef, type FieldKind, type SectionKey } from '#shared/sections.ts';
import { newId, type Db } from '#server/db/database.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '#server/errors.ts';
import { sanitizeRichText } from '#server/lib/sanitize-html.ts';
import type { ActivityRecorder } from '#server/modules/activity/service.ts';
import type { SiteMeta } from '#server/modules/site-meta/service.ts';
import { SYSTEM, type Actor, type RevisionService } from '#server/modules/revisions/service.ts';
import {
  claimSectionVersion,
  countSections,
  findSectionKind,
  readAllSections,
  readLayout,
  sectionKindsMatching,
  writeLayout,
  writeSection,
  type ItemColumn,
  type ItemRow,
  type SectionRecord,
} from './repository';

export interface SectionUpdate {
  id: string;
  /** The version the editor opened; without it the save is the spec's last-write-wins. */
  baseVersion?: number;
  items?: Array<Record<string, string>>;
  [field: string]: unknown;
}

const names = (fields: readonly FieldDef[]) => fields.map((f) => f.name);

/**
 * The kinds of field whose value may hold an uploaded image's address: an image, a link to one, or rich
 * text that embeds one (plain text is shown as text). Items of every section share one table, so an item
 * column is searched in all of them.
 */
const IMAGE_HOLDING_KINDS: readonly FieldKind[] = ['image', 'rich', 'link'];
const IMAGE_ITEM_COLUMNS = [
  ...new Set(
    SECTIONS.flatMap((s): readonly FieldDef[] => ('items' in s ? s.items.fields : []))
      .filter((f) => IMAGE_HOLDING_KINDS.includes(f.kind))
      .map((f) => f.name as ItemColumn),
  ),
];

/**
 * A section's stored fields and items from validated input, by the registry (shared/sections.ts). Rich
 * text goes through the sanitiser; the rest is stored as given (rendered as text or URL). A field that
 * had content and has none left after sanitising (only a script, say) counts as empty.
 */
export function toStorage(key: SectionKey, input: SectionUpdate) {
  const section = sectionOf(key);
  const rich = richFieldsOf(section);
  const clean = (name: string, value: unknown, richNames: readonly string[]) => {
    const str = typeof value === 'string' ? value : '';
    if (!richNames.includes(name)) return str;
    const safe = sanitizeRichText(str);
    if (str.trim() && !safe.trim()) throw new InvalidInputError(MESSAGES.fieldEmpty, name);
    return safe;
  };
  const fields = Object.fromEntries(names(section.fields).map((f) => [f, clean(f, input[f], rich.fields)]));
  const items =
    'items' in section
      ? (input.items ?? []).map(
          (item) =>
            Object.fromEntries(
              names(section.items.fields).map((f) => [f, clean(f, item[f], rich.itemFields)]),
            ) as ItemRow,
        )
      : undefined;
  return { fields, items };
}

function toApiSection(key: SectionKey, record: SectionRecord | undefined): Record<string, unknown> {
  const section = sectionOf(key);
  const api: Record<string, unknown> = { _id: record?.id ?? '' };
  for (const field of names(section.fields)) api[field] = record?.fields[field] ?? '';
  if ('items' in section) {
    const itemFields = names(section.items.fields);
    api.items = (record?.items ?? []).map((row: ItemRow) =>
      Object.fromEntries(itemFields.map((f) => [f, row[f as keyof ItemRow] ?? ''])),
    );
  }
  return api;
}

interface LoadedContent {
  content: SiteContent;
  layout: LandingLayout;
  /** Each section's version as read with it (docs/product.md#edit-conflicts). */
  versions: Partial<Record<SectionKey, number>>;
}

/** The stored layout, or the spec's when none is (or when a stored one no longer lists every section). */
function layoutOf(rows: ReadonlyArray<{ section: string; hidden: number }>): LandingLayout {
  const parsed = landingLayoutSchema.safeParse(rows.map((r) => ({ id: r.section, hidden: r.hidden === 1 })));
  return parsed.success ? parsed.data : DEFAULT_LANDING_LAYOUT;
}

async function loadContent(db: Db): Promise<LoadedContent> {
  const [records, layoutRows] = await Promise.all([readAllSections(db), readLayout(db)]);
  const byKind = new Map(records.map((r) => [r.kind, r]));
  return {
    layout: layoutOf(layoutRows),
    content: Object.fromEntries(SECTIONS.map(({ key }) => [key, toApiSection(key, byKind.get(key))])) as SiteContent,
    versions: Object.fromEntries(records.map((r) => [r.kind, r.version])),
  };
}

/** A section's state as its revisions keep it: its fields and items, as saved (no `_id`). */
const revisionData = (stored: ReturnType<typeof toStorage>) => ({
  ...stored.fields,
  ...(stored.items ? { items: stored.items } : {}),
});

export function createContentService(deps: {
  db: Db;
  siteMeta: SiteMeta;
  revisions: RevisionService;
  activity: ActivityRecorder;
}) {
  const { db, siteMeta, revisions } = deps;
  // Content is read on every public request and changes rarely: keep the last read, keyed by version.
  let cached: { version: number; content: Promise<LoadedContent> } | null = null;
  const loaded = async (): Promise<LoadedContent> => {
    const v = await siteMeta.contentVersion.current();
    if (cached?.version !== v) {
      const content = loadContent(db);
      cached = { version: v, content };
      content.catch(() => {
        if (cached?.content === content) cached = null;
      });
    }
    return cached.content;
  };
  return {
    /** The whole site content object (docs/product.md#content-sections). */
    getContent: async (): Promise<SiteContent> => (await loaded()).content,

    /**
     * One section for its editor, with the version its save names (docs/product.md#edit-conflicts). Read
     * from the database, not the cache: another process's cache may not have heard of a save yet (up to
     * the content version's poll), and an editor opened on that older version would refuse its own save.
     */
    async sectionForEdit<K extends SectionKey>(key: K) {
      const { content, versions } = await loadContent(db);
      return { section: content[key], version: versions[key] ?? 1 };
    },

    /** The landing page's sections in order, shown or hidden (docs/product.md#landing-layout). */
    getLayout: async (): Promise<LandingLayout> => (await loaded()).layout,

    /** Stores the landing layout (validated by landingLayoutSchema); every process shows it at once. */
    async saveLayout(layout: LandingLayout, actor: Actor = SYSTEM): Promise<LandingLayout> {
      await db.transaction().execute(async (trx) => {
        await writeLayout(trx, layout);
        await deps.activity.record(trx, {
          action: 'section.changed',
          actor,
          target: { type: 'section', id: 'layout', label: LAYOUT_MESSAGES.heading },
          detail: {
            hidden:
              layout
                .filter((s) => s.hidden)
                .map((s) => s.id)
                .join(', ') || 'none',
          },
        });
        await siteMeta.bumpContentVersion(trx);
      });
      await siteMeta.contentVersion.refresh();
      return this.getLayout();
    },

    hasContent: async () => (await countSections(db)) > 0,

    /** The sections that use an uploaded image (docs/product.md#media-library), with their admin screens. */
    async imageUsage(like: string): Promise<MediaUsage[]> {
      return (await sectionKindsMatching(db, like, IMAGE_ITEM_COLUMNS)).map((key) => {
        const section = sectionOf(key as SectionKey);
        return { kind: 'section' as const, label: section?.label ?? key, path: `/admin/${section?.adminRoute ?? ''}` };
      });
    },

    /** Stores every section of a new site (the first start's seed), in one transaction. */
    async createSections(content: { [K in SectionKey]: Omit<SiteContent[K], '_id'> }) {
      await db.transaction().execute(async (trx) => {
        for (const { key } of SECTIONS) {
          const stored = toStorage(key, content[key] as unknown as SectionUpdate);
          await writeSection(trx, { id: newId(), kind: key, ...stored });
          await revisions.record(trx, { type: 'section', id: key, data: revisionData(stored) }, SYSTEM);
        }
        await siteMeta.bumpContentVersion(trx);
      });
      await siteMeta.contentVersion.refresh();
    },

    /**
     * Replaces one section with validated input. The id must be that section's `_id`: an unknown id or an
     * id of another section changes nothing and answers 404.
     */
    async updateSection<K extends SectionKey>(
      key: K,
      input: SectionUpdate,
      actor: Actor = SYSTEM,
      action: 'save' | 'restore' = 'save',
    ): Promise<SiteContent[K]> {
      const kind = await findSectionKind(db, input.id);
      if (kind !== key) throw new NotFoundError(SERVER_MESSAGES.sectionNotFound(key, input.id));
      const stored = toStorage(key, input);
      await db.transaction().execute(async (trx) => {
        // docs/product.md#edit-conflicts: first, so a save that finds the section moved on writes nothing.
        if (!(await claimSectionVersion(trx, input.id, input.baseVersion)))
          throw new ConflictError(EDIT_CONFLICT_MESSAGES.sectionConflict);
        await writeSection(trx, { id: input.id, kind: key, ...stored });
        const changed = await revisions.record(
          trx,
          { type: 'section', id: key, data: revisionData(stored) },
          actor,
          action,
        );
        // A save that changed nothing is no line in the log, as it is no revision.
        if (changed) {
          await deps.activity.record(trx, {
            action: 'section.changed',
            actor,
            target: { type: 'section', id: key, label: sectionOf(key).label },
            detail: { fields: changed.join(', '), ...(action === 'restore' ? { restored: true } : {}) },
          });
        }
        await siteMeta.bumpContentVersion(trx);
      });
      await siteMeta.contentVersion.refresh();
      return (await this.getContent())[key];
    },
  };
}
export type ContentService = ReturnType<typeof createContentService>;
