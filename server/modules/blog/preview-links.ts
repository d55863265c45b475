import { randomBytes } from 'node:crypto';
import { SERVER_MESSAGES } from '#shared/messages.ts';
import type { PostDetails } from '#shared/schemas/blog.ts';
import type { Db } from '#server/db/database.ts';
import { NotFoundError } from '#server/errors.ts';
import { toPost } from './mapping';
import { ensurePreviewToken, findPostByPreviewToken, setPreviewToken } from './posts-repository';

/** A post's private preview link: whoever has it sees the post as its public page will show it. */
export function createPreviewLinks(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** The post behind a preview link, whatever its status; undefined when the link is not (or no longer) valid. */
    async findByPreviewToken(token: string): Promise<PostDetails | undefined> {
      if (!/^[\w-]{20,64}$/.test(token)) return undefined;
      const row = await findPostByPreviewToken(db, token);
      return row ? toPost(row) : undefined;
    },

    /** The post's shareable preview link (made on first use); revoking it makes the next one different. */
    async previewToken(id: string): Promise<string> {
      const token = await ensurePreviewToken(db, id, randomBytes(24).toString('base64url'));
      if (!token) throw new NotFoundError(SERVER_MESSAGES.postNotFound);
      return token;
    },

    async revokePreviewToken(id: string): Promise<void> {
      if (!(await setPreviewToken(db, id, null))) throw new NotFoundError(SERVER_MESSAGES.postNotFound);
    },
  };
}
