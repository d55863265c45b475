import { parse } from 'csv-parse/sync';
import { REDIRECT_MESSAGES } from '#shared/messages.ts';
import type { ExportedRedirect } from '#shared/site-export.ts';
import type { Db } from '#server/db/database.ts';
import { newId, now } from '#server/db/database.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '#server/errors.ts';
import type { ActivityActor, ActivityRecorder } from '#server/modules/activity/service.ts';
import type { SiteMeta } from '#server/modules/site-meta/service.ts';
import * as repo from './repository';
import {
  REDIRECT_STATUSES,
  RuleSet,
  baseOf,
  checkRule,
  covers,
  isAbsolute,
  isPrefixPattern,
  isReservedPath,
  normalizePath,
  normalizeQuery,
  normalizeSource,
  normalizeTarget,
  targetFor,
  withQuery,
  type RedirectStatus,
  type Rule,
} from './rules';

/** Rows the 404 log keeps (the least recently seen go first). */
export const NOT_FOUND_CAP = 5_000;
/** How often each process adds its counted hits and 404s to the database. */
const FLUSH_MS = 5_000;
/** Distinct paths a process counts between two flushes; more are dropped until the next flush. */
const PENDING_CAP = 5_000;
const MAX_ADDRESS = 1_000;
const MAX_IMPORT_ROWS = 20_000;
/** Rules of a site import written per transaction. */
const IMPORT_RULES_PER_TRANSACTION = 1_000;
/** The site-meta stamp every change of a rule moves. */
const STAMP = 'redirects';

export interface RedirectInput {
  from: string;
  to?: string;
  status: number;
}

export interface RedirectAnswer {
  status: RedirectStatus;
  /** The target with the request's query string; none for a 410. */
  location?: string;
}

export type Lookup = RedirectAnswer | null | 'stale';

export type AutomaticSource = (
  search: string | undefined,
  limit: number,
) => Promise<{ rows: Array<{ from: string; to: string; createdAt: string }>; total: number }>;

const toRule = (row: { id: string; from_path: string; to_path: string; status: number }): Rule => ({
  id: row.id,
  from: row.from_path,
  to: row.to_path,
  status: row.status as RedirectStatus,
});

