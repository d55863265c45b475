import type { Generated } from 'kysely';
import type { Role } from '#shared/roles.ts';
import type { RevisionDocType } from '#shared/api/revisions.ts';

/**
 * Table types for Kysely. Ids are application-made UUID strings and timestamps ISO-8601 UTC text, the
 * same on SQLite and PostgreSQL (docs/decisions/0002-portable-schema.md); flags are 0/1 integers.
 *
 * Each table belongs to one module of server/modules/, and only that module's repositories read or write
 * it; another module asks the owner's service, given to it in its deps object (server/services.ts):
 *
 * | module       | tables                                                                           |
 * | ------------ | -------------------------------------------------------------------------------- |
 * | activity     | activity_log                                                                     |
 * | analytics    | analytics_salts, analytics_events, analytics_daily, analytics_goals              |
 * | auth         | users, sessions, password_resets, staff_invites, email_changes, author_redirects |
 * | auth         | totp_factors, recovery_codes, second_step_tickets, security_policy               |
 * | auth         | passkeys, webauthn_challenges                                                    |
 * | autosave     | autosaves                                                                        |
 * | blog         | blog_categories, blog_posts, blog_redirects, trash, post_authors                 |
 * | blog         | blog_tags, post_tags, tag_redirects                                              |
 * | blog         | related_posts, related_dirty                                                     |
 * | blog         | post_search                                                                      |
 * | contact      | contact_messages                                                                 |
 * | content      | content_sections, content_fields, content_items, landing_layout                  |
 * | jobs         | job_runs                                                                         |
 * | site-import  | imports, import_items                                                            |
 * | mail         | mail_outbox                                                                      |
 * | newsletter   | campaigns, newsletter_messages, newsletter_links                                 |
 * | pages        | pages, page_redirects                                                            |
 * | presence     | edit_presence                                                                    |
 * | redirects    | redirects, not_found_log                                                         |
 * | revisions    | revisions                                                                        |
 * | site-meta    | site_meta                                                                        |
 * | subscribers  | subscribers                                                                      |
 * | uploads      | uploads                                                                          |
 *
 * (SQLite's full-text table post_search_fts, and its shadow tables, go with post_search.)
 *
 * Backups (server/backup/) copy every table whole, and foreign keys may point across modules (a campaign
 * goes with its post); neither is a module reading another's rows.
 */
export interface Database {
  content_sections: ContentSectionTable;
  content_fields: ContentFieldTable;
  content_items: ContentItemTable;
  edit_presence: EditPresenceTable;
  landing_layout: LandingLayoutTable;
  site_meta: SiteMetaTable;
  users: UserTable;
  contact_messages: ContactMessageTable;
  mail_outbox: MailOutboxTable;
  uploads: UploadTable;
  sessions: SessionTable;
  password_resets: PasswordResetTable;
  blog_categories: BlogCategoryTable;
  blog_posts: BlogPostTable;
  blog_redirects: BlogRedirectTable;
  blog_tags: BlogTagTable;
  post_tags: PostTagTable;
  related_posts: RelatedPostTable;
  related_dirty: RelatedDirtyTable;
  tag_redirects: TagRedirectTable;
  post_search: PostSearchTable;
  subscribers: SubscriberTable;
  job_runs: JobRunTable;
  campaigns: CampaignTable;
  newsletter_messages: NewsletterMessageTable;
  newsletter_links: NewsletterLinkTable;
  revisions: RevisionTable;
  autosaves: AutosaveTable;
  trash: TrashTable;
  staff_invites: StaffInviteTable;
  post_authors: PostAuthorTable;
  email_changes: EmailChangeTable;
  author_redirects: AuthorRedirectTable;
  totp_factors: TotpFactorTable;
  recovery_codes: RecoveryCodeTable;
  second_step_tickets: SecondStepTicketTable;
  security_policy: SecurityPolicyTable;
  passkeys: PasskeyTable;
  webauthn_challenges: WebauthnChallengeTable;
  activity_log: ActivityLogTable;
  redirects: RedirectTable;
  pages: PageTable;
  page_redirects: PageRedirectTable;
  not_found_log: NotFoundLogTable;
  imports: ImportTable;
  import_items: ImportItemTable;
  analytics_salts: AnalyticsSaltTable;
  analytics_events: AnalyticsEventTable;
  analytics_daily: AnalyticsDailyTable;
  analytics_goals: AnalyticsGoalTable;
}

