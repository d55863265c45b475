/**
 * The CSS a rendered page needs for its first paint: the rules of the site stylesheet that can match an
 * element of this page's HTML, in their original order. The server writes them into the page's <head>, so
 * the page paints from the HTML alone; the client entry loads the whole stylesheet after that paint, before
 * it hydrates (./site-stylesheet.ts), for what only appears later (modals, the open phone menu, validation
 * states). Rules are kept in order and only ever dropped, so when the whole sheet arrives nothing on screen
 * changes (no layout shift). See docs/decisions/0014-first-paint.md.
 *
 * The pick errs on the side of keeping: a selector stays unless it names a class, or an attribute, that
 * no element of the page carries (./selector-needs.ts); element and id selectors always stay, and so do
 * @keyframes and @font-face. A custom property declaration is left out when nothing kept reads it (var(),
 * a style() query …) and the page's HTML does not name it: Bootstrap declares hundreds, and they were a
 * fifth of a page's inline CSS. The stylesheet was read into rules at build time (./critical-rules.ts):
 * here rules are only picked.
 */

import { LRUCache } from 'lru-cache';
import {
  isGroup,
  isStyle,
  type CriticalRule,
  type Declaration,
  type Selector,
  type StyleRule,
} from './critical-rules.ts';
import { pageUse, type PageUse } from './page-use.ts';

function addAll(into: Set<string>, names: string[] | undefined) {
  if (names) for (const name of names) into.add(name);
}

const joined = (selectors: Selector[], declarations: Declaration[]) =>
  `${selectors.map((s) => s.text).join(',')}{${declarations.map((d) => d.text).join(';')}}`;

/** A style rule as far as the page can use it, or ''. The custom properties it reads go into `reads`. */
function keepStyle(rule: StyleRule, used: PageUse, read: Set<string> | undefined, reads: Set<string>): string {
  const matching = rule.selectors.filter(
    (s) =>
      (s.classes ?? []).every((c) => used.classes.has(c)) && (s.attributes ?? []).every((a) => used.attributes.has(a)),
  );
  if (!matching.length) return '';
  const unread = (d: Declaration) => read !== undefined && d.property !== undefined && !read.has(d.property);
  const declarations = rule.declarations.some(unread) ? rule.declarations.filter((d) => !unread(d)) : rule.declarations;
  const whole = matching.length === rule.selectors.length && declarations === rule.declarations;
  // A rule left with no declaration goes (a rule written empty stays, as written).
  if (!whole && !declarations.length) return '';
  for (const selector of matching) addAll(reads, selector.reads);
  for (const declaration of declarations) addAll(reads, declaration.reads);
  return whole ? (rule.text ?? joined(matching, declarations)) : joined(matching, declarations);
}

/**
 * The rules of `rules` the page can use, as CSS, and the custom properties they read (into `reads`). With
 * `read`, a custom property declaration stays only if its property is in it.
 */
function keep(rules: CriticalRule[], used: PageUse, read: Set<string> | undefined, reads: Set<string>): string {
  let out = '';
  for (const rule of rules) {
    if (isGroup(rule)) {
      const inner = keep(rule.rules, used, read, reads);
      // An emptied @layer stays: the order layers are first named in decides their precedence, also once
      // the whole stylesheet has been added after these rules.
      if (inner || rule.prelude.startsWith('@layer')) {
        out += `${rule.prelude}{${inner}}`;
        addAll(reads, rule.reads);
      }
    } else if (isStyle(rule)) out += keepStyle(rule, used, read, reads);
    else {
      out += rule.text;
      addAll(reads, rule.reads);
    }
  }
  return out;
}

/**
 * The kept rules without the custom property declarations nothing kept reads and the HTML does not name.
 * Repeated until nothing more goes, since a property that only a left-out one read is unread too.
 */
function keepRead(rules: CriticalRule[], used: PageUse, namedInHtml: string[]): string {
  let reads = new Set<string>();
  let css = keep(rules, used, undefined, reads);
  for (;;) {
    const read = new Set([...namedInHtml, ...reads]);
    reads = new Set();
    const next = keep(rules, used, read, reads);
    if (next === css) return css;
    css = next;
  }
}

/** Every `--name` the HTML writes (inline styles, SVG attributes, text): each may read the stylesheet's. */
const namedIn = (html: string) => new Set(html.match(/--[\w-]+/g));

/** The attribute names and custom properties the rules ask for or declare: all a page is looked at for. */
function vocabularyOf(rules: CriticalRule[], into = { attributes: new Set<string>(), properties: new Set<string>() }) {
  for (const rule of rules) {
    if (isGroup(rule)) vocabularyOf(rule.rules, into);
    if (!isStyle(rule)) continue;
    for (const selector of rule.selectors) addAll(into.attributes, selector.attributes);
    for (const declaration of rule.declarations) if (declaration.property) into.properties.add(declaration.property);
  }
  return into;
}

/** Rule sets kept picked: a site has a few page kinds, each with its few variants. */
const PICKED = 64;

/**
 * The pick for a stylesheet's rules: the answer gives a page's critical CSS. Pages of one kind use the same
 * classes and attributes (every post, every category page), so the rules for one such set are picked once
 * and reused: walking the whole stylesheet was part of every uncached render.
 */
export function criticalCssPicker(rules: CriticalRule[]): (html: string) => string {
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
