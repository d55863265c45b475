import { useEffect } from 'react';
import { formatDate } from '#shared/format.ts';
import type { BlogCategory, PostDetails, PostLink } from '#shared/schemas/blog.ts';
import { Picture } from '#app/components/ui/Picture.tsx';
import { RichText } from '#app/components/ui/RichText.tsx';
import type { PublicAuthor } from '#shared/schemas/profile.ts';
import { BlogSidebar } from './BlogSidebar';
import { Byline } from './Byline';
import { TAG_MESSAGES } from '#shared/messages.ts';
import type { PostCard } from '#shared/schemas/blog.ts';
import type { TagLink } from '#shared/schemas/tags.ts';
import { postDate } from './post-date';
import { ReadNext } from './ReadNext';
import { TagList } from './TagList';

/** A post as its public page shows it (the post page and its private preview, docs/product.md#blog-post). */
export function PostPage({
  post,
  recent,
  categories,
  featureImageSize,
  authors = [],
  tags = [],
  readNext = [],
}: {
  post: PostDetails;
  /** Its authors in byline order (docs/product.md#profiles-and-author-pages). */
  authors?: PublicAuthor[];
  /** Its public tags (docs/product.md#tags) and its Read next (docs/product.md#read-next). */
  tags?: TagLink[];
  readNext?: PostCard[];
  recent: PostLink[];
  categories: BlogCategory[];
  /** The feature image's own size when the media library knows it (post-page-data.server.ts). */
  featureImageSize: { width: number; height: number } | null;
}) {
  // The post page scrolls smoothly to the top 100 ms after it opens (docs/product.md#timings-and-constants).
  useEffect(() => {
    const timer = setTimeout(() => window.scrollTo({ top: 0, behavior: 'smooth' }), 100);
    return () => clearTimeout(timer);
  }, [post._id]);
  const date = postDate(post);
  return (
    <div className="blog-page container">
      <div className="row g-4 g-lg-5">
        <article className="col-lg-8 blog-post">
          <h1 className="blog-post-title">{post.title}</h1>
          <Byline authors={authors} />
          <p className="blog-post-meta">
            <span className="blog-post-category">{post.blogCategory[0]?.name ?? 'Uncategorized'}</span>
            <span aria-hidden="true"> · </span>
            <time dateTime={date}>{formatDate(date)}</time>
            <span aria-hidden="true"> · </span>
            <span className="blog-reading-time">{TAG_MESSAGES.readingTime(post.readingMinutes)}</span>
          </p>
          {post.featureImage ? (
            <Picture
              src={post.featureImage}
              alt=""
              width={featureImageSize?.width ?? 960}
              height={featureImageSize?.height ?? 540}
              sizes="(max-width: 991px) 100vw, 760px"
              className="blog-post-img img-fluid rounded-3 mb-4"
              priority
            />
          ) : null}
          <RichText html={post.content} className="blog-content rich-text" />
          {/* The end of the text: a visitor who scrolls it into view has read the post through (public/count.js). */}
          <div data-read-end="" />
          <TagList tags={tags} className="mt-4" />
          <ReadNext posts={readNext} />
        </article>
        <div className="col-lg-4">
          <BlogSidebar recent={recent} categories={categories} blogId={post._id} />
        </div>
      </div>
    </div>
  );
}
