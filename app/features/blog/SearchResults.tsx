import { Link, useNavigation } from 'react-router';
import { Spinner } from 'react-bootstrap';
import { formatDate } from '#shared/format.ts';
import { SEARCH_MESSAGES } from '#shared/messages.ts';
import type { BlogCategory, PostCard, PostLink } from '#shared/schemas/blog.ts';
import type { SearchHit, SearchMeta } from '#shared/schemas/search.ts';
import { BlogCard } from './BlogCard';
import { BlogSidebar } from './BlogSidebar';

export interface SearchPageData {
  query: string;
  /** Why the query was not searched (too long), shown instead of results. */
  problem: string | null;
  hits: SearchHit[];
  meta: SearchMeta | null;
  /** The latest posts, shown when nothing matched. */
  latest: PostCard[];
  recent: PostLink[];
  categories: BlogCategory[];
  /** Published pages at /{segment} matching every word (docs/product.md#pages), on the first page only. */
  pages?: Array<{ _id: string; title: string; path: string; text: string }>;
}

const searchUrl = (query: string, page = 1) =>
  `/search?${new URLSearchParams(page > 1 ? { q: query, page: String(page) } : { q: query })}`;

/** One result: title, category and date, and the words around the hits (docs/product.md#search). */
function SearchResult({ hit }: { hit: SearchHit }) {
  return (
    <li className="search-result" data-testid="search-result">
      <h2 className="h5 mb-1">
        <Link to={hit.url}>{hit.title}</Link>
      </h2>
      <p className="blog-date mb-1">
        {hit.category ? <span className="blog-post-category">{hit.category} · </span> : null}
        {hit.publishedAt ? <time dateTime={hit.publishedAt}>{formatDate(hit.publishedAt)}</time> : null}
      </p>
      {/* The server escaped the post's text and added only <mark> (server/modules/blog/search-snippet.ts). */}
      <p className="search-snippet mb-0" dangerouslySetInnerHTML={{ __html: hit.snippet || hit.excerpt }} />
    </li>
  );
}

/** The /search page: results with the sidebar, or suggestions and the latest posts when nothing matched. */
export function SearchResults({ query, problem, hits, meta, latest, recent, categories, pages }: SearchPageData) {
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/search';
  return (
    <div className="blog-page container">
      <div className="row g-4 g-lg-5">
        <div className="col-lg-8">
          <h1 className="h2 mb-2">{query ? SEARCH_MESSAGES.resultsFor(query) : SEARCH_MESSAGES.heading}</h1>
          {meta && meta.total > 0 ? <p className="blog-date">{SEARCH_MESSAGES.count(meta.total)}</p> : null}
          {!loading && pages?.length ? (
            <ul className="list-unstyled search-results" aria-label={SEARCH_MESSAGES.pagesLabel}>
              {pages.map((page) => (
                <li className="search-result" data-testid="search-page-result" key={page._id}>
                  <h2 className="h5 mb-1">
                    <Link to={page.path}>{page.title}</Link>
                  </h2>
                  <p className="search-snippet mb-0">{page.text}</p>
                </li>
              ))}
            </ul>
          ) : null}
          {loading ? (
            <div className="py-5 text-center">
              <Spinner animation="border" role="status" aria-label="Loading" />
            </div>
          ) : problem ? (
            <p className="text-danger">{problem}</p>
          ) : hits.length > 0 ? (
            <ol className="list-unstyled search-results">
              {hits.map((hit) => (
                <SearchResult key={hit._id} hit={hit} />
              ))}
            </ol>
          ) : query && pages?.length ? null : query ? (
            <>
              <p>{SEARCH_MESSAGES.noResults(query)}</p>
              {meta?.suggestions.length ? (
                <p data-testid="search-suggestions">
                  {SEARCH_MESSAGES.didYouMean}{' '}
                  {meta.suggestions.map((word, i) => (
                    <span key={word}>
                      {i > 0 ? ', ' : null}
                      <Link to={searchUrl(word)}>{word}</Link>
                    </span>
                  ))}
                </p>
              ) : null}
              {latest.length ? (
                <>
                  <h2 className="h4 mt-4 mb-3">{SEARCH_MESSAGES.latest}</h2>
                  <div className="row row-cols-1 row-cols-md-2 g-4">
                    {latest.map((post, index) => (
                      <div className="col" key={post._id}>
                        <BlogCard post={post} eager={index < 2} />
                      </div>
                    ))}
                  </div>
                </>
              ) : null}
            </>
          ) : null}
          {meta && (meta.page > 1 || meta.hasMore) ? (
            <nav className="d-flex justify-content-between mt-4" aria-label="More results">
              {meta.page > 1 ? <Link to={searchUrl(query, meta.page - 1)}>← Better matches</Link> : <span />}
              {meta.hasMore ? <Link to={searchUrl(query, meta.page + 1)}>More results →</Link> : null}
            </nav>
          ) : null}
        </div>
        <div className="col-lg-4">
          <BlogSidebar recent={recent} categories={categories} query={query} />
        </div>
      </div>
    </div>
  );
}
