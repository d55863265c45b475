import { useContext, useEffect, useLayoutEffect } from 'react';
import { UNSAFE_DataRouterContext, UNSAFE_DataRouterStateContext, useLocation } from 'react-router';

/**
 * In-app scroll positions of this tab, by history entry, in memory only: React Router's
 * `<ScrollRestoration>` does the same but also writes them to sessionStorage as a page is left, and public
 * pages write nothing to the browser's storage (docs/product.md#analytics, decision 0040). A new page starts
 * at its top (or its #anchor); back and forward return where the reader was. Between documents (a reload,
 * leaving the site and coming back) the browser restores the scroll itself: `scrollRestoration` is `auto`
 * again whenever the page is left.
 */
const positions: Record<string, number> = {};

export function ScrollMemory() {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const state = useContext(UNSAFE_DataRouterStateContext);
  const location = useLocation();
  const restore = state?.restoreScrollPosition;
  const preventReset = state?.preventScrollReset;
  const routed = Boolean(state);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const leaving = () => {
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('pagehide', leaving);
    return () => {
      window.removeEventListener('pagehide', leaving);
      leaving();
    };
  }, []);

  useLayoutEffect(() => router?.enableScrollRestoration(positions, () => window.scrollY), [router]);

  useLayoutEffect(() => {
    if (!routed || restore === false) return;
    if (typeof restore === 'number') {
      window.scrollTo(0, restore);
      return;
    }
    if (location.hash) {
      try {
        const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
        if (target) {
          target.scrollIntoView();
          return;
        }
      } catch {
        // Not a decodable id: no anchor to go to.
      }
    }
    if (preventReset === true) return;
    window.scrollTo(0, 0);
  }, [routed, location, restore, preventReset]);
  return null;
}
