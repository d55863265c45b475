import { WORDPRESS_IMPORT_MESSAGES as M } from '#shared/messages.ts';
import type { SourceProblem } from '#server/modules/site-import/source.ts';
import { detach } from './text';

/** The summary keeps this many problems, then one "… and N more" (docs/decisions/0038-import.md). */
export const MAX_PROBLEMS = 1000;

interface Entry extends SourceProblem {
  /** The item's place in the file and the problem's within it: the list is given in file order. */
  order: number;
  seq: number;
}

/**
 * The summary's problems, held small: at most MAX_PROBLEMS found while reading, the rest only counted, and
 * the few that can only be told at the end of the file (an attachment named before it appears) added then.
 */
export class ProblemList {
  private readonly kept: Entry[] = [];
  private dropped = 0;

  add(order: number, seq: number, item: string, message: string) {
    if (this.kept.length < MAX_PROBLEMS) this.kept.push({ order, seq, item: detach(item), message: detach(message) });
    else this.dropped += 1;
  }

  /** In file order, capped, with the count of the rest. */
  list(late: Entry[] = []): SourceProblem[] {
    const all = [...this.kept, ...late].sort((a, b) => a.order - b.order || a.seq - b.seq);
    const rest = this.dropped + Math.max(0, all.length - MAX_PROBLEMS);
    const shown = all.slice(0, MAX_PROBLEMS).map(({ item, message }) => ({ item, message }));
    return rest > 0 ? [...shown, { item: M.fileItem, message: M.moreProblems(rest) }] : shown;
  }
}
