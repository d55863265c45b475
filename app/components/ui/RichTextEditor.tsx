import { Editor } from '@tinymce/tinymce-react';
import { Form } from 'react-bootstrap';

/** docs/product.md#timings-and-constants: font sizes 8px to 48px. */
const FONT_SIZES = '8px 10px 12px 14px 16px 18px 20px 24px 28px 32px 36px 40px 44px 48px';

interface RichTextEditorProps {
  id: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
  /** docs/product.md#timings-and-constants: 200 in the content editors, 500 for blog posts. */
  height?: number;
}

/**
 * TinyMCE, self-hosted at /tinymce/tinymce.min.js (only admin routes import this module, so public pages
 * never download it). An explicit id keeps server and client markup equal.
 */
export function RichTextEditor({ id, label, value, onChange, error, height = 200 }: RichTextEditorProps) {
  return (
    <Form.Group className="mb-3" data-testid={`rich-${id}`}>
      <Form.Label htmlFor={id} id={`${id}-label`}>
        {label}
      </Form.Label>
      <div className={`rich-editor${error ? ' is-invalid' : ''}`}>
        <Editor
          id={id}
          tinymceScriptSrc="/tinymce/tinymce.min.js"
          licenseKey="gpl"
          value={value}
          onEditorChange={(html) => onChange(html)}
          init={{
            height,
            menubar: false,
            promotion: false,
            branding: false,
            plugins: 'lists link image table code media autolink',
            toolbar:
              'undo redo | blocks fontsize | bold italic underline forecolor | alignleft aligncenter alignright | bullist numlist | link image media table | code',
            font_size_formats: FONT_SIZES,
            iframe_aria_text: label,
            content_style: 'body { font-family: system-ui, sans-serif; font-size: 16px; }',
          }}
        />
      </div>
      {error ? <div className="invalid-feedback d-block">{error}</div> : null}
    </Form.Group>
  );
}
