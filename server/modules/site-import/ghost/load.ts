import { readFile, stat } from 'node:fs/promises';
import { GHOST_IMPORT_MESSAGES as M } from '#shared/messages.ts';
import { SourceRefused, type ZipArchive } from '#server/modules/site-import/source.ts';
import type { GhostData, GhostExport } from './export-types';

/**
 * A Ghost export is one JSON document, parsed whole: refused above this size (a site's text rarely exceeds
 * a few dozen MB; the parsed document takes about three times its size in memory).
 */
const MAX_JSON_BYTES = 200 * 1024 * 1024;

const TABLES = [
  'posts',
  'posts_authors',
  'posts_tags',
  'posts_meta',
  'tags',
  'users',
  'members',
  'settings',
  'comments',
] as const;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parse(text: string): unknown {
  const body = text.replace(/^\uFEFF/, '');
  try {
    return JSON.parse(body);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    // V8 says "Unexpected end of JSON input" (or "Unterminated string") when the text stops early.
    if (body.trim() !== '' && /end of JSON input|Unterminated/i.test(reason)) throw new SourceRefused(M.truncatedJson);
    throw new SourceRefused(M.notJson(reason.slice(0, 200)));
  }
}

/** The export inside the document: Ghost 1+ writes `{ db: [{ meta, data }] }`, Ghost 0.x `{ meta, data }`. */
function exportOf(document: unknown): GhostExport | null {
  const root = isObject(document) && Array.isArray(document.db) ? (document.db[0] as unknown) : document;
  if (!isObject(root) || !isObject(root.data) || !Array.isArray(root.data.posts)) return null;
  const meta = isObject(root.meta) ? root.meta : {};
  // Every table the reader uses, as a list of rows: a hand-edited file may hold anything where a table is.
  const data: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const value = root.data[table];
    data[table] = Array.isArray(value) ? value.filter(isObject) : [];
  }
  const exportedOn = meta.exported_on;
  return {
    exportedOn: typeof exportedOn === 'string' || typeof exportedOn === 'number' ? exportedOn : null,
    data: data as unknown as GhostData,
  };
}

function readExport(text: string): GhostExport {
  const found = exportOf(parse(text));
  if (!found) throw new SourceRefused(M.notGhost);
  return found;
}

export async function loadJsonFile(path: string): Promise<GhostExport> {
  if ((await stat(path)).size > MAX_JSON_BYTES) throw new SourceRefused(M.jsonTooLarge(MAX_JSON_BYTES / 1024 / 1024));
  return readExport(await readFile(path, 'utf8'));
}

/**
 * The export in a ZIP (Ghost's content export beside `content/images/`, or a person's ZIP of both): the one
 * `*.json` at the top or one folder down that is a Ghost export. Other JSON files (a theme's package.json,
 * redirects.json, routes) are passed over.
 */
export async function loadFromZip(zip: ZipArchive): Promise<GhostExport> {
  const candidates = zip
    .names()
    .filter((name) => /\.json$/i.test(name) && name.split('/').length <= 2 && !name.startsWith('__MACOSX/'));
  const found: { name: string; ghost: GhostExport }[] = [];
  for (const name of candidates) {
    const bytes = await zip.read(name, MAX_JSON_BYTES);
    if (!bytes) continue;
    let document: unknown;
    try {
      document = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
    } catch {
      continue;
    }
    const ghost = exportOf(document);
    if (ghost) found.push({ name, ghost });
  }
  if (found.length === 0) throw new SourceRefused(M.zipWithoutExport);
  if (found.length > 1) throw new SourceRefused(M.zipManyExports(found.map((f) => f.name).join(', ')));
  return found[0]!.ghost;
}
