import { webpSrcSet } from '#shared/paths.ts';

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
  const srcSet = webpSrcSet(src);
  const img = (
    <img
      src={src}
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
