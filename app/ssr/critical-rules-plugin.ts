import type { Plugin } from 'vite';
import { stylesheetRules } from './stylesheet-rules.ts';

/** The import this plugin answers: a stylesheet compiled as Vite inlines it, then turned into its rules. */
const RULES_IMPORT = /[?&]inline&critical-rules$/;
/** What Vite's CSS plugin makes of an `?inline` import: the compiled (and, in a build, minified) CSS. */
const INLINE_CSS = /^export default ("(?:[^"\\]|\\.)*")$/;

/**
 * `import rules from '#app/styles/app.scss?inline&critical-rules'` (./inline-critical-css.server.ts):
 * Vite compiles the stylesheet exactly as for `?inline` (Sass, then minified in a build), and this plugin,
 * running after Vite's CSS plugin, parses that CSS once into the rule list of ./critical-rules.ts and
 * makes the module answer it as JSON. The server build then holds the rules, not the stylesheet, and no
 * render parses CSS (docs/decisions/0014-first-paint.md).
 */
export function criticalRulesPlugin(): Plugin {
  return {
    name: 'critical-rules',
    enforce: 'post',
    transform(code, id) {
      if (!RULES_IMPORT.test(id)) return;
      const css = INLINE_CSS.exec(code.trim())?.[1];
      if (!css) this.error(`critical-rules: ${id} did not compile to the inline CSS module Vite writes`);
      const rules = JSON.stringify(stylesheetRules(JSON.parse(css) as string));
      // JSON.parse of a string: V8 reads it faster than the same data as an object literal.
      return { code: `export default JSON.parse(${JSON.stringify(rules)});`, map: null };
    },
  };
}
