import { PRESENCE_TTL_MS, type PresenceOther } from '#shared/api/presence.ts';
import type { Db } from '#server/db/database.ts';
import { deleteStale, deleteTab, othersOf, upsertBeat } from './repository';

interface Viewer {
  id: string;
  name: string;
}

/**
 * Who else has an editor of the same post or section open, and when they last typed
 * (docs/product.md#edit-conflicts). A light signal, never a lock: it is in the database so that every
 * process sees every tab; a tab that stops beating drops out after `PRESENCE_TTL_MS`. Whether the person
 * may open the subject at all is checked by the caller (server/routes/api/presence.ts) before.
 */
export function createPresenceService(deps: { db: Db; clock?: () => number }) {
  const { db } = deps;
  const clock = deps.clock ?? Date.now;
  return {
    async beat(viewer: Viewer, subject: string, tab: string, typed: boolean): Promise<PresenceOther[]> {
      const at = clock();
      const cutoff = new Date(at - PRESENCE_TTL_MS).toISOString();
      await deleteStale(db, cutoff);
      await upsertBeat(db, {
        subject,
        tab,
        userId: viewer.id,
        name: viewer.name,
        at: new Date(at).toISOString(),
        typed,
      });
      const rows = await othersOf(db, subject, tab, cutoff);
      return rows.map((row) => ({
        name: row.name,
        self: row.user_id === viewer.id,
        seenAt: row.seen_at,
        typedAt: row.typed_at,
      }));
    },

    leave: (viewer: Viewer, subject: string, tab: string) => deleteTab(db, subject, tab, viewer.id),
  };
}
