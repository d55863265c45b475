import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '#shared/messages.ts';
import type { BlogPost } from '#shared/schemas/blog.ts';
import { bearer, loginToken, NO_LIMIT, NO_RATE_LIMITS } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { linkIn, linkParams } from '#tests/helpers/smtp.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import * as contact from '#shared/api/contact.ts';
import * as subscribersApi from '#shared/api/subscribers.ts';
import { api, type AnyAnswer } from '#tests/helpers/api.ts';
import * as blog from '#shared/api/blog.ts';

/**
 * The administrator's inbox (contact messages) and subscriber list: newest first, read flags, delete,
 * CSV export, all behind the admin guard.
 */

interface Message {
  _id: string;
  name: string;
  email: string;
  message: string;
  read: boolean;
  createdAt: string;
}
interface Subscriber {
  _id: string;
  email: string;
  status: string;
  createdAt: string;
  confirmedAt: string | null;
  source: { _id: string; title: string } | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(DATABASE_KINDS)('admin inbox and subscribers on %s', (kind) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await buildTestApp(kind, { app: { rateLimits: { ...NO_RATE_LIMITS, subscribePerIp: NO_LIMIT } } });
    token = await loginToken(t);
  });
  afterAll(() => t?.close());

  function ok<T>(res: AnyAnswer): T {
    expect(res.status, res.text).toBe(200);
    return res.data as T;
  }

  describe('messages', () => {
    beforeEach(async () => {
      await t.services.db.deleteFrom('contact_messages').execute();
    });

    async function sendMessages(names: string[]) {
      for (const name of names) {
        const res = await api(t).call(contact.sendMail, {
          body: { name, email: `${name.toLowerCase()}@example.com`, message: `Hello from ${name}\nSecond line` },
        });
        expect(res.status, res.text).toBe(200);
        await sleep(5); // distinct timestamps
      }
    }
    const messages = async () => ok<Message[]>(await api(t).call(contact.listMessages, { token }));

    it('lists contact messages newest first, unread', async () => {
      await sendMessages(['Ada', 'Grace', 'Linus']);
      const list = await messages();
      expect(list.map((m) => m.name)).toEqual(['Linus', 'Grace', 'Ada']);
      expect(list[0]).toEqual({
        _id: expect.any(String),
        name: 'Linus',
        email: 'linus@example.com',
        message: 'Hello from Linus\nSecond line',
        read: false,
        createdAt: expect.any(String),
      });
      const times = list.map((m) => Date.parse(m.createdAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    });

    it('marks a message read and unread again; 404 for an unknown one, 400 for a bad body', async () => {
      await sendMessages(['Ada', 'Grace']);
      const [grace, ada] = await messages();
      expect(
        ok(await api(t).call(contact.markMessageRead, { params: { id: grace!._id }, body: { read: true }, token })),
      ).toEqual({
        _id: grace!._id,
        read: true,
      });
      expect((await messages()).map((m) => [m.name, m.read])).toEqual([
        ['Grace', true],
        ['Ada', false],
      ]);
      ok(await api(t).call(contact.markMessageRead, { params: { id: grace!._id }, body: { read: false }, token }));
      expect((await messages()).every((m) => !m.read)).toBe(true);

      const unknown = await api(t).call(contact.markMessageRead, {
        params: { id: 'no-such-id' },
        body: { read: true },
        token,
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('Message not found');
      expect(
        (await api(t).callRaw(contact.markMessageRead, { params: { id: ada!._id }, body: { read: 'yes' }, token }))
          .status,
      ).toBe(400);
      expect(
        (await api(t).callRaw(contact.markMessageRead, { params: { id: ada!._id }, body: {}, token })).status,
      ).toBe(400);
    });

    it('deletes a message; deleting it again or an unknown one is 404', async () => {
      await sendMessages(['Ada', 'Grace']);
      const [grace] = await messages();
      expect(ok(await api(t).call(contact.deleteMessage, { params: { id: grace!._id }, token }))).toEqual({
        _id: grace!._id,
      });
      expect((await messages()).map((m) => m.name)).toEqual(['Ada']);
      expect((await api(t).call(contact.deleteMessage, { params: { id: grace!._id }, token })).status).toBe(404);
      expect((await api(t).call(contact.deleteMessage, { params: { id: 'no-such-id' }, token })).status).toBe(404);
    });
  });

  describe('subscribers', () => {
    let source: BlogPost;

    beforeAll(async () => {
      // A title a spreadsheet would run as a formula, with quotes and a comma for the CSV quoting.
      source = ok<BlogPost>(
        await api(t).call(blog.createPost, {
          body: {
            title: '=HYPERLINK("https://evil.example","Click, here")',
            excerpt: 'x',
            content: '<p>x</p>',
            blogCategory: null,
          },
          token,
        }),
      );
    });
    beforeEach(async () => {
      await t.services.db.deleteFrom('subscribers').execute();
    });

    async function subscribe(email: string, blogId: string | null) {
      const res = await api(t).call(subscribersApi.subscribe, { body: { email, blogId } });
      expect(res.status, res.text).toBe(200);
      await sleep(5);
    }
    /** Confirms with the link of the queued confirmation e-mail. */
    async function confirm(email: string) {
      const mail = await t.services.db
        .selectFrom('mail_outbox')
        .select('text_body')
        .where('to_address', '=', email)
        .where('kind', '=', 'subscription-confirm')
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow();
      const { id, token: linkToken } = linkParams(
        linkIn(mail.text_body, `${t.config.publicUrl}/subscriptions/confirm?`)!,
      );
      await t.services.subscribers.confirm(id, linkToken);
    }
    const subscribers = async () => ok<Subscriber[]>(await api(t).call(subscribersApi.listSubscribers, { token }));

    it('lists subscribers newest first with status, dates and source post', async () => {
      await subscribe('first@example.com', source._id);
      await subscribe('second@example.com', null);
      await confirm('first@example.com');
      const list = await subscribers();
      expect(list.map((s) => s.email)).toEqual(['second@example.com', 'first@example.com']);
      expect(list[0]).toEqual({
        _id: expect.any(String),
        email: 'second@example.com',
        status: 'pending',
        createdAt: expect.any(String),
        confirmedAt: null,
        source: null,
      });
      expect(list[1]).toMatchObject({
        email: 'first@example.com',
        status: 'confirmed',
        confirmedAt: expect.any(String),
        source: { _id: source._id, title: source.title },
      });
      expect(Number.isNaN(Date.parse(list[1]!.createdAt))).toBe(false);
    });

    it('removes a subscriber; removing it again is 404', async () => {
      await subscribe('stay@example.com', null);
      await subscribe('leave@example.com', null);
      const leave = (await subscribers()).find((s) => s.email === 'leave@example.com')!;
      expect(ok(await api(t).call(subscribersApi.removeSubscriber, { params: { id: leave._id }, token }))).toEqual({
        _id: leave._id,
      });
      expect((await subscribers()).map((s) => s.email)).toEqual(['stay@example.com']);
      const again = await api(t).call(subscribersApi.removeSubscriber, { params: { id: leave._id }, token });
      expect(again.status).toBe(404);
      expect(again.body.message).toBe('Subscriber not found');
    });

    it('exports a CSV with a header row and one row per subscriber, defusing formulas', async () => {
      await subscribe('first@example.com', source._id);
      await subscribe('second@example.com', null);
      await confirm('second@example.com');
      const res = await api(t).call(subscribersApi.exportSubscribers, { token });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="subscribers\.csv"$/);
      const lines = res.text.split('\r\n');
      expect(lines.at(-1)).toBe('');
      const [header, ...rows] = lines.slice(0, -1);
      expect(header).toBe('email,status,subscribed_at,confirmed_at,source_post');
      expect(rows).toHaveLength(2);
      const list = await subscribers();
      expect(rows[0]).toBe(`second@example.com,confirmed,${list[0]!.createdAt},${list[0]!.confirmedAt},`);
      expect(rows[1]).toBe(
        `first@example.com,pending,${list[1]!.createdAt},,"'=HYPERLINK(""https://evil.example"",""Click, here"")"`,
      );
    });
  });

  describe('without a valid token', () => {
    const someId = { params: { id: 'some-id' } };
    it.each([
      { endpoint: contact.listMessages, input: {} },
      { endpoint: contact.markMessageRead, input: { ...someId, body: { read: true } } },
      { endpoint: contact.deleteMessage, input: someId },
      { endpoint: subscribersApi.listSubscribers, input: {} },
      { endpoint: subscribersApi.removeSubscriber, input: someId },
      { endpoint: subscribersApi.exportSubscribers, input: {} },
    ])('$endpoint.method $endpoint.path answers 401', async ({ endpoint, input }) => {
      for (const headers of [{}, bearer('not-a-real-token'), { authorization: token }]) {
        const res = await api(t).callRaw(endpoint, { ...input, headers });
        expect(res.status, JSON.stringify(headers)).toBe(401);
        expect(res.body).toEqual({ message: SERVER_MESSAGES.loginRequired });
        expect(res.text).not.toContain('@example.com');
      }
    });

    it('changes nothing without a token', async () => {
      await api(t).call(contact.sendMail, { body: { name: 'Ada', email: 'ada@example.com', message: 'Keep me' } });
      await api(t).call(subscribersApi.subscribe, { body: { email: 'keep@example.com' } });
      const message = await t.services.db.selectFrom('contact_messages').select('id').executeTakeFirstOrThrow();
      const subscriber = await t.services.db.selectFrom('subscribers').select('id').executeTakeFirstOrThrow();
      const id = (row: { id: string }) => ({ params: { id: row.id } });
      expect((await api(t).call(contact.markMessageRead, { ...id(message), body: { read: true } })).status).toBe(401);
      expect((await api(t).call(contact.deleteMessage, id(message))).status).toBe(401);
      expect((await api(t).call(subscribersApi.removeSubscriber, id(subscriber))).status).toBe(401);
      expect(
        await t.services.db
          .selectFrom('contact_messages')
          .select(['id', 'is_read'])
          .where('id', '=', message.id)
          .execute(),
      ).toEqual([{ id: message.id, is_read: 0 }]);
      expect(
        await t.services.db.selectFrom('subscribers').select('id').where('id', '=', subscriber.id).execute(),
      ).toHaveLength(1);
    });
  });
});
