import { Button } from 'react-bootstrap';
import { SECTION_IDS } from '#shared/paths.ts';
import type { SiteContent } from '#shared/schemas/content.ts';
import { SectionHeading } from './SectionHeading';

export function Services({ services, onMore }: { services: SiteContent['services']; onMore: (index: number) => void }) {
  const id = SECTION_IDS.services;
  return (
    <section id={id} className="landing-section" aria-labelledby={`${id}-title`}>
      <div className="container">
        <SectionHeading id={id} title={services.title} />
        <div className="row g-4">
          {services.items.map((service, index) => (
            <div key={index} className="col-sm-6 col-lg-3">
              <article className="service-card card h-100" data-testid="service-card">
                <div className="card-body d-flex flex-column">
                  <h3 className="h5 card-title">{service.title}</h3>
                  <p className="card-text flex-grow-1">{service.description}</p>
                  <Button variant="outline-primary" onClick={() => onMore(index)}>
                    More details
                  </Button>
                </div>
              </article>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
