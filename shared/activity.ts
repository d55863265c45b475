/**
 * What the activity log records (docs/product.md#activity-log, docs/decisions/0019-activity-log.md): one
 * action per kind of event, with the label the log screen and its CSV show. A module records an event with
 * `services.activity.record(trx, entry)` in the transaction of the change it records.
 */
export const ACTIVITY_ACTIONS = [
  // Signing in
  'sign-in',
  'sign-in.failed',
  'second-step.failed',
  'reauth.failed',
  'session.ended',
  // Passwords, factors, the account's e-mail
  'password.changed',
  'password.reset-requested',
  'password.reset',
  'password.reset-guessing',
  'email.changed',
  'factor.added',
  'factor.removed',
  'recovery-codes.regenerated',
  'factors.reset',
  'two-factor.policy-changed',
  // The team
  'invite.sent',
  'invite.resent',
  'invite.revoked',
  'invite.accepted',
  'role.changed',
  'switches.changed',
  'person.suspended',
  'person.reactivated',
  'person.deleted',
  'ownership.transferred',
  // Content
  'post.published',
  'post.unpublished',
  'post.scheduled',
  'post.deleted',
  'post.restored',
  'post.purged',
  'newsletter.sent',
  'section.changed',
  'settings.changed',
  'page.created',
  'page.changed',
  'page.published',
  'page.unpublished',
  'page.scheduled',
  'page.deleted',
  'page.restored',
  'redirect.created',
  'redirect.changed',
  'redirect.deleted',
  'redirects.imported',
  // Imports of another site
  'import.started',
  'import.undone',
  'import.image-replaced',
  // Exports
  'subscribers.exported',
  'activity.exported',
  'site.exported',
  'wxr.exported',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

export const ACTIVITY_ACTION_LABELS: Record<ActivityAction, string> = {
  'sign-in': 'Signed in',
  'sign-in.failed': 'Failed sign-in',
  'second-step.failed': 'Failed second step',
  'reauth.failed': 'Failed re-authentication',
  'session.ended': 'Session ended',
  'password.changed': 'Password changed',
  'password.reset-requested': 'Password reset requested',
  'password.reset': 'Password reset',
  'password.reset-guessing': 'Reset codes paused after guessing',
  'email.changed': 'E-mail changed',
  'factor.added': 'Sign-in factor added',
  'factor.removed': 'Sign-in factor removed',
  'recovery-codes.regenerated': 'Recovery codes regenerated',
  'factors.reset': 'Sign-in factors reset',
  'two-factor.policy-changed': 'Two-factor requirement changed',
  'invite.sent': 'Invitation sent',
  'invite.resent': 'Invitation resent',
  'invite.revoked': 'Invitation revoked',
  'invite.accepted': 'Invitation accepted',
  'role.changed': 'Role changed',
  'switches.changed': 'Switches changed',
  'person.suspended': 'Person suspended',
  'person.reactivated': 'Person reactivated',
  'person.deleted': 'Person deleted',
  'ownership.transferred': 'Ownership transferred',
  'post.published': 'Post published',
  'post.unpublished': 'Post back to draft',
  'post.scheduled': 'Post scheduled',
  'post.deleted': 'Post deleted',
  'post.restored': 'Post restored',
  'post.purged': 'Post deleted forever',
  'newsletter.sent': 'Newsletter sent',
  'section.changed': 'Landing section changed',
  'settings.changed': 'Settings changed',
  'page.created': 'Page created',
  'page.changed': 'Page changed',
  'page.published': 'Page published',
  'page.unpublished': 'Page back to draft',
  'page.scheduled': 'Page scheduled',
  'page.deleted': 'Page deleted',
  'page.restored': 'Page restored',
  'redirect.created': 'Redirect added',
  'redirect.changed': 'Redirect changed',
  'redirect.deleted': 'Redirect deleted',
  'redirects.imported': 'Redirects imported',
  'import.started': 'Import started',
  'import.undone': 'Import undone',
  'import.image-replaced': 'Imported image replaced by hand',
  'subscribers.exported': 'Subscribers exported',
  'activity.exported': 'Activity log exported',
  'site.exported': 'Site exported (ZIP)',
  'wxr.exported': 'Posts and pages exported (WordPress file)',
};

/** What an entry is about; its id and a label as it was (a title, an e-mail, a section's name). */
export const ACTIVITY_TARGET_TYPES = [
  'person',
  'invitation',
  'post',
  'section',
  'settings',
  'session',
  'site',
  'redirect',
  'page',
  'import',
] as const;
export type ActivityTargetType = (typeof ACTIVITY_TARGET_TYPES)[number];

/** Facts kept with an entry: names and counts, never a secret value (a password, a code, a key). */
export type ActivityDetail = Record<string, string | number | boolean>;

/** How long entries are kept unless ACTIVITY_RETENTION_DAYS says otherwise. */
export const ACTIVITY_RETENTION_DAYS = 365;
