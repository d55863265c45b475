import type { BlockOf } from '#shared/page-blocks.ts';
import type { ImageSize } from '#app/features/page-blocks/block-data.ts';
import { BlockImage } from './BlockImage';

/** One image across the text column, with its caption under it. */
export function ImageBlock({
  block,
  anchor,
  imageSize,
}: {
  block: BlockOf<'image'>;
  anchor: string;
  imageSize: ImageSize | undefined;
}) {
  return (
    <section id={anchor} className="page-block">
      <figure className="container page-block-wide page-figure mb-0">
        <BlockImage
          src={block.image}
          alt={block.alt}
          size={imageSize}
          fallback={{ width: 1200, height: 675 }}
          sizes="(max-width: 991px) 100vw, 960px"
          className="img-fluid"
        />
        {block.caption ? <figcaption className="page-figure-caption">{block.caption}</figcaption> : null}
      </figure>
    </section>
  );
}
