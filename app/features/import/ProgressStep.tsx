import type { Import } from '#shared/api/imports.ts';
import { IMPORT_UI_MESSAGES as T } from '#shared/messages.ts';
import { Progress } from './Progress';

/** The phase of the job in words. */
function phaseOf(current: Import): string {
  if (current.status === 'queued') return T.phases.queued!;
  if (current.status === 'undoing') return T.phases.undoing!;
  return T.phases[current.phase] ?? T.phases.queued!;
}

/** Step 3: the background job's progress, phase by phase (read again every second by useLiveImport). */
export function ProgressStep({ current }: { current: Import }) {
  const phase = phaseOf(current);
  const share = current.total > 0 ? current.done / current.total : 0;
  const line =
    current.status === 'undoing' || current.total === 0 ? phase : T.phaseLine(phase, current.done, current.total);
  return (
    <section aria-labelledby="import-progress-title" className="mb-4" data-testid="import-progress">
      <h2 className="h5" id="import-progress-title">
        {current.status === 'undoing' ? T.undoingTitle : T.runningTitle}
      </h2>
      <Progress share={current.status === 'undoing' ? null : share} label={T.progressLabel} words={line} />
      <p className="mb-1" data-testid="import-phase">
        {line}
      </p>
      <p className="small text-body-secondary mb-0">{T.background}</p>
    </section>
  );
}
