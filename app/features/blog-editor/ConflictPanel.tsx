import { useEffect, useRef } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { EDIT_CONFLICT_MESSAGES, TAG_MESSAGES } from '#shared/messages.ts';
import { POST_FIELDS } from '#shared/post-fields.ts';
import type { BlogCategory } from '#shared/schemas/blog.ts';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import type { PostFormValues } from './post-form';

/** What a conflict compares: the post's fields (shared/post-fields.ts), its tags and its status. */
const COMPARED: Array<{ name: keyof PostFormValues; label: string }> = [
  ...POST_FIELDS.map((field) => ({ name: field.name, label: field.label })),
  { name: 'tags', label: TAG_MESSAGES.tagsLabel },
  { name: 'status', label: 'Status' },
];

/** A field's value as text to compare by eye: rich text without its tags, a category by name, tags joined. */
function shown(name: keyof PostFormValues, value: PostFormValues[keyof PostFormValues], categories: BlogCategory[]) {
  if (name === 'blogCategory') return categories.find((c) => c._id === value)?.name ?? '';
  if (Array.isArray(value)) return value.join(', ');
  if (name === 'content')
    return String(value)
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  return String(value);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The editor's answer to a 409 (docs/product.md#edit-conflicts): each field that differs between the version
 * saved meanwhile ("theirs") and the form ("mine"), side by side (stacked on a phone), with "Use theirs"
 * per field; "Keep mine" saves the form over theirs, "Take theirs" puts theirs in the form. Nothing is lost:
 * theirs is stored (and in the history), mine stays in the form until one of them is chosen.
 */
export function ConflictPanel({
  theirs,
  mine,
  categories,
  busy,
  onUseTheirs,
  onTakeTheirs,
  onKeepMine,
}: {
  theirs: PostFormValues;
  mine: PostFormValues;
  categories: BlogCategory[];
  busy: boolean;
  onUseTheirs: (name: keyof PostFormValues) => void;
  onTakeTheirs: () => void;
  onKeepMine: () => void;
}) {
  const differing = COMPARED.filter(({ name }) => !same(theirs[name], mine[name]));
  const heading = useRef<HTMLHeadingElement>(null);
  // Save is at the foot of a long form: the answer is brought into view, and the focus to it.
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <Alert variant="warning" className="edit-conflict" data-testid="edit-conflict" role="alert">
      <h2 className="h5" ref={heading} tabIndex={-1}>
        {EDIT_CONFLICT_MESSAGES.heading}
      </h2>
      <p>{EDIT_CONFLICT_MESSAGES.intro}</p>
      {differing.map(({ name, label }) => (
        <section key={name} className="edit-conflict-field mb-3" data-testid={`conflict-${name}`}>
          <h3 className="h6 mb-1">{label}</h3>
          <div className="row g-2 align-items-start">
            <div className="col-md-6">
              <div className="small fw-semibold">{EDIT_CONFLICT_MESSAGES.theirs}</div>
              <div className="edit-conflict-value" data-testid="theirs">
                {shown(name, theirs[name], categories) || EDIT_CONFLICT_MESSAGES.empty}
              </div>
              <Button size="sm" variant="outline-dark" className="mt-1" onClick={() => onUseTheirs(name)}>
                {EDIT_CONFLICT_MESSAGES.useTheirs}
                <span className="visually-hidden"> ({label})</span>
              </Button>
            </div>
            <div className="col-md-6">
              <div className="small fw-semibold">{EDIT_CONFLICT_MESSAGES.mine}</div>
              <div className="edit-conflict-value" data-testid="mine">
                {shown(name, mine[name], categories) || EDIT_CONFLICT_MESSAGES.empty}
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
