import { createContext, useContext, type ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import { ImageUpload } from '#app/components/ui/ImageUpload.tsx';
import { RichTextEditor } from '#app/components/ui/RichTextEditor.tsx';
import { TextField } from '#app/components/ui/TextField.tsx';

/**
 * The block being edited and the editor's errors, for its fields: a field's id is `block-<blockId>-<path>`
 * and its message `errors["<blockId>.<path>"]` (the keys the pages API answers, e.g. `b1.items.0.question`).
 */
export const BlockFieldsContext = createContext<{ blockId: string; errors: Record<string, string> }>({
  blockId: '',
  errors: {},
});

export function useField(path: string) {
  const { blockId, errors } = useContext(BlockFieldsContext);
  return { id: `block-${blockId}-${path.replaceAll('.', '-')}`, error: errors[`${blockId}.${path}`] };
}

/** An error of the block or of a list as a whole (a repeated block, too many items). */
export function FieldError({ path }: { path: string }) {
  const { error } = useField(path);
  return error ? (
    <p className="text-danger small mb-2" role="alert">
      {error}
    </p>
  ) : null;
}

export function TextInput({
  path,
  label,
  value,
  onChange,
  multiline,
  help,
}: {
  path: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
  help?: ReactNode;
}) {
  const { id, error } = useField(path);
  return (
    <>
      <TextField
        id={id}
        label={label}
        value={value}
        error={error}
        onChange={onChange}
        className={help ? 'mb-1' : 'mb-3'}
        {...(multiline ? { as: 'textarea' as const, rows: 3 } : {})}
      />
      {help ? <Form.Text className="d-block mb-3">{help}</Form.Text> : null}
    </>
  );
}

/** Rich text with the editor posts use (TinyMCE with the media library). */
export function RichInput({
  path,
  label,
  value,
  onChange,
}: {
  path: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
}) {
  const { id, error } = useField(path);
  return (
    <div className="mb-3">
      <RichTextEditor id={id} label={label} value={value} onChange={onChange} error={error} height={300} />
    </div>
  );
}

/** An image from the media library or uploaded, as a post's feature image is chosen. */
export function ImageInput({
  path,
  label,
  value,
  onChange,
}: {
  path: string;
  label: string;
  value: string;
  onChange: (url: string) => void;
}) {
  const { error } = useField(path);
  return (
    <ImageUpload
      label={label}
      accept="image/*"
      toastOnError={false}
      removable
      value={value}
      error={error}
      onUploaded={onChange}
    />
  );
}

export function SelectInput<V extends string>({
  path,
  label,
  value,
  options,
  onChange,
}: {
  path: string;
  label: string;
  value: V;
  options: ReadonlyArray<{ value: V; label: string }>;
  onChange: (value: V) => void;
}) {
  const { id, error } = useField(path);
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Select value={value} isInvalid={Boolean(error)} onChange={(e) => onChange(e.target.value as V)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Form.Select>
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
    </Form.Group>
  );
}

/** A block's own heading: every block that has one edits it the same way. */
export function HeadingInput<B extends { heading: string }>({
  block,
  onChange,
}: {
  block: B;
  onChange: (block: B) => void;
}) {
  return (
    <TextInput
      path="heading"
      label="Heading"
      value={block.heading}
      onChange={(heading) => onChange({ ...block, heading })}
    />
  );
}
