import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailOutboxTable } from '#server/db/schema.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

const DAY = 24 * 3600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/**
 * The prune-sent-mail job (server/modules/mail/service.ts): sent mail past the week it is kept goes, except
 * the newsletter mails of a campaign that is not done (its counts are read from them until it is), or whose
 * campaign is gone. The mail module learns which campaigns are done from the newsletter module.
 */
describe.each(DATABASE_KINDS)('pruning sent mail on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('deletes old sent mail of no campaign or of a done one, and keeps the rest', async () => {
    const { db } = t.services;
    const at = ago(0);
    const post = (id: string) => ({
      id,
      title: id,
      excerpt: '',
      content: '',
      feature_image: '',
      category_id: null,
      slug: id,
      created_at: at,
      updated_at: at,
      publish_at: null,
      published_at: at,
      preview_token: null,
      deleted_at: null,
    });
    await db
      .insertInto('blog_posts')
      .values([post('post-done'), post('post-sending')])
      .execute();
    const campaign = (id: string, postId: string, status: 'done' | 'sending') => ({
      id,
      post_id: postId,
      status,
      cursor: null,
      locked_until: null,
      created_at: at,
      finished_at: status === 'done' ? at : null,
    });
    await db
      .insertInto('campaigns')
      .values([campaign('done', 'post-done', 'done'), campaign('sending', 'post-sending', 'sending')])
      .execute();
    const mail = (id: string, campaignId: string | null, status: 'sent' | 'pending', age: number): MailOutboxTable => ({
      id,
      kind: 'k',
      to_address: `${id}@example.com`,
      subject: 's',
      text_body: 't',
      html_body: null,
      headers: null,
      status,
      attempts: 1,
      next_attempt_at: at,
      locked_until: null,
      last_error: null,
      created_at: ago(age),
      sent_at: status === 'sent' ? ago(age) : null,
      campaign_id: campaignId,
      dedupe_key: null,
      claimed_by: null,
      give_up_at: null,
      requested_by: null,
    });
    await db
      .insertInto('mail_outbox')
      .values([
        mail('old-single', null, 'sent', 8 * DAY),
        mail('old-of-done', 'done', 'sent', 8 * DAY),
        mail('old-of-sending', 'sending', 'sent', 8 * DAY),
        mail('old-of-gone', 'gone', 'sent', 8 * DAY),
        mail('old-unsent-of-done', 'done', 'pending', 8 * DAY),
        mail('new-single', null, 'sent', DAY),
        mail('new-of-done', 'done', 'sent', DAY),
      ])
      .execute();

    expect(await t.services.mail.pruneSent()).toBe(2);
    const left = await db.selectFrom('mail_outbox').select('id').orderBy('id').execute();
    expect(left.map((r) => r.id)).toEqual([
      'new-of-done',
      'new-single',
      'old-of-gone',
      'old-of-sending',
      'old-unsent-of-done',
    ]);
    expect(await t.services.mail.pruneSent()).toBe(0);
  });
});
