import type { FieldDef } from '#shared/sections.ts';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { FieldControl } from './FieldControl';

interface SectionFormProps {
  /** Prefix of the fields' element ids, e.g. "banner" gives "banner-title". */
  name: string;
  heading: string;
  fields: readonly FieldDef[];
  draft: Record<string, unknown>;
  errors: Record<string, string | undefined>;
  saving: boolean;
  onField: (name: string, value: string) => void;
  onSave: () => void;
  children?: React.ReactNode;
  /** Actions beside the heading (the History button). */
  actions?: React.ReactNode;
  /** Above the form: who else has it open, a conflict to resolve. */
  notices?: React.ReactNode;
}

/** An editor screen: the section's own fields, its Update button, then whatever it lists below. */
export function SectionForm({
  name,
  heading,
  fields,
  draft,
  errors,
  saving,
  onField,
  onSave,
  children,
  actions,
  notices,
}: SectionFormProps) {
  return (
    <section className="admin-card">
      <div className="d-flex flex-wrap gap-2 justify-content-between align-items-start mb-4">
        <h1 className="h3 mb-0">{heading}</h1>
        {actions}
      </div>
      {notices}
      <form
        noValidate
        aria-label={heading}
        onSubmit={(event) => {
          event.preventDefault();
          onSave();
        }}
      >
        {fields.map((field) => (
          <FieldControl
            key={field.name}
            id={`${name}-${field.name}`}
            field={field}
            value={String(draft[field.name] ?? '')}
            error={errors[field.name]}
            onChange={(value) => onField(field.name, value)}
          />
        ))}
        <SpinnerButton type="submit" loading={saving} className="px-5">
          Update
        </SpinnerButton>
      </form>
      {children}
    </section>
  );
}
