import { mediaSrc, webpSrcSet } from '#shared/paths.ts';
import { useMediaBase } from '#app/lib/media.ts';

interface PictureProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  sizes: string;
  className?: string;
  eager?: boolean;
}

/**
 * An image with its WebP variants for uploads, explicit dimensions (no layout shift) and lazy loading
 * unless it is above the fold.
 */
export function Picture({ src, alt, width, height, sizes, className, eager }: PictureProps) {
  const mediaBase = useMediaBase();
  const srcSet = webpSrcSet(src, mediaBase);
  const img = (
    <img
      src={mediaSrc(src, mediaBase)}
      alt={alt}
      width={width}
      height={height}
      className={className}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
  if (!srcSet) return img;
  return (
    <picture>
      <source type="image/webp" srcSet={srcSet} sizes={sizes} />
      {img}
    </picture>
  );
}
