import { useState } from 'react';
import { getAdminPost } from '#shared/api/blog.ts';
import type { AdminPost } from '#shared/schemas/blog.ts';
import { call } from '#app/lib/api-client.ts';
import { formOf, type PostFormValues } from './post-form';

/**
 * The version a post's save names (docs/product.md#edit-conflicts), and the version saved meanwhile once a
 * save was refused: read again, it becomes the version the next save names, so "Keep mine" saves over it
 * on purpose, and the save that was refused can be made again as it was asked (`refused`: the arguments
 * of that save, for the editor's own save function of the moment, which sends the form as it is then).
 */
export function useEditConflict<Args extends unknown[]>(post: AdminPost | null, timeZone: string) {
  const [base, setBase] = useState(post?.version);
  const [theirs, setTheirs] = useState<PostFormValues | null>(null);
  const [refused, setRefused] = useState<Args | null>(null);
  return {
    base,
    theirs,
    refused,
    /** Shows the version saved meanwhile beside the form, and keeps how the refused save was asked. */
    async show(args: Args) {
      if (!post) return;
      const stored = await call(getAdminPost, { params: { id: post._id } });
      setRefused(args);
      setBase(stored.version);
      setTheirs(formOf(stored, timeZone));
    },
    close: () => setTheirs(null),
  };
}
