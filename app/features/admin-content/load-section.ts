import { getContent } from '#shared/api/content.ts';
import type { SiteContent } from '#shared/schemas/content.ts';
import type { SectionKey } from '#shared/sections.ts';
import { call } from '#app/lib/api-client.ts';

/** Editors read the same content object as the public site and keep a local copy of their section. */
export async function loadSection<K extends SectionKey>(key: K): Promise<SiteContent[K]> {
  const content = await call(getContent);
  return content[key];
}
