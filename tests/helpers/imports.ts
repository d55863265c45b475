import fs from 'node:fs/promises';
import path from 'node:path';
import type { ServerBuild } from 'react-router';
import { expect } from 'vitest';
import * as imports from '#shared/api/imports.ts';
import { NO_RATE_LIMITS } from './auth';
import { loggedInAdmin, type LoggedInAdmin } from './factories';
import { multipart, type Part } from './images';
import { buildTestApp, type TestApp } from './test-app';

export const WORDPRESS_FIXTURE = 'tests/fixtures/import/wordpress/site.xml';
export const WORDPRESS_UPLOADS = 'tests/fixtures/import/wordpress/uploads.zip';

/**
 * A site to import into, its pages rendered by the production build (`npm run build` first), so an old
 * address can be followed to the page it now is; with its Owner signed in.
 */
export async function importSite(kind: 'sqlite' | 'postgres', env?: Record<string, string>) {
  const build = (await import(path.resolve('build/server/index.js'))) as ServerBuild;
  const t = await buildTestApp(kind, {
    app: { rateLimits: NO_RATE_LIMITS, ssr: { build, mode: 'production', cache: true } },
    env,
  });
  return { t, admin: await loggedInAdmin(t) };
}

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

/** A WordPress export of a site with nothing in it: an import of it is done at once. */
export const EMPTY_WXR = `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wfw="http://wellformedweb.org/CommentAPI/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
  <title>Empty</title>
  <link>https://empty.example.com</link>
  <wp:wxr_version>1.2</wp:wxr_version>
  <wp:base_site_url>https://empty.example.com</wp:base_site_url>
  <wp:base_blog_url>https://empty.example.com</wp:base_blog_url>
</channel>
</rss>
`;

/** An analysed import of EMPTY_WXR, made by `admin`. */
export async function analysedEmptyImport(admin: LoggedInAdmin): Promise<string> {
  const res = await uploadExport(admin, { data: EMPTY_WXR, name: 'empty.xml' });
  if (res.status !== 200) throw new Error(`empty import: ${res.status} ${res.text}`);
  return res.data!._id;
}
