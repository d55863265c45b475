import type { SectionKey, SiteContent } from '#shared/schemas/content.ts';
import { api } from '#app/lib/api-client.ts';

/** Editors read the same content object as the public site and keep a local copy of their section. */
export async function loadSection<K extends SectionKey>(key: K): Promise<SiteContent[K]> {
  const content = await api<SiteContent>('get-content');
  return content[key];
}
