/**
 * Whether a page is an admin screen, from the ids of the routes it matched (React Router names a route by
 * its file: app/routes.ts puts every admin screen under routes/admin/). Admin screens are drawn by their
 * scripts and load the site stylesheet in the head; public pages paint from the HTML alone
 * (docs/decisions/0014-first-paint.md).
 */
export const isAdminPage = (routeIds: Iterable<string>): boolean => {
  for (const id of routeIds) if (id.startsWith('routes/admin/')) return true;
  return false;
};
