/**
 * The CSS a rendered page needs for its first paint: the rules of the site stylesheet that can match an
 * element of this page's HTML, in their original order. The server writes them into the page's <head>, so
 * the page paints from the HTML alone; the client entry loads the whole stylesheet after that paint, before
 * it hydrates (./site-stylesheet.ts), for what only appears later (modals, the open phone menu, validation
 * states). Rules are kept in order and only ever dropped, so when the whole sheet arrives nothing on screen
 * changes (no layout shift). See docs/decisions/0014-first-paint.md.
 *
 * The filter errs on the side of keeping: a selector stays unless it names a class, or an attribute, that
 * no element of the page carries. What stands inside a functional pseudo-class (:not(), :is(), :has() …)
 * does not count; element and id selectors always stay, and so do @keyframes and @font-face. A custom
 * property declaration is left out when nothing kept reads it (var(), a style() query …) and the page's
 * HTML does not name it: Bootstrap declares hundreds, and they were a fifth of a page's inline CSS.
 */

import { LRUCache } from 'lru-cache';

interface Rule {
  /** The whole rule as written: `sel{…}` or an at-rule with its block. */
  text: string;
  /** Selector groups, each with the classes and attributes it requires; absent for rules always kept. */
  selectors?: { text: string; classes: string[]; attributes: string[] }[];
  /** A style rule's declarations, each as written without its `;`, with the custom property it sets. */
  declarations?: { text: string; property?: string }[];
  /** Nested rules of @media / @supports / @layer / @container. */
  children?: Rule[];
  prelude?: string;
}

const NESTING_AT_RULES = /^@(media|supports|layer|container)\b/;

/**
 * Where the token at `i` ends when it is one whose inside the structure must not read: a string (escapes
 * included), a comment or an escaped character. Otherwise `i` itself.
 */
function opaqueEnd(css: string, i: number): number {
  const ch = css[i];
  if (ch === '\\') return i + 1;
  if (ch === '"' || ch === "'") {
    for (let j = i + 1; j < css.length; j++) {
      if (css[j] === '\\') j++;
      else if (css[j] === ch) return j;
    }
    return css.length - 1;
  }
  if (ch === '/' && css[i + 1] === '*') {
    const end = css.indexOf('*/', i + 2);
    return end < 0 ? css.length - 1 : end + 1;
  }
  return i;
}

/** The index of the first `ch` from `from` outside strings and comments, or -1. */
function indexOutside(css: string, ch: '{' | ';', from: number): number {
  for (let i = from; i < css.length; i++) {
    const skipped = opaqueEnd(css, i);
    if (skipped !== i) i = skipped;
    else if (css[i] === ch) return i;
  }
  return -1;
}

/** Index of the brace that closes the block opened at `open`. */
function closingBrace(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const skipped = opaqueEnd(css, i);
    if (skipped !== i) i = skipped;
    else if (css[i] === '{') depth++;
    else if (css[i] === '}' && --depth === 0) return i;
  }
  return css.length - 1;
}

/**
 * Splits `text` at each `separator` outside brackets, strings and comments (a selector list at its commas,
 * not those inside :is(…); a block's body at the `;` between declarations, not those inside url(…)).
 */
function splitTopLevel(text: string, separator: ',' | ';'): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const skipped = opaqueEnd(text, i);
    if (skipped !== i) i = skipped;
    else if (text[i] === '(' || text[i] === '[' || text[i] === '{') depth++;
    else if (text[i] === ')' || text[i] === ']' || text[i] === '}') depth--;
    else if (text[i] === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/**
 * A selector reduced to what it requires of an element: its strings emptied (a value may hold `[`, `(` or
 * `.`), then the arguments of its functional pseudo-classes dropped, innermost first as they may nest.
 */
function requiredPart(selector: string): string {
  let plain = selector.replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/g, '""');
  for (let before = ''; before !== plain;) {
    before = plain;
    plain = plain.replace(/::?[\w-]+\([^()]*\)/g, '');
  }
  return plain;
}

/** The classes a selector requires. */
function requiredClasses(selector: string): string[] {
  const plain = requiredPart(selector).replace(/\[[^\]]*\]/g, '');
  return [...plain.matchAll(/\.((?:\\.|[\w-])+)/g)].map((m) => m[1]!.replace(/\\(.)/g, '$1'));
}

/**
 * The attribute names a selector requires, lower case: `[data-bs-theme=dark]` needs `data-bs-theme`,
 * `[xlink\:href]` needs `xlink:href`, a namespaced `[xlink|href]` needs `href`.
 */
