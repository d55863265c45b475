import { IMPORT_MESSAGES, SUBSCRIBE_MESSAGES, SERVER_MESSAGES } from '#shared/messages.ts';
import { isAdminEmail } from '#shared/schemas/subscribe.ts';
import type { Subscriber } from '#shared/api/subscribers.ts';
import type { Db } from '#server/db/database.ts';
import { newId } from '#server/db/database.ts';
import { GoneError, InvalidInputError, NotFoundError } from '#server/errors.ts';
import { decodeCursor, keysetPage, type Cursor } from '#server/lib/cursor.ts';
import type { MailService } from '#server/modules/mail/service.ts';
import type { SiteMeta } from '#server/modules/site-meta/service.ts';
import { linkToken, verifyLinkToken, type LinkPurpose } from './link-tokens';
import { alreadySubscribedMail, confirmationMail, type SubscriberLinks } from './mails';
import { addressesOfCsv } from './import';
import * as repo from './repository';

/** Rows per query of the CSV export. */
const EXPORT_BATCH = 1000;
/**
 * Confirmation mails one address gets in a day, whoever asks (a visitor, an administrator, an import):
 * 100 reached one victim from 31 client addresses before this (docs/product.md#subscriptions). A confirmed
 * address's "already subscribed" note is one a day by its own key.
 */
export const CONFIRMATIONS_PER_DAY = 3;

type SubscriberRow = Awaited<ReturnType<typeof repo.listSubscribers>>[number];

/**
 * What the subscriptions need of the blog: the titles of posts by id, in the trash or not (a subscription
 * remembers the post it came from). Given at wiring (server/services.ts): the blog owns its tables.
 */
export interface PostTitles {
  postTitles(ids: readonly string[]): Promise<Map<string, string>>;
}

const toSubscriber = (s: SubscriberRow, titles: Map<string, string>): Subscriber => ({
  _id: s.id,
  email: s.email,
  status: s.status,
  createdAt: s.created_at,
  confirmedAt: s.confirmed_at,
  source: s.blog_id && titles.has(s.blog_id) ? { _id: s.blog_id, title: titles.get(s.blog_id)! } : null,
  // Only for addresses the administrator added: the list's shape is otherwise the contract's.
  ...(s.consent_source ? { consentSource: s.consent_source } : {}),
});

/**
 * Double opt-in subscriptions: a new address is pending until the link in its confirmation e-mail is
 * opened; only confirmed addresses get new-post e-mails, and every e-mail can unsubscribe in one click.
 */
