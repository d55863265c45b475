import type { ImageItem } from '#shared/schemas/content.ts';
import { Picture } from '#app/components/ui/Picture.tsx';
import { RichText } from '#app/components/ui/RichText.tsx';

/**
 * About-us items, alternating image left and image right (docs/product.md#about-page). `eagerFirst`: the
 * first image is near the top (the About page), so it loads at once; on the landing page it is far below
 * the fold, and loading it eagerly there competed with the first paint.
 */
export function AboutItems({ items, eagerFirst = false }: { items: ImageItem[]; eagerFirst?: boolean }) {
  return (
    <div className="about-items">
      {items.map((item, index) => (
        <div
          key={index}
          className={`row align-items-center g-4 g-lg-5 about-item${index % 2 ? ' flex-md-row-reverse' : ''}`}
          data-testid="about-item"
        >
          <div className="col-md-6">
            <Picture
              src={item.image_url}
              alt=""
              width={960}
              height={720}
              sizes="(max-width: 767px) 100vw, 50vw"
              className="img-fluid rounded-4 about-img"
              eager={eagerFirst && index === 0}
            />
          </div>
          <div className="col-md-6">
            <RichText html={item.title} className="about-title rich-text" />
            <RichText html={item.description} className="rich-text" />
          </div>
        </div>
      ))}
    </div>
  );
}
