import { rm } from 'node:fs/promises';
import path from 'node:path';
import { IMPORT_MESSAGES } from '#shared/messages.ts';
import { now } from '#server/db/database.ts';
import { DomainError } from '#server/errors.ts';
import { runImport, type JobDeps } from './job';
import * as repo from './repository';
import { undoImport } from './undo';

/**
 * What the runner (./runner.ts) does with a claimed import: run or resume it, or undo it. An import that
 * fails keeps what it made (listed in its report) and can be undone like a finished one.
 */
export function createImportWork(deps: Omit<JobDeps, 'open'> & { folder: string; open: JobDeps['open'] }) {
  const { db } = deps;
  return {
    async work(row: repo.ImportRow, alive: () => boolean) {
      // The uploaded files are needed until the import is done (a failed one starts again from them);
      // then only the ledger is (Undo), so up to 512 MB a time do not pile up in DATA_DIR.
      const dropFiles = () => rm(path.join(deps.folder, row.folder), { recursive: true, force: true });
      if (row.status === 'undoing') {
        await undoImport(db, row.id, deps.targets);
        await repo.moveStatus(db, row.id, ['undoing'], {
          status: 'undone',
          phase: 'undone',
          undone_at: now(),
          lease_owner: null,
          lease_until: null,
        });
        await dropFiles();
        return;
      }
      await runImport({ ...deps, open: () => deps.open(path.join(deps.folder, row.folder)) }, row, alive);
      await dropFiles();
    },
    async failed(row: repo.ImportRow, err: unknown) {
      const message = err instanceof DomainError ? err.message : IMPORT_MESSAGES.jobFailed;
      await repo.updateImport(db, row.id, {
        status: row.status === 'undoing' ? 'done' : 'failed',
        error: message,
        finished_at: row.finished_at ?? now(),
        lease_owner: null,
        lease_until: null,
      });
    },
  };
}
