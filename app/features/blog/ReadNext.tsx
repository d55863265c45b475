import { Link } from 'react-router';
import { TAG_MESSAGES } from '#shared/messages.ts';
import type { PostCard } from '#shared/schemas/blog.ts';

/** Three related posts under a post (docs/product.md#read-next); nothing when there are none yet. */
export function ReadNext({ posts }: { posts: readonly PostCard[] }) {
  if (!posts.length) return null;
  return (
    <section className="read-next mt-5" aria-labelledby="read-next-title">
      <h2 id="read-next-title" className="h4 mb-3">
        {TAG_MESSAGES.readNext}
      </h2>
      <ul className="list-unstyled row row-cols-1 row-cols-md-3 g-3 mb-0">
        {posts.map((post) => (
          <li className="col" key={post._id}>
            <div className="read-next-item h-100">
              <Link to={post.url} className="read-next-title">
                {post.title}
              </Link>
              <p className="blog-reading-time mb-0 mt-1">{TAG_MESSAGES.readingTime(post.readingMinutes)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
