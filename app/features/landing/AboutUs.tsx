import { Link } from 'react-router';
import { SECTION_IDS } from '#shared/paths.ts';
import type { SiteContent } from '#shared/schemas/content.ts';
import { AboutItems } from './AboutItems';

export function AboutUs({ aboutus }: { aboutus: SiteContent['aboutus'] }) {
  const id = SECTION_IDS.aboutUs;
  return (
    <section id={id} className="landing-section section-alt" aria-labelledby={`${id}-title`}>
      <div className="container">
        <header className="section-heading">
          <h2 id={`${id}-title`}>About Us</h2>
        </header>
        <AboutItems items={aboutus.items} />
        <p className="text-center mt-5 mb-0">
          <Link to="/about-us" className="btn btn-outline-primary">
            More about us
          </Link>
        </p>
      </div>
    </section>
  );
}
