import { Button } from 'react-bootstrap';
import { SECTION_IDS } from '#shared/paths.ts';
import type { SiteContent } from '#shared/schemas/content.ts';
import { RichText } from '#app/components/ui/RichText.tsx';

export function Banner({ banner, onLearnMore }: { banner: SiteContent['banner']; onLearnMore: () => void }) {
  return (
    <section id={SECTION_IDS.home} className="banner-section">
      <div className="container">
        <div className="banner-copy">
          <p className="banner-subtitle">{banner.subTitle}</p>
          <h1 className="banner-title">{banner.title}</h1>
          <RichText html={banner.description} className="banner-description rich-text" />
          <Button variant="light" size="lg" className="mt-3" onClick={onLearnMore}>
            Learn More
          </Button>
        </div>
      </div>
    </section>
  );
}
