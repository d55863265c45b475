import { SearchResults } from '#app/features/blog/SearchResults.tsx';
import { pageParam } from '#app/features/blog/page-param.ts';
import { SEARCH_MESSAGES } from '#shared/messages.ts';
import { MAX_QUERY_LENGTH, SEARCH_PAGE_SIZE } from '#shared/schemas/search.ts';
import { pageVisitOf } from '#app/lib/form-visit.server.ts';
import type { Route } from './+types/search';

const LATEST_COUNT = 4;

/**
 * /search?q= (docs/product.md#search): rendered for each request, never cached or indexed
 * (docs/decisions/0023-search.md). Control characters of the address are spaces in what the page shows.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { blog } = context.services;
  const query = (new URL(request.url).searchParams.get('q') ?? '').replace(/\p{Cc}/gu, ' ').trim();
  const [recent, categories] = await Promise.all([blog.recentPostLinks(), blog.listCategories()]);
  const base = { query, problem: null, hits: [], meta: null, latest: [], recent, categories, site: context.site };
  if (!query) return base;
  if (query.length > MAX_QUERY_LENGTH) return { ...base, problem: SEARCH_MESSAGES.queryTooLong(MAX_QUERY_LENGTH) };
  const page = pageParam(request.url);
  const [{ hits, meta }, pages] = await Promise.all([
    blog.searchPublic(query, { page, limit: SEARCH_PAGE_SIZE }),
    // Pages at /{segment} are few: all matches on the first page, above the posts (docs/product.md#pages).
    page === 1 ? context.services.pages.search(query) : [],
  ]);
  // A search counts once, on its first page (docs/product.md#analytics); counting never holds the page up.
  if (page === 1) {
    void context.services.analytics
      .search(pageVisitOf(request, context), query, meta.total + pages.length)
      .catch(() => undefined);
  }
  const latest =
    meta.total === 0 && !pages.length
      ? await blog.cardsOf((await blog.listPosts({ page: 1, limit: LATEST_COUNT })).posts)
      : [];
  return { ...base, hits, meta, latest, pages };
}

export const meta: Route.MetaFunction = ({ data }) => [
  {
    title: data?.query ? `${SEARCH_MESSAGES.resultsFor(data.query)} | ${data.site.siteName}` : SEARCH_MESSAGES.heading,
  },
  { name: 'description', content: `${SEARCH_MESSAGES.heading} ${data?.site.siteName ?? ''}`.trim() },
  // Result pages are not content of their own (docs/product.md#search).
  { name: 'robots', content: 'noindex' },
];

export default function Search({ loaderData }: Route.ComponentProps) {
  return <SearchResults {...loaderData} />;
}
