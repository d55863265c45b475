import { Link } from 'react-router';
import { formatDate } from '#shared/format.ts';
import type { PostCard } from '#shared/schemas/blog.ts';
import { Picture } from '#app/components/ui/Picture.tsx';
import { TAG_MESSAGES } from '#shared/messages.ts';
import { postDate } from './post-date';
import { TagList } from './TagList';

/**
 * docs/product.md#blog-list: feature image (190 px high), date, title, excerpt clamped to two lines, Read More.
 * `titleAs`: h3 where the cards sit under a section's h2 (a page's list-of-posts block), so headings stay in order.
 */
export function BlogCard({
  post,
  eager,
  priority,
  titleAs: Title = 'h2',
}: {
  post: PostCard;
  eager?: boolean;
  priority?: boolean;
  titleAs?: 'h2' | 'h3';
}) {
  return (
    <article className="blog-card card h-100" data-testid="blog-card">
      {post.featureImage ? (
        <Link to={post.url} tabIndex={-1} aria-hidden="true">
          <Picture
            src={post.featureImage}
            alt=""
            width={640}
            height={190}
            sizes="(max-width: 767px) 100vw, 400px"
            className="blog-card-img card-img-top"
            eager={eager}
            priority={priority}
          />
        </Link>
      ) : null}
      <div className="card-body d-flex flex-column">
        <p className="blog-date mb-0">
          <time dateTime={postDate(post)}>{formatDate(postDate(post))}</time>
          <span className="blog-reading-time"> · {TAG_MESSAGES.readingTime(post.readingMinutes)}</span>
        </p>
        <Title className="h5 card-title mt-1">
          <Link to={post.url} className="stretched-link-none">
            {post.title}
          </Link>
        </Title>
        <p className="blog-excerpt card-text">{post.excerpt}</p>
        <TagList tags={post.tags} className="mb-3" />
        <div className="mt-auto">
          {/* The button shows 'Read More'. The hidden title makes the link's text (what search engines read)
              say where it leads; aria-label gives screen readers the same words joined cleanly, since the
              hidden span is positioned apart and browsers may otherwise insert a space before its colon. */}
          <Link to={post.url} className="btn btn-outline-primary btn-sm" aria-label={`Read More: ${post.title}`}>
            Read More<span className="visually-hidden">: {post.title}</span>
          </Link>
        </div>
      </div>
    </article>
  );
}
