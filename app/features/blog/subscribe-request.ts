import { subscribe } from '#shared/api/subscribers.ts';
import { call } from '#app/lib/api-client.ts';

/**
 * What the subscribe box needs only when it is sent: the form's schema and the call. SubscribeBox imports
 * this module on submit, so blog pages do not load Zod before anyone subscribes.
 */
export { subscribeFormSchema } from '#shared/schemas/subscribe.ts';

/** Sent with the page's address (same site only), so a confirmed subscription counts as that page's goal. */
export const sendSubscription = (email: string, blogId: string | null) =>
  call(subscribe, { body: { email, blogId }, referrerPolicy: 'same-origin' });
