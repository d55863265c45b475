import type { SECTIONS } from '#shared/sections.ts';
import type { Db } from '#server/db/database.ts';
import { newId, now } from '#server/db/database.ts';
import type { ContentItemTable } from '#server/db/schema.ts';

export type ItemColumn = Exclude<keyof ContentItemTable, 'id' | 'section_id' | 'position'>;
export type ItemRow = Partial<Record<ItemColumn, string | null>>;

export interface SectionRecord {
  id: string;
  kind: string;
  /** Raised by every save (claimSectionVersion). */
  version: number;
  fields: Record<string, string>;
  items: ItemRow[];
}

/** All SQL for site content. Reads the whole content in three queries, whatever the number of sections. */
export async function readAllSections(db: Db): Promise<SectionRecord[]> {
  const [sections, fields, items] = await Promise.all([
    db.selectFrom('content_sections').select(['id', 'kind', 'version']).execute(),
    db.selectFrom('content_fields').selectAll().execute(),
    db.selectFrom('content_items').selectAll().orderBy('section_id').orderBy('position').execute(),
  ]);
  const byId = new Map<string, SectionRecord>(
    sections.map((s) => [s.id, { id: s.id, kind: s.kind, version: Number(s.version), fields: {}, items: [] }]),
  );
  for (const f of fields) {
    const section = byId.get(f.section_id);
    if (section) section.fields[f.name] = f.value;
  }
  for (const { id: _id, section_id, position: _p, ...row } of items) {
    byId.get(section_id)?.items.push(row);
  }
  return [...byId.values()];
}

export async function findSectionKind(db: Db, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('content_sections').select('kind').where('id', '=', id).executeTakeFirst();
  return row?.kind;
}

export async function countSections(db: Db): Promise<number> {
  const row = await db
    .selectFrom('content_sections')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The first step of a section's save, like a post's (server/modules/blog/posts-repository.ts `claimVersion`):
 * raises its version, only from `base` when given. False when the section is at another version.
 */
export async function claimSectionVersion(db: Db, id: string, base: number | undefined): Promise<boolean> {
  let query = db
    .updateTable('content_sections')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', id);
  if (base !== undefined) query = query.where('version', '=', base);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Replaces one section's fields and items; run it in a transaction so a reader never sees half an edit.
 * The section row is created when missing (first seed).
 */
export async function writeSection(
  trx: Db,
  section: { id: string; kind: string; fields: Record<string, string>; items?: ItemRow[] },
): Promise<void> {
  const updatedAt = now();
  const existing = await trx
    .selectFrom('content_sections')
    .select('id')
    .where('id', '=', section.id)
    .executeTakeFirst();
  if (existing) {
    await trx.updateTable('content_sections').set({ updated_at: updatedAt }).where('id', '=', section.id).execute();
  } else {
    await trx
      .insertInto('content_sections')
      .values({ id: section.id, kind: section.kind, updated_at: updatedAt })
      .execute();
  }
  await trx.deleteFrom('content_fields').where('section_id', '=', section.id).execute();
  const fieldRows = Object.entries(section.fields).map(([name, value]) => ({ section_id: section.id, name, value }));
  if (fieldRows.length) await trx.insertInto('content_fields').values(fieldRows).execute();
  if (section.items) {
    await trx.deleteFrom('content_items').where('section_id', '=', section.id).execute();
    const itemRows = section.items.map((item, position) => ({
      ...item,
      id: newId(),
      section_id: section.id,
      position,
    }));
    if (itemRows.length) await trx.insertInto('content_items').values(itemRows).execute();
  }
}

/** The landing layout's rows in order (none: the spec's page). */
export function readLayout(db: Db) {
  return db.selectFrom('landing_layout').select(['section', 'hidden']).orderBy('position').execute();
}

/** Replaces the landing layout; run it in a transaction. */
export async function writeLayout(trx: Db, layout: ReadonlyArray<{ id: string; hidden: boolean }>): Promise<void> {
  await trx.deleteFrom('landing_layout').execute();
  await trx
    .insertInto('landing_layout')
    .values(layout.map((s, position) => ({ section: s.id, position, hidden: s.hidden ? 1 : 0 })))
    .execute();
}

/**
 * The kinds of the sections whose fields, or whose items in `itemColumns`, match `like` (where an uploaded
 * image is used), fields first, each once.
 */
export async function sectionKindsMatching(db: Db, like: string, itemColumns: readonly ItemColumn[]) {
  const [fields, items] = await Promise.all([
    db
      .selectFrom('content_fields')
      .innerJoin('content_sections', 'content_sections.id', 'content_fields.section_id')
      .select('content_sections.kind')
      .where('content_fields.value', 'like', like)
      .execute(),
    db
      .selectFrom('content_items')
      .innerJoin('content_sections', 'content_sections.id', 'content_items.section_id')
      .select('content_sections.kind')
      .where((eb) => eb.or(itemColumns.map((column) => eb(column, 'like', like))))
      .execute(),
  ]);
  return [...new Set([...fields, ...items].map((r) => r.kind))];
}

/** Every item field of the registry is a column of `content_items`: a new item field needs a migration. */
type ItemFieldName = Extract<(typeof SECTIONS)[number], { items: unknown }>['items']['fields'][number]['name'];
type AssertColumns<T extends ItemColumn> = T;
type _RegistryItemFieldsAreColumns = AssertColumns<ItemFieldName>;
