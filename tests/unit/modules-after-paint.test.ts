import { describe, expect, it } from 'vitest';
import { withModulesAfterFirstPaint } from '#app/ssr/modules-after-paint.server.ts';

// The shape React Router 7 writes (its <Scripts>): static route imports, the manifest, then the entry.
const script = (body: string) =>
  `<body><main>page</main><script nonce="n" type="module" async="">${body}</script></body>`;
const routerScript = script(
  '; import * as route0 from "/assets/root-A.js"; import * as route1 from "/assets/blogs-B.js";\n' +
    '  window.__reactRouterManifest = {"entry":{"imports":["/assets/x.js"]}};\n' +
    '  window.__reactRouterRouteModules = {"root":route0,"routes/blogs":route1};\n  import("/assets/entry.client-C.js");',
);

describe('withModulesAfterFirstPaint', () => {
  it('imports the route modules after the next painted frame, into the same names, before the entry', () => {
    const html = withModulesAfterFirstPaint(routerScript);
    expect(html).not.toMatch(/import \* as/);
    const body = /<script[^>]*>([\s\S]*)<\/script>/.exec(html)![1]!;
    expect(body.startsWith('if(document.visibilityState==="visible")await new Promise(')).toBe(true);
    expect(body).toContain('o.observe({type:"paint",buffered:true})');
    expect(body).toContain(
      'const[route0,route1]=await Promise.all([import("/assets/root-A.js"),import("/assets/blogs-B.js")]);',
    );
    expect(body.indexOf('Promise.all')).toBeLessThan(body.indexOf('__reactRouterRouteModules'));
    expect(body).toContain('import("/assets/entry.client-C.js");');
    expect(html.startsWith('<body><main>page</main><script nonce="n" type="module" async="">')).toBe(true);
  });

  it('gives the module namespaces to the same globals when run', async () => {
    const body = /<script[^>]*>([\s\S]*)<\/script>/.exec(withModulesAfterFirstPaint(routerScript))![1]!;
    const modules: Record<string, object> = { '/assets/root-A.js': { root: 1 }, '/assets/blogs-B.js': { blogs: 2 } };
    const window: Record<string, unknown> = {};
    const document = { visibilityState: 'hidden' };
    const load = (specifier: string) => Promise.resolve(modules[specifier] ?? {});
    const run = new Function(
      'window',
      'document',
      'load',
      `return (async () => {${body.replaceAll('import(', 'load(')}})();`,
    );
    await run(window, document, load);
    expect(window.__reactRouterRouteModules).toEqual({ root: { root: 1 }, 'routes/blogs': { blogs: 2 } });
  });

  it('leaves a script it does not know as it is', () => {
    for (const html of [
      '<body><p>no module script</p></body>',
      script('import "/assets/side-effect.js"; import * as route0 from "/assets/root-A.js";'),
      script('import { a } from "/assets/a.js"; import * as route0 from "/assets/root-A.js";'),
      script('window.x = 1;'),
    ])
      expect(withModulesAfterFirstPaint(html)).toBe(html);
  });
});
