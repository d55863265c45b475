/**
 * Who may do what: the one table the server's guards (server/routes/api/define.ts, the blog's own-post
 * rules) and the admin screens (sidebar entries, buttons) both read, so a person never sees a control
 * that would answer 403 (docs/decisions/0018-roles-and-permissions.md, docs/product.md#team-and-roles).
 */

export const ROLES = ['owner', 'administrator', 'editor', 'author', 'contributor'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  administrator: 'Administrator',
  editor: 'Editor',
  author: 'Author',
  contributor: 'Contributor',
};

export const ROLE_SUMMARIES: Record<Role, string> = {
  owner: 'Everything, and the only one who can hand the site over',
  administrator: 'Everything but handing the site over',
  editor: 'Every post, the landing page, media, messages, subscribers and newsletters',
  author: 'Writes and publishes their own posts',
  contributor: 'Writes drafts and submits them for review',
};

const EVERYONE: readonly Role[] = ROLES;
const EDITORS: readonly Role[] = ['owner', 'administrator', 'editor'];
const ADMINS: readonly Role[] = ['owner', 'administrator'];
const PUBLISHERS: readonly Role[] = ['owner', 'administrator', 'editor', 'author'];

/**
 * Every capability, with the roles that have it. Each admin endpoint of the contract (shared/api) names
 * the one it needs in `allow`. Capabilities about posts are about the person's own posts unless the
 * person also has `posts.all`.
 */
export const CAPABILITIES = {
  /** Their own account: who they are, log out, change password, profile, drafts kept while typing. */
  account: EVERYONE,
  /** Write posts: their own; with `posts.all` every post. */
  'posts.write': EVERYONE,
  /** Every post, whoever wrote it: read, edit, publish, delete, change its authors. */
  'posts.all': EDITORS,
  /** Make a post public: publish, schedule, take it back to draft. Without it, a post is a draft or pending. */
  'posts.publish': PUBLISHERS,
  /** Publish someone's pending post, or send it back with a note. */
  'posts.review': EDITORS,
  categories: EDITORS,
  /** The landing page's sections. */
  sections: EDITORS,
  /** Upload images, and see and edit their own in the media library; with `media.all` every upload. */
  'media.upload': EVERYONE,
  'media.all': EDITORS,
  messages: EDITORS,
  subscribers: EDITORS,
  /** A post's newsletter (preview, test, report, the send on publishing). Authors: when switched on for them. */
  newsletters: EDITORS,
  trash: EDITORS,
  /** The outgoing-mail screen: every e-mail the site sends, to anyone. */
  mail: ADMINS,
  settings: ADMINS,
  /**
   * Settings → Redirects and the 404 log (docs/product.md#redirects). Editors too: they manage the site's
   * structure (categories and tags, whose renames make the automatic redirects), and issue 26 gives this
   * part of Settings to Owners, Administrators and Editors.
   */
  redirects: EDITORS,
  /**
   * Pages at /{segment} built from blocks (docs/product.md#pages): create, edit, publish, delete. Not
   * Authors: a page is the site's own voice (imprint, terms, careers), like the landing page's sections,
   * which Authors do not edit either (docs/decisions/0034-pages.md).
   */
  pages: EDITORS,
  /** Settings → Site identity: the name, logos, favicon, accent colour, footer line, company details. */
  identity: EDITORS,
  /** Settings → Navigation: the header's menu and the footer's columns (docs/product.md#navigation). */
  navigation: EDITORS,
  /**
   * Tools → Import (docs/product.md#import): bring a WordPress or Ghost site in, and undo it. It writes
   * posts, pages, people, redirects and subscribers at once, so only those who may change everything.
   */
  'site.import': ADMINS,
  /** The staff list and invitations (an Editor invites only Authors and Contributors: INVITES). */
  'staff.invite': EDITORS,
  /** Change a person's role and switches, suspend, delete. */
  'staff.manage': ADMINS,
  'ownership.transfer': ['owner'],
  /** The activity log: sign-ins, security changes and what was published or deleted, by whom. */
  activity: ADMINS,
  /** End anyone's sessions (everyone sees and ends their own under `account`). */
  'sessions.all': ADMINS,
  /**
   * Settings → Export (docs/product.md#export): the whole site as one ZIP (authors' e-mails, subscribers,
   * messages) and the WordPress file of posts and pages. Like the staff and the activity log: Owners and
   * Administrators only (docs/decisions/0039-export.md).
   */
  'site.export': ADMINS,
  /**
   * The analytics dashboard (docs/product.md#analytics): Authors see their own posts' figures there and in
   * the editor; with `analytics.all` the whole site's (visitors, pages, referrers, searches, goals).
   */
  analytics: PUBLISHERS,
  'analytics.all': EDITORS,
  /** Require two-factor sign-in for everyone or for Administrators and Editors. */
  'security.policy': ['owner'],
} as const satisfies Record<string, readonly Role[]>;

export type Capability = keyof typeof CAPABILITIES;

/** The roles each role may invite (and give: a role change never gives more than this either). */
export const INVITES: Record<Role, readonly Role[]> = {
  owner: ['administrator', 'editor', 'author', 'contributor'],
  administrator: ['administrator', 'editor', 'author', 'contributor'],
  editor: ['author', 'contributor'],
  author: [],
  contributor: [],
};

/** The two per-person switches an Owner or Administrator sets (docs/product.md#team-and-roles). */
export interface Switches {
  /** Authors: may send a post's newsletter (Editors and above always may). */
  mayNewsletter: boolean;
  /** Authors and Contributors: the only categories they may post in; empty: every category. */
  categoryIds: readonly string[];
}

/** Which switches apply to a role (the staff screen shows only those). */
export const SWITCHES_OF: Record<Role, readonly (keyof Switches)[]> = {
  owner: [],
  administrator: [],
  editor: [],
  author: ['mayNewsletter', 'categoryIds'],
  contributor: ['categoryIds'],
};

export interface Person extends Switches {
  role: Role;
}

export function can(person: Person, capability: Capability): boolean {
  if ((CAPABILITIES[capability] as readonly Role[]).includes(person.role)) return true;
  return capability === 'newsletters' && person.role === 'author' && person.mayNewsletter;
}

/** Whether the person may file a post under this category (null: no category). */
export function mayUseCategory(person: Person, categoryId: string | null): boolean {
  if (!SWITCHES_OF[person.role].includes('categoryIds') || person.categoryIds.length === 0) return true;
  return categoryId !== null && person.categoryIds.includes(categoryId);
}
