import { RichText } from '#app/components/ui/RichText.tsx';

const looksLikeHtml = (text: string) => /<\/?[a-z][\s\S]*>/i.test(text);

/** One field of a revision as the reader sees it: rich text rendered, items as a list, the rest as text. */
export function FieldValue({ value }: { value: unknown }) {
  if (Array.isArray(value)) {
    return (
      <ol className="revision-items small ps-3 mb-0">
        {value.map((item, index) => (
          <li key={index}>
            {Object.entries(item as Record<string, string>)
              .filter(([, v]) => v)
              .map(([k, v]) => (
                <div key={k}>
                  <span className="text-body-secondary">{k}: </span>
                  {looksLikeHtml(v) ? <RichText html={v} as="span" className="rich-text" /> : v}
                </div>
              ))}
          </li>
        ))}
      </ol>
    );
  }
  const text = typeof value === 'string' ? value : value == null ? '' : String(value);
  if (!text) return <div className="revision-value text-body-secondary fst-italic">(empty)</div>;
  return looksLikeHtml(text) ? (
    <RichText html={text} className="revision-value rich-text" />
  ) : (
    <div className="revision-value">{text}</div>
  );
}
