import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS } from '#shared/api/index.ts';
import * as analytics from '#shared/api/analytics.ts';
import type { Endpoint } from '#shared/api/endpoint.ts';
import * as auth from '#shared/api/auth.ts';
import * as autosave from '#shared/api/autosave.ts';
import * as presence from '#shared/api/presence.ts';
import { DEFAULT_LANDING_LAYOUT } from '#shared/landing-layout.ts';
import * as blog from '#shared/api/blog.ts';
import * as contact from '#shared/api/contact.ts';
import * as content from '#shared/api/content.ts';
import * as mail from '#shared/api/mail.ts';
import * as newsletter from '#shared/api/newsletter.ts';
import * as passkeys from '#shared/api/passkeys.ts';
import * as review from '#shared/api/review.ts';
import * as revisions from '#shared/api/revisions.ts';
import * as search from '#shared/api/search.ts';
import * as setup from '#shared/api/setup.ts';
import * as siteIdentity from '#shared/api/site-identity.ts';
import * as navigation from '#shared/api/navigation.ts';
import * as profile from '#shared/api/profile.ts';
import * as pages from '#shared/api/pages.ts';
import * as redirects from '#shared/api/redirects.ts';
import * as imports from '#shared/api/imports.ts';
import * as sessions from '#shared/api/sessions.ts';
import * as siteExport from '#shared/api/site-export.ts';
import * as activityLog from '#shared/api/activity.ts';
import * as staff from '#shared/api/staff.ts';
import * as subscribers from '#shared/api/subscribers.ts';
import * as tags from '#shared/api/tags.ts';
import * as twoFactor from '#shared/api/two-factor.ts';
import * as uploads from '#shared/api/uploads.ts';
import { TEAM_MESSAGES } from '#shared/messages.ts';
import { can, ROLES, type Role } from '#shared/roles.ts';
import type { SectionKey } from '#shared/sections.ts';
import { api, type RawInput } from '#tests/helpers/api.ts';
import { NO_RATE_LIMITS } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import {
  createCategory,
  createPost,
  createSubscriber,
  createUpload,
  loggedInAdmin,
  unique,
  type LoggedInAdmin,
} from '#tests/helpers/factories.ts';
import { image, multipart } from '#tests/helpers/images.ts';
import { analysedEmptyImport, EMPTY_WXR, uploadExport } from '#tests/helpers/imports.ts';
import { wxrWithImage } from '#tests/helpers/wxr-with-image.ts';
import { createMember, databaseState, insertMessage, signIn, uploadIdOf, type Member } from '#tests/helpers/team.ts';
import { insertUser } from '#server/modules/auth/user-repository.ts';
import { hashToken } from '#server/modules/auth/tokens.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { addSoftPasskey, reauthAssertion, SoftAuthenticator, TEST_ORIGIN } from '#tests/helpers/webauthn.ts';

/**
 * Every role against every admin endpoint of the contract: the endpoints come from ALL_ENDPOINTS and the
 * expected answer from `can` (shared/roles.ts), so a new endpoint or a changed capability is covered
 * without touching this file, except for one valid example input per endpoint (EXAMPLES).
 */

interface Context {
  t: TestApp;
  /** The person whose role is tested. */
  me: Member;
  /** The Owner, who prepares what the person needs but may not make themselves. */
  owner: LoggedInAdmin & { id: string };
}

/** A valid call of an endpoint; `after` puts back what the call changed about the people (sessions, ownership). */
type Example = RawInput & { after?: (ctx: Context) => Promise<void> };

