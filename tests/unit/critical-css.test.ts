import { describe, expect, it } from 'vitest';
import { criticalCssOf, pageUse } from '#app/lib/critical-css.ts';

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
    expect(critical('<div class="modal"></div>')).toContain('.modal{display:none}@');
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

  it('splits declarations only at semicolons outside strings and brackets', () => {
    const sheet = '.i{--bs-icon:url("data:image/svg+xml;utf8,<svg>;</svg>");background:var(--bs-icon)}.j{--a:x;--b:y}';
    expect(criticalCssOf(sheet)('<i class="i j"></i>')).toBe(
      '.i{--bs-icon:url("data:image/svg+xml;utf8,<svg>;</svg>");background:var(--bs-icon)}',
    );
  });

  it('finds every attribute written with a value, lower case, and not words of the text', () => {
    const html = '<button type="button" readOnly="" data-bs-theme="dark" class="a b">hidden</button>';
    expect([...pageUse(html).attributes].sort()).toEqual(['class', 'data-bs-theme', 'readonly', 'type']);
  });

  it('collects every class of every element', () => {
    expect([...pageUse('<a class="btn  btn-sm"></a><p class="lead"></p>').classes]).toEqual(['btn', 'btn-sm', 'lead']);
  });
});
