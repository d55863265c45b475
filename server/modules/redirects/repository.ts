import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';

/** All SQL of redirects: the rules (`redirects`) and the public addresses that answered 404 (`not_found_log`). */

const likeOf = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Every rule, for the in-memory set of each process (only the columns a lookup needs). */
export function allRules(db: Db) {
  return db.selectFrom('redirects').select(['id', 'from_path', 'to_path', 'status']).execute();
}

export function findRule(db: Db, id: string) {
  return db.selectFrom('redirects').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The rules whose source is one of `froms` (an exact path, or a prefix pattern covering it). */
export function rulesFrom(db: Db, froms: readonly string[]) {
  if (!froms.length) return Promise.resolve([]);
  return db.selectFrom('redirects').select(['id', 'from_path']).where('from_path', 'in', froms).execute();
}

export type RuleFilter = { search?: string };

function filtered(db: Db, filter: RuleFilter) {
  let query = db.selectFrom('redirects');
  if (filter.search) {
    const like = likeOf(filter.search);
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`lower(from_path)`, 'like', sql<string>`${like} escape '\\'`),
        eb(sql<string>`lower(to_path)`, 'like', sql<string>`${like} escape '\\'`),
      ]),
    );
  }
  return query;
}

/** A page of rules by source address. */
export function listRules(db: Db, filter: RuleFilter, offset: number, limit: number) {
  return filtered(db, filter).selectAll().orderBy('from_path').orderBy('id').offset(offset).limit(limit).execute();
}

export async function countRules(db: Db, filter: RuleFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every rule by source, a batch at a time (the CSV export). */
export async function* ruleBatches(db: Db, size = 1000) {
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('redirects')
      .select(['from_path', 'to_path', 'status'])
      .where('from_path', '>', after)
      .orderBy('from_path')
      .limit(size)
      .execute();
    if (!rows.length) return;
    yield rows;
    after = rows[rows.length - 1]!.from_path;
  }
}

export interface RuleRow {
  id: string;
  from_path: string;
  to_path: string;
  status: number;
  created_at: string;
  updated_at: string;
  /** The import that made it; absent: made by hand. */
  import_id?: string | null;
}

export async function insertRule(db: Db, row: RuleRow): Promise<void> {
  await db.insertInto('redirects').values(row).execute();
}

/** Rows per statement: seven values a row stays far under SQLite's and PostgreSQL's limits on parameters. */
const RULES_PER_INSERT = 500;

/** Inserts the rules whose source has none yet (an import's batch); answers the sources inserted. */
export async function insertRulesIfNew(db: Db, rows: readonly RuleRow[]): Promise<Set<string>> {
  const inserted = new Set<string>();
  for (let i = 0; i < rows.length; i += RULES_PER_INSERT) {
    const made = await db
      .insertInto('redirects')
      .values(rows.slice(i, i + RULES_PER_INSERT))
      .onConflict((oc) => oc.column('from_path').doNothing())
      .returning('from_path')
      .execute();
    for (const row of made) inserted.add(row.from_path);
  }
  return inserted;
}

/** A person's change of a rule (or one their new rule made): it stands, whatever an import's Undo finds later. */
export async function updateRule(
  db: Db,
  id: string,
  set: Partial<Omit<RuleRow, 'id' | 'created_at' | 'import_retarget_id' | 'import_previous_to'>>,
) {
  await db
    .updateTable('redirects')
    .set({ ...set, import_retarget_id: null, import_previous_to: null })
    .where('id', '=', id)
    .execute();
}

/**
 * An import points a rule elsewhere (its new rule made the rule's target a hop): where it led before is
 * kept for the import's Undo, the first time only if one import moves it twice.
 */
export async function retargetForImport(db: Db, id: string, to: string, at: string, importId: string) {
  await db
    .updateTable('redirects')
    .set({
      to_path: to,
      updated_at: at,
      import_previous_to: sql<string>`CASE WHEN import_retarget_id = ${importId} THEN import_previous_to ELSE to_path END`,
      import_retarget_id: importId,
    })
    .where('id', '=', id)
    .execute();
}

