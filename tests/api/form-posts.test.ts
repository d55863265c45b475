import path from 'node:path';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contact from '#shared/api/contact.ts';
import * as subscribers from '#shared/api/subscribers.ts';
import { FORM_POST_MESSAGES, MESSAGES, SERVER_MESSAGES, SUBSCRIBE_MESSAGES } from '#shared/messages.ts';
import { api } from '#tests/helpers/api.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * The contact form, the subscribe box and the unsubscribe button posted as forms, without JavaScript
 * (docs/product.md#forms-without-javascript, docs/decisions/0028-forms-without-javascript.md): answered
 * by the production server build (`npm run build` first) with pages showing the script's messages.
 */
const buildFile = path.resolve('build/server/index.js');
const FORM = 'application/x-www-form-urlencoded';
/** Each test posts from a client address of its own, so the shared rate limits never mix tests. */
let nextAddress = 1;
const address = () => `10.9.0.${nextAddress++}`;

const good = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', message: 'Please call me.' };

/** The text between an element's opening tag (found by its attributes) and the next tag. */
const textAfter = (html: string, opening: RegExp) => new RegExp(`${opening.source}[^>]*>([^<]*)`).exec(html)?.[1];
/** The `value` of the input with this id. */
const inputValue = (html: string, id: string) => new RegExp(`id="${id}"[^>]*value="([^"]*)"`).exec(html)?.[1];
/** The messages under the contact form's fields, in the form's order. */
const contactErrors = (html: string) =>
  [...html.matchAll(/class="invalid-feedback">([^<]*)</g)].map((m) => m[1]).slice(0, 4);

describe.each(DATABASE_KINDS)('form posts without JavaScript on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    const build = (await import(buildFile)) as ServerBuild;
    t = await buildTestApp(kind, {
      env: { CONTACT_TO: 'sales@example.com', PUBLIC_URL: 'http://site.test' },
      app: {
        ssr: { build, mode: 'production', cache: true },
        rateLimits: { contactPerIp: { max: 3, windowMs: 60_000 }, subscribePerIp: { max: 3, windowMs: 60_000 } },
      },
    });
  });
  afterAll(() => t?.close());

  const post = (
    url: string,
    fields: Record<string, string> | string,
    headers: Record<string, string> = {},
    remoteAddress = address(),
  ) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress,
      headers: { 'content-type': FORM, ...headers },
      payload: typeof fields === 'string' ? fields : new URLSearchParams(fields).toString(),
    });
  const messagesFrom = (email: string) =>
    t.services.db.selectFrom('contact_messages').selectAll().where('email', '=', email).execute();

  describe('the contact form (POST /?index)', () => {
    it('stores a valid message and answers the landing page saying so, the fields emptied, never cached', async () => {
      const email = 'valid.sender@example.com';
      const res = await post('/?index', { ...good, email, message: 'Line one\r\nLine two' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(textAfter(res.body, /data-testid="contact-sent"/)).toBe(MESSAGES.sendMailSuccess);
      expect(inputValue(res.body, 'contact-email')).toBe('');
      expect(await messagesFrom(email)).toEqual([
        // Line breaks as the script sends them (a form post sends CRLF).
        expect.objectContaining({
          name: 'Ada Lovelace',
          email,
          message: 'Line one\nLine two',
          ip: expect.any(String),
        }),
      ]);
    });

    it('answers invalid fields with the form rules’ messages beside them and what was typed kept', async () => {
      const res = await post('/?index', {
        firstName: 'Ada2',
        lastName: ' ',
        email: 'ada@example',
        message: 'Kept <b>',
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(contactErrors(res.body)).toEqual([
        MESSAGES.invalidFirstName,
        MESSAGES.fieldEmpty,
        MESSAGES.invalidContactEmail,
        '',
      ]);
      expect(inputValue(res.body, 'contact-firstName')).toBe('Ada2');
      expect(inputValue(res.body, 'contact-email')).toBe('ada@example');
      expect(textAfter(res.body, /id="contact-message"/)).toBe('Kept &lt;b&gt;');
      expect(res.body).not.toContain('data-testid="contact-sent"');
      expect(await messagesFrom('ada@example')).toHaveLength(0);
    });

    it('treats missing fields as empty ones, and an empty body too', async () => {
      for (const body of [{ firstName: 'Ada' }, '']) {
        const res = await post('/?index', body);
        expect(res.statusCode).toBe(400);
        expect(contactErrors(res.body)).toEqual([
          typeof body === 'string' ? MESSAGES.fieldEmpty : '',
          MESSAGES.fieldEmpty,
          MESSAGES.invalidContactEmail,
          MESSAGES.emptyMessage,
        ]);
      }
    });

    it('refuses a field past its length with its message, and a body past 64 KiB with 413', async () => {
      const long = await post('/?index', { ...good, email: 'long@example.com', message: 'x'.repeat(5001) });
      expect(long.statusCode).toBe(400);
      expect(contactErrors(long.body)[3]).toBe('Must be at most 5000 characters');
      const huge = await post('/?index', { ...good, message: 'x'.repeat(70_000) });
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toEqual({ message: SERVER_MESSAGES.bodyTooLarge });
      expect(await messagesFrom('long@example.com')).toHaveLength(0);
    });

    it('refuses other content types with 415 and a NUL byte with the API’s message, never a 500', async () => {
      for (const type of ['text/plain', 'application/json', 'multipart/form-data; boundary=x']) {
        const res = await post('/?index', 'a=1', { 'content-type': type });
        expect(res.statusCode, type).toBe(415);
        expect(res.body).toBe(SERVER_MESSAGES.unsupportedContentType);
        expect(res.headers['cache-control']).toBe('no-store');
      }
      const nul = await post('/?index', { ...good, message: 'a\u0000b' });
      expect(nul.statusCode).toBe(400);
      expect(contactErrors(nul.body)[3]).toBe(SERVER_MESSAGES.unsafeText);
      const broken = await post('/?index', 'firstName=%E0%A4%A&lastName=%ZZ&message=%');
      expect(broken.statusCode).toBe(400);
    });

    it('drops a filled-in honeypot as the API does, answering success', async () => {
      const email = 'bot@example.com';
      const res = await post('/?index', { ...good, email, website: 'http://spam.example' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('data-testid="contact-sent"');
      expect(await messagesFrom(email)).toHaveLength(0);
    });

    it('counts against the API’s rate limit, in both directions, and says so next to the button', async () => {
      const from = '10.9.1.1';
      for (let i = 0; i < 2; i++) expect((await post('/?index', good, {}, from)).statusCode).toBe(200);
      // The API's own call from the same address takes the third try …
      const viaApi = await api(t).callRaw(contact.sendMail, {
        body: { name: 'Ada Lovelace', email: good.email, message: 'hi' },
        remoteAddress: from,
      });
      expect(viaApi.status).toBe(200);
      // … so the form is refused with the API's message, and keeps the text.
      const refused = await post('/?index', { ...good, message: 'Still here' }, {}, from);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(textAfter(refused.body, /role="alert" class="text-danger"/)).toMatch(/^Too many requests\. Please try/);
      expect(textAfter(refused.body, /id="contact-message"/)).toBe('Still here');
    });

    it('refuses a post from another site (Sec-Fetch-Site or Origin) with 403, and takes the site’s own', async () => {
      for (const headers of <Record<string, string>[]>[
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site' },
        { origin: 'http://evil.test' },
        { origin: 'null' },
      ]) {
        const res = await post('/?index', good, headers);
        expect(res.statusCode, JSON.stringify(headers)).toBe(403);
        expect(res.body).toBe(FORM_POST_MESSAGES.crossSite);
      }
      // What browsers send from the site's own page, `Origin: null` included (Referrer-Policy: no-referrer).
      for (const headers of <Record<string, string>[]>[
        { 'sec-fetch-site': 'same-origin', origin: 'null' },
        { 'sec-fetch-site': 'same-origin', origin: 'http://site.test' },
        { origin: 'http://site.test' },
      ]) {
        const res = await post('/?index', { ...good, email: 'own.site@example.com' }, headers);
        expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      }
    });

    it('leaves POST / (no ?index) and other pages without a form refused with 405', async () => {
      for (const url of ['/', '/blogs', '/about-us']) {
        const res = await post(url, good);
        expect(res.statusCode, url).toBe(405);
        expect(res.headers.allow).toBe('GET, HEAD');
      }
    });
  });

  describe('the subscribe box (POST /subscriptions/subscribe)', () => {
    const subscriber = (email: string) =>
      t.services.db.selectFrom('subscribers').selectAll().where('email', '=', email).executeTakeFirst();

    it('subscribes a valid address and thanks as the box does, never cached', async () => {
      const email = 'form.reader@example.com';
      const res = await post('/subscriptions/subscribe', { email: ` ${email} `, blogId: '' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(textAfter(res.body, /<h1 id="subscription-title"/)).toBe(MESSAGES.subscribed);
      expect(res.body).toContain(SUBSCRIBE_MESSAGES.checkInbox);
      expect(await subscriber(email)).toMatchObject({ email, status: 'pending' });
    });

    it('answers an empty, missing or invalid address with the box again, the rule’s message and the text kept', async () => {
      for (const [fields, message, kept] of [
        [{ email: '   ' }, MESSAGES.subscribeEmpty, '   '],
        [{}, MESSAGES.subscribeEmpty, ''],
        [{ email: 'a+b@example.com' }, MESSAGES.subscribeInvalid, 'a+b@example.com'],
        [{ email: `${'a'.repeat(3000)}@example` }, MESSAGES.subscribeInvalid, `${'a'.repeat(3000)}@example`],
      ] as const) {
        const res = await post('/subscriptions/subscribe', fields);
        expect(res.statusCode).toBe(400);
        expect(textAfter(res.body, /<h1/)).toBe(FORM_POST_MESSAGES.subscribeTitle);
        expect(textAfter(res.body, /class="invalid-feedback"/)).toBe(message);
        expect(inputValue(res.body, 'subscribe-email')).toBe(kept);
      }
      expect(await subscriber('a+b@example.com')).toBeUndefined();
    });

    it('refuses an over-long post id with its message, and another content type with 415', async () => {
      const res = await post('/subscriptions/subscribe', { email: 'id.test@example.com', blogId: 'x'.repeat(65) });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('role="alert"');
      const json = await post('/subscriptions/subscribe', '{"email":"a@b.co"}', { 'content-type': 'application/json' });
      expect(json.statusCode).toBe(415);
      const huge = await post('/subscriptions/subscribe', { email: `${'a'.repeat(70_000)}@example.com` });
      expect(huge.statusCode).toBe(413);
    });

    it('shares the API’s rate limit and says so under the button', async () => {
      const from = '10.9.2.1';
      for (let i = 0; i < 2; i++) {
        const res = await post('/subscriptions/subscribe', { email: `limit${i}@example.com` }, {}, from);
        expect(res.statusCode).toBe(200);
      }
      const viaApi = await api(t).callRaw(subscribers.subscribe, {
        body: { email: 'limit.api@example.com' },
        remoteAddress: '10.9.2.1',
      });
      expect(viaApi.status).toBe(200);
      const refused = await post('/subscriptions/subscribe', { email: 'limit3@example.com' }, {}, from);
      expect(refused.statusCode).toBe(429);
      expect(textAfter(refused.body, /role="alert"/)).toMatch(/^Too many requests\. Please try/);
      expect(inputValue(refused.body, 'subscribe-email')).toBe('limit3@example.com');
    });

    it('shows the empty box when opened', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/subscriptions/subscribe' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const box = /<form[^>]*action="\/subscriptions\/subscribe"[^>]*>/.exec(res.body)?.[0];
      expect(box).toContain('method="post"');
      expect(inputValue(res.body, 'subscribe-email')).toBe('');
    });
  });

  describe('the unsubscribe button (POST /subscriptions/unsubscribe?…)', () => {
    it('unsubscribes when the browser sends Origin: null, as it does under our referrer policy', async () => {
      const email = 'leaving@example.com';
      await t.services.subscribers.subscribe({ email });
      const row = await t.services.db
        .selectFrom('subscribers')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      const link = new URL((await t.services.subscribers.linksOf(row.id)).unsubscribePage);
      const res = await post(`${link.pathname}${link.search}`, '', { origin: 'null', 'sec-fetch-site': 'same-origin' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain(SUBSCRIBE_MESSAGES.unsubscribedEmail(email));
      const after = await t.services.db
        .selectFrom('subscribers')
        .select('status')
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow();
      expect(after.status).toBe('unsubscribed');
      // A form elsewhere cannot do it for the reader.
      const cross = await post(`${link.pathname}${link.search}`, '', { 'sec-fetch-site': 'cross-site' });
      expect(cross.statusCode).toBe(403);
    });
  });
});
