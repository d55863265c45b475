import { describe, expect, it } from 'vitest';
import { classesIn, criticalCssOf } from '#app/lib/critical-css.ts';

const SHEET = [
  ':root{--bs-primary:#1560bd}',
  'body{margin:0}',
  '.btn{padding:1rem}',
  '.modal{display:none}',
  '.navbar .nav-link,.dropdown .dropdown-item{color:#fff}',
  '.btn:not(.disabled):hover{color:red}',
  '@media (min-width:768px){.col-md-6{width:50%}.d-md-none{display:none}}',
  '@media (min-width:1200px){.sidebar{width:250px}}',
  '@keyframes spin{to{transform:rotate(1turn)}}',
  '.icon{background:url("data:image/svg+xml,%3csvg{}%3e")}',
  '[data-bs-theme=dark]{--bs-body-bg:#000}',
].join('');

describe('critical CSS', () => {
  const critical = criticalCssOf(SHEET);
  const css = critical(
    '<html><head></head><body class="x"><nav class="navbar"><a class="nav-link btn">a</a></nav><div class="col-md-6"></div></body></html>',
  );

  it('keeps the rules whose classes the page uses, in their order', () => {
    expect(css).toBe(
      ':root{--bs-primary:#1560bd}body{margin:0}.btn{padding:1rem}.navbar .nav-link{color:#fff}' +
        '.btn:not(.disabled):hover{color:red}@media (min-width:768px){.col-md-6{width:50%}}' +
        '@keyframes spin{to{transform:rotate(1turn)}}[data-bs-theme=dark]{--bs-body-bg:#000}',
    );
  });

  it('drops rules for classes no element carries, and @media blocks left empty', () => {
    expect(css).not.toContain('.modal');
    expect(css).not.toContain('dropdown');
    expect(css).not.toContain('1200px');
    expect(css).not.toContain('.icon');
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

  it('collects every class of every element', () => {
    expect([...classesIn('<a class="btn  btn-sm"></a><p class="lead"></p>')]).toEqual(['btn', 'btn-sm', 'lead']);
  });
});
