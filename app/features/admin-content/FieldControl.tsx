import type { FieldDef } from '#shared/sections.ts';
import { ImageUpload } from '#app/components/ui/ImageUpload.tsx';
import { RichTextEditor } from '#app/components/ui/RichTextEditor.tsx';
import { TextField } from '#app/components/ui/TextField.tsx';
import { controlOf } from './field-control';

/** One field of a section or item form, as the registry describes it (shared/sections.ts). */
export function FieldControl({
  id,
  field,
  value,
  error,
  onChange,
}: {
  id: string;
  field: FieldDef;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const control = controlOf(field);
  if (control === 'rich')
    return <RichTextEditor id={id} label={field.label} value={value} error={error} onChange={onChange} />;
  if (control === 'image') return <ImageUpload label={field.label} value={value} error={error} onUploaded={onChange} />;
  return (
    <TextField
      id={id}
      label={field.label}
      value={value}
      error={error}
      as={control === 'textarea' ? 'textarea' : undefined}
      rows={3}
      onChange={onChange}
    />
  );
}
