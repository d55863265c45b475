import { ImageUpload } from '#app/components/ui/ImageUpload.tsx';
import { RichTextEditor } from '#app/components/ui/RichTextEditor.tsx';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { TextField } from '#app/components/ui/TextField.tsx';
import type { ItemField } from './ItemDialog';

interface SectionFormProps<D> {
  /** Used for element ids, e.g. "banner". */
  name: string;
  heading: string;
  fields: ItemField<D>[];
  draft: D;
  errors: Record<string, string | undefined>;
  saving: boolean;
  onField: (name: keyof D & string, value: string) => void;
  onSave: () => void;
  children?: React.ReactNode;
}

/** An editor screen: the section's own fields, its Update button, then whatever it lists below. */
export function SectionForm<D>({
  name,
  heading,
  fields,
  draft,
  errors,
  saving,
  onField,
  onSave,
  children,
}: SectionFormProps<D>) {
  return (
    <section className="admin-card">
      <h1 className="h3 mb-4">{heading}</h1>
      <form
        noValidate
        aria-label={heading}
        onSubmit={(event) => {
          event.preventDefault();
          onSave();
        }}
      >
        {fields.map((field) => {
          const id = `${name}-${field.name}`;
          const value = String(draft[field.name] ?? '');
          const error = errors[field.name];
          if (field.kind === 'rich')
            return (
              <RichTextEditor
                key={id}
                id={id}
                label={field.label}
                value={value}
                error={error}
                onChange={(v) => onField(field.name, v)}
              />
            );
          if (field.kind === 'image')
            return (
              <ImageUpload
                key={id}
                label={field.label}
                value={value}
                error={error}
                onUploaded={(v) => onField(field.name, v)}
              />
            );
          return (
            <TextField
              key={id}
              id={id}
              label={field.label}
              value={value}
              error={error}
              as={field.kind === 'textarea' ? 'textarea' : undefined}
              rows={3}
              onChange={(v) => onField(field.name, v)}
            />
          );
        })}
        <SpinnerButton type="submit" loading={saving} className="px-5">
          Update
        </SpinnerButton>
      </form>
      {children}
    </section>
  );
}
