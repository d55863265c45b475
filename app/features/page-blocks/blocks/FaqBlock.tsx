import type { BlockOf } from '#shared/page-blocks.ts';

/**
 * Questions and answers as `<details>`/`<summary>`: each opens with a click, Enter or Space with or without
 * JavaScript, and screen readers announce it as a disclosure. The page's JSON-LD (../json-ld.ts) repeats
 * them as `FAQPage`.
 */
export function FaqBlock({ block, anchor }: { block: BlockOf<'faq'>; anchor: string }) {
  if (block.items.length === 0) return null;
  return (
    <section id={anchor} className="page-block" aria-labelledby={block.heading ? `${anchor}-title` : undefined}>
      <div className="container page-block-narrow">
        {block.heading ? (
          <h2 id={`${anchor}-title`} className="page-block-title mb-4">
            {block.heading}
          </h2>
        ) : null}
        <div className="page-faq">
          {block.items.map((item, index) => (
            <details key={index} className="page-faq-item">
              <summary className="page-faq-question">{item.question}</summary>
              <p className="page-faq-answer">{item.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
