import type { AutosaveState } from './use-autosave';

const TEXTS: Record<AutosaveState, string> = {
  idle: '',
  saving: 'Saving…',
  saved: 'Saved',
  failed: 'Not saved',
};

/** A discreet line beside the Save button: where the editor's autosave stands. */
export function AutosaveStatus({ state, dirty }: { state: AutosaveState; dirty: boolean }) {
  const text = state === 'idle' && dirty ? 'Unsaved changes' : TEXTS[state];
  return (
    <span
      className={`autosave-status small ${state === 'failed' ? 'text-danger' : 'text-body-secondary'}`}
      role="status"
      aria-live="polite"
    >
      {text}
    </span>
  );
}
