/**
 * `import rules from '#app/styles/app.scss?inline&critical-rules'`: the compiled stylesheet's rule list,
 * made at build time by the Vite plugin of ./critical-rules-plugin.ts.
 */
declare module '*?inline&critical-rules' {
  import type { CriticalRule } from '#app/ssr/critical-rules.ts';

  const rules: CriticalRule[];
  export default rules;
}
