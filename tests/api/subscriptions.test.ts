import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/messages.ts';
import type { BlogPost } from '#shared/schemas/blog.ts';
import { InvalidInputError } from '#server/errors.ts';
import { httpStatusOf } from '#server/plugins/errors.ts';
import { SUBSCRIBE_MESSAGES } from '#shared/messages.ts';
import { ADMIN, loginToken, NO_RATE_LIMITS } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { linkIn, linkParams, startSmtp, type ReceivedMail, type SmtpSink } from '#tests/helpers/smtp.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import * as auth from '#shared/api/auth.ts';
import * as blog from '#shared/api/blog.ts';
import * as contact from '#shared/api/contact.ts';
import * as subscribers from '#shared/api/subscribers.ts';
import { api } from '#tests/helpers/api.ts';

/**
 * Blog subscriptions end to end against a real SMTP server on loopback: double opt-in, the confirmation
 * link, new-post e-mails to confirmed subscribers only and only once, unsubscribing by the page link and
 * by the one-click POST of the List-Unsubscribe header, and the other e-mails of the product (contact
 * notification, reset code). API tests have no page renderer, so the page links are opened through the
 * same service calls the pages make.
 */

const PUBLIC_URL = 'https://www.brightpath.test';
const MAIL_FROM_ADDRESS = 'news@brightpath.test';
const MAIL_FROM = `Brightpath News <${MAIL_FROM_ADDRESS}>`;
const CONTACT_TO = 'sales@brightpath.test';

let counter = 0;
const uniqueEmail = (label: string) => `${label}.${Date.now().toString(36)}${++counter}@example.com`;
/** Every request comes from its own address, so only the rate-limit test meets the (small) limit. */
const nextIp = () => `10.1.${Math.floor(++counter / 250)}.${(counter % 250) + 1}`;

const isConfirmation = (m: ReceivedMail) => /confirm your subscription/i.test(m.header('subject') ?? '');
const isNewPost = (m: ReceivedMail) => /^New on the .* blog: /.test(m.header('subject') ?? '');

