/**
 * Where the subscribe box posts when the page's scripts have not run: a page of its own, since the box
 * sits on every blog page and those pages take no POST (docs/product.md#forms-without-javascript).
 */
export const SUBSCRIBE_FORM_ACTION = '/subscriptions/subscribe';

/** What the subscribe page's action answers when the box must be shown again: the address as typed, why. */
export interface SubscribePostResult {
  email: string;
  blogId: string;
  error?: string;
  /** The server's reason when it refused or failed (a rate limit, …). */
  message?: string;
}
