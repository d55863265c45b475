import { SECTION_IDS } from '#shared/paths.ts';
import type { SiteContent } from '#shared/schemas/content.ts';
import { Picture } from '#app/components/ui/Picture.tsx';
import { SectionHeading } from './SectionHeading';

export function Team({ team }: { team: SiteContent['team'] }) {
  const id = SECTION_IDS.team;
  return (
    <section id={id} className="landing-section" aria-labelledby={`${id}-title`}>
      <div className="container">
        <SectionHeading id={id} title={team.title} />
        <ul className="row g-4 list-unstyled justify-content-center">
          {team.items.map((member, index) => (
            <li key={index} className="col-sm-6 col-lg-3 d-flex justify-content-center">
              <article className="team-member" data-testid="team-member">
                <Picture
                  src={member.image_url}
                  alt={member.title}
                  width={260}
                  height={280}
                  sizes="260px"
                  className="team-photo"
                />
                <h3 className="h5 mt-3 mb-1">{member.title}</h3>
                <p className="team-role mb-0">{member.description}</p>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
