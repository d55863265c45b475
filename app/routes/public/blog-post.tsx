import { useEffect } from 'react';
import { data, redirect, useRouteError } from 'react-router';
import { formatDate } from '#shared/format.ts';
import { ErrorScreen } from '#app/components/ui/ErrorScreen.tsx';
import { Picture } from '#app/components/ui/Picture.tsx';
import { RichText } from '#app/components/ui/RichText.tsx';
import { BlogSidebar } from '#app/features/blog/BlogSidebar.tsx';
import { presentContent } from '#app/features/blog/present-content.ts';
import { pageMeta } from '#app/lib/meta.ts';
import type { Route } from './+types/blog-post';

export async function loader({ params, context }: Route.LoaderArgs) {
  const { blog } = context.services;
  const found = await blog.findByPath(params.category, params.post);
  if (!found) throw data(null, { status: 404, statusText: 'Not Found' });
  // A renamed post or category: search engines and old links follow a permanent redirect.
  if ('movedTo' in found) throw redirect(found.movedTo, 301);
  const [recent, categories] = await Promise.all([blog.recentPosts(), blog.listCategories()]);
  return {
    post: { ...found.post, content: presentContent(found.post.content) },
    recent,
    categories,
    site: context.site,
  };
}

export const meta: Route.MetaFunction = ({ data: d }) => {
  if (!d) return [{ title: 'Not found' }, { name: 'robots', content: 'noindex' }];
  const { post, site } = d;
  const url = site.publicUrl + post.url;
  const image = post.featureImage ? new URL(post.featureImage, site.publicUrl).toString() : undefined;
  return [
    ...pageMeta({
      title: `${post.title} | ${site.siteName}`,
      description: post.excerpt || post.title,
      url,
      image,
      type: 'article',
    }),
    { property: 'article:published_time', content: post.createdAt },
    { property: 'article:modified_time', content: post.updatedAt },
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: post.title,
        description: post.excerpt,
        image: image ? [image] : undefined,
        datePublished: post.createdAt,
        dateModified: post.updatedAt,
        mainEntityOfPage: url,
        articleSection: post.blogCategory[0]?.name ?? 'Uncategorized',
        author: { '@type': 'Organization', name: site.siteName },
        publisher: {
          '@type': 'Organization',
          name: site.siteName,
          logo: { '@type': 'ImageObject', url: `${site.publicUrl}/logo.svg` },
        },
      },
    },
  ];
};

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post, recent, categories } = loaderData;
  // docs/product.md#timings-and-constants: the post page scrolls smoothly to the top 100 ms after it opens.
  useEffect(() => {
    const timer = setTimeout(() => window.scrollTo({ top: 0, behavior: 'smooth' }), 100);
    return () => clearTimeout(timer);
  }, [post._id]);
  return (
    <div className="blog-page container">
      <div className="row g-4 g-lg-5">
        <article className="col-lg-8 blog-post">
          <h1 className="blog-post-title">{post.title}</h1>
          <p className="blog-post-meta">
            <span className="blog-post-category">{post.blogCategory[0]?.name ?? 'Uncategorized'}</span>
            <span aria-hidden="true"> · </span>
            <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time>
          </p>
          {post.featureImage ? (
            <Picture
              src={post.featureImage}
              alt=""
              width={960}
              height={540}
              sizes="(max-width: 991px) 100vw, 760px"
              className="blog-post-img img-fluid rounded-3 mb-4"
              eager
            />
          ) : null}
          <RichText html={post.content} className="blog-content rich-text" />
        </article>
        <div className="col-lg-4">
          <BlogSidebar recent={recent} categories={categories} blogId={post._id} />
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />;
}
