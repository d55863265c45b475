import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import type { PostTakingHandle } from '#shared/route-handle.ts';

/** The route tree of a build, for matching an address without running anything. */
function routeTree(routes: ServerBuild['routes'], parentId?: string): RouteObject[] {
  const children = Object.values(routes).filter(
    (r): r is NonNullable<typeof r> => r !== undefined && r.parentId === parentId,
  );
  return children.map(
    ({ id, path, index, caseSensitive }) =>
      ({ id, path, index, caseSensitive, children: routeTree(routes, id) }) as RouteObject,
  );
}

/**
 * Whether a POST to this page address reaches an action: the route React Router would submit to (the
 * deepest match; an index route only with `?index`) exports one. Client-side submissions post to the
 * same address with `.data` added (`/_root.data` for the home page). A route may take only some posts
 * (its handle's `acceptsPost`, shared/route-handle.ts). Each build's tree is made once.
 */
export function formTaker() {
  const trees = new WeakMap<ServerBuild, RouteObject[]>();
  return (build: ServerBuild, url: string): boolean => {
    const [rawPath = '/', query = ''] = url.split('?');
    const path = rawPath === '/_root.data' ? '/' : rawPath.replace(/\.data$/, '');
    let tree = trees.get(build);
    if (!tree) trees.set(build, (tree = routeTree(build.routes)));
    const matches = matchRoutes(tree, path) ?? [];
    let target = matches.at(-1)?.route;
    if (target?.index && !new URLSearchParams(query).has('index')) target = matches.at(-2)?.route;
    const module = target?.id ? build.routes[target.id]?.module : undefined;
    if (!module?.action) return false;
    const accepts = (module.handle as PostTakingHandle | undefined)?.acceptsPost;
    return accepts ? accepts(new URLSearchParams(query)) : true;
  };
}
