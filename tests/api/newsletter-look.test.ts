import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NewsletterMessage } from '#shared/schemas/newsletter.ts';
import { NEWSLETTER_MESSAGES, PUBLISHING_MESSAGES } from '#shared/messages.ts';
import type { BlogPost } from '#shared/schemas/blog.ts';
import { newId } from '#server/db/database.ts';
import { loggedInAdmin, createUpload, postAddress, type LoggedInAdmin } from '#tests/helpers/factories.ts';
import { image } from '#tests/helpers/images.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { startSmtp, type ReceivedMail, type SmtpSink } from '#tests/helpers/smtp.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { NO_LIMIT, NO_RATE_LIMITS } from '#tests/helpers/auth.ts';
import * as blog from '#shared/api/blog.ts';
import * as newsletter from '#shared/api/newsletter.ts';
import { api, type AnyAnswer } from '#tests/helpers/api.ts';

/**
 * Newsletters that look like the company (docs/product.md#newsletter-tools, docs/decisions/0030): the
 * logo and the feature image by absolute address with width, height and alt in every mode; a subject and
 * preheader of the editor's own, validated, kept with the campaign and used in the outbox rows; a test send
 * of a post not yet published whose links open its preview. Over a real SMTP server, on both databases.
 */

const PUBLIC_URL = 'https://www.brightpath.test';
const SITE = 'Brightpath Labs';
const LONG_AGO = '2000-01-01T00:00:00.000Z';
let counter = 0;
const unique = (label: string) => `${label}-${Date.now().toString(36)}${++counter}`;

