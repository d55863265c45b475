import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginToken } from '#tests/helpers/auth.ts';
import { createUpload } from '#tests/helpers/factories.ts';
import { image } from '#tests/helpers/images.ts';
import { buildTestApp, deliveredMail, type TestApp } from '#tests/helpers/test-app.ts';
import * as auth from '#shared/api/auth.ts';
import * as blog from '#shared/api/blog.ts';
import * as contact from '#shared/api/contact.ts';
import * as newsletter from '#shared/api/newsletter.ts';
import * as subscribers from '#shared/api/subscribers.ts';
import { api } from '#tests/helpers/api.ts';

/**
 * Every kind of e-mail the product sends, as it writes them, scored offline by SpamAssassin (Debian's
 * `spamassassin`, installed by .ci/run): each must score 1.0 or less (docs/product.md#e-mail).
 */
const MAX_SCORE = 1.0;

function spamScore(raw: string): { score: number; tests: string } {
  const out = execFileSync('spamassassin', ['-L', '-t'], { input: raw, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  const status = /^X-Spam-Status: .*?score=(-?[\d.]+).*?tests=([\s\S]*?)(?:autolearn|version)/m.exec(out);
  if (!status) throw new Error(`no X-Spam-Status in spamassassin's output:\n${out.slice(0, 2000)}`);
  return { score: Number(status[1]), tests: status[2]!.replace(/\s+/g, ' ').trim() };
}

describe('spam scores of every e-mail the product sends', () => {
  let t: TestApp;
  let mails: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp('sqlite', {
      env: {
        PUBLIC_URL: 'https://www.brightpath-labs.com',
        MAIL_FROM: '"Brightpath Labs" <hello@brightpath-labs.com>',
        // Signed, as a site with DKIM configured sends them.
        DKIM_DOMAIN: 'brightpath-labs.com',
        DKIM_SELECTOR: 'site',
        DKIM_PRIVATE_KEY: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
          type: 'pkcs8',
          format: 'pem',
        }) as string,
      },
      app: {
        rateLimits: {
          subscribePerIp: { max: 100, windowMs: 60_000 },
          loginPerIp: { max: 100, windowMs: 60_000 },
          loginPerAccount: { max: 100, windowMs: 60_000 },
        },
      },
    });
    const token = await loginToken(t);
    expect(
      (
        await api(t).call(contact.sendMail, {
          body: {
            name: 'Ada Lovelace',
            email: 'ada@example.org',
            message: 'Could you call me about a new mobile app for our clinics next week?',
          },
        })
      ).status,
    ).toBe(200);
    expect((await api(t).call(auth.requestReset, { body: { email: 'admin@example.com' } })).status).toBe(200);
    expect(
      (await api(t).call(subscribers.subscribe, { body: { email: 'reader@example.org', blogId: null } })).status,
    ).toBe(200);
    await api(t).call(subscribers.addSubscriber, {
      body: { email: 'confirmed@example.org', confirmed: true, source: 'Spam check' },
      token,
    });
    // Subscribing again while confirmed: a note that there is nothing to do.
    await api(t).call(subscribers.subscribe, { body: { email: 'confirmed@example.org', blogId: null } });
    // Enough failed logins to warn the owner.
    for (let i = 0; i < 20; i++)
      await api(t).call(auth.login, { body: { email: 'admin@example.com', password: `wrong-${i}` } });
    const post = await api(t).call(blog.createPost, {
      body: {
        title: 'How we plan a product launch',
        excerpt: 'The checklist our teams use in the four weeks before a release, from analytics to support.',
        content: '<p>Launch day is the start, not the finish.</p><p>Here is how we prepare for it.</p>',
        featureImage: '',
      },
      token,
    });
    expect(post.status).toBe(200);
    await api(t).call(newsletter.newsletterTest, {
      params: { id: post.data._id },
      body: { to: 'editor@example.org' },
      token,
    });
    // A short post in excerpt mode with the logo, its feature image and its own subject and preheader: a
    // draft, its message set, then published with the e-mail (docs/decisions/0030-newsletter-look.md).
    const picture = await createUpload(
      { token, api: api(t, { token }) },
      { data: await image('png', 1200, 675), alt: 'Our launch board' },
    );
    const short = await api(t).call(blog.createPost, {
      body: {
        title: 'Four weeks to launch',
        excerpt: 'Our release checklist in one page.',
        content: '<p>Short and to the point.</p>',
        featureImage: picture.url,
        status: 'draft',
      },
      token,
    });
    expect(short.status).toBe(200);
    await api(t).call(newsletter.saveNewsletterMessage, {
      params: { id: short.data._id },
      body: { subject: 'Our launch checklist, in one page', preheader: 'Analytics, support, release notes, rollback.' },
      token,
    });
    const shortPost = short.data;
    expect(
      (
        await api(t).call(blog.updatePost, {
          params: { id: shortPost._id },
          body: {
            _id: shortPost._id,
            title: shortPost.title,
            excerpt: shortPost.excerpt,
            content: shortPost.content,
            featureImage: shortPost.featureImage,
            blogCategory: null,
            status: 'published',
            sendNewsletter: true,
          },
          token,
        })
      ).status,
    ).toBe(200);
    await t.services.mailWorker.flush();
    // A long post sent whole, with its picture and the logo.
    await api(t).call(newsletter.saveSettings, { body: { newsletterBody: 'full' }, token });
    const paragraph =
      'Every launch we run starts four weeks ahead with a short checklist: analytics events agreed with the product owner, a support rota for the first fortnight, release notes written in plain words, and a rollback plan that someone other than its author has tried. ';
    const long = await api(t).call(blog.createPost, {
      body: {
        title: 'The long version of our launch checklist',
        excerpt: 'Everything we check before a release, in detail.',
        content: Array.from({ length: 14 }, (_, i) => `<h2>Step ${i + 1}</h2><p>${paragraph}</p>`).join(''),
        featureImage: '/uploads/launch.png',
      },
      token,
    });
    expect(long.status).toBe(200);
    await t.services.mailWorker.flush();
    await t.services.mailWorker.flush();
    mails = await deliveredMail(t.dataDir);
  });
  afterAll(() => t.close());

  it('covers the contact notification, reset code, confirmation, already subscribed, failed logins, newsletter and its test, signed', () => {
    for (const mail of mails) expect(mail).toMatch(/^DKIM-Signature: [^]*?d=brightpath-labs\.com;/);
    const long = mails.find((m) => m.includes('Subject: New on the Brightpath Labs blog: The long version'))!;
    expect(long).toMatch(/launch\.png/);
    const short = mails.find((m) => m.includes('Subject: Our launch checklist, in one page'))!;
    expect(short).toMatch(/logo-mail\.png/);
    expect(short).toMatch(/\/uploads\/[\w]+\.png/);
    const subjects = mails.map((m) => /^Subject: (.*)$/m.exec(m)?.[1] ?? '');
    expect(subjects.some((s) => s.startsWith('New message from'))).toBe(true);
    expect(subjects.some((s) => s.includes('password reset code'))).toBe(true);
    expect(subjects.some((s) => s.startsWith('Please confirm'))).toBe(true);
    expect(subjects.some((s) => s.startsWith('New on the'))).toBe(true);
    expect(subjects.some((s) => s.startsWith('[Test]'))).toBe(true);
    expect(subjects.some((s) => s.startsWith('You are already subscribed'))).toBe(true);
    expect(subjects.some((s) => s.startsWith('Failed logins'))).toBe(true);
  });

  it(`scores each at ${MAX_SCORE} or less`, () => {
    const scored = mails.map((m) => ({ subject: /^Subject: (.*)$/m.exec(m)?.[1], ...spamScore(m) }));
    for (const mail of scored) expect(mail.score, `${mail.subject}: ${mail.tests}`).toBeLessThanOrEqual(MAX_SCORE);
  }, 120_000);
});
