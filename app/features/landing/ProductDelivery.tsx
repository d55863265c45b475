import { SECTION_IDS } from '#shared/paths.ts';
import type { SiteContent } from '#shared/schemas/content.ts';
import { SectionHeading } from './SectionHeading';

export function ProductDelivery({ product }: { product: SiteContent['product'] }) {
  const id = SECTION_IDS.productDelivery;
  return (
    <section id={id} className="landing-section" aria-labelledby={`${id}-title`}>
      <div className="container">
        <SectionHeading id={id} title={product.title} description={product.description} />
        <ol className="row g-4 list-unstyled product-steps">
          {product.items.map((item, index) => (
            <li key={index} className="col-sm-6 col-lg-3">
              <article className="product-step h-100">
                <span className="product-step-number" aria-hidden="true">
                  {String(index + 1).padStart(2, '0')}
                </span>
                <h3 className="h5">{item.title}</h3>
                <p className="mb-0">{item.description}</p>
              </article>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