/** The rules an import pointed elsewhere lead where they led before (its Undo). */
export async function restoreRetargeted(db: Db, importId: string, at: string): Promise<number> {
  const result = await db
    .updateTable('redirects')
    .set((eb) => ({
      to_path: eb.fn.coalesce('import_previous_to', 'to_path'),
      updated_at: at,
      import_retarget_id: null,
      import_previous_to: null,
    }))
    .where('import_retarget_id', '=', importId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteRule(db: Db, id: string): Promise<void> {
  await db.deleteFrom('redirects').where('id', '=', id).execute();
}

/** Adds a batch of counted hits: `hits = hits + n`, never a read-then-write. */
export async function addHits(db: Db, id: string, n: number, at: string): Promise<void> {
  await db
    .updateTable('redirects')
    .set((eb) => ({
      hits: sql<number>`${eb.ref('hits')} + ${n}`,
      last_hit_at: sql<string>`case when last_hit_at is null or last_hit_at < ${at} then ${at} else last_hit_at end`,
    }))
    .where('id', '=', id)
    .execute();
}

/** Adds a batch of 404s (each path once), 500 rows a statement; an ignored path is left as it is. */
export async function addNotFound(
  db: Db,
  rows: ReadonlyArray<{ path: string; hits: number; at: string; referrerHost: string | null }>,
) {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('not_found_log')
      .values(
        rows.slice(i, i + 500).map((r) => ({
          path: r.path,
          hits: r.hits,
          last_seen_at: r.at,
          referrer_host: r.referrerHost,
          ignored: 0,
        })),
      )
      .onConflict((oc) =>
        oc
          .column('path')
          .doUpdateSet({
            hits: sql<number>`not_found_log.hits + excluded.hits`,
            last_seen_at: sql<string>`case when not_found_log.last_seen_at < excluded.last_seen_at then excluded.last_seen_at else not_found_log.last_seen_at end`,
            referrer_host: sql<string | null>`coalesce(excluded.referrer_host, not_found_log.referrer_host)`,
          })
          .where('not_found_log.ignored', '=', 0),
      )
      .execute();
  }
}

/** Drops the least recently seen logged paths past `cap` (ignored paths are kept and not counted). */
export async function capNotFound(db: Db, cap: number): Promise<number> {
  const extra = await db
    .selectFrom('not_found_log')
    .select('path')
    .where('ignored', '=', 0)
    .orderBy('last_seen_at', 'desc')
    .orderBy('path', 'desc')
    .offset(cap)
    .limit(10_000)
    .execute();
  if (!extra.length) return 0;
  const paths = extra.map((r) => r.path);
  for (let i = 0; i < paths.length; i += 500) {
    await db
      .deleteFrom('not_found_log')
      .where('path', 'in', paths.slice(i, i + 500))
      .execute();
  }
  return paths.length;
}

function notFoundFiltered(db: Db, search?: string) {
  let query = db.selectFrom('not_found_log').where('ignored', '=', 0);
  if (search) query = query.where(sql<string>`lower(path)`, 'like', sql<string>`${likeOf(search)} escape '\\'`);
  return query;
}

/** A page of the 404 log, most recently seen first. */
export function listNotFound(db: Db, search: string | undefined, offset: number, limit: number) {
  return notFoundFiltered(db, search)
    .select(['path', 'hits', 'last_seen_at', 'referrer_host'])
    .orderBy('last_seen_at', 'desc')
    .orderBy('path')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countNotFound(db: Db, search?: string): Promise<number> {
  const row = await notFoundFiltered(db, search)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Hides a path from the log and stops logging it (a row kept with `ignored = 1`). */
export async function ignoreNotFound(db: Db, path: string, at: string): Promise<void> {
  await db
    .insertInto('not_found_log')
    .values({ path, hits: 0, last_seen_at: at, referrer_host: null, ignored: 1 })
    .onConflict((oc) => oc.column('path').doUpdateSet({ ignored: 1 }))
    .execute();
}

/** Paths that now redirect leave the log: `path` itself, and with `under` every path below it too. */
export async function forgetNotFound(db: Db, path: string, under = false): Promise<void> {
  let query = db.deleteFrom('not_found_log').where('ignored', '=', 0);
  if (!under) query = query.where('path', '=', path);
  else {
    // substr, not LIKE: SQLite's LIKE ignores case, and addresses do not.
    const below = `${path}/`;
    query = query.where((eb) =>
      eb.or([eb('path', '=', path || '/'), eb(sql<string>`substr(path, 1, ${below.length})`, '=', below)]),
    );
  }
  await query.execute();
}

/** Every rule with its dates by id, a batch at a time (the site export). */
export async function* ruleRowBatches(db: Db, size = 1000): AsyncGenerator<RuleRow[]> {
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('redirects')
      .select(['id', 'from_path', 'to_path', 'status', 'created_at', 'updated_at'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(size)
      .execute();
    if (!rows.length) return;
    yield rows;
    after = rows[rows.length - 1]!.id;
  }
}

/** Removes every rule (a restored site export brings its own; the site is new). */
export async function deleteAllRules(trx: Db): Promise<void> {
  await trx.deleteFrom('redirects').execute();
}

/** Deletes the rules an import made. */
export async function deleteImported(db: Db, importId: string): Promise<number> {
  const result = await db.deleteFrom('redirects').where('import_id', '=', importId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
