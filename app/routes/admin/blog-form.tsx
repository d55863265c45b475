import { listCategories, getAdminPost } from '#shared/api/blog.ts';
import { getAutosave } from '#shared/api/autosave.ts';
import { getSettings } from '#shared/api/newsletter.ts';
import { listTagNames } from '#shared/api/tags.ts';
import type { AdminPost } from '#shared/schemas/blog.ts';
import { PostEditor } from '#app/features/blog-editor/PostEditor.tsx';
import { call } from '#app/lib/api-client.ts';
import { toast } from '#app/lib/toast.tsx';
import type { Route } from './+types/blog-form';

/** Create (`/admin/blogs/create`) and edit (`/admin/blogs/edit/:id`) share this screen. */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const [categories, settings, autosave, tagNames] = await Promise.all([
    call(listCategories),
    call(getSettings),
    call(getAutosave, { params: { key: params.id ?? 'new' } }).catch(() => null),
    // Suggestions only: the editor works without them.
    call(listTagNames).catch(() => [] as string[]),
  ]);
  let post: AdminPost | null = null;
  if (params.id) {
    try {
      post = await call(getAdminPost, { params: { id: params.id } });
    } catch (err) {
      // A failed load shows its message (docs/product.md#error-catalogue).
      toast.error(err instanceof Error ? err.message : String(err));
    }
  }
  return { categories, post, editing: Boolean(params.id), timeZone: settings.timeZone, autosave, tagNames };
}
clientLoader.hydrate = true as const;

/** A saved post reopens the editor afresh: its form starts from what is now stored. */
export default function BlogFormRoute({ loaderData }: Route.ComponentProps) {
  return <PostEditor key={`${loaderData.post?._id ?? 'new'}:${loaderData.post?.updatedAt ?? ''}`} {...loaderData} />;
}
