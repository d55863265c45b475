import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel, { type UseEmblaCarouselType } from 'embla-carousel-react';
import { useEffect } from 'react';
import { CAROUSEL_AUTOPLAY_MS } from '#shared/messages.ts';

export type CarouselApi = UseEmblaCarouselType[1];

/**
 * Makes the portfolio's server-rendered slides a looping, auto-playing carousel. Portfolio loads this
 * module after the page has hydrated: the slides are plain markup laid out by CSS, and the carousel library
 * (about 7 KB compressed) need not hold up the landing page's first scripts.
 */
export default function CarouselDriver({
  viewport,
  onReady,
}: {
  viewport: HTMLElement;
  onReady: (api: CarouselApi) => void;
}) {
  const [attach, embla] = useEmblaCarousel({ loop: true, align: 'start' }, [
    Autoplay({ delay: CAROUSEL_AUTOPLAY_MS, stopOnInteraction: false, stopOnMouseEnter: false }),
  ]);
  useEffect(() => attach(viewport), [attach, viewport]);
  useEffect(() => onReady(embla), [embla, onReady]);
  return null;
}
