import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { CLASH_CHOICES, discardImport, startImport, type Import, type ImportOptions } from '#shared/api/imports.ts';
import type { StaffMember } from '#shared/schemas/staff.ts';
import { IMPORT_UI_MESSAGES as T } from '#shared/messages.ts';
import { ConfirmDialog } from '#app/components/ui/ConfirmDialog.tsx';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { call } from '#app/lib/api-client.ts';
import { useSubmit } from '#app/lib/use-submit.ts';

const BYLINE = 'byline';
type Clash = (typeof CLASH_CHOICES)[number];

/** Each source author's default: the staff person with the same e-mail, else a new byline-only author. */
function defaults(summary: Import['summary'], staff: readonly StaffMember[]): Record<string, string> {
  const byEmail = new Map(staff.map((person) => [person.email.toLowerCase(), person._id]));
  return Object.fromEntries(
    summary.authors.map((author) => [author.key, byEmail.get(author.email?.toLowerCase() ?? '') ?? BYLINE]),
  );
}

/**
 * The administrator's choices before the job starts (docs/product.md#import): where each author's posts
 * go, what to do with addresses already taken, and whether the subscribers opted in elsewhere.
 */
export function MappingForm({
  current,
  staff,
  onStarted,
  onDiscarded,
}: {
  current: Import;
  staff: readonly StaffMember[];
  onStarted: (next: Import) => void;
  /** Absent: the import failed and starts again where it stopped (it can be undone, not discarded). */
  onDiscarded?: () => void;
}) {
  const again = !onDiscarded;
  const { summary } = current;
  const [authors, setAuthors] = useState(() => defaults(summary, staff));
  const [clash, setClash] = useState<Clash>('skip');
  const [optedIn, setOptedIn] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const starting = useSubmit();
  const dropping = useSubmit();

  const start = async (event: React.FormEvent) => {
    event.preventDefault();
    const body: ImportOptions = {
      authors: summary.authors.map((author) => {
        const to = authors[author.key] ?? BYLINE;
        return to === BYLINE ? { key: author.key, to: 'byline' } : { key: author.key, to: 'person', userId: to };
      }),
      clash,
      subscribersOptedIn: optedIn,
    };
    const answer: { next?: Import } = {};
    await starting.run(
      async () => {
        answer.next = await call(startImport, { params: { id: current._id }, body });
      },
      { success: T.started },
    );
    if (answer.next) onStarted(answer.next);
  };

  const discard = async () => {
    setDiscarding(false);
    const done = await dropping.run(() => call(discardImport, { params: { id: current._id } }), {
      success: T.discarded,
    });
    if (done) onDiscarded?.();
  };

  return (
    <form noValidate onSubmit={start} aria-labelledby="import-choices-title">
      <h2 className="h5" id="import-choices-title">
        {again ? T.againTitle : T.choicesTitle}
      </h2>
      {again ? <p className="small text-body-secondary">{T.againHelp}</p> : null}
      {summary.authors.length ? (
        <fieldset className="mb-4">
          <legend className="h6">{T.authorsTitle}</legend>
          <p className="small text-body-secondary">{T.authorsHelp}</p>
          {summary.authors.map((author, index) => (
            <Form.Group
              key={author.key}
              controlId={`import-author-${index}`}
              className="row g-2 align-items-center mb-2"
              data-testid="import-author"
            >
              <Form.Label column className="col-12 col-md-5 text-break py-0">
                {T.authorOf(author.name, author.email, author.posts)}
              </Form.Label>
              <div className="col-12 col-md-7">
                <Form.Select
                  aria-label={T.authorSelect(author.name)}
                  value={authors[author.key] ?? BYLINE}
                  onChange={(e) => setAuthors({ ...authors, [author.key]: e.target.value })}
                >
                  <option value={BYLINE}>{T.newByline}</option>
                  {staff.map((person) => (
                    <option key={person._id} value={person._id}>
                      {person.name} ({person.email})
                    </option>
                  ))}
                </Form.Select>
              </div>
            </Form.Group>
          ))}
        </fieldset>
      ) : null}
      <fieldset className="mb-4">
        <legend className="h6">{T.clashTitle}</legend>
        {CLASH_CHOICES.map((choice) => (
          <Form.Check
            key={choice}
            type="radio"
            id={`import-clash-${choice}`}
            name="import-clash"
            className="mb-2"
            checked={clash === choice}
            onChange={() => setClash(choice)}
            label={
              <>
                <span className="fw-semibold">{T.clash[choice].label}</span>
                <span className="d-block small text-body-secondary">{T.clash[choice].help}</span>
              </>
            }
          />
        ))}
      </fieldset>
      {summary.counts.subscribers > 0 ? (
        <fieldset className="mb-4">
          <legend className="h6">{T.subscribersTitle(summary.counts.subscribers)}</legend>
          <Form.Check
            type="checkbox"
            id="import-opted-in"
            checked={optedIn}
            onChange={(e) => setOptedIn(e.target.checked)}
            label={T.optedIn}
          />
        </fieldset>
      ) : null}
      <div className="d-flex flex-wrap gap-2">
        <SpinnerButton type="submit" loading={starting.busy} disabled={dropping.busy}>
          {again ? T.startAgain : T.start}
        </SpinnerButton>
        {again ? null : (
          <SpinnerButton
            type="button"
            variant="outline-danger"
            loading={dropping.busy}
            disabled={starting.busy}
            onClick={() => setDiscarding(true)}
          >
            {T.discard}
          </SpinnerButton>
        )}
      </div>
      <ConfirmDialog
        show={discarding}
        message={T.confirmDiscard}
        confirmLabel={T.discard}
        onCancel={() => setDiscarding(false)}
        onConfirm={() => void discard()}
      />
    </form>
  );
}
