import { useEffect, useRef, useState } from 'react';
import { Editor } from '@tinymce/tinymce-react';
import { Form } from 'react-bootstrap';
import type { Editor as TinyEditor } from 'tinymce';
import type { MediaItem } from '#shared/api/uploads.ts';
import { MediaPicker } from '#app/components/media/MediaPicker.tsx';
import { nameEmbedPreviews, registerVideoDetails } from './editor-embeds';
import { uploadEditorImage } from './editor-uploads';

/** docs/product.md#timings-and-constants: font sizes 8px to 48px. */
const FONT_SIZES = '8px 10px 12px 14px 16px 18px 20px 24px 28px 32px 36px 40px 44px 48px';

/**
 * What TinyMCE lets into the editor as an image (paste, drop, the image dialog's Upload tab). HEIC is
 * let in on purpose: the server refuses it with a message that says why (docs/product.md#media-library).
 */
const IMAGE_TYPES = 'jpeg,jpg,jpe,jfif,png,gif,webp,avif,heic,heif';

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
 *
 * Images (docs/product.md#media-library): the image button's dialog takes an address or uploads a file
 * and asks for the alt text; pasted and dropped images are uploaded as soon as they land and referenced
 * by address; "Insert from the media library" places a library image with its alt text.
 */
export function RichTextEditor({ id, label, value, onChange, error, height = 200 }: RichTextEditorProps) {
  const [picking, setPicking] = useState(false);
  const editorRef = useRef<TinyEditor | null>(null);
  const valueRef = useRef(value);
  useEffect(() => {
    valueRef.current = value;
  }, [value]);
  /**
   * TinyMCE rewrites stored HTML into its own form (whitespace, entities) when it loads it. That rewrite
   * is not an edit: until the editor is ready nothing is reported, and the editor's form of the loaded
   * value maps back to the value itself, so an untouched form stays clean for the unsaved-changes guard
   * (app/features/unsaved/unsaved-changes.tsx).
   */
  const loaded = useRef<{ raw: string; normalized: string } | null>(null);

  const insertFromLibrary = (item: MediaItem) => {
    setPicking(false);
    const editor = editorRef.current;
    if (!editor) return;
    editor.focus();
    editor.insertContent(
      editor.dom.createHTML('img', {
        src: item.url,
        alt: item.alt,
        width: String(item.width),
        height: String(item.height),
      }),
    );
  };

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
          onEditorChange={(html) => {
            if (!loaded.current) return;
            onChange(html === loaded.current.normalized ? loaded.current.raw : html);
          }}
          init={{
            height,
            menubar: false,
            promotion: false,
            branding: false,
            plugins: 'lists link image table code media autolink',
            toolbar:
              'undo redo | blocks fontsize | bold italic underline forecolor | alignleft aligncenter alignright | bullist numlist | link image library media table | code',
            font_size_formats: FONT_SIZES,
            // The editing frame is named by its field's label (axe `frame-title`): TinyMCE 8 titles the frame
            // itself only in Firefox and labels the frame's body instead, which the body's role must allow.
            iframe_aria_text: label,
            iframe_attrs: { title: label },
            // On phones TinyMCE's default toolbar scrolls sideways, a region the keyboard cannot reach (axe
            // `scrollable-region-focusable`): fold the overflow behind "…" as on wider screens.
            mobile: { toolbar_mode: 'floating' },
            // docs/product.md#blog-post: a new table starts with a header row of <th scope="col"> in <thead>.
            table_default_header_rows: 1,
            table_header_type: 'sectionCells',
            content_style:
              'body { font-family: system-ui, sans-serif; font-size: 16px; } img { max-width: 100%; height: auto; }',
            // Addresses stay as written ("/uploads/x.png", "/blogs/x"): the default would turn them into
            // paths relative to the admin screen ("../../uploads/x.png"), wrong on the public page.
            relative_urls: false,
            remove_script_host: true,
            images_file_types: IMAGE_TYPES,
            images_upload_handler: uploadEditorImage,
            automatic_uploads: true,
            paste_data_images: true,
            image_uploadtab: true,
            image_dimensions: false,
            image_description: true,
            a11y_advanced_options: true,
            setup: (editor) => {
              registerVideoDetails(editor);
              editor.on('init', () => {
                editor.getBody().setAttribute('role', 'textbox');
                editor.getBody().setAttribute('aria-multiline', 'true');
                nameEmbedPreviews(editor);
              });
              editor.ui.registry.addButton('library', {
                icon: 'gallery',
                tooltip: 'Insert from the media library',
                onAction: () => setPicking(true),
              });
            },
            init_instance_callback: (editor) => {
              editorRef.current = editor;
              loaded.current = { raw: valueRef.current, normalized: editor.getContent() };
            },
          }}
        />
      </div>
      {error ? <div className="invalid-feedback d-block">{error}</div> : null}
      {picking ? <MediaPicker onPick={insertFromLibrary} onClose={() => setPicking(false)} /> : null}
    </Form.Group>
  );
}
