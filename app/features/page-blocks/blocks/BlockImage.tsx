import { Picture } from '#app/components/ui/Picture.tsx';
import type { ImageSize } from '#app/features/page-blocks/block-data.ts';

/**
 * A block's media-library image: its own width and height as the media library recorded them (read by
 * ../block-data.server.ts, as the post page reads its feature image's), so the page keeps its layout while
 * it loads, and its WebP variants in `srcset` (Picture). An image the library does not know falls back to
 * `fallback`'s proportions.
 */
export function BlockImage({
  src,
  alt,
  size,
  fallback,
  sizes,
  className,
  priority,
}: {
  src: string;
  alt: string;
  size: ImageSize | undefined;
  fallback: ImageSize;
  sizes: string;
  className?: string;
  priority?: boolean;
}) {
  const { width, height } = size ?? fallback;
  return (
    <Picture
      src={src}
      alt={alt}
      width={width}
      height={height}
      sizes={sizes}
      className={className ?? 'img-fluid'}
      priority={priority}
    />
  );
}
