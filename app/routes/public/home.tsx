import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { CONTACT_REDIRECT_DELAY_MS } from '#shared/messages.ts';
import { DEFAULT_LANDING_LAYOUT } from '#shared/landing-layout.ts';
import { SECTION_IDS, sectionUrl } from '#shared/paths.ts';
import { AboutUs } from '#app/features/landing/AboutUs.tsx';
import { Banner } from '#app/features/landing/Banner.tsx';
import { ContactForm } from '#app/features/landing/ContactForm.tsx';
import { contactAction } from '#app/features/landing/contact-action.server.ts';
import { Portfolio } from '#app/features/landing/Portfolio.tsx';
import { ProductDelivery } from '#app/features/landing/ProductDelivery.tsx';
import { Services } from '#app/features/landing/Services.tsx';
import { Team } from '#app/features/landing/Team.tsx';
import { pageMeta, plainText } from '#app/lib/meta.ts';
import { hasCompanyDetails, organizationLd } from '#app/lib/organization.ts';
import { revalidateOnlyAfterForms } from '#app/lib/revalidate.ts';
import { keptForTheVisit } from '#app/lib/visit-cache.ts';
import { scrollToSection } from '#app/lib/scroll.ts';
import type { Route } from './+types/home';

/** The sections the landing page shows, and nothing else of the content (no policy texts, no social links). */
export async function loader({ context }: Route.LoaderArgs) {
  const [{ banner, product, portfolio, services, aboutus, team }, layout] = await Promise.all([
    context.services.content.getContent(),
    context.services.content.getLayout(),
  ]);
  // The spec's page unless the owner changed the layout (docs/product.md#landing-layout).
  const custom = JSON.stringify(layout) !== JSON.stringify(DEFAULT_LANDING_LAYOUT);
  return { banner, product, portfolio, services, aboutus, team, site: context.site, layout: custom ? layout : null };
}

/** The contact form posted before the page's scripts ran (docs/product.md#forms-without-javascript). */
export const action = (args: Route.ActionArgs) => contactAction(args);

/** A refused post's `retry-after` (the rate limit) reaches the answer; a GET has no action headers. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const clientLoader = keptForTheVisit<Awaited<ReturnType<typeof loader>>>();

export const shouldRevalidate = revalidateOnlyAfterForms;

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [{ title: 'Home' }];
  const { banner, portfolio, site } = data;
  const tags = pageMeta({
    title: `${site.siteName} | ${banner.title}`,
    description: plainText(banner.description) || banner.subTitle,
    url: `${site.publicUrl}/`,
    site,
    image: portfolio.items[0] ? site.publicUrl + portfolio.items[0].image_url : undefined,
  });
  // The company of Site identity, once it has details beyond the name (docs/product.md#site-identity).
  if (!hasCompanyDetails(site)) return tags;
  return [
    ...tags,
    { 'script:ld+json': { '@context': 'https://schema.org', ...organizationLd(site), url: `${site.publicUrl}/` } },
  ];
};

/** The modals (and react-bootstrap's Modal) load when the first one opens: most visits open none. */
const BannerModal = lazy(() =>
  import('#app/features/landing/BannerModal.tsx').then((m) => ({ default: m.BannerModal })),
);
const ServiceModal = lazy(() =>
  import('#app/features/landing/ServiceModal.tsx').then((m) => ({ default: m.ServiceModal })),
);

/** docs/product.md#landing-page: the landing page shows no modal, the banner modal or one service's modal. */
type ModalState = { kind: 'none' } | { kind: 'banner' } | { kind: 'service'; index: number };

export default function Home({ loaderData: content, actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const [modal, setModal] = useState<ModalState>({ kind: 'none' });
  const [modalsLoaded, setModalsLoaded] = useState(false);
  const contactTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // ?section=<id> scrolls smoothly to that section, also when a modal's Contact Us navigates here.
  useEffect(() => {
    const section = new URLSearchParams(location.search).get('section');
    if (section) scrollToSection(section);
  }, [location.key, location.search]);

  useEffect(() => () => clearTimeout(contactTimer.current), []);

  const open = (next: ModalState) => {
    setModalsLoaded(true);
    setModal(next);
    navigate('/', { preventScrollReset: true, replace: true });
  };
  const close = () => setModal({ kind: 'none' });
  const contact = () => {
    close();
    contactTimer.current = setTimeout(
      () => navigate(sectionUrl(SECTION_IDS.contactUs), { preventScrollReset: true }),
      CONTACT_REDIRECT_DELAY_MS,
    );
  };

  return (
    <>
      {(content.layout ?? DEFAULT_LANDING_LAYOUT)
        .filter((section) => !section.hidden)
        .map(({ id }) => {
          switch (id) {
            case SECTION_IDS.home:
              return <Banner key={id} banner={content.banner} onLearnMore={() => open({ kind: 'banner' })} />;
            case SECTION_IDS.productDelivery:
              return <ProductDelivery key={id} product={content.product} />;
            case SECTION_IDS.portfolio:
              return <Portfolio key={id} portfolio={content.portfolio} />;
            case SECTION_IDS.services:
              return (
                <Services key={id} services={content.services} onMore={(index) => open({ kind: 'service', index })} />
              );
            case SECTION_IDS.aboutUs:
              return <AboutUs key={id} aboutus={content.aboutus} />;
            case SECTION_IDS.team:
              return <Team key={id} team={content.team} />;
            case SECTION_IDS.contactUs:
              return <ContactForm key={id} posted={actionData} />;
          }
        })}
      {modalsLoaded ? (
        <Suspense fallback={null}>
          <BannerModal banner={content.banner} show={modal.kind === 'banner'} onClose={close} onContact={contact} />
          <ServiceModal
            service={modal.kind === 'service' ? (content.services.items[modal.index] ?? null) : null}
            onClose={close}
            onContact={contact}
          />
        </Suspense>
      ) : null}
    </>
  );
}