export function createSubscriberService(deps: {
  db: Db;
  mail: MailService;
  siteMeta: SiteMeta;
  siteName: string;
  publicUrl: string;
  posts: PostTitles;
}) {
  const { db, mail, siteMeta, posts } = deps;

  /** The rows as the API shows them, each with the title of the post it came from. */
  async function withSources(rows: SubscriberRow[]): Promise<Subscriber[]> {
    const ids = [...new Set(rows.flatMap((row) => (row.blog_id ? [row.blog_id] : [])))];
    const titles = await posts.postTitles(ids);
    return rows.map((row) => toSubscriber(row, titles));
  }

  function linksFor(id: string, secret: Buffer): SubscriberLinks {
    const query = (purpose: LinkPurpose) => `id=${encodeURIComponent(id)}&token=${linkToken(secret, id, purpose)}`;
    return {
      confirm: `${deps.publicUrl}/subscriptions/confirm?${query('confirm')}`,
      unsubscribePage: `${deps.publicUrl}/subscriptions/unsubscribe?${query('unsubscribe')}`,
      unsubscribeOneClick: `${deps.publicUrl}/api/blogs-subscribers/unsubscribe?${query('unsubscribe')}`,
    };
  }

  async function checkedSubscriber(id: string, purpose: LinkPurpose, token: string) {
    if (!verifyLinkToken(await siteMeta.linkSecret(), id, purpose, token)) {
      throw new InvalidInputError(SUBSCRIBE_MESSAGES.invalidLink);
    }
    const row = await repo.findSubscriber(db, id);
    if (!row) throw new NotFoundError(SUBSCRIBE_MESSAGES.invalidLink);
    return row;
  }

  return {
    /**
     * Stores the address as pending (again) and queues the confirmation in the same transaction. A
     * confirmed address gets the same answer, so the answer tells nobody who is subscribed, and a mail
     * saying it already is (docs/product.md#subscriptions). `pendingId`: the subscriber now waiting for
     * their confirmation (null for an address already confirmed), for the analytics' goal.
     */
    async subscribe(input: {
      email: string;
      blogId?: string | null;
    }): Promise<{ message: string; pendingId: string | null }> {
      const email = input.email.trim().toLowerCase();
      const blogId = input.blogId && (await posts.postTitles([input.blogId])).has(input.blogId) ? input.blogId : null;
      const existing = await repo.findSubscriberByEmail(db, email);
      if (existing?.status === 'confirmed') {
        const links = linksFor(existing.id, await siteMeta.linkSecret(db));
        await mail.queue(
          alreadySubscribedMail({ id: existing.id, email }, deps, links, new Date().toISOString().slice(0, 10)),
        );
        return { message: SUBSCRIBE_MESSAGES.confirmationSent, pendingId: null };
      }
      const pendingId = await db.transaction().execute(async (trx) => {
        let id = existing?.id;
        if (id) await repo.markPending(trx, id, blogId ?? existing!.blog_id);
        else id = await repo.insertSubscriber(trx, { id: newId(), email, blogId });
        const confirmation = confirmationMail(email, deps, linksFor(id, await siteMeta.linkSecret(trx)));
        await mail.queueCapped(confirmation, CONFIRMATIONS_PER_DAY, trx);
        return id;
      });
      mail.kick();
      return { message: SUBSCRIBE_MESSAGES.confirmationSent, pendingId };
    },

    /** Opens the confirmation link. Confirming twice is fine; a link of an unsubscribed address is not. */
    async confirm(id: string, token: string): Promise<{ email: string }> {
      const row = await checkedSubscriber(id, 'confirm', token);
      if (row.status === 'unsubscribed') throw new GoneError(SUBSCRIBE_MESSAGES.unsubscribedBefore);
      if (row.status === 'pending') await repo.markConfirmed(db, id);
      return { email: row.email };
    },

    /** Whom an unsubscribe link is for, changing nothing (the page asks before it unsubscribes). */
    async unsubscribeTarget(id: string, token: string): Promise<{ email: string; unsubscribed: boolean }> {
      const row = await checkedSubscriber(id, 'unsubscribe', token);
      return { email: row.email, unsubscribed: row.status === 'unsubscribed' };
    },

    /** Immediate and idempotent. */
    async unsubscribe(id: string, token: string): Promise<{ email: string }> {
      const row = await checkedSubscriber(id, 'unsubscribe', token);
      await db.transaction().execute(async (trx) => {
        if (row.status !== 'unsubscribed') await repo.markUnsubscribed(trx, id);
        await mail.dropPendingNewslettersTo(row.email, trx);
      });
      return { email: row.email };
    },

    /** The next confirmed subscribers after `afterId`, each with its own links (a newsletter's fan-out). */
    async confirmedBatch(afterId: string | null, confirmedBy: string, limit: number) {
      const batch = await repo.confirmedAfter(db, afterId, confirmedBy, limit);
      const secret = batch.length ? await siteMeta.linkSecret() : null;
      return batch.map((s) => ({ id: s.id, email: s.email, links: linksFor(s.id, secret!) }));
    },

    /** How many addresses a newsletter would go to now. */
    confirmedCount: () => repo.countConfirmed(db),

    /** Links of one subscriber (a test send shows the reader's links of the first subscriber, or placeholders). */
    async linksOf(id: string): Promise<SubscriberLinks> {
      return linksFor(id, await siteMeta.linkSecret());
    },

    /**
     * An address the administrator adds, with where its owner gave consent. Unless marked as already
     * confirmed it is pending and gets a confirmation mail, like a sign-up on the blog. 'exists': it was
     * already confirmed, and nothing changes.
     */
    async addByAdmin(input: { email: string; confirmed: boolean; source: string }): Promise<'added' | 'exists'> {
      const email = input.email.trim().toLowerCase();
      const existing = await repo.findSubscriberByEmail(db, email);
      if (existing?.status === 'confirmed') return 'exists';
      const queued = await db.transaction().execute(async (trx) => {
        let id = existing?.id;
        if (!id) {
          id = await repo.insertSubscriber(trx, {
            id: newId(),
            email,
            blogId: null,
            confirmed: input.confirmed,
            consentSource: input.source,
          });
        } else if (input.confirmed) await repo.markConfirmed(trx, id, input.source);
        else await repo.markPending(trx, id, existing!.blog_id, input.source);
        if (input.confirmed) return false;
        const confirmation = confirmationMail(email, deps, linksFor(id, await siteMeta.linkSecret(trx)));
        return mail.queueCapped(confirmation, CONFIRMATIONS_PER_DAY, trx);
      });
      if (queued) mail.kick();
      return 'added';
    },

    /**
     * A subscriber of an imported site (docs/product.md#import), with the id the import's ledger chose.
     * Someone unsubscribed there, or here already, stays unsubscribed and is never mailed. Others are
     * confirmed at once only when the administrator stated they opted in elsewhere; else they are pending
     * and get the confirmation e-mail, queued in the outbox under its daily cap like every confirmation.
     */
    async importSubscriber(input: {
      id: string;
      email: string;
      unsubscribed: boolean;
      optedIn: boolean;
      source: string;
    }): Promise<'created' | 'existing'> {
      const email = input.email.trim().toLowerCase();
      if (!isAdminEmail(email))
        throw new InvalidInputError(IMPORT_MESSAGES.badSubscriberEmail(email.slice(0, 100)), 'email');
      if (await repo.findSubscriberByEmail(db, email)) return 'existing';
      const queued = await db.transaction().execute(async (trx) => {
        const id = await repo.insertSubscriber(trx, {
          id: input.id,
          email,
          blogId: null,
          confirmed: input.optedIn && !input.unsubscribed,
          consentSource: input.source,
        });
        if (input.unsubscribed) {
          await repo.markUnsubscribed(trx, id);
          return false;
        }
        if (input.optedIn) return false;
        const confirmation = confirmationMail(email, deps, linksFor(id, await siteMeta.linkSecret(trx)));
        return mail.queueCapped(confirmation, CONFIRMATIONS_PER_DAY, trx);
      });
      if (queued) mail.kick();
      return 'created';
    },

    /** Whether a subscriber of this id exists (an import's ledger checks its own writes). */
    subscriberExists: async (id: string) => (await repo.findSubscriber(db, id)) !== undefined,

    /** Removes subscribers an import made (Undo of an import). */
    async removeSubscribers(ids: readonly string[]): Promise<number> {
      let removed = 0;
      for (const id of ids) if (await repo.deleteSubscriber(db, id)) removed++;
      return removed;
    },

    /** Adds every address of a CSV file as `addByAdmin` does; answers how many were added, known or refused. */
    async importCsv(input: { csv: string; confirmed: boolean; source: string }) {
      let valid: string[];
      let invalid: string[];
      try {
        ({ valid, invalid } = addressesOfCsv(input.csv));
      } catch (err) {
        throw new InvalidInputError(SUBSCRIBE_MESSAGES.badCsv((err as Error).message), 'csv');
      }
      let added = 0;
      let existing = 0;
      for (const email of valid) {
        if ((await this.addByAdmin({ email, confirmed: input.confirmed, source: input.source })) === 'added') added++;
        else existing++;
      }
      return { added, existing, invalid };
    },

    /**
     * A page of the admin list, newest first, with the post each address subscribed from: the `limit`
     * after `cursor` (empty or none: from the newest), only addresses containing `search` when given.
     */
    async list(query: { limit: number; cursor?: string; search?: string }) {
      const after = query.cursor ? decodeCursor(query.cursor) : undefined;
      const rows = await repo.listSubscribers(db, { limit: query.limit + 1, after, search: query.search });
      const { rows: shown, meta } = keysetPage(rows, query.limit, (row) => ({ key: row.created_at, id: row.id }));
      return { subscribers: await withSources(shown), meta };
    },

    /**
     * Every subscriber, newest first, a batch at a time (the CSV export): at most one batch is in memory,
     * and no transaction stays open while a slow client downloads.
     */
    async *all(batch = EXPORT_BATCH): AsyncGenerator<Subscriber[]> {
      let after: Cursor | undefined;
      for (;;) {
        const rows = await repo.listSubscribers(db, { limit: batch, after });
        if (rows.length) yield await withSources(rows);
        if (rows.length < batch) return;
        const last = rows.at(-1)!;
        after = { key: last.created_at, id: last.id };
      }
    },

    /**
     * Every subscriber with every column the site export keeps (docs/product.md#export), by id, a batch at
     * a time: status and dates as they are, so an import never mails someone who unsubscribed.
     */
    async *exportRows(batch = EXPORT_BATCH) {
      let after = '';
      for (;;) {
        const rows = await repo.subscribersAfter(db, after, batch);
        if (!rows.length) return;
        yield rows.map((row) => ({
          email: row.email,
          status: row.status,
          createdAt: row.created_at,
          confirmedAt: row.confirmed_at,
          unsubscribedAt: row.unsubscribed_at,
          consentSource: row.consent_source,
          sourcePostId: row.blog_id,
        }));
        if (rows.length < batch) return;
        after = rows.at(-1)!.id;
      }
    },

    count: () => repo.countSubscribers(db),

    /** Subscribers of a restored site export (docs/decisions/0039-export.md): statuses and dates kept, no mail sent. */
    async importRows(trx: Db, rows: ReadonlyArray<Parameters<typeof repo.insertSubscriberRow>[1]>) {
      for (const row of rows) await repo.insertSubscriberRow(trx, row);
    },

    async remove(id: string) {
      const row = await repo.findSubscriber(db, id);
      if (!row) throw new NotFoundError(SERVER_MESSAGES.subscriberNotFound);
      await db.transaction().execute(async (trx) => {
        await repo.deleteSubscriber(trx, id);
        await mail.dropPendingNewslettersTo(row.email, trx);
      });
      return { _id: id };
    },
  };
}
export type SubscriberService = ReturnType<typeof createSubscriberService>;
