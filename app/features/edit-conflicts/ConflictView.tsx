import { useEffect, useRef } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { EDIT_CONFLICT_MESSAGES } from '#shared/messages.ts';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';

/** One field that differs, as text to compare by eye. */
export interface ConflictRow {
  name: string;
  label: string;
  theirs: string;
  mine: string;
}

/**
 * An editor's answer to a 409 (docs/product.md#edit-conflicts), for posts and sections alike: each field
 * that differs between the version saved meanwhile ("theirs") and the form ("mine"), side by side (stacked
 * on a phone), with "Use theirs" per field; "Keep mine" saves the form over theirs, "Take theirs" puts
 * theirs in the form. Nothing is lost: theirs is stored (and in the history), mine stays in the form until
 * one of them is chosen.
 */
export function ConflictView({
  heading,
  intro,
  rows,
  busy,
  onUseTheirs,
  onTakeTheirs,
  onKeepMine,
}: {
  heading: string;
  intro: string;
  rows: ConflictRow[];
  busy: boolean;
  onUseTheirs: (name: string) => void;
  onTakeTheirs: () => void;
  onKeepMine: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Save is at the foot of a long form: the answer is brought into view, and the focus to it.
  useEffect(() => {
    headingRef.current?.scrollIntoView({ block: 'start' });
    headingRef.current?.focus({ preventScroll: true });
  }, []);
  return (
    <Alert variant="warning" className="edit-conflict" data-testid="edit-conflict" role="alert">
      <h2 className="h5" ref={headingRef} tabIndex={-1}>
        {heading}
      </h2>
      <p>{intro}</p>
      {rows.map(({ name, label, theirs, mine }) => (
        <section key={name} className="edit-conflict-field mb-3" data-testid={`conflict-${name}`}>
          <h3 className="h6 mb-1">{label}</h3>
          <div className="row g-2 align-items-start">
            <div className="col-md-6">
              <div className="small fw-semibold">{EDIT_CONFLICT_MESSAGES.theirs}</div>
              <div className="edit-conflict-value" data-testid="theirs">
                {theirs || EDIT_CONFLICT_MESSAGES.empty}
              </div>
              <Button size="sm" variant="outline-dark" className="mt-1" onClick={() => onUseTheirs(name)}>
                {EDIT_CONFLICT_MESSAGES.useTheirs}
                <span className="visually-hidden"> ({label})</span>
              </Button>
            </div>
            <div className="col-md-6">
              <div className="small fw-semibold">{EDIT_CONFLICT_MESSAGES.mine}</div>
              <div className="edit-conflict-value" data-testid="mine">
                {mine || EDIT_CONFLICT_MESSAGES.empty}
              </div>
            </div>
          </div>
        </section>
      ))}
      <div className="d-flex flex-wrap gap-2 align-items-center mt-3">
        <SpinnerButton type="button" loading={busy} onClick={onKeepMine}>
          {EDIT_CONFLICT_MESSAGES.keepMine}
        </SpinnerButton>
        <Button variant="outline-dark" disabled={busy} onClick={onTakeTheirs}>
          {EDIT_CONFLICT_MESSAGES.takeTheirs}
        </Button>
        <span className="small">{EDIT_CONFLICT_MESSAGES.keepMineHelp}</span>
      </div>
    </Alert>
  );
}

/** Rich text as words to compare: without its tags. */
export const textOfRich = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The rows of the fields whose values differ, each shown by `show`. */
export function differingRows<V extends Record<string, unknown>>(
  fields: ReadonlyArray<{ name: keyof V & string; label: string }>,
  theirs: V,
  mine: V,
  show: (name: keyof V & string, value: unknown) => string,
): ConflictRow[] {
  return fields
    .filter(({ name }) => !same(theirs[name], mine[name]))
    .map(({ name, label }) => ({ name, label, theirs: show(name, theirs[name]), mine: show(name, mine[name]) }));
}
