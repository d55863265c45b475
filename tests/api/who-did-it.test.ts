import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as blog from '#shared/api/blog.ts';
import * as contact from '#shared/api/contact.ts';
import * as staff from '#shared/api/staff.ts';
import { api } from '#tests/helpers/api.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { createPost, unique } from '#tests/helpers/factories.ts';
import { createMember, type Member } from '#tests/helpers/team.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * The trash, the inbox and the outgoing mail name the person who acted (docs/product.md#team-and-roles),
 * as revisions do: the name they had then.
 */
describe.each(DATABASE_KINDS)('who did it on %s', (kind) => {
  let t: TestApp;
  let editor: Member;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    editor = await createMember(t, 'editor', 'Edna');
  });
  afterAll(() => t.close());

  it('names who put a post in the trash, and forgets it when the post comes back', async () => {
    const post = await createPost(editor);
    expect((await editor.api.call(blog.deletePost, { params: { id: post._id } })).status).toBe(200);
    const trashed = (await editor.api.call(blog.listTrash)).data.find((p) => p._id === post._id);
    expect(trashed?.deletedBy).toBe('Edna person');
    expect((await editor.api.call(blog.restorePost, { params: { id: post._id } })).status).toBe(200);
    const row = await t.services.db
      .selectFrom('blog_posts')
      .select('deleted_by')
      .where('id', '=', post._id)
      .executeTakeFirst();
    expect(row?.deleted_by).toBeNull();
  });

  it('names who read a message, until it is unread again', async () => {
    // Contact names are letters and dots only.
    const name = `Visitor.${Math.random()
      .toString(36)
      .replace(/[^a-z]/g, '')}`;
    const sent = await api(t).call(contact.sendMail, {
      body: { name, email: 'visitor@example.com', message: 'Hello there' },
    });
    expect(sent.status, sent.text).toBe(200);
    const find = async () => (await editor.api.call(contact.listMessages)).data.find((m) => m.name === name)!;
    const { _id } = await find();
    expect((await find()).readBy).toBeUndefined();
    await editor.api.call(contact.markMessageRead, { params: { id: _id }, body: { read: true } });
    expect(await find()).toMatchObject({ read: true, readBy: 'Edna person' });
    await editor.api.call(contact.markMessageRead, { params: { id: _id }, body: { read: false } });
    expect((await find()).readBy).toBeUndefined();
  });

  it('names on whose action a mail was sent', async () => {
    const email = `${unique('invitee')}@example.com`.toLowerCase();
    expect((await editor.api.call(staff.inviteStaff, { body: { email, role: 'author' } })).status).toBe(200);
    const row = await t.services.db
      .selectFrom('mail_outbox')
      .select('requested_by')
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.requested_by).toBe('Edna person');
  });
});
