import type { BlockOf } from '#shared/page-blocks.ts';
import type { ImageSize } from '#app/features/page-blocks/block-data.ts';
import { BlockImage } from './BlockImage';
import { BlockRichText } from './RichTextBlock';

/**
 * Text beside an image, the image on the side chosen; on a phone the image comes after the text (the
 * reading order is the source order at every width).
 */
export function TextImageBlock({
  block,
  anchor,
  imageSize,
}: {
  block: BlockOf<'textImage'>;
  anchor: string;
  imageSize: ImageSize | undefined;
}) {
  const left = block.imageSide === 'left';
  return (
    <section id={anchor} className="page-block" aria-labelledby={block.heading ? `${anchor}-title` : undefined}>
      <div className="container">
        <div className="row g-4 g-lg-5 align-items-center">
          <div className={`col-lg-6${left ? ' order-lg-2' : ''}`}>
            {block.heading ? (
              <h2 id={`${anchor}-title`} className="page-block-title">
                {block.heading}
              </h2>
            ) : null}
            <BlockRichText html={block.html} />
          </div>
          {block.image ? (
            <div className={`col-lg-6${left ? ' order-lg-1' : ''}`}>
              <BlockImage
                src={block.image}
                alt={block.imageAlt}
                size={imageSize}
                fallback={{ width: 960, height: 640 }}
                sizes="(max-width: 991px) 100vw, 540px"
                className="img-fluid page-block-img"
              />
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}