export interface ContentSectionTable {
  id: string;
  kind: string;
  updated_at: string;
  /** Raised by every save: an editor's save names the version it opened (docs/product.md#edit-conflicts). */
  version: Generated<number>;
}

/** The landing page's sections in order, shown or hidden; no rows: the spec's page. */
export interface LandingLayoutTable {
  section: string;
  position: number;
  hidden: number;
}

/** One open editor (a browser tab) of a post or a section, kept fresh by its heartbeat. */
export interface EditPresenceTable {
  /** `post:<id>` or `section:<key>`. */
  subject: string;
  tab: string;
  user_id: string;
  name: string;
  seen_at: string;
  typed_at: string | null;
}

export interface ContentFieldTable {
  section_id: string;
  name: string;
  value: string;
}

export interface ContentItemTable {
  id: string;
  section_id: string;
  position: number;
  title: string | null;
  description: string | null;
  image_url: string | null;
  product_link: string | null;
  modal_description: string | null;
  modal_img: string | null;
}

/** Small key/value facts about the site, such as the content version that keys the page cache. */
export interface SiteMetaTable {
  key: string;
  value: string;
}

export interface UserTable {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  created_at: string;
  updated_at: string;
  /** One of ROLES (shared/roles.ts); exactly one row is 'owner' (a unique partial index holds it). */
  role: Generated<Role>;
  status: Generated<'active' | 'suspended'>;
  /** When the person last used a session (moved at most hourly, with the session's end). */
  last_seen_at: string | null;
  /** Authors: may send newsletters (shared/roles.ts, Switches). */
  may_newsletter: Generated<number>;
  /** Authors and Contributors: JSON list of the category ids they may post in; [] for all. */
  category_ids: Generated<string>;
  /** The author page's URL segment (`/authors/<segment>`, shared/profile.ts): unique, lower-case. */
  segment: Generated<string>;
  bio: Generated<string>;
  /** An image of the media library, or ''. */
  avatar: Generated<string>;
  website: Generated<string>;
  /** A new address waiting for its confirmation link (email_changes) to be followed. */
  pending_email: string | null;
}

