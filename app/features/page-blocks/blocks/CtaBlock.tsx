import type { BlockOf } from '#shared/page-blocks.ts';
import { BlockLink } from './BlockLink';

/** A band in the brand colour: heading, a line of text and one button. */
export function CtaBlock({ block, anchor }: { block: BlockOf<'cta'>; anchor: string }) {
  return (
    <section id={anchor} className="page-block page-cta" aria-labelledby={`${anchor}-title`}>
      <div className="container d-lg-flex align-items-center justify-content-between gap-5">
        <div>
          <h2 id={`${anchor}-title`} className="page-block-title mb-2">
            {block.heading}
          </h2>
          {block.text ? <p className="mb-0 page-cta-text">{block.text}</p> : null}
        </div>
        <BlockLink href={block.button.href} className="btn btn-light btn-lg mt-4 mt-lg-0 flex-shrink-0">
          {block.button.label}
        </BlockLink>
      </div>
    </section>
  );
}
