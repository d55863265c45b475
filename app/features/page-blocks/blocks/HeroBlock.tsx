import type { BlockOf } from '#shared/page-blocks.ts';
import type { ImageSize } from '#app/features/page-blocks/block-data.ts';
import { BlockImage } from './BlockImage';
import { BlockLink } from './BlockLink';

const BUTTON_CLASSES = ['btn btn-light btn-lg', 'btn btn-outline-light btn-lg'];

/** Heading, text, an image beside them and up to two buttons, on the landing banner's colours. */
export function HeroBlock({
  block,
  anchor,
  imageSize,
  first,
}: {
  block: BlockOf<'hero'>;
  anchor: string;
  imageSize: ImageSize | undefined;
  first: boolean;
}) {
  const Heading = first ? 'h1' : 'h2';
  return (
    <section id={anchor} className="page-block page-hero" aria-labelledby={`${anchor}-title`}>
      <div className="container">
        <div className="row g-4 g-lg-5 align-items-center">
          <div className={block.image ? 'col-lg-6' : 'col-lg-9'}>
            {/* The first block's hero is the page's heading (app/routes/public/page.tsx shows no title then). */}
            <Heading id={`${anchor}-title`} className="page-hero-title">
              {block.heading}
            </Heading>
            {block.text ? <p className="page-hero-text">{block.text}</p> : null}
            {block.buttons.length ? (
              <div className="d-flex flex-wrap gap-3 mt-4">
                {block.buttons.map((button, index) => (
                  <BlockLink key={index} href={button.href} className={BUTTON_CLASSES[index]!}>
                    {button.label}
                  </BlockLink>
                ))}
              </div>
            ) : null}
          </div>
          {block.image ? (
            <div className="col-lg-6">
              {/* The first block's image is the page's largest on the first screen (its LCP element). */}
              <BlockImage
                src={block.image}
                alt={block.imageAlt}
                size={imageSize}
                fallback={{ width: 960, height: 640 }}
                sizes="(max-width: 991px) 100vw, 540px"
                className="img-fluid page-hero-img"
                priority={first}
              />
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}
