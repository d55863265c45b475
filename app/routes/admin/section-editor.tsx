import { data } from 'react-router';
import { sectionByAdminRoute, type SectionKey } from '#shared/sections.ts';
import { loadSection } from '#app/features/admin-content/load-section.ts';
import { SectionEditor } from '#app/features/admin-content/SectionEditor.tsx';
import type { Route } from './+types/section-editor';

/** Every section screen without a layout of its own: `/admin/<adminRoute>` of the registry (app/routes.ts). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const adminRoute = new URL(request.url).pathname.split('/').filter(Boolean).pop() ?? '';
  const definition = sectionByAdminRoute(adminRoute);
  if (!definition) throw data(null, { status: 404, statusText: 'Not Found' });
  const key = definition.key as SectionKey;
  return { key, loaded: await loadSection(key) };
}
clientLoader.hydrate = true as const;

export default function SectionEditorRoute({ loaderData }: Route.ComponentProps) {
  // A new key after each reload: the editor starts again from the saved section.
  return <SectionEditor key={JSON.stringify(loaderData)} sectionKey={loaderData.key} loaded={loaderData.loaded} />;
}
