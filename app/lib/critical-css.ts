/**
 * The CSS a rendered page needs for its first paint: the rules of the site stylesheet that can match an
 * element of this page's HTML, in their original order. The server writes them into the page's <head>, so
 * the page paints from the HTML alone; the client entry loads the whole stylesheet after that paint, before
 * it hydrates (lib/site-stylesheet.ts), for what only appears later (modals, the open phone menu, validation
 * states). Rules are kept in order and only ever dropped, so when the whole sheet arrives nothing on screen
 * changes (no layout shift). See docs/decisions/0014-first-paint.md.
 *
 * The filter errs on the side of keeping: a selector stays unless it names a class that no element of the
 * page carries. Classes inside :not(), :is(), :where() and :has() do not count, element, attribute and id
 * selectors always stay, and so do @keyframes, @font-face and custom properties.
 */

interface Rule {
  /** The whole rule as written: `sel{…}` or an at-rule with its block. */
  text: string;
  /** Selector groups, each with the classes it requires; absent for rules that are always kept. */
  selectors?: { text: string; classes: string[] }[];
  body?: string;
  /** Nested rules of @media / @supports / @layer / @container. */
  children?: Rule[];
  prelude?: string;
}

const NESTING_AT_RULES = /^@(media|supports|layer|container)\b/;

/** Index of the brace that closes the block opened at `open`, skipping strings. */
function closingBrace(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const ch = css[i];
    if (ch === '"' || ch === "'") {
      i = css.indexOf(ch, i + 1);
      if (i < 0) return css.length - 1;
    } else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return i;
  }
  return css.length - 1;
}

/** Splits a selector list at top-level commas (not those inside :is(…) or attribute brackets). */
function splitSelectors(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const ch = list[i];
    if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts.map((s) => s.trim()).filter(Boolean);
}

/** The classes a selector requires; pseudo-class arguments and attribute values are left out. */
function requiredClasses(selector: string): string[] {
  let plain = selector.replace(/\[[^\]]*\]/g, '');
  // Drop functional pseudo-classes with their arguments, innermost first (they may nest).
  for (let before = ''; before !== plain;) {
    before = plain;
    plain = plain.replace(/:(?:not|is|where|has|nth-[a-z-]+|lang|dir)\([^()]*\)/g, '');
  }
  return [...plain.matchAll(/\.((?:\\.|[\w-])+)/g)].map((m) => m[1]!.replace(/\\(.)/g, '$1'));
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
    const open = css.indexOf('{', i);
    const semicolon = css.indexOf(';', i);
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
      const selectors = splitSelectors(prelude).map((s) => ({ text: s, classes: requiredClasses(s) }));
      rules.push({ text, selectors, body: css.slice(open + 1, close) });
    }
    i = close + 1;
  }
  return rules;
}

function keep(rules: Rule[], used: Set<string>): string {
  let out = '';
  for (const rule of rules) {
    if (rule.children) {
      const inner = keep(rule.children, used);
      if (inner) out += `${rule.prelude}{${inner}}`;
    } else if (rule.selectors) {
      const matching = rule.selectors.filter((s) => s.classes.every((c) => used.has(c)));
      if (matching.length === rule.selectors.length) out += rule.text;
      else if (matching.length) out += `${matching.map((s) => s.text).join(',')}{${rule.body}}`;
    } else {
      out += rule.text;
    }
  }
  return out;
}

/** Every class name on an element of the HTML. */
export function classesIn(html: string): Set<string> {
  const used = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) for (const name of match[1]!.split(/\s+/)) used.add(name);
  return used;
}

/** Class sets whose rules are kept picked: a site has a few page kinds, each with its few variants. */
const PICKED = 64;

/**
 * Prepares a stylesheet once; the answer picks a page's rules from it. Pages of one kind use the same
 * classes (every post, every category page), so the rules of a set of classes are picked once and reused:
 * walking the whole stylesheet was part of every uncached render.
 */
export function criticalCssOf(stylesheet: string): (html: string) => string {
  const rules = parse(stylesheet);
  const picked = new Map<string, string>();
  return (html) => {
    const used = classesIn(html);
    const key = [...used].sort().join(' ');
    let css = picked.get(key);
    if (css === undefined) {
      css = keep(rules, used);
      if (picked.size >= PICKED) picked.delete(picked.keys().next().value!);
      picked.set(key, css);
    }
    return css;
  };
}
