import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS } from '#shared/api/index.ts';

/**
 * docs/api.md's endpoint index and the contract (shared/api) agree: every endpoint is listed with its
 * method, path and access, and the index lists nothing the contract does not have.
 */
const INDEX_HEADING = '## Endpoint index';

/** The rows of the index table as `METHOD /api/path access`, path parameters as `{name}`. */
function indexRows(markdown: string): string[] {
  const start = markdown.indexOf(`\n${INDEX_HEADING}\n`);
  if (start < 0) throw new Error(`docs/api.md has no "${INDEX_HEADING}" section`);
  const section = markdown.slice(start + INDEX_HEADING.length + 2).split(/\n## /)[0]!;
  return section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim().replace(/`/g, '')),
    )
    .filter(([method]) => method !== 'Method' && !/^-+$/.test(method ?? ''))
    .map((cells) => cells.join(' '));
}

const accessOf = (e: (typeof ALL_ENDPOINTS)[number]) => (e.access === 'admin' ? `admin: ${e.allow}` : e.access);
const rowOf = (e: (typeof ALL_ENDPOINTS)[number]) =>
  `${e.method} /api${e.path.replace(/:(\w+)/g, '{$1}')} ${accessOf(e)}`;

describe('docs/api.md', () => {
  const rows = indexRows(fs.readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8'));

  it('lists every endpoint of the contract in its index, with its method, path and access', () => {
    const missing = ALL_ENDPOINTS.map(rowOf).filter((row) => !rows.includes(row));
    expect(missing).toEqual([]);
  });

  it('lists nothing in its index that the contract does not have, and nothing twice', () => {
    const described = new Set(ALL_ENDPOINTS.map(rowOf));
    expect(rows.filter((row) => !described.has(row))).toEqual([]);
    expect(rows.filter((row, i) => rows.indexOf(row) !== i)).toEqual([]);
  });
});
