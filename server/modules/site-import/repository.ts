import type { Insertable, Selectable } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { ImportItemTable, ImportTable } from '#server/db/schema.ts';

/** All SQL of imports: the imports and their ledgers (server/db/migrations/2026-12-06-0037-imports.ts). */

export type ImportRow = Selectable<ImportTable>;
export type ItemRow = Selectable<ImportItemTable>;

export async function insertImport(db: Db, row: Insertable<ImportTable>): Promise<void> {
  await db.insertInto('imports').values(row).execute();
}

export function findImport(db: Db, id: string): Promise<ImportRow | undefined> {
  return db.selectFrom('imports').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listImports(db: Db, limit: number): Promise<ImportRow[]> {
  return db
    .selectFrom('imports')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** An import that holds the site (queued, running or being undone), other than `exceptId`. */
export function findBusy(db: Db, exceptId: string) {
  return db
    .selectFrom('imports')
    .select(['id', 'status'])
    .where('status', 'in', ['queued', 'running', 'undoing'])
    .where('id', '!=', exceptId)
    .executeTakeFirst();
}

/** Moves an import from one status to another; false when it was not in `from` (another request won). */
export async function moveStatus(
  db: Db,
  id: string,
  from: readonly ImportRow['status'][],
  changes: Partial<Omit<ImportRow, 'id'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('imports')
    .set(changes)
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function updateImport(db: Db, id: string, changes: Partial<Omit<ImportRow, 'id'>>): Promise<void> {
  await db.updateTable('imports').set(changes).where('id', '=', id).execute();
}

/**
 * Takes the lease of one import to work on (queued, or running or undoing under a lease that ran out: its
 * process died): one conditional UPDATE per candidate, so of two processes only one gets it.
 */
export async function claimWork(db: Db, owner: string, at: string, until: string): Promise<ImportRow | undefined> {
  const live = await db
    .selectFrom('imports')
    .select('id')
    .where('status', 'in', ['running', 'undoing'])
    .where('lease_until', '>', at)
    .executeTakeFirst();
  // One import at a time on the whole site: a queued one waits for the one that runs.
  if (live) return undefined;
  const candidates = await db
    .selectFrom('imports')
    .select(['id', 'lease_until', 'status'])
    .where('status', 'in', ['queued', 'running', 'undoing'])
    .orderBy('created_at')
    .execute();
  for (const candidate of candidates) {
    if (candidate.status !== 'queued' && candidate.lease_until !== null && candidate.lease_until > at) continue;
    // Queued becomes running in the claim itself: a second process's claim, or its check for a live
    // import above, sees it at once (else both could take it between the claim and the job's first write).
    let query = db
      .updateTable('imports')
      .set({
        lease_owner: owner,
        lease_until: until,
        status: candidate.status === 'queued' ? 'running' : candidate.status,
      })
      .where('id', '=', candidate.id)
      .where('status', '=', candidate.status);
    query =
      candidate.lease_until === null
        ? query.where('lease_until', 'is', null)
        : query.where('lease_until', '=', candidate.lease_until);
    const result = await query.executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return findImport(db, candidate.id);
  }
  return undefined;
}

/** Renews a lease; false when another process took it over (this one was too slow to renew). */
export async function renewLease(db: Db, id: string, owner: string, until: string): Promise<boolean> {
  const result = await db
    .updateTable('imports')
    .set({ lease_until: until })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * What earlier imports of the same old site made of this thing (not undone), newest first: a second
 * import of the same file finds it and makes nothing twice.
 */
export function findEarlierItem(db: Db, sourceId: string, importId: string, key: string) {
  return db
    .selectFrom('import_items')
    .innerJoin('imports', 'imports.id', 'import_items.import_id')
    .select(['import_items.target_kind', 'import_items.target_id', 'import_items.outcome', 'import_items.detail'])
    .where('imports.source_id', '=', sourceId)
    .where('imports.id', '!=', importId)
    .where('imports.status', 'not in', ['undone', 'undoing', 'cancelled', 'analysed'])
    .where('import_items.source_key', '=', key)
    .where('import_items.outcome', 'in', ['created', 'replaced', 'existing'])
    .orderBy('imports.created_at', 'desc')
    .executeTakeFirst();
}

/** Whether an earlier import of the same old site (not undone) exists: else no thing of it can be there yet. */
export async function hasEarlierImport(db: Db, sourceId: string, importId: string): Promise<boolean> {
  const row = await db
    .selectFrom('imports')
    .select('id')
    .where('source_id', '=', sourceId)
    .where('id', '!=', importId)
    .where('status', 'not in', ['undone', 'undoing', 'cancelled', 'analysed'])
    .executeTakeFirst();
  return row !== undefined;
}

/** The whole ledger of an import, in its order (a resumed job reads it once). */
export function itemsOf(db: Db, importId: string): Promise<ItemRow[]> {
  return db.selectFrom('import_items').selectAll().where('import_id', '=', importId).orderBy('position').execute();
}

/** Writes ledger rows, each new or over the row of its key (one statement for a few rows of different keys). */
export async function putItems(db: Db, rows: ReadonlyArray<Insertable<ImportItemTable>>): Promise<void> {
  if (!rows.length) return;
  await db
    .insertInto('import_items')
    .values(rows.map((row) => ({ ...row, label: row.label ?? '', detail: row.detail ?? '' })))
    .onConflict((oc) =>
      oc.columns(['import_id', 'source_key']).doUpdateSet((eb) => ({
        target_kind: eb.ref('excluded.target_kind'),
        target_id: eb.ref('excluded.target_id'),
        outcome: eb.ref('excluded.outcome'),
        label: eb.ref('excluded.label'),
        detail: eb.ref('excluded.detail'),
      })),
    )
    .execute();
}

export async function outcomeCounts(db: Db, importId: string): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('import_items')
    .select(['outcome', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('import_id', '=', importId)
    .groupBy('outcome')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.outcome, Number(row.n)]));
}

export function listItems(
  db: Db,
  importId: string,
  filter: { outcome?: string; kind?: string },
  offset: number,
  limit: number,
) {
  let query = db.selectFrom('import_items').selectAll().where('import_id', '=', importId);
  if (filter.outcome) query = query.where('outcome', '=', filter.outcome);
  if (filter.kind) query = query.where('target_kind', '=', filter.kind);
  return query.orderBy('position').offset(offset).limit(limit).execute();
}

export async function countListed(db: Db, importId: string, outcome?: string): Promise<number> {
  let query = db
    .selectFrom('import_items')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('import_id', '=', importId);
  if (outcome) query = query.where('outcome', '=', outcome);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** Every item of one kind an import made or took (the images' new addresses, the docs' new paths). */
export function itemsOfKind(db: Db, importId: string, kind: string) {
  return db
    .selectFrom('import_items')
    .select(['source_key', 'target_id', 'outcome', 'detail'])
    .where('import_id', '=', importId)
    .where('target_kind', '=', kind)
    .orderBy('position')
    .execute();
}

/** One line of an import's ledger by its key. */
export function findItem(db: Db, importId: string, key: string): Promise<ItemRow | undefined> {
  return db
    .selectFrom('import_items')
    .selectAll()
    .where('import_id', '=', importId)
    .where('source_key', '=', key)
    .executeTakeFirst();
}

/**
 * Moves a ledger line from one outcome to another, only while it is in `from` (and its import in
 * `importIn`, when given); false when it was not (another request moved it first, or the import moved
 * on). One conditional UPDATE: of two requests at once, one wins.
 */
export async function moveItem(
  db: Db,
  importId: string,
  key: string,
  from: { outcome: string; importIn?: readonly ImportRow['status'][] },
  changes: Pick<ItemRow, 'outcome' | 'target_id' | 'detail'>,
): Promise<boolean> {
  let query = db
    .updateTable('import_items')
    .set(changes)
    .where('import_id', '=', importId)
    .where('source_key', '=', key)
    .where('outcome', '=', from.outcome);
  const { importIn } = from;
  if (importIn) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('imports')
          .select('imports.id')
          .where('imports.id', '=', importId)
          .where('imports.status', 'in', importIn),
      ),
    );
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setItemDetail(db: Db, importId: string, key: string, detail: string): Promise<void> {
  await db
    .updateTable('import_items')
    .set({ detail })
    .where('import_id', '=', importId)
    .where('source_key', '=', key)
    .execute();
}