function requiredAttributes(selector: string): string[] {
  return [...requiredPart(selector).matchAll(/\[\s*(?:(?:[\w-]*|\*)\|(?!=))?((?:\\.|[\w-])+)/g)].map((m) =>
    m[1]!.replace(/\\(.)/g, '$1').toLowerCase(),
  );
}

function parse(css: string): Rule[] {
  const rules: Rule[] = [];
  let i = 0;
  while (i < css.length) {
    while (i < css.length && /\s/.test(css[i]!)) i++;
    if (i >= css.length) break;
    if (css.startsWith('/*', i)) {
      i = css.indexOf('*/', i + 2) + 2 || css.length;
      continue;
    }
    // A selector's string may hold `{` or `;` (`[title="{"]`).
    const open = indexOutside(css, '{', i);
    const semicolon = indexOutside(css, ';', i);
    // A statement at-rule (@charset, @import) has no block.
    if (css[i] === '@' && semicolon >= 0 && (open < 0 || semicolon < open)) {
      rules.push({ text: css.slice(i, semicolon + 1) });
      i = semicolon + 1;
      continue;
    }
    if (open < 0) break;
    const close = closingBrace(css, open);
    const prelude = css.slice(i, open).trim();
    const text = css.slice(i, close + 1);
    if (NESTING_AT_RULES.test(prelude)) {
      rules.push({ text, prelude, children: parse(css.slice(open + 1, close)) });
    } else if (prelude.startsWith('@')) {
      rules.push({ text });
    } else {
      const selectors = splitTopLevel(prelude, ',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map((s) => ({
          text: s,
          classes: requiredClasses(s),
          attributes: requiredAttributes(s),
        }));
      rules.push({ text, selectors, declarations: declarationsOf(css.slice(open + 1, close)) });
    }
    i = close + 1;
  }
  return rules;
}

/** A block's declarations as written (not trimmed: `--x: ;` must keep its space to stay valid). */
function declarationsOf(body: string): { text: string; property?: string }[] {
  return splitTopLevel(body, ';')
    .filter((text) => text.trim())
    .map((text) => ({ text, property: /^\s*(--[\w-]+)\s*:/.exec(text)?.[1] }));
}

/** What of a page the filter looks at: the classes and attribute names its elements carry. */
interface PageUse {
  classes: Set<string>;
  attributes: Set<string>;
}

/**
 * The rules of `rules` the page can use, as CSS. With `read`, a custom property declaration stays only if
 * its property is in it (and a rule left with no declaration goes).
 */
function keep(rules: Rule[], used: PageUse, read?: Set<string>): string {
  let out = '';
  for (const rule of rules) {
    if (rule.children) {
      const inner = keep(rule.children, used, read);
      // An emptied @layer stays: the order layers are first named in decides their precedence, also once
      // the whole stylesheet has been added after these rules.
      if (inner || rule.prelude!.startsWith('@layer')) out += `${rule.prelude}{${inner}}`;
    } else if (rule.selectors) {
      const matching = rule.selectors.filter(
        (s) => s.classes.every((c) => used.classes.has(c)) && s.attributes.every((a) => used.attributes.has(a)),
      );
      if (!matching.length) continue;
      const unread = (d: { property?: string }) => read && d.property && !read.has(d.property);
      const declarations = rule.declarations!.some(unread)
        ? rule.declarations!.filter((d) => !unread(d))
        : rule.declarations!;
      if (matching.length === rule.selectors.length && declarations === rule.declarations) out += rule.text;
      else if (declarations.length)
        out += `${matching.map((s) => s.text).join(',')}{${declarations.map((d) => d.text).join(';')}}`;
    } else {
      out += rule.text;
    }
  }
  return out;
}

/**
 * The custom properties `css` reads: every `--name` that does not start a declaration (var() in any case,
 * a `style(--x: y)` query, @property …). Declarations start after `{` or `;`.
 */
