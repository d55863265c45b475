import { postFieldsIn } from '#shared/post-fields.ts';
import { PostFieldControl } from './PostFieldControl';
import type { PostFormValues } from './post-form';

const SEO = postFieldsIn('seo');
/** The panel's fields that take text: they show the server's message under them, and open the panel when filled. */
export const SEO_TEXT_FIELDS = SEO.filter((field) => field.kind !== 'image').map((field) => field.name);

type SeoField = (typeof SEO)[number]['name'];

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
    <details className="admin-panel mb-3" open={SEO_TEXT_FIELDS.some((name) => Boolean(values[name]))}>
      <summary className="h6 mb-0">Search engines and sharing</summary>
      <div className="mt-3">
        {SEO.map((field) => (
          <PostFieldControl
            key={field.name}
            field={field}
            value={values[field.name]}
            error={errors[field.name]}
            categories={[]}
            onChange={(value) => onChange(field.name, value)}
          />
        ))}
      </div>
    </details>
  );
}
