import type { ReactNode } from 'react';
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
  /** Above the heading (an author page's header); the heading is then an h2. */
  intro?: ReactNode;
  headingLevel?: 'h1' | 'h2';
}

/** The two-column card grid with its sidebar; a spinner while the next list loads (docs/product.md#blog-list). */
export function BlogList({
  heading,
  posts,
  pageInfo,
  recent,
  categories,
  intro,
  headingLevel: Heading = 'h1',
}: BlogListProps) {
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && /^\/(blogs|authors|tags)(\/|$)/.test(navigation.location.pathname);
  return (
    <div className="blog-page container">
      <div className="row g-4 g-lg-5">
        <div className="col-lg-8">
          {intro}
          <Heading className={Heading === 'h1' ? 'h2 mb-4' : 'h4 mb-4'}>{heading}</Heading>
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