function readsIn(css: string): Set<string> {
  const reads = new Set<string>();
  for (const match of css.matchAll(/([{;]?)\s*(--[\w-]+)/g)) if (!match[1]) reads.add(match[2]!);
  return reads;
}

/** Every `--name` the HTML writes (inline styles, SVG attributes, text): each may read the stylesheet's. */
const namedIn = (html: string) => new Set(html.match(/--[\w-]+/g));

/**
 * The kept rules without the custom property declarations nothing reads (`readsIn` the kept CSS) and
 * the HTML does not name. Repeated until nothing more goes, since a property that only a left-out one
 * read is unread too.
 */
function keepRead(rules: Rule[], used: PageUse, namedInHtml: Iterable<string>): string {
  let css = keep(rules, used);
  for (let before = ''; css !== before;) {
    before = css;
    css = keep(rules, used, new Set([...readsIn(css), ...namedInHtml]));
  }
  return css;
}

/**
 * A character of an attribute name as this site's HTML writes them (React, the sanitizer): ASCII letters,
 * digits, `-`, `_`, `:`, `.`. A name with other characters is not found, which only matters if a rule asks
 * for it, and the rules' names are read with the same characters.
 */
function isNameCode(code: number): boolean {
  return (
    (code >= 97 && code <= 122) ||
    (code >= 65 && code <= 90) ||
    (code >= 48 && code <= 57) ||
    code === 45 ||
    code === 95 ||
    code === 58 ||
    code === 46
  );
}

/**
 * The classes and the attribute names (lower case: React writes `readOnly=""`) of the HTML, in one pass
 * from each `="` back to its name: a pass of `indexOf`, where one regular expression per name took 5 % of an
 * uncached render. It reads every `="`, a class's value included, so a `class="` in a post's text (the
 * sanitizer leaves `"` in text as it is) cannot hide the attributes after it; a `="` that is not an
 * attribute only adds names, whose rules then stay, as the filter errs on keeping. A value-less attribute
 * (`allowfullscreen`, which the sanitizer may write) is found by `criticalCssOf` for the names it asks for.
 */
export function pageUse(html: string): PageUse {
  const classes = new Set<string>();
  const attributes = new Set<string>();
  for (let at = html.indexOf('="'); at >= 0; at = html.indexOf('="', at + 2)) {
    let start = at;
    while (start > 0 && isNameCode(html.charCodeAt(start - 1))) start--;
    if (start === at) continue;
    const name = html.slice(start, at).toLowerCase();
    attributes.add(name);
    // `xlink:href` is also `href` in its namespace, which `[xlink|href]` asks for.
    if (name.includes(':')) attributes.add(name.slice(name.lastIndexOf(':') + 1));
    if (name !== 'class') continue;
    const end = html.indexOf('"', at + 2);
    if (end < 0) break;
    for (const c of html.slice(at + 2, end).split(/\s+/)) if (c) classes.add(c);
  }
  return { classes, attributes };
}

/** The attribute names and custom properties the rules ask for or declare: all a page is looked at for. */
function vocabularyOf(rules: Rule[], into = { attributes: new Set<string>(), properties: new Set<string>() }) {
  for (const rule of rules) {
    if (rule.children) vocabularyOf(rule.children, into);
    for (const selector of rule.selectors ?? []) for (const name of selector.attributes) into.attributes.add(name);
    for (const declaration of rule.declarations ?? [])
      if (declaration.property) into.properties.add(declaration.property);
  }
  return into;
}

/** Rule sets kept picked: a site has a few page kinds, each with its few variants. */
const PICKED = 64;

/**
 * Prepares a stylesheet once; the answer picks a page's rules from it. Pages of one kind use the same
 * classes and attributes (every post, every category page), so the rules for one such set are picked once
 * and reused: walking the whole stylesheet was part of every uncached render.
 */
export function criticalCssOf(stylesheet: string): (html: string) => string {
  const rules = parse(stylesheet);
  const vocabulary = vocabularyOf(rules);
  const asked = [...vocabulary.attributes];
  // The asked-for names written without a value, in any case: one pass for all (one per name cost 30 µs).
  const bare = new RegExp(`\\s(${asked.map((name) => name.replace(/[^\w-]/g, '\\$&')).join('|')})(?=[\\s/>])`, 'gi');
  const picked = new LRUCache<string, string>({ max: PICKED });
  return (html) => {
    const seen = pageUse(html);
    if (asked.length) for (const match of html.matchAll(bare)) seen.attributes.add(match[1]!.toLowerCase());
    // Only what the rules can ask for goes into the key: a post's own attributes (colspan, srcset …) or
    // `--` in its text must not make its kind of page a new entry.
    const used = { classes: seen.classes, attributes: new Set(asked.filter((name) => seen.attributes.has(name))) };
    const named = [...namedIn(html)].filter((name) => vocabulary.properties.has(name));
    // Joined with what no name can hold (a class has no whitespace), so two pages never share a key.
    const key = [[...used.classes].sort(), [...used.attributes].sort(), named.sort()]
      .map((l) => l.join(' '))
      .join('\n');
    let css = picked.get(key);
    if (css === undefined) {
      css = keepRead(rules, used, named);
      picked.set(key, css);
    }
    return css;
  };
}
