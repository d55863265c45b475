import { preload } from 'react-dom';
import { mediaSrc, webpSrcSet } from '#shared/paths.ts';
import { useMediaBase } from '#app/lib/media.ts';

interface PictureProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  sizes: string;
  className?: string;
  /** Above the fold: load at once instead of lazily. */
  eager?: boolean;
  /**
   * The page's largest image on the first screen (its LCP element): preloaded from the head, before the
   * scripts, and fetched with high priority. Implies `eager`.
   */
  priority?: boolean;
}

/**
 * An image with its WebP variants for uploads, explicit dimensions (no layout shift) and lazy loading
 * unless it is above the fold.
 */
export function Picture({ src, alt, width, height, sizes, className, eager, priority }: PictureProps) {
  const mediaBase = useMediaBase();
  const srcSet = webpSrcSet(src, mediaBase);
  // React writes this into the <head> of the server-rendered page: the image request starts as soon as
  // the head is read, ahead of the script chunks.
  if (priority)
    preload(
      mediaSrc(src, mediaBase),
      srcSet
        ? { as: 'image', imageSrcSet: srcSet, imageSizes: sizes, type: 'image/webp', fetchPriority: 'high' }
        : { as: 'image', fetchPriority: 'high' },
    );
  const img = (
    <img
      src={mediaSrc(src, mediaBase)}
      alt={alt}
      width={width}
      height={height}
      className={className}
      loading={eager || priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? undefined : 'async'}
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
