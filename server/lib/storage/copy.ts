import { buffer } from 'node:stream/consumers';
import type { FileStorage } from './storage';

export interface CopyReport {
  copied: number;
  skipped: number;
}

/**
 * Copies every file of `from` that `to` does not have yet (`npm run storage:migrate`). Stored names are
 * unique per upload and never rewritten, so a file of the same name is the same file: skipping it makes a
 * second run, or a run after an interrupted one, copy only what is missing.
 */
export async function copyStorage(
  from: FileStorage,
  to: FileStorage,
  onFile: (name: string, copied: boolean) => void = () => undefined,
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0 };
  for await (const name of from.list()) {
    if (await to.exists(name)) {
      report.skipped++;
      onFile(name, false);
      continue;
    }
    const file = await from.get(name);
    if (!file) continue; // deleted since it was listed
    await to.put(name, await buffer(file.body), file.contentType);
    report.copied++;
    onFile(name, true);
  }
  return report;
}
