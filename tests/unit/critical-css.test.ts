import { describe, expect, it } from 'vitest';
import { pageUse } from '#app/ssr/page-use.ts';
import { criticalCssOf } from '#app/ssr/stylesheet-rules.ts';

const SHEET = [
  ':root{--bs-primary:#1560bd;--bs-unread:1px;--bs-read-by-unread:2px;--bs-inline:3px}',
  'body{margin:0;color:var(--bs-primary)}',
  '.modal{--bs-modal-gap:var(--bs-read-by-unread)}',
  '.lead{--bs-lead-only:4px}',
  '.toast{--bs-toast-gap:var(--bs-read-by-unread);margin:var(--bs-toast-gap)}',
  '.btn{padding:1rem}',
  '.modal{display:none}',
  '.navbar .nav-link,.dropdown .dropdown-item{color:#fff}',
  '.btn:not(.disabled):hover{color:red}',
  '@media (min-width:768px){.col-md-6{width:50%}.d-md-none{display:none}}',
  '@media (min-width:1200px){.sidebar{width:250px}}',
  '@keyframes spin{to{transform:rotate(1turn)}}',
  '.icon{background:url("data:image/svg+xml,%3csvg{}%3e")}',
  '[data-bs-theme=dark]{color:#fff}',
  '[type=button]:not([disabled]){cursor:pointer}',
  '.card:not([hidden]) [data-x]{width:1px}',
].join('');

