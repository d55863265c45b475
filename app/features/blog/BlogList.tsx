import { Link, useNavigation } from 'react-router';
import { Spinner } from 'react-bootstrap';
import type { BlogCategory, PageInfo, PostCard, PostLink } from '#shared/schemas/blog.ts';
import { BlogCard } from './BlogCard';
import { BlogSidebar } from './BlogSidebar';

interface BlogListProps {
  heading: string;
  posts: PostCard[];
  pageInfo: PageInfo;
  recent: PostLink[];
  categories: BlogCategory[];
}

/** The two-column card grid with its sidebar; a spinner while the next list loads (docs/product.md#blog-list). */
export function BlogList({ heading, posts, pageInfo, recent, categories }: BlogListProps) {
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname.startsWith('/blogs');
  return (
    <div className="blog-page container">
      <div className="row g-4 g-lg-5">
        <div className="col-lg-8">
          <h1 className="h2 mb-4">{heading}</h1>
          {loading ? (
            <div className="py-5 text-center">
              <Spinner animation="border" role="status" aria-label="Loading" />
            </div>
          ) : posts.length === 0 ? (
            <p>No articles yet.</p>
          ) : (
            <div className="row row-cols-1 row-cols-md-2 g-4">
              {posts.map((post, index) => (
                <div className="col" key={post._id}>
                  <BlogCard post={post} eager={index < 2} priority={index === 0} />
                </div>
              ))}
            </div>
          )}
          {pageInfo.page > 1 || pageInfo.hasMore ? (
            <nav className="d-flex justify-content-between mt-4" aria-label="More articles">
              {pageInfo.page > 1 ? <Link to={`?page=${pageInfo.page - 1}`}>← Newer articles</Link> : <span />}
              {pageInfo.hasMore ? <Link to={`?page=${pageInfo.page + 1}`}>Older articles →</Link> : null}
            </nav>
          ) : null}
        </div>
        <div className="col-lg-4">
          <BlogSidebar recent={recent} categories={categories} />
        </div>
      </div>
    </div>
  );
}
