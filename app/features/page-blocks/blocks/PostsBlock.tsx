import type { BlockOf } from '#shared/page-blocks.ts';
import type { PostCard } from '#shared/schemas/blog.ts';
import { BlogCard } from '#app/features/blog/BlogCard.tsx';

/**
 * The newest published posts of a category, tag or author, as the blog's cards. No posts (none published
 * yet, or the source was deleted): the block shows nothing, not even its heading.
 */
export function PostsBlock({
  block,
  anchor,
  posts,
}: {
  block: BlockOf<'posts'>;
  anchor: string;
  posts: PostCard[] | undefined;
}) {
  if (!posts?.length) return null;
  return (
    <section id={anchor} className="page-block" aria-labelledby={block.heading ? `${anchor}-title` : undefined}>
      <div className="container">
        {block.heading ? (
          <h2 id={`${anchor}-title`} className="page-block-title mb-4">
            {block.heading}
          </h2>
        ) : null}
        <ul className="row row-cols-1 row-cols-md-2 row-cols-lg-3 g-4 list-unstyled mb-0">
          {posts.map((post) => (
            <li className="col" key={post._id}>
              <BlogCard post={post} titleAs={block.heading ? 'h3' : 'h2'} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
