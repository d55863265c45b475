/**
 * The pure part of redirects (docs/product.md#redirects): how a source and a target are written, which
 * rule answers a path, and how a new rule is checked against the others (loops refused, chains collapsed).
 * No SQL and no I/O: the service feeds it rows, the benchmark (scripts/bench-redirects.ts) feeds it 10,000.
 */

export const REDIRECT_STATUSES = [301, 302, 410] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

export interface Rule {
  id: string;
  /** `/old` (exact) or `/old/*` (prefix). */
  from: string;
  /** A path or an absolute http(s) address; `/new/*` for a prefix rule; empty for a 410. */
  to: string;
  status: RedirectStatus;
}

/** Where public requests are never redirected, nor logged as not found (`/api/r/…`: counted newsletter links). */
export const RESERVED_PREFIXES = ['/admin', '/api', '/assets', '/uploads'] as const;

export const isReservedPath = (path: string) =>
  RESERVED_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`));

export const isPrefixPattern = (pattern: string) => pattern.endsWith('/*');

/** The path a prefix pattern covers, without its `/*`: `/old/*` → `/old`. */
export const baseOf = (pattern: string) => pattern.slice(0, -2);

/** A path as requests send it: percent-encoded, no trailing slash (but `/`), no query. */
export function normalizePath(path: string): string {
  let pathname: string;
  try {
    // Appended to an origin rather than resolved against it: `//host/x` stays a path, never a host.
    pathname = new URL(`http://site.invalid${path.startsWith('/') ? '' : '/'}${path}`).pathname;
  } catch {
    return path;
  }
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

/**
 * A query as an imported source holds it (`p=12`): its pairs sorted, each encoded one way, so `/?p=12`
 * from an old WordPress site matches however a browser spells it. Only imports make such sources
 * (docs/product.md#import); rules made by hand never have a query.
 */
export function normalizeQuery(query: string): string {
  const params = new URLSearchParams(query);
  params.sort();
  return params.toString();
}

/** The exact sources a request with a query may match: the whole query, then each of its pairs alone. */
export function querySources(path: string, query: string): string[] {
  const params = new URLSearchParams(query);
  const pairs = [...params].map(([key, value]) => new URLSearchParams([[key, value]]).toString());
  return [...new Set([normalizeQuery(query), ...pairs])].filter(Boolean).map((q) => `${path}?${q}`);
}

/** A source as stored: a normalized path, with `/*` kept for a prefix rule. */
export function normalizeSource(from: string): string {
  const trimmed = from.trim();
  if (isPrefixPattern(trimmed)) {
    const base = normalizePath(baseOf(trimmed));
    return `${base === '/' ? '' : base}/*`;
  }
  return normalizePath(trimmed);
}

export const isAbsolute = (to: string) => /^https?:\/\//i.test(to);

/** A target as stored: an absolute address as typed, a path normalized (its query kept), `/*` kept. */
export function normalizeTarget(to: string): string {
  const trimmed = to.trim();
  if (!trimmed || isAbsolute(trimmed)) return trimmed;
  const at = trimmed.indexOf('?');
  const path = at < 0 ? trimmed : trimmed.slice(0, at);
  const query = at < 0 ? '' : trimmed.slice(at);
  if (isPrefixPattern(path)) {
    const base = normalizePath(baseOf(path));
    return `${base === '/' ? '' : base}/*${query}`;
  }
  return normalizePath(path) + query;
}

/** The address a rule sends `path` to (the rest of the path carried over for a prefix rule), without query. */
export function targetFor(rule: Pick<Rule, 'from' | 'to'>, path: string): string {
  if (!isPrefixPattern(rule.from)) return rule.to;
  const rest = path.slice(baseOf(rule.from).length); // '' or '/…'
  const at = rule.to.indexOf('?');
  const to = at < 0 ? rule.to : rule.to.slice(0, at);
  const query = at < 0 ? '' : rule.to.slice(at);
  const base = isPrefixPattern(to) ? baseOf(to) : to;
  // `/old/*` → `/*` for `/old//evil.example` must not answer `//evil.example` (another site, to a browser).
  const target = base + rest || '/';
  return (target.startsWith('//') ? target.replace(/^\/+/, '/') : target) + query;
}

/** Adds a request's query string to a target (which may have one of its own). */
export function withQuery(target: string, query: string): string {
  if (!query) return target;
  return target + (target.includes('?') ? '&' : '?') + query;
}

/**
 * The rules held in memory by each process: a Map for exact sources and one for prefix bases, looked up
 * from the longest base of the path to the shortest (a handful of Map lookups whatever the number of rules).
 */
export class RuleSet {
  readonly exact = new Map<string, Rule>();
  readonly prefixes = new Map<string, Rule>();
  readonly byId = new Map<string, Rule>();
  /** Rules with a local exact target, by that target's path: the rules a new source may collapse. */
  readonly byTarget = new Map<string, Set<Rule>>();

  constructor(rules: Iterable<Rule>) {
    for (const rule of rules) this.add(rule);
  }

  get size() {
    return this.exact.size + this.prefixes.size;
  }

  /** The rule of this source (an exact path, or a prefix pattern). */
  bySource(from: string): Rule | undefined {
    return isPrefixPattern(from) ? this.prefixes.get(baseOf(from)) : this.exact.get(from);
  }

  all(): Rule[] {
    return [...this.byId.values()];
  }

  add(rule: Rule): void {
    if (isPrefixPattern(rule.from)) this.prefixes.set(baseOf(rule.from), rule);
    else this.exact.set(rule.from, rule);
    if (rule.from.includes('?')) this.querySourceCount++;
    this.byId.set(rule.id, rule);
    this.index(rule);
  }

  remove(rule: Rule): void {
    if (isPrefixPattern(rule.from)) this.prefixes.delete(baseOf(rule.from));
    else this.exact.delete(rule.from);
    if (rule.from.includes('?')) this.querySourceCount--;
    this.byId.delete(rule.id);
    this.unindex(rule);
  }

  retarget(rule: Rule, to: string): void {
    this.unindex(rule);
    rule.to = to;
    this.index(rule);
  }

  private targetKey(rule: Rule): string | undefined {
    if (rule.status === 410 || isAbsolute(rule.to)) return undefined;
    const path = pathOfTarget(rule.to);
    return isPrefixPattern(path) ? undefined : path;
  }

  private index(rule: Rule) {
    const key = this.targetKey(rule);
    if (key === undefined) return;
    let set = this.byTarget.get(key);
    if (!set) this.byTarget.set(key, (set = new Set()));
    set.add(rule);
  }

  private unindex(rule: Rule) {
    const key = this.targetKey(rule);
    if (key === undefined) return;
    const set = this.byTarget.get(key);
    set?.delete(rule);
    if (set?.size === 0) this.byTarget.delete(key);
  }

  /** Whether any exact source holds a query (only imports make those): else a query is never looked at. */
  get hasQuerySources(): boolean {
    return this.querySourceCount > 0;
  }
  private querySourceCount = 0;

  /**
   * The rule for a normalized path: an exact one first (with `query`, one whose source names that query
   * or one of its pairs, before the path alone), then the longest prefix that covers it.
   */
  match(path: string, query = ''): Rule | undefined {
    if (query && this.querySourceCount > 0) {
      for (const source of querySources(path, query)) {
        const rule = this.exact.get(source);
        if (rule) return rule;
      }
    }
    const exact = this.exact.get(path);
    if (exact) return exact;
    if (this.prefixes.size === 0) return undefined;
    let end = path.length;
    while (end > 0) {
      const rule = this.prefixes.get(path.slice(0, end));
      if (rule) return rule;
      end = path.lastIndexOf('/', end - 1);
    }
    return this.prefixes.get('');
  }
}

/** Whether a (normalized) local path falls under a source pattern. */
export function covers(from: string, path: string): boolean {
  if (!isPrefixPattern(from)) return from === path;
  const base = baseOf(from);
  return path === (base || '/') || path.startsWith(`${base}/`);
}

function pathOfTarget(to: string): string {
  const at = to.indexOf('?');
  return at < 0 ? to : to.slice(0, at);
}

export type Check =
  { ok: true; to: string; updates: Array<{ id: string; to: string }> } | { ok: false; loop: string[] };

/**
 * Checks a new or changed rule against the others (`others` never holds the rule itself):
 * - its target is followed through the other rules; reaching its own source again is a loop (refused);
 * - the target it ends at is the one stored (a → b, b → c: a new a is saved as a → c);
 * - rules that led to its source are made to lead where it leads (a → b exists, a new b → c makes a → c),
 *   where that is decidable: an exact rule onto the source, or a prefix rule onto the whole prefix.
 */
export function checkRule(rule: Omit<Rule, 'id'>, others: RuleSet, maxHops = 20): Check {
  if (rule.status === 410) {
    return { ok: true, to: '', updates: collapseOnto(rule, '', others) };
  }
  const seen = [rule.from];
  let to = rule.to;
  for (let hop = 0; hop < maxHops; hop++) {
    if (isAbsolute(to)) break;
    const path = pathOfTarget(isPrefixPattern(pathOfTarget(to)) ? baseOf(pathOfTarget(to)) || '/' : to);
    if (covers(rule.from, path)) return { ok: false, loop: [...seen, to] };
    const next = others.match(path);
    if (!next || next.status === 410) break;
    if (seen.includes(next.from)) return { ok: false, loop: [...seen, next.from] };
    seen.push(next.from);
    // A prefix target through an exact rule cannot be carried on: the chain stays as it is.
    if (isPrefixPattern(pathOfTarget(to)) && !isPrefixPattern(next.from)) break;
    if (isPrefixPattern(pathOfTarget(to))) {
      const query = to.slice(pathOfTarget(to).length);
      const mapped = targetFor(next, baseOf(pathOfTarget(to)) || '/');
      if (isAbsolute(mapped)) break;
      const mappedPath = pathOfTarget(mapped);
      to = `${mappedPath === '/' ? '' : mappedPath}/*${query || mapped.slice(mappedPath.length)}`;
    } else {
      const query = to.slice(pathOfTarget(to).length);
      const mapped = targetFor(next, path);
      to = query && !mapped.includes('?') ? mapped + query : mapped;
    }
  }
  if (
    !isAbsolute(to) &&
    covers(rule.from, pathOfTarget(isPrefixPattern(pathOfTarget(to)) ? baseOf(pathOfTarget(to)) || '/' : to))
  ) {
    return { ok: false, loop: [...seen, to] };
  }
  return { ok: true, to, updates: collapseOnto(rule, to, others) };
}

/** The other rules that lead onto `rule.from`, given the target they lead to once the rule is saved. */
function collapseOnto(rule: Omit<Rule, 'id'>, to: string, others: RuleSet): Array<{ id: string; to: string }> {
  if (rule.status === 410) return [];
  const updates: Array<{ id: string; to: string }> = [];
  // An exact source collapses only the rules whose target is that very path (an index lookup); a prefix
  // source looks at every rule.
  const candidates = isPrefixPattern(rule.from) ? others.all() : [...(others.byTarget.get(rule.from) ?? [])];
  for (const other of candidates) {
    if (other.status === 410 || isAbsolute(other.to)) continue;
    const otherTo = pathOfTarget(other.to);
    const otherQuery = other.to.slice(otherTo.length);
    if (isPrefixPattern(otherTo)) {
      // A whole prefix onto the source's whole prefix: /a/* → /b/*, new /b/* → /c/* makes /a/* → /c/*.
      if (!isPrefixPattern(rule.from) || !isPrefixPattern(to)) continue;
      if (!covers(rule.from, baseOf(otherTo) || '/')) continue;
      const mapped = targetFor({ from: rule.from, to }, baseOf(otherTo) || '/');
      const mappedPath = pathOfTarget(mapped);
      updates.push({
        id: other.id,
        to: `${mappedPath === '/' ? '' : mappedPath}/*${otherQuery || mapped.slice(mappedPath.length)}`,
      });
    } else if (covers(rule.from, otherTo)) {
      const mapped = targetFor({ from: rule.from, to }, otherTo);
      if (pathOfTarget(mapped) === other.from) continue;
      updates.push({ id: other.id, to: otherQuery && !mapped.includes('?') ? mapped + otherQuery : mapped });
    }
  }
  return updates;
}
