import postcss, { list, type AtRule, type ChildNode, type Declaration as CssDeclaration, type Rule } from 'postcss';
import { criticalCssPicker } from './critical-css.ts';
import type { CriticalRule, Declaration, Selector, StyleRule } from './critical-rules.ts';
import { requiredAttributes, requiredClasses } from './selector-needs.ts';

/**
 * The rule list of a stylesheet (./critical-rules.ts), read with PostCSS: strings, escapes, comments and
 * `url(…)` are the parser's business, so a `{` or `;` inside them cannot end a rule or a declaration. Run
 * at build time on the compiled site stylesheet (./critical-rules-plugin.ts) and by the unit tests.
 */

/** At-rules whose rules are picked one by one, by name as written; any other at-rule is kept whole. */
const GROUPS = new Set(['media', 'supports', 'layer', 'container']);

/**
 * The custom properties `text` reads: every `--name` that does not start a declaration (var() in any case,
 * a `style(--x: y)` query, @property …). A declaration starts after `{` or `;`.
 */
function readsIn(text: string): string[] | undefined {
  const reads = new Set<string>();
  for (const match of text.matchAll(/([{;]?)\s*(--[\w-]+)/g)) if (!match[1]) reads.add(match[2]!);
  return reads.size ? [...reads] : undefined;
}

/** Drops the keys whose value is undefined or an empty list, so the JSON in the build stays small. */
function compact<T extends object>(value: T): T {
  for (const [key, v] of Object.entries(value))
    if (v === undefined || (Array.isArray(v) && !v.length)) delete value[key as keyof T];
  return value;
}

/** The node as written in `css`. */
const written = (css: string, node: ChildNode) => css.slice(node.source!.start!.offset, node.source!.end!.offset);

function selectorOf(text: string): Selector {
  return compact({ text, classes: requiredClasses(text), attributes: requiredAttributes(text), reads: readsIn(text) });
}

/**
 * A declaration as written, without its `;`: the whitespace before it, and after the rule's last one
 * whatever stands before the `}`. A custom property whose name needs escaping is never left out (its
 * reads would not be found).
 */
function declarationOf(rule: Rule, decl: CssDeclaration): Declaration {
  const own = String(decl);
  let text = (decl.raws.before ?? '') + own;
  if (decl === rule.last && !rule.raws.semicolon) text += rule.raws.after ?? '';
  const property = /^--[\w-]+$/.test(decl.prop) ? decl.prop : undefined;
  return compact({ text, property, reads: readsIn(own.slice(decl.prop.length)) });
}

function styleRuleOf(css: string, rule: Rule): StyleRule {
  const selectors = list
    .comma(rule.raws.selector?.raw ?? rule.selector)
    .filter(Boolean)
    .map(selectorOf);
  const declarations: Declaration[] = [];
  for (const node of rule.nodes) {
    if (node.type === 'decl') declarations.push(declarationOf(rule, node));
    // Nested rules would be lost by the pick; the compiled stylesheet has none (Sass flattens them).
    else if (node.type !== 'comment')
      throw new Error(`Critical CSS: a nested rule in ${rule.selector} is not supported`);
  }
  const joined = `${selectors.map((s) => s.text).join(',')}{${declarations.map((d) => d.text).join(';')}}`;
  const text = written(css, rule);
  return compact({ selectors, declarations, text: text === joined ? undefined : text });
}

function groupPrelude(rule: AtRule): string {
  const params = (rule.raws.params as { raw?: string } | undefined)?.raw ?? rule.params;
  return `@${rule.name}${rule.raws.afterName ?? ''}${params}${rule.raws.between ?? ''}`.trim();
}

function rulesOf(css: string, nodes: ChildNode[]): CriticalRule[] {
  const rules: CriticalRule[] = [];
  for (const node of nodes) {
    if (node.type === 'rule') rules.push(styleRuleOf(css, node));
    else if (node.type === 'atrule' && node.nodes && GROUPS.has(node.name)) {
      const prelude = groupPrelude(node);
      rules.push(compact({ prelude, rules: rulesOf(css, node.nodes), reads: readsIn(prelude) }));
    } else if (node.type === 'atrule') {
      const text = written(css, node);
      rules.push(compact({ text, reads: readsIn(text) }));
    }
    // Comments are left out, and a declaration outside any rule applies to nothing.
  }
  return rules;
}

/** The rule list of a stylesheet, for ./critical-css.ts. */
export function stylesheetRules(css: string): CriticalRule[] {
  return rulesOf(css, postcss.parse(css).nodes);
}

/** The pick of ./critical-css.ts straight from a stylesheet's text (tests, tools). */
export const criticalCssOf = (css: string) => criticalCssPicker(stylesheetRules(css));