/** A link that confirms a new e-mail address: single use, valid EMAIL_CHANGE_TTL_MS (server/modules/auth/profile-service.ts). */
export interface EmailChangeTable {
  token_hash: string;
  user_id: string;
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** An author page's old segment, answered with a 301 to the person's current one. */
export interface AuthorRedirectTable {
  old_segment: string;
  user_id: string;
  created_at: string;
}

/** An invitation to join the staff: a single-use link, valid INVITE_TTL_MS (server/modules/auth/invites.ts). */
export interface StaffInviteTable {
  id: string;
  email: string;
  role: Role;
  token_hash: string;
  invited_by: string | null;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  revoked_at: string | null;
}

/** The authors of a post, in byline order. */
export interface PostAuthorTable {
  post_id: string;
  user_id: string;
  position: number;
}

export interface ContactMessageTable {
  id: string;
  name: string;
  email: string;
  message: string;
  ip: string | null;
  is_read: Generated<number>;
  created_at: string;
  /** Who marked it read (their name then); null while unread. */
  read_by: Generated<string | null>;
}

export interface MailOutboxTable {
  id: string;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  headers: string | null;
  status: 'pending' | 'sending' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  campaign_id: string | null;
  dedupe_key: string | null;
  /** The worker holding the claim: `identity:pid:incarnation` (server/modules/mail/worker.ts). */
  claimed_by: string | null;
  /** No retry after this; null: three days after `created_at`. */
  give_up_at: string | null;
  /** The person whose action sent it (an invitation, a review note); null for the site's own mails. */
  requested_by: string | null;
}

export interface UploadTable {
  id: string;
  url: string;
  mime_type: string;
  width: number;
  height: number;
  bytes: number;
  created_at: string;
  /** The name of the file the administrator uploaded (what the library searches). */
  original_name: Generated<string>;
  alt: Generated<string>;
  /** The account that uploaded it (null: uploaded before the team existed). */
  uploaded_by: string | null;
}

export interface SessionTable {
  id: string;
  user_id: string;
  /** SHA-256 of the bearer token; the token itself is never stored. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** How it began: shared/sign-in.ts SIGN_IN_METHODS. */
  method: Generated<string>;
  /** The browser's User-Agent at sign-in, cut to 400 characters. */
  user_agent: Generated<string>;
  /** The client address with its host part dropped (server/modules/auth/address-prefix.ts). */
  ip_prefix: Generated<string>;
  last_seen_at: string | null;
  /** When its holder last re-entered a password or factor (re-authentication). */
  reauth_at: string | null;
}

/** At most one live code per user: a new request replaces the row. */
export interface PasswordResetTable {
  user_id: string;
  code_hash: string;
  expires_at: string;
  failed_attempts: number;
  used_at: string | null;
  created_at: string;
  /** When the account's current window of reset codes began (null before the first code). */
  window_started_at: string | null;
  /** Codes sent in that window (at most RESET_CODES_PER_WINDOW in server/modules/auth/service.ts). */
  codes_in_window: Generated<number>;
  /** Codes compared on `failure_day` (UTC), whichever code and address: at most RESET_GUESSES_PER_DAY. */
  day_failures: Generated<number>;
  failure_day: string | null;
  /** Set when the code went out past the spent budget to an address the account signed in from. */
  own_prefix: string | null;
  /** The day that one code past the budget was sent. */
  own_day: string | null;
}

export interface BlogCategoryTable {
  id: string;
  name: string;
  name_key: string;
  slug: string;
  /** The address lower-cased: unique, as addresses are found ignoring case. */
  slug_key: string;
  created_at: string;
  updated_at: string;
}

export interface BlogPostTable {
  id: string;
  title: string;
  excerpt: string;
  content: string;
  feature_image: string;
  category_id: string | null;
  /** The post's URL segment (docs/product.md#blog-urls), unique within its category. */
  slug: string;
  created_at: string;
  updated_at: string;
  status: Generated<PostStatus>;
  /** When a scheduled post is due (ISO, UTC). */
  publish_at: string | null;
  /** When it first became public; public lists are ordered by it. */
  published_at: string | null;
  /** The secret of its shareable preview link; null when there is none. */
  preview_token: string | null;
  /** The URL segment the administrator chose ('' for the one made from the title). */
  custom_slug: Generated<string>;
  meta_title: Generated<string>;
  meta_description: Generated<string>;
  social_image: Generated<string>;
  /** 1: publishing this scheduled post e-mails the subscribers. */
  newsletter: Generated<number>;
  /** When it went to the trash; null for a post that is not there. */
  deleted_at: string | null;
  /** Who put it there (their name then). */
  deleted_by: Generated<string | null>;
  /** The reviewer's last "Request changes": the note, who and when (null once published). */
  review_note: string | null;
  review_by: string | null;
  review_at: string | null;
  /** The words of its content, counted on every write: its reading time (shared/reading-time.ts). */
  word_count: Generated<number>;
  /** Raised by one with every save: an editor's save names the version it opened (docs/product.md#edit-conflicts). */
  version: Generated<number>;
}

export type PostStatus = 'draft' | 'scheduled' | 'published' | 'pending';

/** The e-mailing of one post to the confirmed subscribers, fanned out into the outbox in chunks. */
export interface CampaignTable {
  id: string;
  post_id: string;
  status: 'fanning-out' | 'sending' | 'done';
  /** Id of the last subscriber fanned out. */
  cursor: string | null;
  recipients: Generated<number>;
  /** Final counts, kept when sent rows are cleaned from the outbox. */
  sent: Generated<number>;
  failed: Generated<number>;
  locked_until: string | null;
  created_at: string;
  finished_at: string | null;
  /** What it was sent with (copied from newsletter_messages, or the defaults); null: made before they existed. */
  subject: string | null;
  preheader: string | null;
  /** 1: its links lead through `/r/<token>` and their clicks are counted (newsletter_links). */
  count_clicks: Generated<number>;
}

/** A post's newsletter subject and preheader as the editor set them before it is sent; '' is the default. */
export interface NewsletterMessageTable {
  post_id: string;
  subject: string;
  preheader: string;
  updated_at: string;
  /** 1: the newsletter will count clicks on its links (off by default). */
  count_clicks: Generated<number>;
}

/**
 * A link of a newsletter sent with click counting (migration 2026-12-09-0040): its id is the random token of
 * `PUBLIC_URL/r/<token>`, which answers 302 to `url`. Clicks per link, never per reader.
 */
export interface NewsletterLinkTable {
  id: string;
  campaign_id: string;
  url: string;
  position: number;
  clicks: Generated<number>;
  created_at: string;
}

/** A post's earlier address (`/blogs/<category>/<slug>`), answered with a 301 to the current one. */
/** A tag (docs/product.md#tags); a name starting with `#` is internal, never shown or linked publicly. */
/**
 * A post's text as the search index reads it (migration 2026-12-01-0027-search, docs/decisions/0023-search.md):
 * plain text, one row per post. The engines' own columns (SQLite's rowid `id` and FTS5 table, PostgreSQL's
 * generated `head` and `document` vectors) are read only by server/modules/blog/search-repository.ts.
 */
export interface PostSearchTable {
  post_id: string;
  /** 'public' (published, not in the trash), 'hidden' (not published) or 'trashed'. */
  visibility: 'public' | 'hidden' | 'trashed';
  title: string;
  /** Public tag names, category name, authors' names. */
  terms: string;
  excerpt: string;
  body: string;
  /** The post's publication date (migration 2026-12-02-0029): public results rank without reading posts. */
  published_at: string | null;
}

export interface BlogTagTable {
  id: string;
  name: string;
  /** The name lower-cased: unique, as tags are matched ignoring case. */
  name_key: string;
  slug: string;
  /** The address lower-cased: unique, as addresses are found ignoring case. */
  slug_key: string;
  description: string;
  meta_title: string;
  meta_description: string;
  created_at: string;
  updated_at: string;
}

/** A post's tags, in the order the editor shows them. */
export interface PostTagTable {
  post_id: string;
  tag_id: string;
  position: number;
}

/** A post's Read next list, best first (server/modules/blog/related.ts). */
export interface RelatedPostTable {
  post_id: string;
  related_id: string;
  position: number;
}

/** A post whose Read next list is stale, marked in the transaction of the write that made it so. */
export interface RelatedDirtyTable {
  post_id: string;
  marked_at: string;
}

/** A renamed tag's old address, answered with a 301 to its current page. */
export interface TagRedirectTable {
  old_slug_key: string;
  tag_id: string;
  created_at: string;
}

export interface BlogRedirectTable {
  path: string;
  post_id: string;
  created_at: string;
}

export interface SubscriberTable {
  id: string;
  email: string;
  status: 'pending' | 'confirmed' | 'unsubscribed';
  /** The post the visitor subscribed from, if any. */
  blog_id: string | null;
  created_at: string;
  updated_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  /** Where an address the administrator added gave its consent. */
  consent_source: string | null;
}

/** When each periodic job last ran (server/modules/jobs); claiming a run moves it forward. */
export interface JobRunTable {
  name: string;
  last_run_at: string;
}

/** One saved state of a post or a landing section (docs/product.md#revisions). */
export interface RevisionTable {
  id: string;
  doc_type: RevisionDocType;
  /** The post's id, or the section's key. */
  doc_id: string;
  /** `submit`, `changes`, `publish`: the review steps (docs/product.md#review). */
  action: 'save' | 'restore' | 'submit' | 'changes' | 'publish';
  /** The document as saved, JSON. */
  data: string;
  /** JSON list of the fields this save changed. */
  changed: string;
  author_id: string | null;
  author_name: string;
  created_at: string;
  /** The note of a review step. */
  note: string | null;
}

/** What the post editor holds but has not saved (one per administrator and post, 'new' for a new one). */
export interface AutosaveTable {
  user_id: string;
  doc_key: string;
  data: string;
  saved_at: string;
}

/** Things deleted that can still be brought back (a category with where its posts were). */
export interface TrashTable {
  id: string;
  kind: 'category';
  data: string;
  deleted_at: string;
}

/** A person's passkey (WebAuthn credential): docs/decisions/0022-passkeys.md. */
export interface PasskeyTable {
  id: string;
  user_id: string;
  /** The credential id, base64url. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The last signature counter seen (0: the authenticator does not count). A bigint: text on PostgreSQL. */
  counter: Generated<string | number>;
  /** JSON array of transports the browser reported (usb, internal, hybrid …). */
  transports: Generated<string>;
  name: string;
  backup_eligible: Generated<number>;
  backed_up: Generated<number>;
  created_at: string;
  last_used_at: string | null;
}

/** A WebAuthn ceremony in progress: single use (taken by deleting the row), 5 minutes. */
export interface WebauthnChallengeTable {
  challenge: string;
  purpose: string;
  user_id: string | null;
  expires_at: string;
}

/** A person's authenticator secret (server/modules/auth/totp.ts): encrypted; a factor once confirmed. */
export interface TotpFactorTable {
  user_id: string;
  /** AES-256-GCM of the base32 secret (server/modules/auth/secret-box.ts). */
  secret: string;
  confirmed_at: string | null;
  /** The time step of the last accepted code; only a later one is accepted (a code is never taken twice). */
  last_step: Generated<number>;
  created_at: string;
}

/** Single-use recovery codes (server/modules/auth/two-factor-service.ts), hashed with the user id. */
export interface RecoveryCodeTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

/** Between the password and the second step of sign-in (server/modules/auth/two-factor-service.ts). */
export interface SecondStepTicketTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  failed_attempts: Generated<number>;
  used_at: string | null;
}

