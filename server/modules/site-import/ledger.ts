import { newId } from '#server/db/database.ts';
import type { Db } from '#server/db/database.ts';
import * as repo from './repository';

/** What became of one thing of the source (`import_items.outcome`). */
export type Outcome = 'created' | 'replaced' | 'existing' | 'skipped' | 'failed';

export interface Made {
  outcome: Outcome;
  targetId: string;
  detail?: string;
}

/**
 * The job's ledger (docs/decisions/0038-import.md): each thing of the source is made at most once, even
 * across a kill. Before a write, a `pending` row names the id the thing will have; after it, the row
 * says what happened. A job that resumes and finds a `pending` row asks whether that id exists: the write
 * happened (the row is completed) or it did not (it is made now, with the same id). A thing that an
 * earlier import of the same old site made, and that still exists, is taken as `existing`.
 */
export function createLedger(deps: { db: Db; importId: string; sourceId: string }) {
  const { db, importId, sourceId } = deps;
  // The ledger's rows, read once when the job starts and kept with every write: only the process holding
  // the import's lease writes them (./runner.ts), so no query per thing is needed to know what is settled.
  const rows = new Map<string, Pick<repo.ItemRow, 'target_id' | 'outcome' | 'detail' | 'position'>>();
  let earlierImports = true;
  let position = 0;

  // Outcomes not yet written: each goes with the next write of a `pending` row (or `flush`), so a thing
  // costs the ledger one statement, not two. One lost to a kill is found again: its row is `pending`, and
  // `track` asks whether its id exists.
  const unwritten = new Map<string, Parameters<typeof repo.putItems>[1][number]>();

  function remember(row: Omit<repo.ItemRow, 'import_id' | 'label' | 'detail'> & { label: string; detail?: string }) {
    unwritten.set(row.source_key, { import_id: importId, ...row });
    rows.set(row.source_key, {
      target_id: row.target_id,
      outcome: row.outcome,
      detail: row.detail ?? '',
      position: row.position,
    });
  }

  async function flush(): Promise<void> {
    if (!unwritten.size) return;
    const batch = [...unwritten.values()];
    unwritten.clear();
    try {
      await repo.putItems(db, batch);
    } catch (err) {
      // Kept for the next write, unless a newer row of the same thing came meanwhile.
      for (const row of batch) if (!unwritten.has(row.source_key)) unwritten.set(row.source_key, row);
      throw err;
    }
  }

  /** A row that must be in the database before the write it announces (a `pending` one). */
  async function put(row: Parameters<typeof remember>[0]) {
    remember(row);
    await flush();
  }

  return {
    async start(): Promise<void> {
      rows.clear();
      for (const row of await repo.itemsOf(db, importId)) rows.set(row.source_key, row);
      position = rows.size;
      // A first import of this old site has nothing earlier to find: no query per thing for it.
      earlierImports = await repo.hasEarlierImport(db, sourceId, importId);
    },

    /** Whether this thing is settled in this import already (a resumed job skips it). */
    settled(key: string) {
      const row = rows.get(key);
      return row && row.outcome !== 'pending' ? row : null;
    },

    /** Writes the outcomes not yet written: at the end of each phase, and before the rows are read. */
    flush,

    /** Source key → the address here of each post or page this import made or took (its detail's first line). */
    async paths(kind: 'post' | 'page'): Promise<Map<string, string>> {
      await flush();
      const found = await repo.itemsOfKind(db, importId, kind);
      return new Map(
        found
          .filter((row) => row.outcome !== 'failed' && row.outcome !== 'pending' && row.detail)
          .map((row) => [row.source_key, row.detail.split('\n')[0]!]),
      );
    },

    /** Notes that a thing is about to be made by a write whose id this module does not choose (a category). */
    async markPending(key: string, kind: string, label: string): Promise<void> {
      await put({ source_key: key, target_kind: kind, target_id: '', outcome: 'pending', label, position: position++ });
    },

    /** Whether a write of this thing was begun and not confirmed (a kill came between). */
    isPending(key: string): boolean {
      return rows.get(key)?.outcome === 'pending';
    },

    async track(
      key: string,
      kind: string,
      label: string,
      work: {
        /** Whether a thing of this id exists (made by an earlier run of this job, or an earlier import). */
        exists: (id: string) => Promise<boolean>;
        /** Makes it with this id; or answers what to do instead (skipped, existing …). */
        make: (id: string) => Promise<Made>;
        /** The detail of a thing found made (its new address), when a kill came before the ledger heard. */
        detailOf?: (id: string) => Promise<string>;
      },
    ): Promise<Made> {
      const row = rows.get(key);
      if (row && row.outcome !== 'pending')
        return { outcome: row.outcome as Outcome, targetId: row.target_id, detail: row.detail };
      const earlier = row || !earlierImports ? undefined : await repo.findEarlierItem(db, sourceId, importId, key);
      if (earlier && (await work.exists(earlier.target_id))) {
        return this.record(key, kind, label, {
          outcome: 'existing',
          targetId: earlier.target_id,
          detail: earlier.detail,
        });
      }
      const id = row?.target_id ?? newId();
      if (row && (await work.exists(id))) {
        // Written before the kill: recorded now, its detail read back from what was written.
        const detail = (await work.detailOf?.(id)) ?? row.detail;
        return this.record(key, kind, label, { outcome: 'created', targetId: id, detail });
      }
      if (!row)
        await put({
          source_key: key,
          target_kind: kind,
          target_id: id,
          outcome: 'pending',
          label,
          position: position++,
        });
      let made: Made;
      try {
        made = await work.make(id);
      } catch (err) {
        made = { outcome: 'failed', targetId: '', detail: err instanceof Error ? err.message : String(err) };
        await this.record(key, kind, label, made);
        throw Object.assign(err instanceof Error ? err : new Error(String(err)), { recorded: true });
      }
      return this.record(key, kind, label, made);
    },

    /** What became of a thing: written with the ledger's next write (see `unwritten`). */
    async record(key: string, kind: string, label: string, made: Made): Promise<Made> {
      remember({
        source_key: key,
        target_kind: kind,
        target_id: made.targetId,
        outcome: made.outcome,
        label: label.slice(0, 500),
        detail: (made.detail ?? '').slice(0, 4000),
        position: rows.get(key)?.position ?? position++,
      });
      return made;
    },
  };
}
export type Ledger = ReturnType<typeof createLedger>;
