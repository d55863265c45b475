import { useEffect, useRef, useState, type ComponentType } from 'react';
import { SECTION_IDS } from '#shared/paths.ts';
import type { SiteContent } from '#shared/schemas/content.ts';
import { Picture } from '#app/components/ui/Picture.tsx';
import type CarouselDriverType from './CarouselDriver';
import type { CarouselApi } from './CarouselDriver';
import { SectionHeading } from './SectionHeading';

/**
 * Auto-playing, looping carousel with dots (docs/product.md#timings-and-constants). How many slides show at once (3, 2 up to 1399 px,
 * 1 up to 767 px) is set in CSS, so the server-rendered page already has the right layout; the carousel
 * itself starts once its module has loaded (./CarouselDriver.tsx).
 */
export function Portfolio({ portfolio }: { portfolio: SiteContent['portfolio'] }) {
  const id = SECTION_IDS.portfolio;
  const viewportRef = useRef<HTMLDivElement>(null);
  const [embla, setEmbla] = useState<CarouselApi>();
  // Loaded in an effect rather than with React.lazy: a Suspense boundary reveals its content on a timer,
  // which would tie the carousel's start to the page's clock (and never fire under a paused test clock).
  // The viewport is read from a plain ref here, not handed over by a state-setting ref callback: a state
  // update from a ref lands in the hydration's commit, and React then runs every effect of the page and a
  // second render in that same task, one long task of 50 ms and more on a slow phone (Total Blocking Time,
  // measured in docs/measurements/first-paint.md).
  const [driver, setDriver] = useState<{
    Driver: ComponentType<Parameters<typeof CarouselDriverType>[0]>;
    viewport: HTMLElement;
  } | null>(null);
  useEffect(() => {
    let current = true;
    const viewport = viewportRef.current;
    void import('./CarouselDriver').then(
      (module) => current && viewport && setDriver({ Driver: module.default, viewport }),
    );
    return () => {
      current = false;
    };
  }, []);
  // With one slide per step and looping, there is one snap (and dot) per item, starting at the first.
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    embla.on('select', onSelect).on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla]);

  return (
    <section id={id} className="landing-section section-alt" aria-labelledby={`${id}-title`}>
      <div className="container">
        <SectionHeading id={id} title={portfolio.title} description={portfolio.description} />
        <div
          className="embla"
          role="group"
          aria-roledescription="carousel"
          aria-label={portfolio.title}
          // Says when the carousel has started (its module loads after hydration): autoplay counts from then.
          data-carousel={embla ? 'running' : 'loading'}
        >
          <div className="embla-viewport" ref={viewportRef}>
            <div className="embla-container">
              {portfolio.items.map((item, index) => (
                <div
                  className="embla-slide"
                  key={index}
                  role="group"
                  aria-roledescription="slide"
                  aria-label={`${index + 1} of ${portfolio.items.length}`}
                >
                  <a
                    href={item.product_link}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="portfolio-card"
                    data-testid="portfolio-item"
                  >
                    <Picture
                      src={item.image_url}
                      alt={`Portfolio project ${index + 1}`}
                      width={960}
                      height={640}
                      sizes="(max-width: 767px) 100vw, (max-width: 1399px) 50vw, 33vw"
                    />
                  </a>
                </div>
              ))}
            </div>
          </div>
          {driver ? <driver.Driver viewport={driver.viewport} onReady={setEmbla} /> : null}
          <div className="embla-dots" role="group" aria-label="Choose slide">
            {portfolio.items.map((_, index) => (
              <button
                key={index}
                type="button"
                className={`embla-dot${index === selected ? ' is-selected' : ''}`}
                aria-label={`Go to slide ${index + 1}`}
                aria-current={index === selected}
                onClick={() => embla?.scrollTo(index)}
              />
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}
