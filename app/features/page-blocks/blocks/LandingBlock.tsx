import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import type { BlockOf } from '#shared/page-blocks.ts';
import { SECTION_IDS, sectionUrl } from '#shared/paths.ts';
import { Portfolio } from '#app/features/landing/Portfolio.tsx';
import { Services } from '#app/features/landing/Services.tsx';
import { Team } from '#app/features/landing/Team.tsx';
import type { PageBlockData } from '#app/features/page-blocks/block-data.ts';

/** Loaded when a service's details are first opened, as on the landing page (app/routes/public/home.tsx). */
const ServiceModal = lazy(() =>
  import('#app/features/landing/ServiceModal.tsx').then((m) => ({ default: m.ServiceModal })),
);

function ServicesWithDetails({ services }: { services: NonNullable<PageBlockData['services']> }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState<number | null>(null);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Services
        services={services}
        onMore={(index) => {
          setLoaded(true);
          setOpen(index);
        }}
      />
      {loaded ? (
        <Suspense fallback={null}>
          <ServiceModal
            service={open === null ? null : (services.items[open] ?? null)}
            onClose={() => setOpen(null)}
            // The landing page's contact form, where its own modal's Contact Us leads.
            onContact={() => navigate(sectionUrl(SECTION_IDS.contactUs))}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * The landing's team, services or portfolio from the same content and with the same components as the
 * landing page; a page shows each at most once (their section ids are the landing's).
 */
export function LandingBlock({ block, data }: { block: BlockOf<'landing'>; data: PageBlockData }) {
  switch (block.section) {
    case 'team':
      return data.team ? <Team team={data.team} /> : null;
    case 'services':
      return data.services ? <ServicesWithDetails services={data.services} /> : null;
    case 'portfolio':
      return data.portfolio ? <Portfolio portfolio={data.portfolio} /> : null;
  }
}
