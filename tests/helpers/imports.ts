import fs from 'node:fs/promises';
import { expect } from 'vitest';
import * as imports from '#shared/api/imports.ts';
import type { LoggedInAdmin } from './factories';
import { multipart, type Part } from './images';
import type { TestApp } from './test-app';

export const WORDPRESS_FIXTURE = 'tests/fixtures/import/wordpress/site.xml';
export const WORDPRESS_UPLOADS = 'tests/fixtures/import/wordpress/uploads.zip';

/** Uploads an export (and a ZIP of its images) as the import screen does, and gives the raw answer. */
export async function uploadExport(
  admin: LoggedInAdmin,
  file: { data: Buffer | string; name: string },
  uploads?: Buffer,
) {
  const parts: Part[] = [{ field: 'file', data: file.data, filename: file.name }];
  if (uploads) parts.push({ field: 'uploads', data: uploads, filename: 'uploads.zip', type: 'application/zip' });
  const { headers, payload } = await multipart(parts);
  return admin.api.callRaw(imports.uploadImport, { headers, body: payload });
}

export async function analysedWordPress(admin: LoggedInAdmin, xml?: string) {
  const res = await uploadExport(
    admin,
    { data: xml ?? (await fs.readFile(WORDPRESS_FIXTURE)), name: 'site.xml' },
    await fs.readFile(WORDPRESS_UPLOADS),
  );
  expect(res.status, res.text).toBe(200);
  return res.data;
}

/** Lets the runner of this process work until the import is neither queued nor running (or being undone). */
export async function settled(t: TestApp, admin: LoggedInAdmin, id: string) {
  for (let i = 0; i < 600; i++) {
    await t.services.importRunner.kick();
    const { data } = await admin.api.call(imports.getImport, { params: { id } });
    if (!['queued', 'running', 'undoing'].includes(data.status)) return data;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`import ${id} did not finish`);
}

/** Every line of an import's report. */
export async function reportOf(admin: LoggedInAdmin, id: string) {
  const lines = [];
  for (let page = 1; ; page++) {
    const res = await admin.api.callRaw(imports.importItems, { params: { id }, query: { page } });
    lines.push(...(res.body.data ?? []));
    if (!res.body.meta?.hasMore) return lines;
  }
}
