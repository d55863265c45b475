import { data, type AppLoadContext } from 'react-router';
import { subscribeFormSchema, subscribeSchema } from '#shared/schemas/subscribe.ts';
import { firstErrorPerField } from '#shared/schemas/errors.ts';
import { formFields, unsafeField } from '#app/lib/form-fields.server.ts';
import { formVisitOf } from '#app/lib/form-visit.server.ts';
import type { SubscribePostResult } from './subscribe-post';

/**
 * The subscribe box posted without JavaScript (./subscribe-post.ts): checked by the schemas the box and
 * `POST /api/blogs-subscribers/add` use, counted by the API's rate limit and handled by the same service,
 * so the page answers what the box's script would have shown (docs/decisions/0028-forms-without-javascript.md).
 */
export async function subscribeAction({ request, context }: { request: Request; context: AppLoadContext }) {
  const { email, blogId } = await formFields(request, ['email', 'blogId']);
  const refused = (status: number, answer: Pick<SubscribePostResult, 'error' | 'message'>, headers?: HeadersInit) => {
    const posted: SubscribePostResult = { email, blogId, ...answer };
    return data({ step: 'form' as const, posted }, { status, headers });
  };

  const unsafe = unsafeField({ email, blogId });
  if (unsafe) return refused(400, { error: unsafe.email, message: unsafe.blogId });
  const form = subscribeFormSchema.safeParse({ email });
  if (!form.success) return refused(400, { error: firstErrorPerField(form.error).email });
  const input = subscribeSchema.safeParse({ email: form.data.email, blogId: blogId || null });
  if (!input.success) return refused(400, { message: input.error.issues[0]!.message });

  const limited = await context.formPost.limit('subscribe');
  if (limited) return refused(429, { message: limited.message }, { 'retry-after': String(limited.retryAfter) });
  try {
    const { pendingId } = await context.services.subscribers.subscribe(input.data);
    // The page that posted is the page the goal came from (docs/product.md#analytics).
    if (pendingId) {
      await context.services.analytics.subscriptionGoal(
        formVisitOf(request, context),
        pendingId,
        input.data.blogId ?? null,
      );
    }
  } catch (err) {
    const failure = context.describeError(err);
    return refused(failure.status, { message: failure.message });
  }
  return { step: 'done' as const };
}
