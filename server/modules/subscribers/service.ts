import type { BlogPost } from '#shared/schemas/blog.ts';
import type { Db } from '#server/db/database.ts';
import { newId, now } from '#server/db/database.ts';
import { HttpError } from '#server/plugins/errors.ts';
import { enqueueMail } from '#server/modules/mail/outbox-repository.ts';
import type { MailService } from '#server/modules/mail/service.ts';
import { linkToken, loadLinkSecret, verifyLinkToken } from './link-tokens';
import { confirmationMail, newPostMail, type SubscriberLinks } from './mails';

export const SUBSCRIBE_MESSAGES = {
  confirmationSent: 'Please check your inbox and confirm your subscription.',
  alreadySubscribed: 'This e-mail address is already subscribed.',
  invalidLink: 'This link is not valid.',
  unsubscribed: 'You have been unsubscribed.',
} as const;

/**
 * Double opt-in subscriptions: a new address is pending until the link in its confirmation e-mail is
 * opened; only confirmed addresses get new-post e-mails, and every e-mail can unsubscribe in one click.
 */
export function createSubscriberService(deps: { db: Db; mail: MailService; siteName: string; publicUrl: string }) {
  const { db } = deps;
  let secret: Promise<Buffer> | null = null;
  const linkSecret = () => (secret ??= loadLinkSecret(db));

  async function linksFor(id: string, key?: Buffer): Promise<SubscriberLinks> {
    key ??= await linkSecret();
    const query = (purpose: 'confirm' | 'unsubscribe') =>
      `id=${encodeURIComponent(id)}&token=${linkToken(key, id, purpose)}`;
    return {
      confirm: `${deps.publicUrl}/subscriptions/confirm?${query('confirm')}`,
      unsubscribePage: `${deps.publicUrl}/subscriptions/unsubscribe?${query('unsubscribe')}`,
      unsubscribeOneClick: `${deps.publicUrl}/api/blogs-subscribers/unsubscribe?${query('unsubscribe')}`,
    };
  }

  async function checkedSubscriber(id: string, purpose: 'confirm' | 'unsubscribe', token: string) {
    if (!verifyLinkToken(await linkSecret(), id, purpose, token))
      throw new HttpError(400, SUBSCRIBE_MESSAGES.invalidLink);
    const row = await db.selectFrom('subscribers').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new HttpError(404, SUBSCRIBE_MESSAGES.invalidLink);
    return row;
  }

  return {
    /** Stores the address as pending (again) and sends the confirmation; a confirmed address gets 409. */
    async subscribe(input: { email: string; blogId?: string | null }): Promise<string> {
      const email = input.email.trim().toLowerCase();
      const blogId = input.blogId
        ? ((await db.selectFrom('blog_posts').select('id').where('id', '=', input.blogId).executeTakeFirst())?.id ??
          null)
        : null;
      const at = now();
      const existing = await db.selectFrom('subscribers').selectAll().where('email', '=', email).executeTakeFirst();
      if (existing?.status === 'confirmed') throw new HttpError(409, SUBSCRIBE_MESSAGES.alreadySubscribed);
      let id = existing?.id;
      if (!id) {
        id = newId();
        await db
          .insertInto('subscribers')
          .values({
            id,
            email,
            status: 'pending',
            blog_id: blogId,
            created_at: at,
            updated_at: at,
            confirmed_at: null,
            unsubscribed_at: null,
          })
          .onConflict((oc) => oc.column('email').doNothing())
          .execute();
        id = (await db.selectFrom('subscribers').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
      } else {
        await db
          .updateTable('subscribers')
          .set({ status: 'pending', blog_id: blogId ?? existing!.blog_id, updated_at: at })
          .where('id', '=', id)
          .execute();
      }
      await deps.mail.queue(confirmationMail(email, deps.siteName, await linksFor(id)));
      return SUBSCRIBE_MESSAGES.confirmationSent;
    },

    /** Opens the confirmation link. Confirming twice is fine; a link of an unsubscribed address is not. */
    async confirm(id: string, token: string): Promise<{ email: string }> {
      const row = await checkedSubscriber(id, 'confirm', token);
      if (row.status === 'unsubscribed')
        throw new HttpError(410, 'This address has been unsubscribed. Please subscribe again.');
      if (row.status === 'pending') {
        await db
          .updateTable('subscribers')
          .set({ status: 'confirmed', confirmed_at: now(), updated_at: now() })
          .where('id', '=', id)
          .execute();
      }
      return { email: row.email };
    },

    /** Immediate and idempotent. */
    async unsubscribe(id: string, token: string): Promise<{ email: string }> {
      const row = await checkedSubscriber(id, 'unsubscribe', token);
      if (row.status !== 'unsubscribed') {
        await db
          .updateTable('subscribers')
          .set({ status: 'unsubscribed', unsubscribed_at: now(), updated_at: now() })
          .where('id', '=', id)
          .execute();
      }
      return { email: row.email };
    },

    /**
     * Queues one e-mail per confirmed subscriber inside the transaction that publishes the post, so each
     * post is announced exactly once however many processes run (the outbox then sends each row once).
     */
    async queueNewPost(trx: Db, post: BlogPost): Promise<number> {
      const subscribers = await trx
        .selectFrom('subscribers')
        .select(['id', 'email'])
        .where('status', '=', 'confirmed')
        .execute();
      if (!subscribers.length) return 0;
      // Read through the transaction when not loaded yet: on SQLite `db` waits for the connection this
      // transaction holds (a deadlock, e.g. for the first post after a restart). Not cached, as a key made
      // here is only stored if the transaction commits.
      const key = secret ? await secret : await loadLinkSecret(trx);
      for (const s of subscribers) {
        await enqueueMail(
          trx,
          newPostMail(s.email, deps.siteName, post, deps.publicUrl + post.url, await linksFor(s.id, key)),
        );
      }
      return subscribers.length;
    },

    list: () =>
      db
        .selectFrom('subscribers')
        .leftJoin('blog_posts', 'blog_posts.id', 'subscribers.blog_id')
        .select([
          'subscribers.id',
          'subscribers.email',
          'subscribers.status',
          'subscribers.created_at',
          'subscribers.confirmed_at',
          'blog_posts.id as post_id',
          'blog_posts.title as post_title',
        ])
        .orderBy('subscribers.created_at', 'desc')
        .execute(),

    async remove(id: string) {
      const result = await db.deleteFrom('subscribers').where('id', '=', id).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw new HttpError(404, 'Subscriber not found');
      return { _id: id };
    },
  };
}
export type SubscriberService = ReturnType<typeof createSubscriberService>;
