import { RichText } from '#app/components/ui/RichText.tsx';

export function SectionHeading({ title, description, id }: { title: string; description?: string; id: string }) {
  return (
    <header className="section-heading">
      <h2 id={`${id}-title`}>{title}</h2>
      {description ? <RichText html={description} className="section-lead rich-text" /> : null}
    </header>
  );
}
