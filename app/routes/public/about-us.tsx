import { useRouteLoaderData } from 'react-router';
import { AboutItems } from '#app/features/landing/AboutItems.tsx';
import { pageMeta, plainText } from '#app/lib/meta.ts';
import type { Route } from './+types/about-us';
import type { loader as layoutLoader } from './layout';

export const meta: Route.MetaFunction = ({ matches }) => {
  const data = matches.find((m) => m?.id === 'routes/public/layout')?.data as
    Awaited<ReturnType<typeof layoutLoader>> | undefined;
  if (!data) return [{ title: 'About' }];
  const { content, site } = data;
  const first = content.aboutus.items[0];
  return pageMeta({
    title: `About ${site.siteName}`,
    description: first ? plainText(first.description) : `About ${site.siteName}`,
    url: `${site.publicUrl}/about-us`,
    image: first ? site.publicUrl + first.image_url : undefined,
  });
};

export default function AboutPage() {
  const data = useRouteLoaderData<typeof layoutLoader>('routes/public/layout');
  if (!data) return null;
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
          <AboutItems items={data.content.aboutus.items} />
        </div>
      </section>
    </>
  );
}
