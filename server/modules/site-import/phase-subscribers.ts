import { DomainError } from '#server/errors.ts';
import type { JobContext } from './job-context';

/**
 * The old site's subscribers (docs/product.md#import): confirmed at once only when the administrator
 * stated they opted in elsewhere, else each gets the confirmation e-mail; unsubscribed people are kept
 * unsubscribed, so they are never mailed. An address this site has already stays as it is.
 */
export async function importSubscribers(ctx: JobContext): Promise<void> {
  const { ledger, targets, options } = ctx;
  const source = `Import of ${ctx.summary.siteUrl || ctx.summary.kind}`.slice(0, 200);
  for await (const subscriber of ctx.source.subscribers()) {
    const email = subscriber.email.trim().toLowerCase();
    await ledger
      .track(`subscriber:${email}`, 'subscriber', email, {
        exists: (id) => targets.subscribers.subscriberExists(id),
        make: async (id) => {
          const outcome = await targets.subscribers.importSubscriber({
            id,
            email,
            unsubscribed: subscriber.status === 'unsubscribed',
            optedIn: options.subscribersOptedIn,
            source,
          });
          return { outcome, targetId: outcome === 'created' ? id : '' };
        },
      })
      .catch(async (err: unknown) => {
        if (!(err instanceof DomainError)) throw err;
        // Recorded as failed by the ledger: a bad address does not stop the others.
      });
    await ctx.step();
  }
}