describe('critical CSS', () => {
  const critical = criticalCssOf(SHEET);
  const css = critical(
    '<html><head></head><body class="x"><nav class="navbar"><a class="nav-link btn">a</a></nav><div class="col-md-6"></div></body></html>',
  );

  it('keeps the rules whose classes the page uses, in their order', () => {
    expect(css).toBe(
      ':root{--bs-primary:#1560bd}body{margin:0;color:var(--bs-primary)}.btn{padding:1rem}' +
        '.navbar .nav-link{color:#fff}.btn:not(.disabled):hover{color:red}' +
        '@media (min-width:768px){.col-md-6{width:50%}}@keyframes spin{to{transform:rotate(1turn)}}',
    );
  });

  it('drops rules for classes no element carries, and @media blocks left empty', () => {
    expect(css).not.toContain('.modal');
    expect(css).not.toContain('dropdown');
    expect(css).not.toContain('1200px');
    expect(css).not.toContain('.icon');
  });

  it('drops rules whose attributes no element carries; attributes inside :not() do not count', () => {
    expect(css).not.toContain('data-bs-theme');
    expect(css).not.toContain('[type=button]');
    expect(critical('<button type="button" class="x" disabled="">b</button>')).toContain(
      '[type=button]:not([disabled]){cursor:pointer}',
    );
    expect(critical('<div class="card" data-x="1"></div>')).toContain('.card:not([hidden]) [data-x]{width:1px}');
    expect(critical('<div class="card"></div>')).not.toContain('[data-x]');
  });

  it('leaves out custom properties nothing kept reads, also when only a left-out one read them', () => {
    expect(css).not.toContain('--bs-unread');
    expect(css).not.toContain('--bs-read-by-unread');
    // A rule left with no declaration goes.
    expect(critical('<p class="lead"></p>')).not.toContain('.lead');
    // The page's inline styles read custom properties too.
    expect(critical('<p style="margin:var(--bs-inline)"></p>')).toContain(
      ':root{--bs-primary:#1560bd;--bs-inline:3px}',
    );
    // Read by a kept rule: stays, with what it reads in turn.
    expect(critical('<div class="toast"></div>')).toContain(':root{--bs-primary:#1560bd;--bs-read-by-unread:2px}');
    expect(critical('<div class="toast"></div>')).toContain(
      '.toast{--bs-toast-gap:var(--bs-read-by-unread);margin:var(--bs-toast-gap)}',
    );
    // Only a second pass sees that nothing kept reads --bs-read-by-unread once .modal's --bs-modal-gap goes.
    const modal = critical('<div class="modal"></div>');
    expect(modal).not.toContain('--bs-read-by-unread');
    expect(modal).not.toContain('--bs-modal-gap');
    expect(modal).toContain('body{margin:0;color:var(--bs-primary)}.modal{display:none}@');
  });

  it('reads a custom property wherever it is named: var() in any case, style() queries, the HTML', () => {
    const sheet =
      ':root{--c:red;--theme:dark;--w:1px;--gone:0}.a{color:VAR(--c)}@container style(--theme: dark){.a{margin:0}}';
    const pick = criticalCssOf(sheet);
    expect(pick('<p class="a"></p>')).toBe(
      ':root{--c:red;--theme:dark}.a{color:VAR(--c)}@container style(--theme: dark){.a{margin:0}}',
    );
    // The key holds the names the HTML writes: the same classes with another inline style get their own pick.
    expect(pick('<p class="a" style="margin:0"></p>')).not.toContain('--w');
    expect(pick('<p class="a" style="margin:var(--w)"></p>')).toContain('--w:1px');
  });

  it('keeps declarations as written, `--x: ;` with its space', () => {
    const pick = criticalCssOf('.a{--e: ;--u:1px;font-family:var(--e) }');
    expect(pick('<p class="a"></p>')).toBe('.a{--e: ;font-family:var(--e) }');
  });

  it('reads braces inside strings as text, not as blocks', () => {
    expect(critical('<i class="icon"></i>')).toContain('.icon{background:url("data:image/svg+xml,%3csvg{}%3e")}');
  });

  it('answers pages with the same classes alike, and each page by its own classes', () => {
    const post = (title: string) =>
      `<article class="post"><h1 class="title">${title}</h1></article><i class="icon"></i>`;
    const first = critical(post('One'));
    expect(critical(post('Two'))).toBe(first);
    expect(first).toContain('.icon{');
    // Another set of classes gets its own rules, also after the first set was picked.
    expect(critical('<nav class="navbar"><a class="nav-link">a</a></nav>')).not.toContain('.icon{');
    expect(critical('<nav class="navbar"><a class="nav-link">a</a></nav>')).toContain('.navbar .nav-link{');
    expect(critical(post('Three'))).toBe(first);
  });

  it('splits declarations only at semicolons outside strings, brackets, comments and escapes', () => {
    const sheet =
      '.i{--bs-icon:url("data:image/svg+xml;utf8,<svg>;</svg>");background:var(--bs-icon)}' +
      '.j{--a:x;--b:y}' +
      '.k{--gone:"x;y";--q:"a;b\\";c";content:var(--q)}' +
      '.o{content:"}"}' +
      '.l{--d:url(data:a;b);background:var(--d);--k:a\\;b}' +
      ":root{--z:red;--u:/* don't; */1px}.m{color:var(--z)}.n{margin:0}";
    const pick = criticalCssOf(sheet);
    expect(pick('<i class="i j"></i>')).toBe(
      '.i{--bs-icon:url("data:image/svg+xml;utf8,<svg>;</svg>");background:var(--bs-icon)}',
    );
    expect(pick('<i class="k"></i>')).toContain('.k{--q:"a;b\\";c";content:var(--q)}');
    expect(pick('<i class="o n"></i>')).toBe('.o{content:"}"}.n{margin:0}');
    expect(pick('<i class="l"></i>')).toContain('.l{--d:url(data:a;b);background:var(--d)}');
    // An escaped quote or a quote in a comment does not swallow the rules after it.
    expect(pick('<i class="m n"></i>')).toBe(':root{--z:red}.m{color:var(--z)}.n{margin:0}');
  });

  it('reads selectors for what they require, not for what their strings and pseudo-class arguments hold', () => {
    const sheet =
      'a[title="[draft]"]{color:red}a:not([title="a(b)"]){margin:0}:-webkit-any([type=a],.z) b{padding:0}' +
      'svg [xlink\\:href]{fill:red}[xlink|href]{stroke:red}';
    const pick = criticalCssOf(sheet);
    const css = pick('<a title="[draft]"></a><i class="z"><b></b></i><svg><use xlink:href="#a"></use></svg>');
    expect(css).toBe(
      'a[title="[draft]"]{color:red}a:not([title="a(b)"]){margin:0}:-webkit-any([type=a],.z) b{padding:0}' +
        'svg [xlink\\:href]{fill:red}[xlink|href]{stroke:red}',
    );
    // A class written `p,q` is not the classes p and q: the two pages must not share a pick.
    const classes = criticalCssOf('.p{top:0}.q{left:0}');
    expect(classes('<p class="p,q"></p>')).toBe('');
    expect(classes('<p class="p q"></p>')).toBe('.p{top:0}.q{left:0}');
  });

  it('finds attributes written without a value, and not behind a class=" in the text', () => {
    const pick = criticalCssOf('iframe[allowfullscreen]{border:0}[data-bs-theme=dark]{color:#fff}');
    expect(pick('<iframe src="/v" allowfullscreen></iframe>')).toBe('iframe[allowfullscreen]{border:0}');
    expect(pick('<p>type class=" then</p><p data-bs-theme="dark" class="lead">x</p>')).toBe(
      '[data-bs-theme=dark]{color:#fff}',
    );
  });

  it("reads a `{` or `;` in a selector's string as text", () => {
    const pick = criticalCssOf('a[title="{;"]{color:red}.b{margin:0}');
    expect(pick('<a title="{;" class="b"></a>')).toBe('a[title="{;"]{color:red}.b{margin:0}');
    expect(pick('<a title="{;"></a>')).toBe('a[title="{;"]{color:red}');
  });

  it('keeps an emptied @layer, whose place sets the order of the layers', () => {
    const pick = criticalCssOf(
      '@layer tokens{:root{--gap:1rem}}@layer theme{:root{--gap:2rem;--c:red}}body{color:var(--c)}',
    );
    expect(pick('<p></p>')).toBe('@layer tokens{}@layer theme{:root{--c:red}}body{color:var(--c)}');
  });

  it('finds every attribute written with a value, lower case, and not words of the text', () => {
    const html = '<button type="button" readOnly="" data-bs-theme="dark" class="a b">hidden</button>';
    expect([...pageUse(html).attributes].sort()).toEqual(['class', 'data-bs-theme', 'readonly', 'type']);
  });

  it('collects every class of every element', () => {
    expect([...pageUse('<a class="btn  btn-sm"></a><p class="lead"></p>').classes]).toEqual(['btn', 'btn-sm', 'lead']);
  });
});