/** The Owner's two-factor requirement: one row, id 'site' (server/modules/auth/two-factor-service.ts). */
export interface SecurityPolicyTable {
  id: string;
  scope: string;
  grace_days: number;
  set_at: string;
  set_by: string | null;
}

/** Append-only (docs/decisions/0019-activity-log.md): a trigger refuses changing a row but its count. */
export interface ActivityLogTable {
  /** `newSortableId()`: rows of one millisecond keep their order in (at, id) paging. */
  id: string;
  at: string;
  /** shared/activity.ts ACTIVITY_ACTIONS. */
  action: string;
  actor_id: string | null;
  /** The actor's name as it was (the row outlives the account). */
  actor_name: string | null;
  target_type: string | null;
  target_id: string | null;
  target_label: string | null;
  /** JSON object of non-secret facts. */
  detail: Generated<string>;
  ip_prefix: Generated<string>;
  count: Generated<number>;
  last_at: string;
  fold_key: string | null;
}

/** A page at /{segment} built from blocks (docs/product.md#pages). */
export interface PageTable {
  id: string;
  title: string;
  /** The address `/{segment}` as typed (lower-case letters, digits, hyphens). */
  segment: string;
  /** The segment lower-cased: unique, so no two pages share an address. */
  segment_key: string;
  /** The blocks, JSON (shared/page-blocks.ts), sanitised before every save. */
  blocks: string;
  /** The page's words for the site search (server/lib/page-blocks.ts `blocksText`). */
  search_text: Generated<string>;
  status: Generated<'draft' | 'scheduled' | 'published'>;
  publish_at: string | null;
  published_at: string | null;
  preview_token: string | null;
  meta_title: Generated<string>;
  meta_description: Generated<string>;
  social_image: Generated<string>;
  deleted_at: string | null;
  deleted_by: string | null;
  /** Raised by one with every save; a save names the one it opened (409 over a newer one). */
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** An old address of a renamed page: answers 301 to where the page is now. */
export interface PageRedirectTable {
  path: string;
  page_id: string;
  created_at: string;
}

export interface RedirectTable {
  id: string;
  /** `/old` (exact) or `/old/*` (prefix); unique. */
  from_path: string;
  /** Empty for a 410. */
  to_path: string;
  status: number;
  /** BIGINT: PostgreSQL answers it as text. */
  hits: Generated<number | string>;
  last_hit_at: string | null;
  created_at: string;
  updated_at: string;
  /** The import that made it (docs/product.md#import); null: made by hand. */
  import_id: string | null;
  /** The import that pointed this rule elsewhere, and where it led before (its Undo puts it back; migration 0038). */
  import_retarget_id: string | null;
  import_previous_to: string | null;
}

export interface NotFoundLogTable {
  path: string;
  hits: Generated<number | string>;
  last_seen_at: string;
  referrer_host: string | null;
  ignored: Generated<number>;
}

/** An import of another site (server/db/migrations/2026-12-06-0037-imports.ts). */
export interface ImportTable {
  id: string;
  kind: string;
  /** The old site: its kind and address; a second import of it finds what the first made. */
  source_id: Generated<string>;
  file_name: string;
  /** Its folder under DATA_DIR/imports/ (the uploaded files). */
  folder: string;
  status: 'analysed' | 'queued' | 'running' | 'done' | 'failed' | 'undoing' | 'undone' | 'cancelled';
  /** JSON: shared/api/imports.ts ImportSummary. */
  summary: Generated<string>;
  /** JSON: shared/api/imports.ts ImportOptions. */
  options: Generated<string>;
  phase: Generated<string>;
  done: Generated<number>;
  total: Generated<number>;
  error: string | null;
  lease_owner: string | null;
  lease_until: string | null;
  created_by: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  undone_at: string | null;
}

/** One thing of an import's source and what was made of it: the job's ledger, and what Undo removes. */
export interface ImportItemTable {
  import_id: string;
  /** `post:12`, `term:category:news`, `author:ann`, `image:<url>`, `redirect:/old`. */
  source_key: string;
  target_kind: string;
  target_id: string;
  /** `pending` (target chosen, write not confirmed), `created`, `replaced`, `existing`, `skipped`, `failed`. */
  outcome: string;
  label: Generated<string>;
  detail: Generated<string>;
  position: number;
}

/** The day's secret of the visitor hash (docs/decisions/0040-analytics.md); deleted after two days. */
export interface AnalyticsSaltTable {
  /** YYYY-MM-DD in the site's time zone. */
  day: string;
  salt: string;
}

/** A page view, a read-through or a search on the site; kept 30 days. */
export interface AnalyticsEventTable {
  at: string;
  day: string;
  kind: string;
  /** 16 hex characters of the day's hash: the same visitor within one day, nobody across days. */
  visitor: string;
  path: string;
  post_id: string | null;
  /** The referring site's host (never its path or query). */
  referrer: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  device: string;
  browser: string;
  country: string | null;
  /** A search's words (kind `search` or `search-empty`). */
  detail: string | null;
}

/** One day's visitors and views of one value of a dimension (shared/analytics.ts DIMENSIONS). */
export interface AnalyticsDailyTable {
  dimension: string;
  day: string;
  value: string;
  visitors: number | string;
  views: number | string;
}

/** A subscription or contact message and the page and referrer that led to it. */
export interface AnalyticsGoalTable {
  id: string;
  kind: string;
  /** The subscriber, for a subscription (confirmed later). */
  subject_id: string | null;
  path: string;
  post_id: string | null;
  referrer: string | null;
  created_at: string;
  done_at: string | null;
  done_day: string | null;
}