const ok = <T>(what: string, res: { status: number; text: string; data: T }): T => {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${res.text}`);
  return res.data;
};

/** A tag the Owner made (on a post of theirs): its id. */
const ownerTagId = async ({ owner }: Context) => {
  const name = unique('Tag');
  await createPost(owner, { tags: [name] });
  return ok('tags', await owner.api.call(tags.listTags)).find((tag) => tag.name === name)!._id;
};

/** A redirect rule the Owner made: its id. */
const ownerRedirectId = async ({ owner }: Context) =>
  ok(
    'redirect',
    await owner.api.call(redirects.createRedirect, {
      body: { from: `/${unique('old')}`, to: `/${unique('new')}`, status: 301 },
    }),
  )._id;

/** An import the Owner ran to its end (of a site with nothing in it), ready to be undone. */
async function ownerDoneImportId(ctx: Context) {
  const id = await analysedEmptyImport(ctx.owner);
  ok('start import', await ctx.owner.api.callRaw(imports.startImport, { params: { id }, body: {} }));
  await importsSettled(ctx);
  return id;
}

/**
 * An import the Owner ran of a site whose one image could not be fetched (a loopback address is refused),
 * and an image the Owner uploaded: the call that puts it in the failed image's place. The image's address
 * is new each time, so no earlier import holds it.
 */
async function ownerFailedImage(ctx: Context) {
  const site = 'http://127.0.0.1:9';
  const image = `${site}/wp-content/uploads/${unique('photo')}.jpg`;
  const id = ok('analysis', await uploadExport(ctx.owner, { data: wxrWithImage(site, image), name: 'site.xml' }))._id;
  ok('start import', await ctx.owner.api.callRaw(imports.startImport, { params: { id }, body: { clash: 'keep' } }));
  await importsSettled(ctx);
  const { url } = await createUpload(ctx.owner, { format: 'jpeg' });
  return { params: { id }, body: { key: `image:${image}`, url } };
}

/** Waits until no import runs (this process's runner does the work of tests). */
const importsSettled = async ({ t }: Context) => {
  for (let i = 0; i < 100; i++) {
    await t.services.importRunner.kick();
    const busy = await t.services.db
      .selectFrom('imports')
      .select('id')
      .where('status', 'in', ['queued', 'running', 'undoing'])
      .executeTakeFirst();
    if (!busy) return;
  }
};

/** A draft page the Owner made (pages are for Owners, Administrators and Editors). */
const ownerPageId = async ({ owner }: Context) =>
  ok(
    'page',
    await owner.api.call(pages.createPage, {
      body: { title: 'Roles page', segment: unique('roles-page'), blocks: [] },
    }),
  )._id;
const ownerTrashedPageId = async (ctx: Context) => {
  const id = await ownerPageId(ctx);
  await ctx.owner.api.call(pages.deletePage, { params: { id } });
  return id;
};
/** The careers starter page's address freed, so that each role's call can make it again. */
const freeCareers = async ({ owner }: Context) => {
  const held = (await owner.api.call(pages.listPages, { query: {} })).data.find((p) => p.segment === 'careers');
  if (held) await owner.api.call(pages.deletePage, { params: { id: held._id } });
};

/** A draft the person wrote (every role may write drafts). */
const ownDraft = async ({ me }: Context) =>
  ok('own draft', await me.api.call(blog.createPost, { body: { title: unique('Draft'), status: 'draft' } }));
const ownDraftId = async (ctx: Context) => (await ownDraft(ctx))._id;
/** A revision of a post of the person's own. */
const ownRevisionId = async (ctx: Context) => {
  const docId = await ownDraftId(ctx);
  const list = ok(
    'revisions',
    await ctx.owner.api.call(revisions.listRevisions, { params: { docType: 'post', docId } }),
  );
  return list[0]!._id;
};
const ownUploadId = async ({ t, me }: Context) => {
  const { url } = await createUpload({ token: me.token, api: me.api });
  return uploadIdOf(t, url);
};
/** Someone new on the staff, for the changes that end or remove a person. */
const someone = ({ t }: Context, role: Role = 'author') =>
  // Never signed in: no password hashing needed.
  insertUser(t.services.db, { email: `${unique(role)}@example.com`, name: 'Someone', passwordHash: 'x', role });
const ownerInvite = async ({ owner }: Context) =>
  ok(
    'invite',
    await owner.api.call(staff.inviteStaff, { body: { email: `${unique('inv')}@example.com`, role: 'author' } }),
  ).invite._id;
const queuedMail = async ({ t }: Context, failed: boolean) => {
  const id = await t.services.mail.queue({ kind: 'test', to: 'someone@example.com', subject: 'Hi', text: 'Hello' });
  if (failed) await t.services.db.updateTable('mail_outbox').set({ status: 'failed' }).where('id', '=', id).execute();
  return id;
};

/** The id of the session behind a token. */
const sessionIdOf = async ({ t }: Context, token: string) =>
  (
    await t.services.db
      .selectFrom('sessions')
      .select('id')
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow()
  ).id;
/** A passkey is a second factor: once it is gone again, the password alone signs the person in as before. */
const dropPasskeys = async ({ t, me }: Context) => {
  await t.services.db.deleteFrom('passkeys').where('user_id', '=', me.id).execute();
};
/** The person's other sessions ended: sign in again (the Owner of the context too when it is them). */
const signInAgain = async (ctx: Context) => {
  ctx.me = await signIn(ctx.t, ctx.me);
  if (ctx.me.id === ctx.owner.id) Object.assign(ctx.owner, await loggedInAdmin(ctx.t));
};

const sectionExample =
  (key: SectionKey) =>
  async ({ t }: Context): Promise<Example> => {
    // The section as it is now, sent back as its editor would.
    const site = ok('content', await api(t).call(content.getContent)) as Record<string, { _id: string }>;
    const { _id, ...current } = site[key]!;
    return { body: { ...current, id: _id } };
  };

/** The person's authenticator secret once set up here (by id: `me` is replaced when it signs in again). */
const totpSecrets = new Map<string, string>();
/** Starts the person's authenticator set-up afresh (no app on) and answers its secret. */
const pendingTotp = async ({ t, me }: Context) => {
  await t.services.twoFactor.resetFactors(me.id);
  const setup = ok('totp setup', await me.api.call(twoFactor.startTotpSetup));
  return setup.manualKey.replace(/\s+/g, '');
};
/** A current code of the person's authenticator (set up first when it is not on), not taken yet. */
const currentCode = async (ctx: Context) => {
  const { t, me } = ctx;
  const status = ok('two-factor', await me.api.call(twoFactor.getTwoFactor));
  if (!status.totp || !totpSecrets.has(me.id)) {
    const secret = await pendingTotp(ctx);
    ok('totp confirm', await me.api.call(twoFactor.confirmTotp, { body: { code: await generate({ secret }) } }));
    totpSecrets.set(me.id, secret);
  }
  // Codes of one 30-second step are taken once: forget the last one, so the example's code is new.
  await t.services.db.updateTable('totp_factors').set({ last_step: 0 }).where('user_id', '=', me.id).execute();
  return generate({ secret: totpSecrets.get(me.id)! });
};

/**
 * One valid input per admin endpoint, made fresh for each call (destructive calls get their own fixtures).
 * A new admin endpoint fails the test below until it has one.
 */
const EXAMPLES = new Map<Endpoint, (ctx: Context) => Promise<Example>>([
  ...Object.entries(content.sectionUpdates).map(
    ([key, endpoint]) =>
      [endpoint, sectionExample(key as SectionKey)] as [Endpoint, (ctx: Context) => Promise<Example>],
  ),
  [content.getSectionForEdit, async () => ({ params: { key: 'team' } })],
  [content.getLandingLayout, async () => ({})],
  // The spec's layout, so the pages other tests look at stay as they were.
  [content.saveLandingLayout, async () => ({ body: { sections: DEFAULT_LANDING_LAYOUT } })],
  // Everyone may say they have a post of their own open (a section: tests/api/section-conflicts.test.ts).
  [
    presence.beatPresence,
    async (ctx) => ({ body: { subject: `post:${await ownDraftId(ctx)}`, tab: unique('tab-roles') } }),
  ],
  [
    presence.leavePresence,
    async (ctx) => ({ body: { subject: `post:${await ownDraftId(ctx)}`, tab: unique('tab-roles') } }),
  ],
  [auth.me, async () => ({})],
  [
    auth.logout,
    // A session of its own, so the person's own stays.
    async ({ t, me }) => ({ token: (await signIn(t, me)).token }),
  ],
  [
    auth.changePassword,
    async ({ me }) => ({
      body: { id: me.id, password: me.password, newPassword: me.password },
      // The person's other sessions end: sign in again.
      after: async (ctx) => {
        ctx.me = await signIn(ctx.t, ctx.me);
        if (ctx.me.id === ctx.owner.id) Object.assign(ctx.owner, await loggedInAdmin(ctx.t));
      },
    }),
  ],
  [autosave.getAutosave, async () => ({ params: { key: unique('key') } })],
  [autosave.saveAutosave, async () => ({ params: { key: unique('key') }, body: { data: { title: 'Typing' } } })],
  [autosave.discardAutosave, async () => ({ params: { key: unique('key') } })],
  [blog.saveCategory, async () => ({ body: { name: unique('Cat') } })],
  [blog.deleteCategory, async ({ owner }) => ({ params: { id: (await createCategory(owner))._id } })],
  [
    blog.restoreCategory,
    async ({ owner }) => {
      const { _id } = await createCategory(owner);
      ok('delete category', await owner.api.call(blog.deleteCategory, { params: { id: _id } }));
      return { params: { id: _id } };
    },
  ],
  [blog.createPost, async () => ({ body: { title: unique('New'), status: 'draft' } })],
  [tags.listTagNames, async () => ({})],
  [tags.listTags, async () => ({})],
  [tags.saveTag, async (ctx) => ({ params: { id: await ownerTagId(ctx) }, body: { name: unique('Renamed') } })],
  [tags.mergeTag, async (ctx) => ({ params: { id: await ownerTagId(ctx) }, body: { into: await ownerTagId(ctx) } })],
  [tags.deleteTag, async (ctx) => ({ params: { id: await ownerTagId(ctx) } })],
  [
    blog.updatePost,
    async (ctx) => ({ params: { id: await ownDraftId(ctx) }, body: { title: unique('Edited'), status: 'draft' } }),
  ],
  [blog.getPost, async (ctx) => ({ params: { id: await ownDraftId(ctx) } })],
  [blog.getAdminPost, async (ctx) => ({ params: { id: await ownDraftId(ctx) } })],
  [blog.listAdminPosts, async () => ({})],
  [search.searchAdminPosts, async () => ({ query: { q: 'post' } })],
  [blog.previewLink, async (ctx) => ({ params: { id: await ownDraftId(ctx) } })],
  [blog.revokePreviewLink, async (ctx) => ({ params: { id: await ownDraftId(ctx) } })],
  [blog.deletePost, async (ctx) => ({ params: { id: await ownDraftId(ctx) } })],
  [blog.listTrash, async () => ({})],
  [
    blog.restorePost,
    async ({ owner }) => {
      const { _id } = await createPost(owner, { sendNewsletter: false });
      ok('delete post', await owner.api.call(blog.deletePost, { params: { id: _id } }));
      return { params: { id: _id } };
    },
  ],
  [contact.listMessages, async () => ({})],
  [contact.markMessageRead, async ({ t }) => ({ params: { id: await insertMessage(t) }, body: { read: true } })],
  [contact.deleteMessage, async ({ t }) => ({ params: { id: await insertMessage(t) } })],
  [mail.listOutgoingMail, async () => ({})],
  [mail.mailTrouble, async () => ({})],
  [mail.retryOutgoingMail, async (ctx) => ({ params: { id: await queuedMail(ctx, true) } })],
  [mail.discardOutgoingMail, async (ctx) => ({ params: { id: await queuedMail(ctx, true) } })],
  [newsletter.deliveryReport, async (ctx) => ({ params: { id: await ownDraftId(ctx) } })],
  [newsletter.newsletterPreview, async (ctx) => ({ params: { id: await ownDraftId(ctx) } })],
  [
    newsletter.newsletterTest,
    async (ctx) => ({ params: { id: await ownDraftId(ctx) }, body: { to: 'test@example.com' } }),
  ],
  [newsletter.getNewsletterMessage, async (ctx) => ({ params: { id: await ownDraftId(ctx) } })],
  [
    newsletter.saveNewsletterMessage,
    async (ctx) => ({ params: { id: await ownDraftId(ctx) }, body: { subject: 'Hello', preheader: 'In short' } }),
  ],
  [newsletter.newsletterAudience, async () => ({})],
  [newsletter.getSettings, async () => ({})],
  [newsletter.saveSettings, async () => ({ body: { newsletterBody: 'excerpt' } })],
  [review.reviewQueue, async () => ({})],
  [
    review.requestChanges,
    async ({ t }) => {
      // A Contributor's post waiting for review.
      const writer = await createMember(t, 'contributor');
      const post = ok(
        'submit',
        await writer.api.call(blog.createPost, { body: { title: unique('Pending'), status: 'pending' } }),
      );
      return { params: { id: post._id }, body: { note: 'Please add a picture' } };
    },
  ],
  [revisions.listRevisions, async (ctx) => ({ params: { docType: 'post', docId: await ownDraftId(ctx) } })],
  [revisions.getRevision, async (ctx) => ({ params: { id: await ownRevisionId(ctx) } })],
  [revisions.restoreRevision, async (ctx) => ({ params: { id: await ownRevisionId(ctx) } })],
  [setup.listSetupNotices, async () => ({})],
  [staff.getAccount, async () => ({})],
  [passkeys.listPasskeys, async () => ({})],
  [passkeys.passkeyRegistrationOptions, async () => ({})],
  [
    passkeys.addPasskey,
    async ({ me }) => {
      const options = await me.api.call(passkeys.passkeyRegistrationOptions);
      const authenticator = new SoftAuthenticator({ origin: TEST_ORIGIN, rpId: 'localhost' });
      return { body: { name: 'Phone', response: authenticator.register(options.data as never) }, after: dropPasskeys };
    },
  ],
  [
    passkeys.renamePasskey,
    async ({ me }) => ({
      params: { id: (await addSoftPasskey(me.api)).id },
      body: { name: 'Key' },
      after: dropPasskeys,
    }),
  ],
  [
    passkeys.removePasskey,
    async ({ me }) => ({ params: { id: (await addSoftPasskey(me.api)).id }, after: dropPasskeys }),
  ],
  [passkeys.passkeyReauthOptions, async () => ({})],
  [
    passkeys.passkeyReauth,
    async ({ me }) => ({
      body: { response: await reauthAssertion(me.api, (await addSoftPasskey(me.api)).authenticator) },
      after: dropPasskeys,
    }),
  ],
  [profile.getProfile, async () => ({})],
  [
    profile.saveProfile,
    async ({ me }) => {
      const { name, segment } = ok('profile', await me.api.call(profile.getProfile));
      return { body: { name, segment, bio: 'Writes here.', avatar: '', website: '' } };
    },
  ],
  [profile.requestEmailChange, async () => ({ body: { email: `${unique('moved')}@example.com` } })],
  [profile.listAuthors, async () => ({})],
  [
    profile.setPostAuthors,
    async (ctx) => ({ params: { id: await ownDraftId(ctx) }, body: { authorIds: [ctx.me.id] } }),
  ],
  [sessions.listSessions, async () => ({})],
  [
    sessions.endSession,
    async (ctx) => ({ params: { id: await sessionIdOf(ctx, (await signIn(ctx.t, ctx.me)).token) } }),
  ],
  [sessions.endOtherSessions, async () => ({ after: signInAgain })],
  [sessions.listPersonSessions, async (ctx) => ({ params: { id: await someone(ctx) } })],
  [
    sessions.endPersonSession,
    async (ctx) => {
      const other = await createMember(ctx.t, 'author');
      return { params: { id: other.id, sid: await sessionIdOf(ctx, other.token) } };
    },
  ],
  [sessions.endPersonSessions, async (ctx) => ({ params: { id: await someone(ctx) } })],
  [sessions.reauthenticate, async ({ me }) => ({ body: { password: me.password } })],
  [staff.listStaff, async () => ({})],
  [staff.inviteStaff, async () => ({ body: { email: `${unique('new')}@example.com`, role: 'author' } })],
  [staff.resendInvite, async (ctx) => ({ params: { id: await ownerInvite(ctx) } })],
  [staff.revokeInvite, async (ctx) => ({ params: { id: await ownerInvite(ctx) } })],
  [staff.updateStaff, async (ctx) => ({ params: { id: await someone(ctx) }, body: { mayNewsletter: true } })],
  [staff.suspendStaff, async (ctx) => ({ params: { id: await someone(ctx) } })],
  [
    staff.reactivateStaff,
    async (ctx) => {
      const id = await someone(ctx);
      await ctx.t.services.db.updateTable('users').set({ status: 'suspended' }).where('id', '=', id).execute();
      return { params: { id } };
    },
  ],
  [staff.deleteStaff, async (ctx) => ({ params: { id: await someone(ctx) }, body: { reassignTo: ctx.owner.id } })],
  [
    staff.transferOwnership,
    async (ctx) => {
      const heir = await createMember(ctx.t, 'administrator');
      return {
        body: { to: heir.id },
        // The heir hands the site back, so the Owner stays who the other tests expect.
        after: async ({ owner }) => {
          ok('hand back', await heir.api.call(staff.transferOwnership, { body: { to: owner.id } }));
        },
      };
    },
  ],
  [subscribers.listSubscribers, async () => ({})],
  [
    subscribers.removeSubscriber,
    async ({ t, owner }) => {
      const email = `${unique('sub')}@example.com`.toLowerCase();
      await createSubscriber(owner, email);
      const row = await t.services.db
        .selectFrom('subscribers')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      return { params: { id: row.id } };
    },
  ],
  [subscribers.exportSubscribers, async () => ({})],
  [activityLog.listActivity, async () => ({})],
  [twoFactor.getTwoFactor, async () => ({})],
  [
    twoFactor.startTotpSetup,
    async ({ t, me }) => {
      await t.services.twoFactor.resetFactors(me.id);
      return {};
    },
  ],
  [
    twoFactor.confirmTotp,
    async (ctx) => {
      const secret = await pendingTotp(ctx);
      totpSecrets.set(ctx.me.id, secret);
      return { body: { code: await generate({ secret }) } };
    },
  ],
  [twoFactor.disableTotp, async (ctx) => ({ body: { code: await currentCode(ctx) } })],
  [twoFactor.regenerateRecoveryCodes, async (ctx) => ({ body: { code: await currentCode(ctx) } })],
  [twoFactor.reauthWithCode, async (ctx) => ({ body: { code: await currentCode(ctx) } })],
  [twoFactor.getSecurityPolicy, async () => ({})],
  [twoFactor.setSecurityPolicy, async () => ({ body: { scope: 'off', graceDays: 0 } })],
  [activityLog.exportActivity, async () => ({})],
  [
    subscribers.addSubscriber,
    async () => ({ body: { email: `${unique('add')}@example.com`, confirmed: true, source: 'tests' } }),
  ],
  [
    subscribers.importSubscribers,
    async () => ({ body: { csv: `email\n${unique('imp')}@example.com\n`, confirmed: true, source: 'tests' } }),
  ],
  [
    uploads.uploadImage,
    async () => {
      const { headers, payload } = await multipart([
        { field: 'image', data: await image('png'), filename: 'photo.png', type: 'image/png' },
      ]);
      return { headers, body: payload };
    },
  ],
  [redirects.listRedirects, async () => ({ query: { search: 'old', page: 1 } })],
  [
    redirects.createRedirect,
    async () => ({ body: { from: `/${unique('from')}`, to: `/${unique('to')}`, status: 302 } }),
  ],
  [
    redirects.updateRedirect,
    async (ctx) => ({ params: { id: await ownerRedirectId(ctx) }, body: { from: `/${unique('moved')}`, status: 410 } }),
  ],
  [redirects.deleteRedirect, async (ctx) => ({ params: { id: await ownerRedirectId(ctx) } })],
  [redirects.exportRedirects, async () => ({})],
  [siteExport.exportSummary, async () => ({})],
  [siteExport.exportSite, async () => ({})],
  [siteExport.exportWxr, async () => ({})],
  [redirects.importRedirects, async () => ({ body: { csv: `from,to,status\n/${unique('imp')},/x,301\n` } })],
  [redirects.listNotFound, async () => ({})],
  [imports.listImports, async () => ({})],
  [
    imports.uploadImport,
    async () => {
      const { headers, payload } = await multipart([{ field: 'file', data: EMPTY_WXR, filename: 'empty.xml' }]);
      return { headers, body: payload };
    },
  ],
  [imports.getImport, async (ctx) => ({ params: { id: await analysedEmptyImport(ctx.owner) } })],
  [imports.importItems, async (ctx) => ({ params: { id: await ownerDoneImportId(ctx) }, query: { page: 1 } })],
  [
    imports.startImport,
    async (ctx) => ({ params: { id: await analysedEmptyImport(ctx.owner) }, body: {}, after: importsSettled }),
  ],
  [imports.undoImport, async (ctx) => ({ params: { id: await ownerDoneImportId(ctx) }, after: importsSettled })],
  [imports.discardImport, async (ctx) => ({ params: { id: await analysedEmptyImport(ctx.owner) } })],
  [imports.replaceImportImage, ownerFailedImage],
  [pages.listPages, async () => ({ query: { trash: '1' } })],
  [pages.getPage, async (ctx) => ({ params: { id: await ownerPageId(ctx) } })],
  [pages.createPage, async () => ({ body: { title: 'New page', segment: unique('new-page'), blocks: [] } })],
  [
    pages.updatePage,
    async (ctx) => ({
      params: { id: await ownerPageId(ctx) },
      body: { title: 'Changed page', segment: unique('changed-page'), blocks: [] },
    }),
  ],
  [pages.setPageStatus, async (ctx) => ({ params: { id: await ownerPageId(ctx) }, body: { status: 'published' } })],
  [pages.deletePage, async (ctx) => ({ params: { id: await ownerPageId(ctx) } })],
  [pages.restorePage, async (ctx) => ({ params: { id: await ownerTrashedPageId(ctx) } })],
  [pages.pagePreviewLink, async (ctx) => ({ params: { id: await ownerPageId(ctx) } })],
  [
    pages.createStarterPage,
    async (ctx) => {
      await freeCareers(ctx);
      return { body: { kind: 'careers' } };
    },
  ],
  [redirects.ignoreNotFound, async () => ({ body: { path: `/${unique('ignored')}` } })],
  [uploads.listMedia, async () => ({})],
  [siteIdentity.getIdentity, async () => ({})],
  // The identity as it is: a save that changes nothing, so the other roles' calls find the site as it was.
  [siteIdentity.saveIdentity, async ({ t }) => ({ body: await t.services.identity.get() })],
  [
    siteIdentity.uploadIdentityImage,
    async () => {
      const { headers, payload } = await multipart([
        { field: 'image', data: await image('png', 64, 64), filename: 'icon.png', type: 'image/png' },
      ]);
      return { query: { kind: 'favicon' }, headers, body: payload };
    },
  ],
  [navigation.getNavigation, async () => ({})],
  // The navigation as it is: a save that changes nothing (nothing saved stays nothing saved).
  [
    navigation.saveNavigation,
    async ({ t }) => {
      const { navigation: saved, custom } = await t.services.navigation.get();
      return { body: { navigation: custom ? saved : null } };
    },
  ],
  [navigation.navigationTargets, async () => ({ query: { kind: 'category' } })],
  [uploads.updateMedia, async (ctx) => ({ params: { id: await ownUploadId(ctx) }, body: { alt: 'Alt text' } })],
  [uploads.deleteMedia, async (ctx) => ({ params: { id: await ownUploadId(ctx) } })],
  [analytics.getAnalytics, async () => ({ query: { from: '2026-01-01', to: '2026-01-31' } })],
  // The posts' table: the one an Author may download (the site's tables need `analytics.all`).
  [analytics.exportAnalytics, async () => ({ query: { from: '2026-01-01', to: '2026-01-31', table: 'posts' } })],
  [analytics.postAnalytics, async (ctx) => ({ params: { id: await ownDraftId(ctx) } })],
  [analytics.getAnalyticsSettings, async () => ({})],
  // The settings as they are: a save that changes nothing.
  [analytics.saveAnalyticsSettings, async ({ t }) => ({ body: await t.services.analytics.settings() })],
]);

const ADMIN_ENDPOINTS = ALL_ENDPOINTS.filter((e) => e.access === 'admin');
const nameOf = (e: Endpoint) => `${e.method} ${e.path}`;

describe.each(DATABASE_KINDS)('roles × admin endpoints on %s', (kind) => {
  let t: TestApp;
  let owner: Context['owner'];
  beforeAll(async () => {
    t = await buildTestApp(kind, { app: { rateLimits: NO_RATE_LIMITS } });
    const admin = await loggedInAdmin(t);
    owner = { ...admin, id: (await createMember(t, 'owner')).id };
  });
  afterAll(() => t.close());

  it('has an example input for every admin endpoint of the contract', () => {
    expect(ADMIN_ENDPOINTS.length).toBeGreaterThan(50);
    const missing = ADMIN_ENDPOINTS.filter((e) => !EXAMPLES.has(e)).map(nameOf);
    expect(missing, 'admin endpoints without an example in EXAMPLES').toEqual([]);
  });

  it.each(ROLES)(
    'the %s gets 2xx where the role table allows and 403 (changing nothing) elsewhere',
    async (role) => {
      const ctx: Context = { t, owner, me: await createMember(t, role) };
      const person = { role, mayNewsletter: false, categoryIds: [] };
      let allowed = 0;
      let refused = 0;
      for (const endpoint of ADMIN_ENDPOINTS) {
        const example = EXAMPLES.get(endpoint);
        if (!example) throw new Error(`${nameOf(endpoint)} has no example`);
        const { after, ...input } = await example(ctx);
        const call = () => api(t).callRaw(endpoint, { token: ctx.me.token, ...input });
        if (can(person, endpoint.allow!)) {
          const res = await call();
          expect.soft(res.status, `${nameOf(endpoint)}: ${res.text}`).toBeGreaterThanOrEqual(200);
          expect.soft(res.status, `${nameOf(endpoint)}: ${res.text}`).toBeLessThan(300);
          await after?.(ctx);
          allowed++;
        } else {
          const before = await databaseState(t);
          const res = await call();
          expect.soft(res.status, nameOf(endpoint)).toBe(403);
          expect.soft(res.body, nameOf(endpoint)).toEqual({ message: TEAM_MESSAGES.forbidden });
          expect.soft(await databaseState(t), `${nameOf(endpoint)} changed something`).toBe(before);
          refused++;
        }
      }
      expect(allowed + refused).toBe(ADMIN_ENDPOINTS.length);
      // The table really differs between roles: the Owner may do everything, a Contributor much less.
      if (role === 'owner') expect(refused).toBe(0);
      if (role === 'contributor') expect(refused).toBeGreaterThan(20);
    },
    120_000,
  );
});
