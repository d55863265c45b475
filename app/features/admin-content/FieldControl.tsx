import { useState } from 'react';
import type { FieldDef } from '#shared/sections.ts';
import { ImageUpload } from '#app/components/ui/ImageUpload.tsx';
import { RichTextEditor } from '#app/components/ui/RichTextEditor.tsx';
import { TextField } from '#app/components/ui/TextField.tsx';
import { controlOf } from './field-control';
import { richToText, textToRich } from './plain-text-of-rich';

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
  if (control === 'textarea' && field.kind === 'rich')
    return <PlainTextOfRich id={id} label={field.label} value={value} error={error} onChange={onChange} />;
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

/**
 * A rich field in a textarea: the text is kept as typed (converting it back from HTML on every key would
 * move the cursor and eat a trailing line break), and taken anew from the stored value only when that
 * changes from outside (a restore from the history, a reload).
 */
function PlainTextOfRich({
  id,
  label,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const [text, setText] = useState(() => richToText(value));
  const [sent, setSent] = useState(value);
  if (value !== sent) {
    setSent(value);
    setText(richToText(value));
  }
  return (
    <TextField
      id={id}
      label={label}
      value={text}
      error={error}
      as="textarea"
      rows={3}
      onChange={(typed) => {
        const html = textToRich(typed);
        setText(typed);
        setSent(html);
        onChange(html);
      }}
    />
  );
}
