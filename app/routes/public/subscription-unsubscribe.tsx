import { data, Form, useNavigation } from 'react-router';
import { SUBSCRIBE_MESSAGES } from '#shared/messages.ts';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { SubscriptionResult } from '#app/features/blog/SubscriptionResult.tsx';
import { linkParams } from '#app/features/blog/link-params.ts';
import type { Route } from './+types/subscription-unsubscribe';

/**
 * The unsubscribe link of an e-mail opens this page, which asks first: mail scanners that open every link
 * must not unsubscribe anyone (docs/product.md#subscriptions). The button posts to the action below; mail
 * clients' one-click unsubscribe goes to `POST /api/blogs-subscribers/unsubscribe` without a page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const link = linkParams(request.url);
  if (!link) return data({ step: 'failed' as const, message: SUBSCRIBE_MESSAGES.invalidLink }, { status: 400 });
  try {
    const { email, unsubscribed } = await context.services.subscribers.unsubscribeTarget(link.id, link.token);
    return unsubscribed
      ? { step: 'done' as const, message: SUBSCRIBE_MESSAGES.unsubscribedEmail(email) }
      : { step: 'ask' as const, message: SUBSCRIBE_MESSAGES.unsubscribeQuestion(email) };
  } catch (err) {
    const failure = context.describeError(err);
    return data({ step: 'failed' as const, message: failure.message }, { status: failure.status });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const link = linkParams(request.url);
  if (!link) return data({ step: 'failed' as const, message: SUBSCRIBE_MESSAGES.invalidLink }, { status: 400 });
  try {
    const { email } = await context.services.subscribers.unsubscribe(link.id, link.token);
    return { step: 'done' as const, message: SUBSCRIBE_MESSAGES.unsubscribedEmail(email) };
  } catch (err) {
    const failure = context.describeError(err);
    return data({ step: 'failed' as const, message: failure.message }, { status: failure.status });
  }
}

export const meta = () => [{ title: 'Unsubscribe' }, { name: 'robots', content: 'noindex' }];

const TITLES = { ask: 'Unsubscribe?', done: 'You are unsubscribed', failed: 'Unsubscribe failed' } as const;

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const result = actionData ?? loaderData;
  return (
    <SubscriptionResult title={TITLES[result.step]} message={result.message} ok={result.step !== 'failed'}>
      {result.step === 'ask' ? (
        <Form method="post" className="mt-3">
          <SpinnerButton type="submit" variant="danger" loading={navigation.state === 'submitting'}>
            Unsubscribe
          </SpinnerButton>
        </Form>
      ) : null}
    </SubscriptionResult>
  );
}
