import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { buffer } from 'node:stream/consumers';
import * as imports from '#shared/api/imports.ts';
import { GHOST_IMPORT_MESSAGES } from '#shared/messages.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import type { LoggedInAdmin } from '#tests/helpers/factories.ts';
import { importSite, settled, uploadExport } from '#tests/helpers/imports.ts';
import type { TestApp } from '#tests/helpers/test-app.ts';

/**
 * A Ghost export through the import API (docs/product.md#import): the JSON alone, or a ZIP holding it with
 * content/images, is analysed as a Ghost site, refused with the reader's message when it is not one, and
 * imported (tests/unit/ghost-import.test.ts pins the reader on the same fixture).
 * Pages are rendered by the production build (`npm run build` first).
 */
const GHOST_FIXTURE = 'tests/fixtures/import/ghost/export.json';

async function zipOf(entries: Record<string, Buffer | string>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, data] of Object.entries(entries)) zip.addBuffer(Buffer.from(data), name);
  zip.end();
  return buffer(zip.outputStream);
}

describe.each(DATABASE_KINDS)('importing a Ghost site on %s', (kind) => {
  let t: TestApp;
  let admin: LoggedInAdmin;
  beforeAll(async () => {
    ({ t, admin } = await importSite(kind));
  });
  afterAll(() => t?.close());

  it('analyses the JSON and a ZIP of it, and refuses what is not a Ghost export', async () => {
    const json = await fs.readFile(GHOST_FIXTURE);
    const alone = await uploadExport(admin, { data: json, name: 'export.json' });
    expect(alone.status, alone.text).toBe(200);
    expect(alone.data.summary).toMatchObject({ kind: 'ghost', siteTitle: 'Old Ghost Blog' });
    expect(alone.data.summary.counts).toMatchObject({ posts: 4, pages: 1, authors: 2 });
    await admin.api.call(imports.discardImport, { params: { id: alone.data._id } });

    const zipped = await uploadExport(admin, {
      data: await zipOf({ 'site/export.json': json, 'site/content/images/2024/01/photo.jpg': 'x' }),
      name: 'ghost.zip',
    });
    expect(zipped.status, zipped.text).toBe(200);
    expect(zipped.data.summary.kind).toBe('ghost');
    await admin.api.call(imports.discardImport, { params: { id: zipped.data._id } });

    for (const [data, name, message] of [
      ['{"not": "ghost"}', 'x.json', GHOST_IMPORT_MESSAGES.notGhost],
      [json.subarray(0, 2000), 'cut.json', GHOST_IMPORT_MESSAGES.truncatedJson],
      [await zipOf({ 'notes.txt': 'hello' }), 'x.zip', GHOST_IMPORT_MESSAGES.zipWithoutExport],
      [(await zipOf({ 'a.json': json })).subarray(0, 300), 'cut.zip', GHOST_IMPORT_MESSAGES.zipUnreadable],
    ] as const) {
      const res = await uploadExport(admin, { data, name });
      expect(res.status, `${name}: ${res.text}`).toBe(400);
      expect(res.body.message, name).toBe(message);
    }
  });

  it('imports the posts and pages, and an old address answers a 301', async () => {
    const analysed = await uploadExport(admin, { data: await fs.readFile(GHOST_FIXTURE), name: 'export.json' });
    expect(analysed.status, analysed.text).toBe(200);
    await admin.api.call(imports.startImport, {
      params: { id: analysed.data._id },
      body: { authors: [], clash: 'skip', subscribersOptedIn: false },
    });
    const done = await settled(t, admin, analysed.data._id);
    expect(done.status, done.error ?? '').toBe('done');
    const old = await t.app.inject({ method: 'GET', url: '/welcome/' });
    expect(old.statusCode).toBe(301);
  });
});
