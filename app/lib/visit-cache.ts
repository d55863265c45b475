/**
 * A route's server data kept for the rest of the visit, for pages whose data is site content (the landing
 * and About pages): coming back to such a page in the browser fetches nothing, as before each page had
 * its own loader (docs/decisions/0014-first-paint.md). The first server render's data is used as is
 * (no `hydrate`); the first client-side visit fetches and keeps the answer, a failed fetch is not kept.
 */
export function keptForTheVisit<T>() {
  let kept: Promise<T> | undefined;
  return ({ serverLoader }: { serverLoader: () => Promise<T> }): Promise<T> =>
    (kept ??= serverLoader().catch((error: unknown) => {
      kept = undefined;
      throw error;
    }));
}
