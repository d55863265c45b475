import { ImageUpload } from '#app/components/ui/ImageUpload.tsx';
import { TextField } from '#app/components/ui/TextField.tsx';
import type { PostFormValues } from './post-form';

type SeoField = 'customSlug' | 'metaTitle' | 'metaDescription' | 'socialImage';

/** The post's own address and what search engines and social networks show of it. */
export function SeoFields({
  values,
  errors,
  onChange,
}: {
  values: PostFormValues;
  errors: Partial<Record<SeoField, string>>;
  onChange: (name: SeoField, value: string) => void;
}) {
  return (
    <details
      className="admin-panel mb-3"
      open={Boolean(values.customSlug || values.metaTitle || values.metaDescription)}
    >
      <summary className="h6 mb-0">Search engines and sharing</summary>
      <div className="mt-3">
        <TextField
          id="blog-custom-slug"
          label="Address (URL segment; empty: made from the title)"
          value={values.customSlug}
          error={errors.customSlug}
          onChange={(v) => onChange('customSlug', v)}
        />
        <TextField
          id="blog-meta-title"
          label="Search title"
          value={values.metaTitle}
          error={errors.metaTitle}
          onChange={(v) => onChange('metaTitle', v)}
        />
        <TextField
          id="blog-meta-description"
          label="Search description"
          as="textarea"
          rows={2}
          value={values.metaDescription}
          error={errors.metaDescription}
          onChange={(v) => onChange('metaDescription', v)}
        />
        <ImageUpload
          label="Social sharing picture"
          accept="image/*"
          toastOnError={false}
          removable
          value={values.socialImage}
          onUploaded={(url) => onChange('socialImage', url)}
        />
      </div>
    </details>
  );
}
