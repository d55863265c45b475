/** What of a page the critical CSS pick looks at: the classes and attribute names its elements carry. */
export interface PageUse {
  classes: Set<string>;
  attributes: Set<string>;
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
 * attribute only adds names, whose rules then stay, as the pick errs on keeping. A value-less attribute
 * (`allowfullscreen`, which the sanitizer may write) is found by the pick for the names it asks for
 * (./critical-css.ts).
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
