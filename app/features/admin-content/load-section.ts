import { getSectionForEdit } from '#shared/api/content.ts';
import type { SiteContent } from '#shared/schemas/content.ts';
import type { SectionKey } from '#shared/sections.ts';
import { call } from '#app/lib/api-client.ts';

/** A section as its editor opens it: the content, and the version its save names (docs/product.md#edit-conflicts). */
export interface LoadedSection<K extends SectionKey = SectionKey> {
  section: SiteContent[K];
  version: number;
}

/** Editors read their section as the public site has it, with its version, and keep a local copy. */
export async function loadSection<K extends SectionKey>(key: K): Promise<LoadedSection<K>> {
  const { section, version } = await call(getSectionForEdit, { params: { key } });
  return { section: section as unknown as SiteContent[K], version };
}
