import { FORM_POST_MESSAGES, SUBSCRIBE_MESSAGES } from '#shared/messages.ts';
import { SubscribeBox } from '#app/features/blog/SubscribeBox.tsx';
import { SubscriptionResult } from '#app/features/blog/SubscriptionResult.tsx';
import { subscribeAction } from '#app/features/blog/subscribe-action.server.ts';
import type { Route } from './+types/subscription-subscribe';

/**
 * Where the blog's subscribe box posts before the page's scripts have run, or without them
 * (docs/product.md#forms-without-javascript): thanks as the box would, or the box again with the address
 * as typed and why it was refused. Opened directly, it shows the empty box.
 */
export const loader = () => ({ step: 'form' as const });

export const action = (args: Route.ActionArgs) => subscribeAction(args);

/** A refused post's `retry-after` (the rate limit) reaches the answer. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta = () => [{ title: 'Subscribe' }, { name: 'robots', content: 'noindex' }];

export default function Subscribe({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData ?? loaderData;
  if (result.step === 'done') {
    return <SubscriptionResult title={FORM_POST_MESSAGES.subscribedTitle} message={SUBSCRIBE_MESSAGES.checkInbox} ok />;
  }
  const posted = actionData?.step === 'form' ? actionData.posted : undefined;
  return (
    <div className="blog-page container">
      <div className="mx-auto" style={{ maxWidth: 480 }}>
        <h1 className="h2 mb-3 text-center">{FORM_POST_MESSAGES.subscribeTitle}</h1>
        <SubscribeBox blogId={posted?.blogId || undefined} posted={posted} />
      </div>
    </div>
  );
}
