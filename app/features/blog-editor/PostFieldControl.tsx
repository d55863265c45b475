import { Form } from 'react-bootstrap';
import type { PostField } from '#shared/post-fields.ts';
import type { BlogCategory } from '#shared/schemas/blog.ts';
import { ImageUpload } from '#app/components/ui/ImageUpload.tsx';
import { RichTextEditor } from '#app/components/ui/RichTextEditor.tsx';
import { TextField } from '#app/components/ui/TextField.tsx';

/** `metaTitle` → `blog-meta-title`: the id of a field's input (the browser tests find inputs by it). */
const idOf = (name: string) => `blog-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

interface PostFieldControlProps {
  field: PostField;
  value: string;
  /** The server's message for this field; none for the fields the spec's form shows no validation under. */
  error?: string;
  categories: readonly BlogCategory[];
  onChange: (value: string) => void;
}

/** The editor's control of one post field (shared/post-fields.ts), by its kind. */
export function PostFieldControl({ field, value, error, categories, onChange }: PostFieldControlProps) {
  const label = 'editorLabel' in field ? field.editorLabel : field.label;
  switch (field.kind) {
    case 'category':
      return (
        <Form.Group className="mb-3" controlId="blog-category">
          <Form.Label>{label}</Form.Label>
          <Form.Select value={value} onChange={(e) => onChange(e.target.value)}>
            <option value="">Uncategorized</option>
            {categories.map((c) => (
              <option key={c._id} value={c._id}>
                {c.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      );
    case 'image':
      return (
        <ImageUpload
          label={label}
          accept="image/*"
          toastOnError={false}
          removable
          value={value}
          onUploaded={(url) => onChange(url)}
        />
      );
    case 'rich':
      return <RichTextEditor id={idOf(field.name)} label={label} height={500} value={value} onChange={onChange} />;
    default:
      return (
        <TextField
          id={idOf(field.name)}
          label={label}
          {...('input' in field ? { as: field.input, rows: 2 } : {})}
          value={value}
          error={error}
          onChange={onChange}
        />
      );
  }
}
