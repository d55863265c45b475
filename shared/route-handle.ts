/**
 * What a route module's `handle` may tell the server before anything runs: whether a POST to its address
 * is one of its forms (server/pages/takes-form.ts). A route with an action but no `acceptsPost` takes
 * every POST; one with it takes only the posts it accepts, and every other answers 405 as a page without
 * an action does (a page at /{segment} takes only its blocks' forms: app/routes/public/page.tsx).
 */
export interface PostTakingHandle {
  acceptsPost?: (query: URLSearchParams) => boolean;
}
