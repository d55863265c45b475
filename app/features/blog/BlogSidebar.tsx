import { Link } from 'react-router';
import { blogCategoryUrl } from '#shared/paths.ts';
import type { BlogCategory, PostLink } from '#shared/schemas/blog.ts';
import { SearchBox } from './SearchBox';
import { SubscribeBox } from './SubscribeBox';

export function BlogSidebar({
  recent,
  categories,
  blogId,
  query,
}: {
  recent: PostLink[];
  categories: BlogCategory[];
  blogId?: string;
  /** What the search box holds (the query of /search). */
  query?: string;
}) {
  return (
    <aside className="blog-sidebar" aria-label="Blog">
      <section className="blog-sidebar-box">
        <SearchBox id="sidebar-search" query={query} />
      </section>
      <section className="blog-sidebar-box" aria-labelledby="recent-title">
        <h2 id="recent-title" className="h6 text-uppercase">
          Recent Articles
        </h2>
        <ul className="list-unstyled mb-0">
          {recent.map((post) => (
            <li key={post._id}>
              <Link to={post.url}>{post.title}</Link>
            </li>
          ))}
        </ul>
      </section>
      <section className="blog-sidebar-box" aria-labelledby="categories-title">
        <h2 id="categories-title" className="h6 text-uppercase">
          Categories
        </h2>
        <ul className="list-unstyled mb-0">
          {categories.map((category) => (
            <li key={category._id}>
              <Link to={blogCategoryUrl(category.slug)}>{category.name}</Link>
            </li>
          ))}
        </ul>
      </section>
      <SubscribeBox blogId={blogId} />
    </aside>
  );
}
