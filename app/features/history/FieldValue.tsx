import { RichText } from '#app/components/ui/RichText.tsx';

/**
 * One field of a revision as the reader sees it: items as a list, rich text rendered, every other field as
 * text. Which fields are rich comes from the registries (shared/post-fields.ts, shared/sections.ts), never
 * from what a value looks like: a title typed as `<img onerror=…>` is a title and shows as typed. Rich text
 * was sanitised on the server when it was saved, as the public pages show it.
 */
export function FieldValue({
  name,
  value,
  richFields,
}: {
  name: string;
  value: unknown;
  /** The rich-text fields: top-level by name, those of a list's items as `<list>.<name>` (`items.modal_description`). */
  richFields: ReadonlySet<string>;
}) {
  if (Array.isArray(value)) {
    return (
      <ol className="revision-items small ps-3 mb-0">
        {value.map((item, index) => (
          <li key={index}>
            {Object.entries(item as Record<string, unknown>)
              .filter(([, v]) => v)
              .map(([k, v]) => (
                <div key={k}>
                  <span className="text-body-secondary">{k}: </span>
                  {richFields.has(`${name}.${k}`) ? (
                    <RichText html={String(v)} as="span" className="rich-text" />
                  ) : typeof v === 'object' ? (
                    // A nested value (a menu item's target and children, docs/product.md#navigation).
                    JSON.stringify(v)
                  ) : (
                    String(v)
                  )}
                </div>
              ))}
          </li>
        ))}
      </ol>
    );
  }
  if (value && typeof value === 'object') {
    // A group of fields (the identity's company details): each as text.
    return (
      <div className="revision-value small">
        {Object.entries(value as Record<string, unknown>)
          .filter(([, v]) => v)
          .map(([k, v]) => (
            <div key={k}>
              <span className="text-body-secondary">{k}: </span>
              {String(v)}
            </div>
          ))}
      </div>
    );
  }
  const text = typeof value === 'string' ? value : value == null ? '' : String(value);
  if (!text) return <div className="revision-value text-body-secondary fst-italic">(empty)</div>;
  return richFields.has(name) ? (
    <RichText html={text} className="revision-value rich-text" />
  ) : (
    <div className="revision-value">{text}</div>
  );
}
