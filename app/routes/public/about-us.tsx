import { AboutItems } from '#app/features/landing/AboutItems.tsx';
import { pageMeta, plainText } from '#app/lib/meta.ts';
import { revalidateOnlyAfterForms } from '#app/lib/revalidate.ts';
import { keptForTheVisit } from '#app/lib/visit-cache.ts';
import type { Route } from './+types/about-us';

/** The About sections only: the page's hydration data carries nothing else of the content. */
export async function loader({ context }: Route.LoaderArgs) {
  const { aboutus } = await context.services.content.getContent();
  return { items: aboutus.items, site: context.site };
}

export const clientLoader = keptForTheVisit<Awaited<ReturnType<typeof loader>>>();

export const shouldRevalidate = revalidateOnlyAfterForms;

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [{ title: 'About' }];
  const { items, site } = data;
  const first = items[0];
  return pageMeta({
    title: `About ${site.siteName}`,
    description: first ? plainText(first.description) : `About ${site.siteName}`,
    url: `${site.publicUrl}/about-us`,
    site,
    image: first ? site.publicUrl + first.image_url : undefined,
  });
};

export default function AboutPage({ loaderData: data }: Route.ComponentProps) {
  return (
    <>
      <section className="about-banner" aria-labelledby="about-banner-title">
        <div className="container">
          <h1 id="about-banner-title">About {data.site.siteName}</h1>
        </div>
      </section>
      {/* The item titles are the editor's rich text (h3 in the demo content): a section heading keeps the
          outline in order (h1, h2, h3) for screen readers without changing the look. */}
      <section className="landing-section" aria-labelledby="about-story-title">
        <div className="container">
          <h2 id="about-story-title" className="visually-hidden">
            Our story
          </h2>
          <AboutItems items={data.items} eagerFirst />
        </div>
      </section>
    </>
  );
}
