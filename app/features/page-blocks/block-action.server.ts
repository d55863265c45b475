import { data, type AppLoadContext, type UNSAFE_DataWithResponseInit } from 'react-router';
import type { PageBlock } from '#shared/page-blocks.ts';
import { contactAction } from '#app/features/landing/contact-action.server.ts';
import { subscribeAction } from '#app/features/blog/subscribe-action.server.ts';
import { BLOCK_FORM, blockFormOf, type BlockPosted, type SubscribeAnswer } from './block-form';

/**
 * An action's answer as data and its status/headers (the actions answer `data(...)` on refusal). React
 * Router exports the class of `data(...)` as a type only; it tells its own by this `type` (as its
 * `isDataWithResponseInit` does).
 */
function unwrap<T>(answer: T | UNSAFE_DataWithResponseInit<T>): { value: T; init: ResponseInit | undefined } {
  const wrapped = answer as UNSAFE_DataWithResponseInit<T>;
  return wrapped && typeof wrapped === 'object' && wrapped.type === 'DataWithResponseInit'
    ? { value: wrapped.data, init: wrapped.init ?? undefined }
    : { value: answer as T, init: undefined };
}

/**
 * A page's contact or subscribe block posted without JavaScript (docs/decisions/0028-forms-without-javascript.md):
 * the page route's `action`. The block's form posts to its own page with `?form=contact|subscribe&block=<id>`
 * (./block-form.ts) and is answered by the landing's and the blog's own actions (same schemas, same rate
 * limits, same services, so the same inbox), their answer handed back under the block's id so that only
 * that block shows it. Any other post, also one naming a block the page (`blocks`) does not hold as that
 * form, is not a form of this page: 405, as before.
 */
export async function blockAction(args: { request: Request; context: AppLoadContext }, blocks: PageBlock[]) {
  const posted = blockFormOf(args.request.url);
  if (!posted || !blocks.some((block) => block.id === posted.blockId && block.type === posted.form))
    return data(null, { status: 405 });
  if (posted.form === BLOCK_FORM.contact) {
    const { value, init } = unwrap(await contactAction(args));
    return data<BlockPosted>({ ...posted, form: 'contact', contact: value }, init);
  }
  const { value, init } = unwrap<SubscribeAnswer>(await subscribeAction(args));
  return data<BlockPosted>({ ...posted, form: 'subscribe', subscribe: value }, init);
}
