export const BLOG_PAGE_SIZE = 10;

/** `?page=N` of a blog list; anything odd reads as the first page. */
export function pageParam(url: string): number {
  const page = Number(new URL(url).searchParams.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}
