import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Each module's SQL touches only its own tables (CONTRIBUTING.md, "Where code goes"): the owners are the
 * table in the comment of server/db/schema.ts, and no file of a module names another module's table in a
 * query (`'blog_posts'`, `'blog_posts.title'`, or after from/join/into/update in raw SQL).
 */
const root = path.resolve(import.meta.dirname, '../..');
const modulesDir = path.join(root, 'server/modules');

function owners(): Map<string, string> {
  const schema = fs.readFileSync(path.join(root, 'server/db/schema.ts'), 'utf8');
  const map = new Map<string, string>();
  for (const [, module, tables] of schema.matchAll(/^ \* \| ([a-z-]+)\s+\| ([a-z_, ]+?)\s+\|$/gm)) {
    if (module === 'module') continue; // the table's heading
    for (const table of tables!.split(',')) map.set(table.trim(), module!);
  }
  return map;
}

const filesOf = (module: string) =>
  fs
    .readdirSync(path.join(modulesDir, module), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => path.join(modulesDir, module, file));

function tablesNamedIn(source: string, tables: string[]): string[] {
  return tables.filter((table) =>
    new RegExp(`['"\`]${table}(\\.[a-z_]+)?['"\`]|\\b(from|join|into|update)\\s+${table}\\b`, 'i').test(source),
  );
}

describe('table ownership', () => {
  const byTable = owners();

  it('lists every table of the schema once, with a module that exists', () => {
    const schema = fs.readFileSync(path.join(root, 'server/db/schema.ts'), 'utf8');
    const declared = [...schema.matchAll(/^ {2}([a-z_]+): \w+Table;$/gm)].map((m) => m[1]!);
    expect([...byTable.keys()].sort()).toEqual([...declared].sort());
    for (const module of new Set(byTable.values())) expect(fs.existsSync(path.join(modulesDir, module))).toBe(true);
  });

  it("no module's code names another module's table", () => {
    const foreign: string[] = [];
    for (const module of fs.readdirSync(modulesDir)) {
      const others = [...byTable].filter(([, owner]) => owner !== module).map(([table]) => table);
      for (const file of filesOf(module)) {
        const source = fs.readFileSync(file, 'utf8');
        // A file that cannot reach the database names no table of ours: the import's readers speak of
        // another system's tables (Ghost's `users`, `posts`) and take no Db.
        if (!/from 'kysely'|#server\/db\//.test(source)) continue;
        for (const table of tablesNamedIn(source, others)) {
          foreign.push(`${path.relative(root, file)} names ${table} (owned by ${byTable.get(table)})`);
        }
      }
    }
    expect(foreign).toEqual([]);
  });

  it('finds a foreign table in a query and in raw SQL', () => {
    expect(tablesNamedIn(`db.selectFrom('blog_posts').select('id')`, ['blog_posts'])).toEqual(['blog_posts']);
    expect(tablesNamedIn(`.leftJoin('blog_posts', 'blog_posts.id', 'x')`, ['blog_posts'])).toEqual(['blog_posts']);
    expect(tablesNamedIn('sql`select 1 from campaigns where id = ${id}`', ['campaigns'])).toEqual(['campaigns']);
    expect(tablesNamedIn(`// the subscribers of a campaign`, ['subscribers', 'campaigns'])).toEqual([]);
  });
});