/** The `<img>` tags of a mail, each as its attributes. */
function imagesIn(html: string): Array<Record<string, string>> {
  return [...html.matchAll(/<img\b([^>]*)>/g)].map(([, attrs]) =>
    Object.fromEntries([...attrs!.matchAll(/\s([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name!, value!])),
  );
}
/** The text of the hidden preheader: the first thing in the body. */
const preheaderOf = (html: string) => /<body[^>]*>\s*<div style="display:none[^"]*">([^<]*)<\/div>/.exec(html)?.[1];

describe.each(DATABASE_KINDS)('newsletters that look like the company on %s', (kind) => {
  let smtp: SmtpSink;
  let t: TestApp;
  let admin: LoggedInAdmin;

  beforeAll(async () => {
    smtp = await startSmtp(0);
    t = await buildTestApp(kind, {
      env: { SMTP_URL: smtp.url, PUBLIC_URL },
      app: { rateLimits: { ...NO_RATE_LIMITS, subscribePerIp: NO_LIMIT } },
    });
    admin = await loggedInAdmin(t);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  beforeEach(async () => {
    await t.services.mailWorker.flush();
    await t.services.db.deleteFrom('mail_outbox').execute();
    await t.services.db.deleteFrom('subscribers').execute();
    await t.services.newsletter.saveSettings({ newsletterBody: 'excerpt' });
    smtp.clear();
  });

  function ok<T>(res: AnyAnswer): T {
    expect(res.status, res.text).toBe(200);
    return res.data as T;
  }
  const add = async (fields: Record<string, unknown> = {}) =>
    ok<BlogPost>(
      await admin.api.callRaw(blog.createPost, {
        body: {
          title: unique('Launch notes'),
          excerpt: 'What changed this week, in one sentence.',
          content: '<p>The whole story, with a <strong>picture</strong>.</p>',
          blogCategory: null,
          featureImage: '',
          ...fields,
        },
      }),
    );
  const publish = (post: BlogPost) =>
    admin.api.callRaw(blog.updatePost, {
      params: { id: post._id },
      body: {
        _id: post._id,
        title: post.title,
        excerpt: post.excerpt,
        content: post.content,
        featureImage: post.featureImage,
        blogCategory: null,
        status: 'published',
        sendNewsletter: true,
      },
    });
  const message = (post: BlogPost) => admin.api.callRaw(newsletter.getNewsletterMessage, { params: { id: post._id } });
  const setMessage = (post: BlogPost, body: Record<string, unknown>) =>
    admin.api.callRaw(newsletter.saveNewsletterMessage, { params: { id: post._id }, body: body as never });
  const testSend = (post: BlogPost, body: Record<string, unknown>) =>
    admin.api.callRaw(newsletter.newsletterTest, { params: { id: post._id }, body: body as never });
  async function addReader(label: string) {
    const email = `${unique(label)}@example.com`;
    await t.services.db
      .insertInto('subscribers')
      .values({
        id: newId(),
        email,
        status: 'confirmed',
        blog_id: null,
        consent_source: null,
        created_at: LONG_AGO,
        updated_at: LONG_AGO,
        confirmed_at: LONG_AGO,
        unsubscribed_at: null,
      })
      .execute();
    return email;
  }
  async function deliver() {
    await t.services.mailWorker.flush();
    await t.services.mailWorker.flush();
  }
  const outbox = () => t.services.db.selectFrom('mail_outbox').selectAll().orderBy('created_at').execute();
  const only = (mails: ReceivedMail[]) => {
    expect(mails).toHaveLength(1);
    return mails[0]!;
  };

  it('shows the logo and the feature image by absolute address with width, height and alt, in excerpt and full mode', async () => {
    const picture = await createUpload(admin, { data: await image('png', 1200, 675), alt: 'The team at the launch' });
    const unnamed = await createUpload(admin, { data: await image('jpeg', 300, 400) });
    const post = await add({ featureImage: picture.url, status: 'draft' });
    const narrow = await add({ featureImage: unnamed.url, status: 'draft' });
    const bare = await add({ status: 'draft' });
    const logo = { src: `${PUBLIC_URL}/logo-mail.png`, width: '32', height: '32', alt: '' };
    const feature = { src: `${PUBLIC_URL}${picture.url}`, width: '536', height: '302', alt: 'The team at the launch' };

    for (const body of ['excerpt', 'full'] as const) {
      await t.services.newsletter.saveSettings({ newsletterBody: body });
      for (const [p, expected] of [
        [post, [logo, feature]],
        // Narrower than the column: its own size; no alt text in the library: the post's title.
        [narrow, [logo, { src: `${PUBLIC_URL}${unnamed.url}`, width: '300', height: '400', alt: narrow.title }]],
        // No feature image: the logo all the same, however short the mail.
        [bare, [logo]],
      ] as const) {
        const preview = ok<{ html: string }>(
          await admin.api.call(newsletter.newsletterPreview, { params: { id: p._id } }),
        );
        expect(
          imagesIn(preview.html).map((img) => ({ src: img.src, width: img.width, height: img.height, alt: img.alt })),
          `${body} ${p.title}`,
        ).toEqual(expected);
        for (const img of imagesIn(preview.html)) expect(img.src).toMatch(/^https?:\/\//);
      }
    }

    // The real mail, as a subscriber gets it (excerpt mode, the default).
    await t.services.newsletter.saveSettings({ newsletterBody: 'excerpt' });
    const reader = await addReader('pictures');
    ok(await publish(post));
    await deliver();
    const mail = only(smtp.to(reader));
    expect(imagesIn(mail.html!).map((img) => [img.src, img.width, img.height, img.alt])).toEqual([
      [logo.src, '32', '32', ''],
      [feature.src, '536', '302', 'The team at the launch'],
    ]);
  });

  it('stores a subject and preheader for the post, validates them, and sends the newsletter with them', async () => {
    const post = await add({ status: 'draft' });
    const defaults = { subject: `New on the ${SITE} blog: ${post.title}`, preheader: post.excerpt };
    expect(ok<NewsletterMessage>(await message(post))).toEqual({ subject: '', preheader: '', defaults, sent: false });

    // Refused, with the field named, and nothing stored: a line break in the subject would start another
    // header; too long; a control character in the preheader.
    const refused: Array<[Record<string, unknown>, object]> = [
      [{ subject: 'Hello\r\nBcc: everyone@example.com' }, { field: 'subject', message: NEWSLETTER_MESSAGES.oneLine }],
      [{ subject: 'Hello\nthere' }, { field: 'subject', message: NEWSLETTER_MESSAGES.oneLine }],
      [{ subject: 'x'.repeat(151) }, { field: 'subject', message: NEWSLETTER_MESSAGES.subjectTooLong(150) }],
      [{ preheader: 'In short\u0007' }, { field: 'preheader', message: NEWSLETTER_MESSAGES.oneLine }],
      [{ preheader: 'y'.repeat(201) }, { field: 'preheader', message: NEWSLETTER_MESSAGES.preheaderTooLong(200) }],
      [{ subject: 42 }, { field: 'subject' }],
    ];
    for (const [body, answer] of refused) {
      const res = await setMessage(post, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject(answer);
    }
    expect(ok<NewsletterMessage>(await message(post))).toMatchObject({ subject: '', preheader: '' });

    // Trimmed, at the limits, and kept.
    const subject = `${'S'.repeat(140)} — ok!`;
    const saved = ok<NewsletterMessage>(
      await setMessage(post, { subject: `  ${subject}  `, preheader: 'Five minutes, three changes.' }),
    );
    expect(saved).toEqual({ subject, preheader: 'Five minutes, three changes.', defaults, sent: false });
    expect(ok<NewsletterMessage>(await message(post))).toEqual(saved);
    const custom = {
      subject: `Three changes you will like (${unique('')})`,
      preheader: 'Five minutes, three changes.',
    };
    ok(await setMessage(post, custom));
    // The preview shows it already.
    const preview = ok<{ subject: string; html: string }>(
      await admin.api.call(newsletter.newsletterPreview, { params: { id: post._id } }),
    );
    expect(preview.subject).toBe(custom.subject);
    expect(preheaderOf(preview.html)).toBe(custom.preheader);

    // Publishing keeps them with the campaign; every outbox row and mail carries them.
    const readers = [await addReader('custom'), await addReader('custom')];
    ok(await publish(post));
    const [campaign] = await t.services.db
      .selectFrom('campaigns')
      .selectAll()
      .where('post_id', '=', post._id)
      .execute();
    expect(campaign).toMatchObject(custom);
    await deliver();
    const rows = await outbox();
    expect(rows.map((r) => [r.kind, r.to_address, r.subject]).sort()).toEqual(
      readers.map((to) => ['new-post', to, custom.subject]).sort(),
    );
    for (const to of readers) {
      const mail = only(smtp.to(to));
      expect(mail.header('subject')).toBe(custom.subject);
      expect(preheaderOf(mail.html!)).toBe(custom.preheader);
      expect(mail.html).toContain(post.excerpt);
    }

    // Sent: it says so, and they stay as they were sent.
    expect(ok<NewsletterMessage>(await message(post))).toEqual({ ...custom, defaults, sent: true });
    const late = await setMessage(post, { subject: 'Too late' });
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ message: NEWSLETTER_MESSAGES.alreadySent });
    expect(ok<NewsletterMessage>(await message(post))).toMatchObject(custom);
  });

  it('sends with the defaults when nothing is set: the title in the subject and the excerpt as preheader', async () => {
    const reader = await addReader('defaults');
    const post = await add();
    await deliver();
    const mail = only(smtp.to(reader));
    expect(mail.header('subject')).toBe(`New on the ${SITE} blog: ${post.title}`);
    expect(preheaderOf(mail.html!)).toBe(post.excerpt);
    const [campaign] = await t.services.db
      .selectFrom('campaigns')
      .selectAll()
      .where('post_id', '=', post._id)
      .execute();
    expect(campaign).toMatchObject({ subject: `New on the ${SITE} blog: ${post.title}`, preheader: post.excerpt });
    expect((await outbox()).map((r) => r.subject)).toEqual([`New on the ${SITE} blog: ${post.title}`]);
  });

  it("sends a test with this send's own subject and preheader, else the post's, refusing a line break", async () => {
    const post = await add({ status: 'draft' });
    const editor = `${unique('editor')}@example.com`;
    expect(ok(await testSend(post, { to: editor, subject: 'Try this subject', preheader: 'And this line' }))).toEqual({
      message: PUBLISHING_MESSAGES.testSent(editor),
    });
    ok(await setMessage(post, { subject: 'The stored subject', preheader: 'The stored line' }));
    ok(await testSend(post, { to: editor }));
    // An empty one is the default.
    ok(await testSend(post, { to: editor, subject: '', preheader: '' }));
    const bad = await testSend(post, { to: editor, subject: 'One\r\nBcc: all@example.com' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'subject', message: NEWSLETTER_MESSAGES.oneLine });

    const rows = await outbox();
    expect(rows.map((r) => [r.kind, r.campaign_id, r.subject])).toEqual([
      ['newsletter-test', null, '[Test] Try this subject'],
      ['newsletter-test', null, '[Test] The stored subject'],
      ['newsletter-test', null, `[Test] New on the ${SITE} blog: ${post.title}`],
    ]);
    expect(rows.map((r) => preheaderOf(r.html_body!))).toEqual(['And this line', 'The stored line', post.excerpt]);
    expect(smtp.to(editor).map((m) => m.header('subject'))).toEqual(rows.map((r) => r.subject));
    // A test is not the newsletter: nothing is kept with a campaign, the stored message still changes.
    expect(await t.services.db.selectFrom('campaigns').selectAll().where('post_id', '=', post._id).execute()).toEqual(
      [],
    );
  });

  it('links a test of a draft or a scheduled post to its preview, which shows it, and names its address to be', async () => {
    const draft = await add({ status: 'draft' });
    const scheduled = await add({ status: 'scheduled', publishAt: new Date(Date.now() + 3600_000).toISOString() });
    const published = await add({ sendNewsletter: false });
    for (const post of [draft, scheduled]) {
      const editor = `${unique('previewer')}@example.com`;
      ok(await testSend(post, { to: editor }));
      const mail = only(smtp.to(editor));
      const link = ok<{ url: string }>(await admin.api.call(blog.previewLink, { params: { id: post._id } })).url;
      expect(link).toMatch(new RegExp(`^${PUBLIC_URL.replace(/\./g, '\\.')}/preview/[\\w-]{20,}$`));
      expect(mail.html).toMatch(new RegExp(`href="${link}"[^>]*>Read more</a>`));
      expect(mail.text).toContain(`Read more: ${link}`);
      // The preview opens the post; its address does not answer yet, and the mail says where it will be.
      const token = link.split('/preview/')[1]!;
      expect((await t.services.blog.findByPreviewToken(token))?._id).toBe(post._id);
      expect((await api(t).callRaw(blog.postByPath, { params: postAddress(post.url) })).status).toBe(404);
      expect(mail.html).toContain(`${NEWSLETTER_MESSAGES.testNotice} <a href="${PUBLIC_URL}${post.url}"`);
      expect(mail.text).toContain(`${NEWSLETTER_MESSAGES.testNotice} ${PUBLIC_URL}${post.url}`);
    }
    // A published post's test links to the post itself, without the notice.
    const editor = `${unique('reader')}@example.com`;
    ok(await testSend(published, { to: editor }));
    const mail = only(smtp.to(editor));
    expect(mail.html).toMatch(new RegExp(`href="${PUBLIC_URL}${published.url}"[^>]*>Read more</a>`));
    expect(mail.html).not.toContain('/preview/');
    expect(mail.html).not.toContain(NEWSLETTER_MESSAGES.testNotice);
  });

  it('answers 404 for an unknown post and 401 without a session', async () => {
    const nobody = { _id: 'no-such-post' } as BlogPost;
    expect((await message(nobody)).status).toBe(404);
    expect((await setMessage(nobody, { subject: 'x' })).status).toBe(404);
    const post = await add({ status: 'draft' });
    expect((await api(t).callRaw(newsletter.getNewsletterMessage, { params: { id: post._id } })).status).toBe(401);
    expect(
      (await api(t).callRaw(newsletter.saveNewsletterMessage, { params: { id: post._id }, body: { subject: 'x' } }))
        .status,
    ).toBe(401);
  });
});
