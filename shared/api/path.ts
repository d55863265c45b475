/*
 * Kept apart from ./endpoint.ts, which builds Zod schemas when it loads: the browser's API client needs
 * only this, so public pages do not download Zod with it (docs/decisions/0014-first-paint.md). It takes
 * any `{ method, path }` (an `Endpoint` is one) and imports nothing from ./endpoint.ts, which would be an
 * import cycle.
 */

/** The address of a call: `/blogs/edit/:id` with `{ id: 'a b' }` is `/blogs/edit/a%20b`. */
export function pathOf(e: { method: string; path: string }, params?: Record<string, string>): string {
  return e.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${e.method} ${e.path}: parameter ${name} is missing`);
    return encodeURIComponent(value);
  });
}
