import fs from 'node:fs';
import path from 'node:path';

/**
 * Server modules (server/modules/<name>/) depend on each other one way: a module may import another only
 * if that one does not import it back, directly or through other modules, type-only imports included
 * (CONTRIBUTING.md). The graph of modules is read once per lint run from the import specifiers of their
 * files (`#server/modules/<name>/…`, the only way to reach another module: `../` is refused).
 */
const MODULES = path.resolve(import.meta.dirname, '..', 'server', 'modules');
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]#server\/modules\/([^/'"]+)\//g;

let graph = null;
function moduleGraph() {
  if (graph) return graph;
  graph = new Map();
  for (const name of fs.existsSync(MODULES) ? fs.readdirSync(MODULES) : []) {
    const dir = path.join(MODULES, name);
    if (!fs.statSync(dir).isDirectory()) continue;
    const uses = new Set();
    for (const file of fs.readdirSync(dir, { recursive: true })) {
      if (!/\.(ts|tsx|mts|js|mjs)$/.test(file)) continue;
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      for (const match of text.matchAll(SPECIFIER)) if (match[1] !== name) uses.add(match[1]);
    }
    graph.set(name, uses);
  }
  return graph;
}

/** A path of modules from `from` to `to`, or null. */
function route(from, to) {
  const seen = new Set([from]);
  const queue = [[from]];
  while (queue.length) {
    const trail = queue.shift();
    for (const next of moduleGraph().get(trail.at(-1)) ?? []) {
      if (next === to) return [...trail, next];
      if (!seen.has(next)) {
        seen.add(next);
        queue.push([...trail, next]);
      }
    }
  }
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'No cycle between server modules, type-only imports included.' },
    schema: [],
    messages: {
      cycle:
        'Module cycle: {{own}} imports {{other}}, which imports {{own}} back ({{back}}). Move the shared piece into one of them, or make a module of what uses both.',
    },
  },
  create(context) {
    const relative = path.relative(MODULES, context.physicalFilename);
    if (relative.startsWith('..') || path.isAbsolute(relative)) return {};
    const own = relative.split(path.sep)[0];
    const check = (node) => {
      const match = /^#server\/modules\/([^/]+)\//.exec(node.source?.value ?? '');
      if (!match || match[1] === own) return;
      const back = route(match[1], own);
      if (back) context.report({ node, messageId: 'cycle', data: { own, other: match[1], back: back.join(' → ') } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
