/**
 * The CSS a rendered page needs for its first paint: the rules of the site stylesheet that can match an
 * element of this page's HTML, in their original order. The server writes them into the page's <head>, so
 * the page paints from the HTML alone; the client entry loads the whole stylesheet after that paint, before
 * it hydrates (lib/site-stylesheet.ts), for what only appears later (modals, the open phone menu, validation
 * states). Rules are kept in order and only ever dropped, so when the whole sheet arrives nothing on screen
 * changes (no layout shift). See docs/decisions/0014-first-paint.md.
 *
 * The filter errs on the side of keeping: a selector stays unless it names a class, or an attribute, that
 * no element of the page carries. Classes and attributes inside :not(), :is(), :where() and :has() do not
 * count; element and id selectors always stay, and so do @keyframes and @font-face. A custom property is
 * left out of the kept rules when nothing kept (and no inline style of the page) reads it with var():
 * Bootstrap declares hundreds, and they were a sixth of a page's inline CSS.
 */

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

/** A selector without the arguments of its functional pseudo-classes (innermost first: they may nest). */
function withoutPseudoArguments(selector: string): string {
  let plain = selector;
  for (let before = ''; before !== plain;) {
    before = plain;
    plain = plain.replace(/:(?:not|is|where|has|nth-[a-z-]+|lang|dir)\([^()]*\)/g, '');
  }
  return plain;
}

/** The classes a selector requires; pseudo-class arguments and attribute values are left out. */
function requiredClasses(selector: string): string[] {
  const plain = withoutPseudoArguments(selector.replace(/\[[^\]]*\]/g, ''));
  return [...plain.matchAll(/\.((?:\\.|[\w-])+)/g)].map((m) => m[1]!.replace(/\\(.)/g, '$1'));
}

/** The attribute names a selector requires (`[data-bs-theme=dark]` needs `data-bs-theme`), lower case. */
function requiredAttributes(selector: string): string[] {
  return [...withoutPseudoArguments(selector).matchAll(/\[\s*([\w-]+)/g)].map((m) => m[1]!.toLowerCase());
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
      const selectors = splitSelectors(prelude).map((s) => ({
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

/** Splits a block's body at the `;` between declarations (not those in strings or brackets). */
function declarationsOf(body: string): { text: string; property?: string }[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch === '"' || ch === "'") {
      i = body.indexOf(ch, i + 1);
      if (i < 0) break;
    } else if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') depth--;
    else if (ch === ';' && depth === 0) {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(body.slice(start));
  return parts
    .map((text) => text.trim())
    .filter(Boolean)
    .map((text) => ({ text, property: /^(--[\w-]+)\s*:/.exec(text)?.[1] }));
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
      if (inner) out += `${rule.prelude}{${inner}}`;
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

const varNames = (text: string) => [...text.matchAll(/var\(\s*(--[\w-]+)/g)].map((m) => m[1]!);

/**
 * The kept rules without the custom properties nothing reads: no var() of the kept CSS, nor of the page's
 * HTML (inline styles), names them. Repeated until nothing more goes, since a property that only a left
 * out one read is unread too.
 */
function keepRead(rules: Rule[], used: PageUse, html: string): string {
  const readInHtml = varNames(html);
  let css = keep(rules, used);
  for (let before = ''; css !== before;) {
    before = css;
    css = keep(rules, used, new Set([...varNames(css), ...readInHtml]));
  }
  return css;
}

/** A character of an attribute name as React writes them: letters, digits, `-`, `_`, `:`, `.`. */
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
 * uncached render. React quotes every attribute value (`disabled=""` too) and escapes `"` in text and
 * values, so no attribute is missed; a `="` in an inline script may add a name no element has, whose
 * rules then stay, as the filter errs on keeping.
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
    if (name !== 'class') continue;
    const end = html.indexOf('"', at + 2);
    if (end < 0) break;
    for (const c of html.slice(at + 2, end).split(/\s+/)) if (c) classes.add(c);
    at = end - 1;
  }
  return { classes, attributes };
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
  const picked = new Map<string, string>();
  return (html) => {
    const used = pageUse(html);
    const key = [[...used.classes].sort(), [...used.attributes].sort(), [...new Set(varNames(html))].sort()].join('\n');
    let css = picked.get(key);
    if (css === undefined) {
      css = keepRead(rules, used, html);
      if (picked.size >= PICKED) picked.delete(picked.keys().next().value!);
      picked.set(key, css);
    }
    return css;
  };
}
