/**
 * The site stylesheet as the per-page pick of its critical CSS reads it (./critical-css.ts): its rules in
 * their order, each with what it asks of a page. Made once, at build time, from the compiled stylesheet by
 * a CSS parser (./stylesheet-rules.ts, through the Vite plugin in ./critical-rules-plugin.ts), and shipped
 * in the server build as JSON, so a render only picks rules. Texts are as written in the stylesheet: the
 * pick writes them out unchanged.
 */
export type CriticalRule = GroupRule | StyleRule | KeptRule;

/** @media, @supports, @layer or @container: its rules are picked one by one. */
export interface GroupRule {
  /** `@media (width>=768px)`, what stands before the block. */
  prelude: string;
  rules: CriticalRule[];
  /** Custom properties the prelude reads (a `style(--x: y)` query). */
  reads?: string[];
}

/** A style rule: kept for those of its selectors a page can match. */
export interface StyleRule {
  selectors: Selector[];
  declarations: Declaration[];
  /**
   * The rule as written, where that is not its selectors and declarations joined by `,` and `;` in braces
   * (whitespace or a last `;` in an unminified sheet).
   */
  text?: string;
}

/** Any other at-rule (@keyframes, @font-face, @charset …): always kept, as written. */
export interface KeptRule {
  text: string;
  reads?: string[];
}

export interface Selector {
  text: string;
  /** The classes an element must carry for the selector to match it (not those inside :not() …). */
  classes?: string[];
  /** The attribute names, lower case, it must carry. */
  attributes?: string[];
  reads?: string[];
}

export interface Declaration {
  /** As written, without its `;` (`--x: ` keeps its space: older Chromium rejects `--x:;`). */
  text: string;
  /** The custom property it sets (`--bs-gutter-x`); such a declaration goes when nothing kept reads it. */
  property?: string;
  /** The custom properties its value reads (`var(--bs-gutter-x)`). */
  reads?: string[];
}

export const isGroup = (rule: CriticalRule): rule is GroupRule => 'rules' in rule;
export const isStyle = (rule: CriticalRule): rule is StyleRule => 'selectors' in rule;