describe.each(DATABASE_KINDS)('blog subscriptions over SMTP on %s', (kind) => {
  let smtp: SmtpSink;
  let t: TestApp;
  let token: string;
  let sourcePost: BlogPost;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildTestApp(kind, {
      env: { SMTP_URL: smtp.url, PUBLIC_URL, MAIL_FROM, CONTACT_TO },
      app: { rateLimits: { ...NO_RATE_LIMITS, subscribePerIp: { max: 2, windowMs: 60_000 } } },
    });
    token = await loginToken(t);
    sourcePost = (await t.services.blog.recentPosts())[0]!;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const subscribe = (payload: unknown, remoteAddress = nextIp()) =>
    api(t).callRaw(subscribers.subscribe, { body: payload, remoteAddress });

  /** Sends what the outbox holds (the worker is not started in API tests) and checks nothing was left. */
  async function deliver() {
    await t.services.mailWorker.flush();
    const left = await t.services.db
      .selectFrom('mail_outbox')
      .select(['status', 'last_error'])
      .where('status', '!=', 'sent')
      .execute();
    expect(left).toEqual([]);
  }

  const row = (email: string) =>
    t.services.db.selectFrom('subscribers').selectAll().where('email', '=', email).executeTakeFirst();

  async function subscribeOk(email: string, blogId: string | null = sourcePost._id) {
    const res = await subscribe({ email, blogId });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ data: { message: SUBSCRIBE_MESSAGES.confirmationSent } });
    await deliver();
  }

  /** The newest confirmation e-mail that reached `email`. */
  function confirmationTo(email: string): ReceivedMail {
    const mail = smtp.to(email).filter(isConfirmation).at(-1);
    if (!mail) throw new Error(`no confirmation e-mail to ${email}`);
    return mail;
  }
  const confirmLink = (mail: ReceivedMail) => linkIn(mail.text, `${PUBLIC_URL}/subscriptions/confirm?`)!;
  const unsubscribePageLink = (mail: ReceivedMail) => linkIn(mail.text, `${PUBLIC_URL}/subscriptions/unsubscribe?`)!;
  /** The address of the List-Unsubscribe header, as a path to inject. */
  function oneClickPath(mail: ReceivedMail): string {
    const header = mail.header('list-unsubscribe') ?? '';
    const url = /^<([^>]+)>$/.exec(header)?.[1];
    if (!url) throw new Error(`no List-Unsubscribe address in "${header}"`);
    expect(url.startsWith(`${PUBLIC_URL}/api/blogs-subscribers/unsubscribe?`)).toBe(true);
    const { pathname, search } = new URL(url);
    return pathname + search;
  }

  async function subscribeConfirmed(email: string): Promise<ReceivedMail> {
    await subscribeOk(email);
    const mail = confirmationTo(email);
    const { id, token: linkToken } = linkParams(confirmLink(mail));
    await t.services.subscribers.confirm(id, linkToken);
    expect((await row(email))?.status).toBe('confirmed');
    return mail;
  }

  function expectUnsubscribeHeaders(mail: ReceivedMail) {
    oneClickPath(mail);
    expect(mail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(unsubscribePageLink(mail)).toBeDefined();
  }

  async function publish(title: string, excerpt = 'What changed, in one sentence.'): Promise<BlogPost> {
    const res = await api(t).call(blog.createPost, {
      body: {
        title,
        excerpt,
        content: '<p>The whole story.</p>',
        blogCategory: null,
        featureImage: '/uploads/a.png',
      },
      token,
    });
    expect(res.status, res.text).toBe(200);
    await deliver();
    return res.data as BlogPost;
  }

  const newPostMailsTo = (email: string) => smtp.to(email).filter(isNewPost);

  it('stores a pending subscriber with its source post and e-mails a confirmation link over SMTP', async () => {
    const email = uniqueEmail('first');
    const res = await subscribe({ email: `  ${email.toUpperCase()} `, blogId: sourcePost._id });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ data: { message: SUBSCRIBE_MESSAGES.confirmationSent } });

    const stored = await row(email);
    expect(stored).toMatchObject({
      email,
      status: 'pending',
      blog_id: sourcePost._id,
      confirmed_at: null,
      unsubscribed_at: null,
    });

    await deliver();
    const mails = smtp.to(email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(isConfirmation(mail)).toBe(true);
    expect(mail.envelope.from).toBe(MAIL_FROM_ADDRESS);
    expect(mail.header('from')).toBe(MAIL_FROM);
    expect(mail.header('to')).toBe(email);
    const link = confirmLink(mail);
    expect(link).toMatch(
      new RegExp(`^${PUBLIC_URL.replace(/\./g, '\\.')}/subscriptions/confirm\\?id=[^&]+&token=[\\w-]+$`),
    );
    expect(linkParams(link).id).toBe(stored!.id);
    expect(mail.html).toContain(link.replace(/&/g, '&amp;'));
    expectUnsubscribeHeaders(mail);
  });

  it('stores no source post for an unknown post id or none', async () => {
    const unknown = uniqueEmail('unknown-post');
    await subscribeOk(unknown, 'no-such-post');
    expect(await row(unknown)).toMatchObject({ status: 'pending', blog_id: null });

    const none = uniqueEmail('no-post');
    const res = await subscribe({ email: none });
    expect(res.status, res.text).toBe(200);
    expect(await row(none)).toMatchObject({ status: 'pending', blog_id: null });
  });

  it('sends the confirmation again when a pending address subscribes again', async () => {
    const email = uniqueEmail('again');
    await subscribeOk(email);
    await subscribeOk(email);
    const confirmations = smtp.to(email).filter(isConfirmation);
    expect(confirmations).toHaveLength(2);
    expect(confirmLink(confirmations[1]!)).toBe(confirmLink(confirmations[0]!));
    const rows = await t.services.db.selectFrom('subscribers').selectAll().where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('pending');
  });

  it('confirms with the link of the e-mail and refuses a wrong or misused token with 400', async () => {
    const email = uniqueEmail('confirm');
    await subscribeOk(email);
    const mail = confirmationTo(email);
    const { id, token: confirmToken } = linkParams(confirmLink(mail));
    const { token: unsubscribeToken } = linkParams(unsubscribePageLink(mail));

    for (const bad of ['x'.repeat(32), confirmToken.slice(0, -1), unsubscribeToken]) {
      const refused = await t.services.subscribers.confirm(id, bad).then(
        () => null,
        (err: unknown) => err,
      );
      expect(refused).toBeInstanceOf(InvalidInputError);
      expect(httpStatusOf(refused)).toBe(400);
      expect(refused).toMatchObject({ message: SUBSCRIBE_MESSAGES.invalidLink });
    }
    expect((await row(email))?.status).toBe('pending');

    await expect(t.services.subscribers.confirm(id, confirmToken)).resolves.toEqual({ email });
    const confirmed = await row(email);
    expect(confirmed).toMatchObject({ status: 'confirmed' });
    expect(confirmed!.confirmed_at).toBeTruthy();
    // Opening the link twice is fine.
    await expect(t.services.subscribers.confirm(id, confirmToken)).resolves.toEqual({ email });
  });

  it('answers a confirmed address as a new one (telling nobody who is subscribed) and mails it a note once a day', async () => {
    // A long address too: the note's once-a-day key must fit its column on PostgreSQL.
    const email = uniqueEmail(`confirmed-${'x'.repeat(60)}`);
    await subscribeConfirmed(email);
    const fresh = await subscribe({ email: uniqueEmail('fresh'), blogId: sourcePost._id });
    const before = smtp.to(email).length;
    const res = await subscribe({ email: email.toUpperCase(), blogId: sourcePost._id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(fresh.body);
    expect(res.data.message).toBe(SUBSCRIBE_MESSAGES.confirmationSent);
    // Again the same day: the same answer, no second note.
    expect((await subscribe({ email, blogId: null })).body).toEqual(fresh.body);
    await deliver();
    const notes = smtp.to(email).slice(before);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.header('subject')).toMatch(/^You are already subscribed/);
    expect(notes[0]!.text).not.toMatch(/confirm/i);
    expect((await row(email))?.status).toBe('confirmed');
  });

  it.each([
    ['an empty address', { email: '' }, MESSAGES.subscribeEmpty],
    ['only spaces', { email: '   ' }, MESSAGES.subscribeEmpty],
    ['no address', { blogId: null }, MESSAGES.subscribeEmpty],
    ['a plus sign', { email: 'a+b@x.com' }, MESSAGES.subscribeInvalid],
    ['a one-letter suffix', { email: 'x@y.c' }, MESSAGES.subscribeInvalid],
    ['no @', { email: 'someone.example.com' }, MESSAGES.subscribeInvalid],
  ])('refuses %s with 400 and the SPEC message, storing and sending nothing', async (_label, payload, message) => {
    const before = smtp.messages.length;
    const count = async () =>
      Number(
        (
          await t.services.db
            .selectFrom('subscribers')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const rows = await count();
    const res = await subscribe(payload);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, field: 'email' });
    expect(await count()).toBe(rows);
    await deliver();
    expect(smtp.messages).toHaveLength(before);
  });

  it('limits subscriptions per client address with 429', async () => {
    const ip = '10.200.0.1';
    for (let i = 0; i < 2; i++) expect((await subscribe({ email: uniqueEmail('limited') }, ip)).status).toBe(200);
    const limited = await subscribe({ email: uniqueEmail('limited') }, ip);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many requests/);
    expect(limited.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    expect((await subscribe({ email: uniqueEmail('other') }, '10.200.0.2')).status).toBe(200);
    await deliver();
  });

  it('e-mails a new post once to each confirmed subscriber only, and nothing when the post is edited', async () => {
    const confirmed = [uniqueEmail('reader-a'), uniqueEmail('reader-b')];
    for (const email of confirmed) await subscribeConfirmed(email);
    const pending = uniqueEmail('pending');
    await subscribeOk(pending);
    const gone = uniqueEmail('gone');
    const goneMail = await subscribeConfirmed(gone);
    const { id, token: unsubscribeToken } = linkParams(unsubscribePageLink(goneMail));
    await t.services.subscribers.unsubscribe(id, unsubscribeToken);

    const confirmedCount = (
      await t.services.db.selectFrom('subscribers').select('id').where('status', '=', 'confirmed').execute()
    ).length;
    const newPostsBefore = smtp.messages.filter(isNewPost).length;
    const title = `Déjà vu & <faster> builds ${Date.now()}`;
    const excerpt = 'Our builds now take half the time.';
    const post = await publish(title, excerpt);
    const postUrl = PUBLIC_URL + post.url;

    // One e-mail per confirmed subscriber in the whole database, none to anyone else.
    expect(smtp.messages.filter(isNewPost).length - newPostsBefore).toBe(confirmedCount);
    for (const email of confirmed) {
      const mails = newPostMailsTo(email);
      expect(mails, email).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail.header('subject')).toBe(`New on the Brightpath Labs blog: ${title}`);
      expect(mail.header('from')).toBe(MAIL_FROM);
      expect(mail.text).toContain(title);
      expect(mail.text).toContain(excerpt);
      expect(mail.text).toContain(postUrl);
      expect(mail.html).toContain('Déjà vu &amp; &lt;faster&gt; builds');
      expect(mail.html).toContain(excerpt);
      expect(mail.html).toContain(`href="${postUrl}"`);
      expectUnsubscribeHeaders(mail);
      // The unsubscribe links are the subscriber's own.
      expect(linkParams(unsubscribePageLink(mail)).id).toBe((await row(email))!.id);
    }
    expect(newPostMailsTo(pending)).toHaveLength(0);
    expect(newPostMailsTo(gone)).toHaveLength(0);

    const sentBefore = smtp.messages.length;
    const edit = await api(t).call(blog.updatePost, {
      params: { id: post._id },
      body: {
        _id: post._id,
        title: `${title} (updated)`,
        excerpt: 'Changed.',
        content: '<p>More.</p>',
        blogCategory: null,
        featureImage: '/uploads/a.png',
      },
      token,
    });
    expect(edit.status, edit.text).toBe(200);
    await deliver();
    await t.services.mailWorker.flush();
    expect(smtp.messages).toHaveLength(sentBefore);
  });

  it('unsubscribes with the one-click POST of the List-Unsubscribe header, and refuses a wrong token with 400', async () => {
    const email = uniqueEmail('one-click');
    const mail = await subscribeConfirmed(email);
    const path = oneClickPath(mail);
    const { id } = linkParams(PUBLIC_URL + path);

    for (const token of ['x'.repeat(32), linkParams(confirmLink(mail)).token]) {
      const wrong = await api(t).call(subscribers.unsubscribeOneClick, { query: { id, token } });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe(SUBSCRIBE_MESSAGES.invalidLink);
    }
    const missing = await api(t).callRaw(subscribers.unsubscribeOneClick, { query: { id } });
    expect(missing.status).toBe(400);
    expect((await row(email))?.status).toBe('confirmed');

    // The address of the e-mail's List-Unsubscribe header, as it is (not spelt here).
    // RFC 8058: the mail client POSTs "List-Unsubscribe=One-Click" as a form.
    const res = await t.app.inject({
      method: 'POST',
      url: path,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { message: SUBSCRIBE_MESSAGES.unsubscribed } });
    const stored = await row(email);
    expect(stored).toMatchObject({ status: 'unsubscribed' });
    expect(stored!.unsubscribed_at).toBeTruthy();

    // Again (a client may retry), as multipart/form-data or without a body: still fine.
    const again = await t.app.inject({
      method: 'POST',
      url: path,
      payload: '--b\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: path })).statusCode).toBe(200);
  });

  it('unsubscribes with the page link of a new-post e-mail; the next post sends them nothing', async () => {
    // Earlier tests' subscribers would only slow the two posts below down.
    await t.services.db.deleteFrom('subscribers').execute();
    const email = uniqueEmail('page-link');
    await subscribeConfirmed(email);
    await publish(`Before leaving ${Date.now()}`);
    const mails = newPostMailsTo(email);
    expect(mails).toHaveLength(1);
    const { id, token: unsubscribeToken } = linkParams(unsubscribePageLink(mails[0]!));

    await expect(t.services.subscribers.unsubscribe(id, unsubscribeToken)).resolves.toEqual({ email });
    expect((await row(email))?.status).toBe('unsubscribed');
    // Opening the link again is fine; a wrong token is not.
    await expect(t.services.subscribers.unsubscribe(id, unsubscribeToken)).resolves.toEqual({ email });
    await expect(t.services.subscribers.unsubscribe(id, 'y'.repeat(32))).rejects.toSatisfy(
      (err) => httpStatusOf(err) === 400,
    );

    await publish(`After leaving ${Date.now()}`);
    expect(newPostMailsTo(email)).toHaveLength(1);
  });

  it('makes an unsubscribed address pending again with a new confirmation when it subscribes again', async () => {
    const email = uniqueEmail('returning');
    const first = await subscribeConfirmed(email);
    const { id, token: unsubscribeToken } = linkParams(unsubscribePageLink(first));
    await t.services.subscribers.unsubscribe(id, unsubscribeToken);
    // The old confirmation link does not bring an unsubscribed address back.
    await expect(t.services.subscribers.confirm(id, linkParams(confirmLink(first)).token)).rejects.toSatisfy(
      (err) => httpStatusOf(err) === 410,
    );

    const confirmationsBefore = smtp.to(email).filter(isConfirmation).length;
    await subscribeOk(email);
    expect((await row(email))?.status).toBe('pending');
    const confirmations = smtp.to(email).filter(isConfirmation);
    expect(confirmations).toHaveLength(confirmationsBefore + 1);

    const link = linkParams(confirmLink(confirmations.at(-1)!));
    await t.services.subscribers.confirm(link.id, link.token);
    expect((await row(email))?.status).toBe('confirmed');
  });

  it('delivers a contact notification with HTML and text parts from MAIL_FROM', async () => {
    const res = await api(t).call(contact.sendMail, {
      body: { name: 'Grace Hopper', email: 'grace@example.com', message: 'Let us talk about <compilers> & more.' },
      remoteAddress: nextIp(),
    });
    expect(res.status, res.text).toBe(200);
    await deliver();
    const mails = smtp.to(CONTACT_TO).filter((m) => m.header('subject')?.includes('Grace Hopper'));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.envelope.from).toBe(MAIL_FROM_ADDRESS);
    expect(mail.header('from')).toBe(MAIL_FROM);
    expect(mail.header('reply-to')).toBe('grace@example.com');
    expect(mail.text).toContain('Let us talk about <compilers> & more.');
    expect(mail.html).toContain('Let us talk about &lt;compilers&gt; &amp; more.');
  });

  it('delivers a password reset code with HTML and text parts from MAIL_FROM', async () => {
    const res = await api(t).call(auth.requestReset, { body: { email: ADMIN.email }, remoteAddress: nextIp() });
    expect(res.status, res.text).toBe(200);
    await deliver();
    const mails = smtp.to(ADMIN.email).filter((m) => /password reset code/.test(m.header('subject') ?? ''));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    // The code is in the text only, never in the subject a lock screen shows (issue 30).
    expect(mail.header('subject')).not.toMatch(/\d{6}/);
    const code = /Your password reset code is (\d{6})\./.exec(mail.text ?? '')?.[1];
    expect(code).toBeDefined();
    expect(mail.envelope.from).toBe(MAIL_FROM_ADDRESS);
    expect(mail.header('from')).toBe(MAIL_FROM);
    expect(mail.text).toContain(`Your password reset code is ${code}.`);
    expect(mail.html).toContain(`>${code}</p>`);
  });
});
