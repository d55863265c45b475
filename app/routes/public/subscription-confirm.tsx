import { data } from 'react-router';
import { SubscriptionResult } from '#app/features/blog/SubscriptionResult.tsx';
import { linkParams } from '#app/features/blog/link-params.ts';
import { SUBSCRIBE_MESSAGES } from '#shared/messages.ts';
import type { Route } from './+types/subscription-confirm';

export async function loader({ request, context }: Route.LoaderArgs) {
  const link = linkParams(request.url);
  if (!link) return data({ ok: false, message: SUBSCRIBE_MESSAGES.invalidLink }, { status: 400 });
  try {
    const { email } = await context.services.subscribers.confirm(link.id, link.token);
    // The subscription goal counts from its first confirmation (a second one changes nothing).
    await context.services.analytics.subscriptionConfirmed(link.id);
    return { ok: true, message: SUBSCRIBE_MESSAGES.confirmed(email) };
  } catch (err) {
    const failure = context.describeError(err);
    return data({ ok: false, message: failure.message }, { status: failure.status });
  }
}

export const meta = () => [{ title: 'Subscription' }, { name: 'robots', content: 'noindex' }];

export default function ConfirmSubscription({ loaderData }: Route.ComponentProps) {
  return (
    <SubscriptionResult
      title={loaderData.ok ? 'Subscription confirmed' : 'Subscription not confirmed'}
      {...loaderData}
    />
  );
}
