import { isReservedSegment } from '#shared/page-segments.ts';

/** Query parameters the landing page answers itself (app/routes/public/home.tsx `?section=`, app/features/layout/Footer.tsx `?policy=`). */
const LANDING_QUERY = new Set(['section', 'policy']);

/**
 * Whether an old address is one this site answers itself, which an import's redirect must never take over:
 * its own routes (`/blogs`, `/rss.xml` …), the landing page's `?section=` and `?policy=` links, and a page of
 * its own (an export naming `/careers/` must not send this site's Careers page away). `to`: where the old
 * address would lead (a page imported at the same address needs no rule, and is not "another" page).
 */
export function ownAddressCheck(pageIdAt: (segment: string) => Promise<string | null>) {
  const known = new Map<string, boolean>();
  return async (from: string, to: string): Promise<boolean> => {
    let url: URL;
    try {
      url = new URL(from, 'http://site.invalid');
    } catch {
      return true;
    }
    if (url.host !== 'site.invalid') return true;
    const segments = url.pathname.split('/').filter(Boolean);
    // The landing page itself (a WordPress static front page's address) and its own links; `/?p=12` passes.
    if (!segments.length) return !url.search || [...url.searchParams.keys()].some((key) => LANDING_QUERY.has(key));
    let first: string;
    try {
      first = decodeURIComponent(segments[0]!).toLowerCase();
    } catch {
      return false;
    }
    if (isReservedSegment(first)) return true;
    if (segments.length > 1 || to.toLowerCase() === `/${first}`) return false;
    if (!known.has(first)) known.set(first, (await pageIdAt(first)) !== null);
    return known.get(first)!;
  };
}