export const toRedirect = (row: {
  id: string;
  from_path: string;
  to_path: string;
  status: number;
  hits: number | string;
  last_hit_at: string | null;
  created_at: string;
  updated_at: string;
  import_id?: string | null;
}) => ({
  _id: row.id,
  from: row.from_path,
  to: row.to_path,
  status: row.status,
  kind: isPrefixPattern(row.from_path) ? ('prefix' as const) : ('exact' as const),
  automatic: false,
  imported: !!row.import_id,
  hits: Number(row.hits) as number | null,
  lastHitAt: row.last_hit_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** A source and target checked on their own (the rules between rules are `checkRule`'s). */
function validate(input: RedirectInput): Omit<Rule, 'id'> {
  const rawFrom = input.from.trim();
  if (!rawFrom) throw new InvalidInputError(REDIRECT_MESSAGES.fromRequired, 'from');
  if (!rawFrom.startsWith('/') || rawFrom.startsWith('//') || /[?#\s]/.test(rawFrom) || rawFrom.length > MAX_ADDRESS) {
    throw new InvalidInputError(REDIRECT_MESSAGES.fromInvalid, 'from');
  }
  if (rawFrom.includes('*') && !/^[^*]*\/\*$/.test(rawFrom))
    throw new InvalidInputError(REDIRECT_MESSAGES.fromInvalid, 'from');
  const from = normalizeSource(rawFrom);
  if (from === '/*') throw new InvalidInputError(REDIRECT_MESSAGES.fromEverything, 'from');
  if (isReservedPath(isPrefixPattern(from) ? baseOf(from) : from)) {
    throw new InvalidInputError(REDIRECT_MESSAGES.fromReserved, 'from');
  }
  if (!(REDIRECT_STATUSES as readonly number[]).includes(input.status)) {
    throw new InvalidInputError(REDIRECT_MESSAGES.statusInvalid, 'status');
  }
  const status = input.status as RedirectStatus;
  const rawTo = (input.to ?? '').trim();
  if (status === 410) {
    if (rawTo) throw new InvalidInputError(REDIRECT_MESSAGES.toNotForGone, 'to');
    return { from, to: '', status };
  }
  if (!rawTo) throw new InvalidInputError(REDIRECT_MESSAGES.toRequired, 'to');
  const local = rawTo.startsWith('/') && !rawTo.startsWith('//');
  if ((!local && !isAbsolute(rawTo)) || /[\s#]/.test(rawTo) || rawTo.length > MAX_ADDRESS) {
    throw new InvalidInputError(REDIRECT_MESSAGES.toInvalid, 'to');
  }
  if (isAbsolute(rawTo)) {
    try {
      new URL(rawTo);
    } catch {
      throw new InvalidInputError(REDIRECT_MESSAGES.toInvalid, 'to');
    }
  }
  const to = normalizeTarget(rawTo);
  const toPath = to.split('?')[0]!;
  if (toPath.includes('*') && !toPath.endsWith('/*')) throw new InvalidInputError(REDIRECT_MESSAGES.toInvalid, 'to');
  if (isPrefixPattern(from) && !isPrefixPattern(toPath))
    throw new InvalidInputError(REDIRECT_MESSAGES.prefixTarget, 'to');
  if (!isPrefixPattern(from) && isPrefixPattern(toPath)) {
    throw new InvalidInputError(REDIRECT_MESSAGES.prefixOnlyFromPrefix, 'to');
  }
  return { from, to, status };
}

/**
 * Settings → Redirects (docs/product.md#redirects, docs/decisions/0032-redirects.md): the rules, answered
 * before routing from a set each process holds in memory and reloads when the content version moves (every
 * change of a rule bumps it, so other processes hear of it like of any edit); their hits and the 404 log,
 * counted in memory and added to the database every few seconds.
 */
export function createRedirectsService(deps: {
  db: Db;
  siteMeta: SiteMeta;
  activity: ActivityRecorder;
  flushMs?: number;
  /** Reports a failed background flush (logged by the caller). */
  onFlushError?: (err: unknown) => void;
  /**
   * The redirects other modules make by themselves (renamed posts, categories, tags, authors), listed
   * read-only beside the rules: each source's first `limit` by old address containing `search`, and its count.
   */
  automatic?: ReadonlyArray<AutomaticSource>;
}) {
  const { db, siteMeta, activity } = deps;
  const { contentVersion } = siteMeta;
  let loaded: { version: number; rules: RuleSet; stamp: string } | null = null;
  let loading: Promise<RuleSet> | null = null;
  const hits = new Map<string, { n: number; at: string }>();
  const notFound = new Map<string, { n: number; at: string; referrerHost: string | null }>();

  /**
   * The rules at `version`: read again only when their stamp moved (any change of a rule writes a new one
   * in its transaction), else the set held is kept and marked as of `version`. The stamp is read before the
   * rules, so rules newer than their stamp are read again next time, never the other way round.
   */
  async function load(version: number): Promise<RuleSet> {
    loading ??= (async () => {
      const stamp = (await siteMeta.readStamp(STAMP)) ?? '';
      if (loaded && loaded.stamp === stamp) {
        if (version > loaded.version) loaded = { ...loaded, version };
        return loaded.rules;
      }
      const rules = new RuleSet((await repo.allRules(db)).map(toRule));
      if (!loaded || version >= loaded.version) loaded = { version, rules, stamp };
      return rules;
    })().finally(() => {
      loading = null;
    });
    const rules = await loading;
    // A load that began before this version was read may be older: read again.
    if (loaded && loaded.version < version) return load(version);
    return rules;
  }

  function answerOf(rules: RuleSet, path: string, query: string, count: boolean): RedirectAnswer | null {
    const rule = rules.match(path, query);
    if (!rule) return null;
    if (count) countHit(rule.id);
    if (rule.status === 410) return { status: 410 };
    // An imported `/?p=12` leads to the post itself: the old query is what it was found by, not carried on.
    if (rule.from.includes('?')) return { status: rule.status, location: targetFor(rule, path) };
    return { status: rule.status, location: withQuery(targetFor(rule, path), query) };
  }

  function countHit(id: string) {
    const at = now();
    const pending = hits.get(id);
    if (pending) {
      pending.n += 1;
      pending.at = at;
    } else if (hits.size < PENDING_CAP) hits.set(id, { n: 1, at });
  }

  const split = (url: string) => {
    const at = url.indexOf('?');
    return at < 0 ? { path: url, query: '' } : { path: url.slice(0, at), query: url.slice(at + 1) };
  };

  async function flush(): Promise<void> {
    const hitBatch = [...hits];
    hits.clear();
    const notFoundBatch = [...notFound];
    notFound.clear();
    for (const [id, { n, at }] of hitBatch) await repo.addHits(db, id, n, at);
    await repo.addNotFound(
      db,
      notFoundBatch.map(([path, { n, at, referrerHost }]) => ({ path, hits: n, at, referrerHost })),
    );
    if (notFoundBatch.length) await repo.capNotFound(db, NOT_FOUND_CAP);
  }

  let flushing: Promise<void> | null = null;
  const flushNow = () => {
    flushing ??= flush().finally(() => {
      flushing = null;
    });
    return flushing;
  };
  const timer = setInterval(() => {
    if (!hits.size && !notFound.size) return;
    flushNow().catch((err: unknown) => deps.onFlushError?.(err));
  }, deps.flushMs ?? FLUSH_MS);
  timer.unref();

  /** After a change commits: this process's next request sees it (others hear the bump). */
  async function changed(): Promise<void> {
    const version = await contentVersion.refresh();
    await load(version);
  }

  /** The stored rules as a set, read inside `trx` (the checks of a save see what the save will change). */
  async function rulesIn(trx: Db): Promise<RuleSet> {
    return new RuleSet((await repo.allRules(trx)).map(toRule));
  }

  function refuseLoop(loop: string[]): never {
    throw new InvalidInputError(REDIRECT_MESSAGES.loop(loop.join(' → ')), 'to');
  }

  /** Saves one checked rule into `rules` (the set of the transaction) and the database; returns its id. */
  async function saveInto(trx: Db, rules: RuleSet, rule: Omit<Rule, 'id'>, id: string | null): Promise<Rule> {
    const existing = id ? rules.byId.get(id) : undefined;
    if (existing) rules.remove(existing);
    const clash = rules.bySource(rule.from);
    if (clash) {
      if (existing) rules.add(existing);
      throw new ConflictError(REDIRECT_MESSAGES.duplicate(rule.from), 'from');
    }
    const check = checkRule(rule, rules);
    if (!check.ok) {
      if (existing) rules.add(existing);
      refuseLoop(check.loop);
    }
    const at = now();
    const saved: Rule = { id: id ?? newId(), from: rule.from, to: check.to, status: rule.status };
    if (id)
      await repo.updateRule(trx, id, {
        from_path: saved.from,
        to_path: saved.to,
        status: saved.status,
        updated_at: at,
      });
    else {
      await repo.insertRule(trx, {
        id: saved.id,
        from_path: saved.from,
        to_path: saved.to,
        status: saved.status,
        created_at: at,
        updated_at: at,
      });
    }
    for (const update of check.updates) {
      await repo.updateRule(trx, update.id, { to_path: update.to, updated_at: at });
      const other = rules.byId.get(update.id);
      if (other) rules.retarget(other, update.to);
    }
    rules.add(saved);
    if (isPrefixPattern(saved.from)) await repo.forgetNotFound(trx, baseOf(saved.from), true);
    else await repo.forgetNotFound(trx, saved.from);
    return saved;
  }

  async function getRow(trx: Db, id: string) {
    const row = await repo.findRule(trx, id);
    if (!row) throw new NotFoundError(REDIRECT_MESSAGES.notFound);
    return row;
  }

  const target = (rule: Pick<Rule, 'id' | 'from'>) => ({ type: 'redirect' as const, id: rule.id, label: rule.from });

  return {
    /**
     * The answer for a request, from memory alone and without counting a hit (the request then goes on to
     * `answer`, which counts it): a redirect, null (no rule), or 'stale' when the rules
     * held are not those of `version` (or `version` is not known without waiting): then call `answer`.
     */
    peek(url: string, version: number | undefined): Lookup {
      if (!loaded || version === undefined || loaded.version !== version) return 'stale';
      const { path, query } = split(url);
      if (isReservedPath(path)) return null;
      return answerOf(loaded.rules, normalizePath(path), query, false);
    },

    /** The answer for a request, reading the version and the rules first when needed. */
    async answer(url: string): Promise<RedirectAnswer | null> {
      const { path, query } = split(url);
      if (isReservedPath(path)) return null;
      let rules = loaded?.rules;
      try {
        const version = await contentVersion.current();
        if (!loaded || loaded.version !== version) rules = await load(version);
      } catch {
        // The version or the rules could not be read (the database is away or slow): the rules last read
        // still answer (none before the first read), and the request goes on as it would have.
      }
      return rules ? answerOf(rules, normalizePath(path), query, true) : null;
    },

    /**
     * Makes the rules those of `version` (a page about to be cached at it): a page held at a version is then
     * never passed over by `peek` for rules of an older one. A failed read keeps the rules held.
     */
    async ensure(version: number): Promise<void> {
      if (loaded && loaded.version === version) return;
      await load(version).catch(() => undefined);
    },

    /** Counts a public 404 (path without query; only the referring host is kept). */
    notFound(url: string, referer: string | undefined): void {
      const path = normalizePath(split(url).path);
      if (isReservedPath(path) || path.length > MAX_ADDRESS || path.endsWith('.data')) return;
      let referrerHost: string | null = null;
      if (referer) {
        try {
          referrerHost = new URL(referer).host.slice(0, 255) || null;
        } catch {
          referrerHost = null;
        }
      }
      const at = now();
      const pending = notFound.get(path);
      if (pending) {
        pending.n += 1;
        pending.at = at;
        pending.referrerHost = referrerHost ?? pending.referrerHost;
      } else if (notFound.size < PENDING_CAP) notFound.set(path, { n: 1, at, referrerHost });
    },

    /** Adds the counts held in memory to the database now (tests, and the app's close). */
    flush: flushNow,

    stop(): Promise<void> {
      clearInterval(timer);
      return flushNow().catch((err: unknown) => deps.onFlushError?.(err));
    },

    /**
     * Whether a path is redirected by a rule (exact, or under a prefix): the check for anything that
     * would make a page at this address (docs/product.md#redirects, "Collisions").
     */
    async isRedirected(path: string): Promise<boolean> {
      const normalized = normalizePath(path);
      const froms = [normalized];
      for (let end = normalized.length; end > 0; end = normalized.lastIndexOf('/', end - 1)) {
        froms.push(`${normalized.slice(0, end)}/*`);
      }
      return (await repo.rulesFrom(db, froms)).some((r) => covers(r.from_path, normalized));
    },

    /** Refuses (409) a page address that a redirect rule takes. */
    async assertNotRedirected(path: string): Promise<void> {
      if (await this.isRedirected(path)) throw new ConflictError(REDIRECT_MESSAGES.collides(normalizePath(path)));
    },

    async list(query: { search?: string; page?: number; limit?: number }) {
      const limit = query.limit ?? 50;
      const page = query.page ?? 1;
      const filter = { search: query.search || undefined };
      const [rows, total] = await Promise.all([
        repo.listRules(db, filter, (page - 1) * limit, limit),
        repo.countRules(db, filter),
      ]);
      return { rows: rows.map(toRedirect), pageInfo: { page, limit, total, hasMore: page * limit < total } };
    },

    /**
     * A page of the automatic redirects (read-only, always 301, hits not counted): each source gives its
     * first rows up to the page's end, merged by old address.
     */
    async listAutomatic(query: { search?: string; page?: number; limit?: number }) {
      const limit = query.limit ?? 50;
      const page = query.page ?? 1;
      const results = await Promise.all(
        (deps.automatic ?? []).map((source) => source(query.search || undefined, page * limit)),
      );
      const total = results.reduce((sum, r) => sum + r.total, 0);
      const rows = results
        .flatMap((r) => r.rows)
        .sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0))
        .slice((page - 1) * limit, page * limit)
        .map((r) => ({
          _id: `automatic:${r.from}`,
          from: r.from,
          to: r.to,
          status: 301,
          kind: 'exact' as const,
          automatic: true,
          imported: false,
          hits: null,
          lastHitAt: null,
          createdAt: r.createdAt,
          updatedAt: r.createdAt,
        }));
      return { rows, pageInfo: { page, limit, total, hasMore: page * limit < total } };
    },

    async create(input: RedirectInput, actor: ActivityActor) {
      const rule = validate(input);
      const saved = await db.transaction().execute(async (trx) => {
        const rules = await rulesIn(trx);
        const made = await saveInto(trx, rules, rule, null);
        await siteMeta.writeStamp(trx, STAMP);
        await siteMeta.bumpContentVersion(trx);
        await activity.record(trx, {
          action: 'redirect.created',
          actor,
          target: target(made),
          detail: { to: made.to, status: made.status },
        });
        return getRow(trx, made.id);
      });
      await changed();
      return toRedirect(saved);
    },

    async update(id: string, input: RedirectInput, actor: ActivityActor) {
      const rule = validate(input);
      const saved = await db.transaction().execute(async (trx) => {
        await getRow(trx, id);
        const rules = await rulesIn(trx);
        const made = await saveInto(trx, rules, rule, id);
        await siteMeta.writeStamp(trx, STAMP);
        await siteMeta.bumpContentVersion(trx);
        await activity.record(trx, {
          action: 'redirect.changed',
          actor,
          target: target(made),
          detail: { to: made.to, status: made.status },
        });
        return getRow(trx, id);
      });
      await changed();
      return toRedirect(saved);
    },

    async remove(id: string, actor: ActivityActor) {
      await db.transaction().execute(async (trx) => {
        const row = await getRow(trx, id);
        await repo.deleteRule(trx, id);
        await siteMeta.writeStamp(trx, STAMP);
        await siteMeta.bumpContentVersion(trx);
        await activity.record(trx, {
          action: 'redirect.deleted',
          actor,
          target: { type: 'redirect', id, label: row.from_path },
        });
      });
      await changed();
      return { _id: id };
    },

    /**
     * Imports `from,to,status` rows (a header line first): each row is checked like a rule added by hand,
     * a source that has a rule already is changed; refused rows are reported with their line and reason.
     */
    async importCsv(csv: string, actor: ActivityActor) {
      let rows: string[][];
      try {
        rows = parse(csv, { skip_empty_lines: true, relax_column_count: true, trim: true, bom: true }) as string[][];
      } catch {
        throw new InvalidInputError(REDIRECT_MESSAGES.csvHeader, 'csv');
      }
      const header = (rows[0] ?? []).map((cell) => cell.toLowerCase());
      const column = { from: header.indexOf('from'), to: header.indexOf('to'), status: header.indexOf('status') };
      if (column.from < 0 || column.status < 0) throw new InvalidInputError(REDIRECT_MESSAGES.csvHeader, 'csv');
      if (rows.length - 1 > MAX_IMPORT_ROWS) throw new InvalidInputError(REDIRECT_MESSAGES.csvTooManyRows, 'csv');
      const refused: Array<{ line: number; from: string; message: string }> = [];
      let added = 0;
      let updated = 0;
      await db.transaction().execute(async (trx) => {
        const rules = await rulesIn(trx);
        for (let i = 1; i < rows.length; i++) {
          const row = rows[i]!;
          const from = row[column.from] ?? '';
          try {
            const rule = validate({
              from,
              to: column.to >= 0 ? row[column.to] : '',
              status: Number(row[column.status] ?? ''),
            });
            const existing = rules.bySource(rule.from);
            await saveInto(trx, rules, rule, existing?.id ?? null);
            if (existing) updated += 1;
            else added += 1;
          } catch (err) {
            if (!(err instanceof InvalidInputError) && !(err instanceof ConflictError)) throw err;
            refused.push({ line: i + 1, from, message: REDIRECT_MESSAGES.csvRow(i + 1, err.message) });
          }
        }
        if (added || updated) {
          await siteMeta.writeStamp(trx, STAMP);
          await siteMeta.bumpContentVersion(trx);
          await activity.record(trx, {
            action: 'redirects.imported',
            actor,
            target: { type: 'redirect', label: 'CSV' },
            detail: { added, updated, refused: refused.length },
          });
        }
      });
      if (added || updated) await changed();
      return { message: REDIRECT_MESSAGES.imported(added, updated, refused.length), added, updated, refused };
    },

    /**
     * The 301s of an import (docs/product.md#import): each old address of the old site to its new one,
     * marked with the import, in one transaction. A source that already has a rule keeps it (reported as
     * `existing`); one that would loop, or is the site's own (`/admin` …), is reported as refused.
     * Sources may hold a query (`/?p=12`), which rules made by hand never do.
     */
    async importRules(importId: string, rows: ReadonlyArray<{ from: string; to: string }>) {
      const added: Array<{ id: string; from: string }> = [];
      const existing: string[] = [];
      const refused: string[] = [];
      // Read once: an import's 50,000 old addresses are checked against the rules in memory, and written
      // in short transactions, never all rules read again per batch.
      const rules = await rulesIn(db);
      let anyMade = false;
      for (let i = 0; i < rows.length; i += IMPORT_RULES_PER_TRANSACTION) {
        const chunk = rows.slice(i, i + IMPORT_RULES_PER_TRANSACTION);
        const made = await db.transaction().execute(async (trx) => {
          // Checked one after another against the rules in memory (a rule of this chunk is one the next
          // row's check must see), then written in one statement.
          const planned: Array<{ rule: Rule; updates: Array<{ id: string; to: string }> }> = [];
          for (const row of chunk) {
            const at = row.from.indexOf('?');
            const path = normalizePath(at < 0 ? row.from : row.from.slice(0, at));
            const query = at < 0 ? '' : normalizeQuery(row.from.slice(at + 1));
            const from = query ? `${path}?${query}` : path;
            const to = normalizeTarget(row.to);
            if (rules.bySource(from)) {
              existing.push(from);
              continue;
            }
            const check =
              isReservedPath(path) || from.length > MAX_ADDRESS || (!query && path === to)
                ? null
                : checkRule({ from, to, status: 301 }, rules);
            if (!check?.ok) {
              refused.push(from);
              continue;
            }
            const rule: Rule = { id: newId(), from, to: check.to, status: 301 };
            for (const update of check.updates) {
              const other = rules.byId.get(update.id);
              if (other) rules.retarget(other, update.to);
            }
            rules.add(rule);
            planned.push({ rule, updates: check.updates });
          }
          const stamp = now();
          const inserted = await repo.insertRulesIfNew(
            trx,
            planned.map(({ rule }) => ({
              id: rule.id,
              from_path: rule.from,
              to_path: rule.to,
              status: 301,
              created_at: stamp,
              updated_at: stamp,
              import_id: importId,
            })),
          );
          for (const { rule, updates } of planned) {
            // A rule of the same source made meanwhile by someone else stays theirs.
            if (!inserted.has(rule.from)) {
              existing.push(rule.from);
              continue;
            }
            for (const update of updates) await repo.retargetForImport(trx, update.id, update.to, stamp, importId);
            added.push({ id: rule.id, from: rule.from });
          }
          if (inserted.size) {
            await siteMeta.writeStamp(trx, STAMP);
            await siteMeta.bumpContentVersion(trx);
          }
          return inserted.size;
        });
        anyMade ||= made > 0;
      }
      // Each transaction bumped the content version, so other processes read the rules again on their next
      // request; this one reads them once at the end, not once per transaction (40 reads of a growing set
      // for an import's 40,000 addresses).
      if (anyMade) await changed();
      return { added, existing, refused };
    },

    /** Removes every redirect an import made and points the rules it moved back (Undo of an import); answers how many. */
    async removeImported(importId: string): Promise<number> {
      const removed = await db.transaction().execute(async (trx) => {
        const n = (await repo.deleteImported(trx, importId)) + (await repo.restoreRetargeted(trx, importId, now()));
        if (n) {
          await siteMeta.writeStamp(trx, STAMP);
          await siteMeta.bumpContentVersion(trx);
        }
        return n;
      });
      if (removed) await changed();
      return removed;
    },

    /** Every rule, by source, a batch at a time (the CSV export). */
    exportBatches: () => repo.ruleBatches(db),

    /** Every rule with its id and dates, a batch at a time (the site export, docs/product.md#export). */
    async *exportRules(): AsyncGenerator<ExportedRedirect[]> {
      for await (const rows of repo.ruleRowBatches(db)) {
        yield rows.map((r) => ({
          id: r.id,
          from: r.from_path,
          to: r.to_path,
          status: r.status,
          createdAt: r.created_at,
          updatedAt: r.updated_at,
        }));
      }
    },

    countRules: () => repo.countRules(db, {}),

    /** The rules of a restored site export, with their ids and dates, in place of any (the site is new). */
    async restoreRules(trx: Db, rules: readonly ExportedRedirect[]): Promise<void> {
      await repo.deleteAllRules(trx);
      for (const r of rules) {
        await repo.insertRule(trx, {
          id: r.id,
          from_path: r.from,
          to_path: r.to,
          status: r.status,
          created_at: r.createdAt,
          updated_at: r.updatedAt,
        });
      }
      await siteMeta.writeStamp(trx, STAMP);
    },

    /** After a restore commits: this process answers the new rules at once. */
    reloadRules: () => changed(),

    async listNotFound(query: { search?: string; page?: number; limit?: number }) {
      const limit = query.limit ?? 50;
      const page = query.page ?? 1;
      const [rows, total] = await Promise.all([
        repo.listNotFound(db, query.search || undefined, (page - 1) * limit, limit),
        repo.countNotFound(db, query.search || undefined),
      ]);
      return {
        rows: rows.map((r) => ({
          path: r.path,
          hits: Number(r.hits),
          lastSeenAt: r.last_seen_at,
          referrerHost: r.referrer_host,
        })),
        pageInfo: { page, limit, total, hasMore: page * limit < total },
      };
    },

    /** Hides a path from the 404 log and stops counting it. */
    async ignore(path: string) {
      const normalized = normalizePath(path);
      notFound.delete(normalized);
      await repo.ignoreNotFound(db, normalized, now());
      return { path: normalized };
    },
  };
}
export type RedirectsService = ReturnType<typeof createRedirectsService>;
