/**
 * What a selector requires of an element, read when the stylesheet's rule list is made
 * (./stylesheet-rules.ts). The pick keeps a selector unless it requires a class or an attribute that no
 * element of the page carries; so what stands inside a functional pseudo-class (:not(), :is(), :has() …)
 * does not count, as it may be satisfied otherwise.
 */

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
export function requiredClasses(selector: string): string[] {
  const plain = requiredPart(selector).replace(/\[[^\]]*\]/g, '');
  return [...plain.matchAll(/\.((?:\\.|[\w-])+)/g)].map((m) => m[1]!.replace(/\\(.)/g, '$1'));
}

/**
 * The attribute names a selector requires, lower case: `[data-bs-theme=dark]` needs `data-bs-theme`,
 * `[xlink\:href]` needs `xlink:href`, a namespaced `[xlink|href]` needs `href`.
 */
export function requiredAttributes(selector: string): string[] {
  return [...requiredPart(selector).matchAll(/\[\s*(?:(?:[\w-]*|\*)\|(?!=))?((?:\\.|[\w-])+)/g)].map((m) =>
    m[1]!.replace(/\\(.)/g, '$1').toLowerCase(),
  );
}
