import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import { withoutStatementTimeout, type Db } from './database';
import * as initial from './migrations/2026-11-22-0001-initial';
import * as sessions from './migrations/2026-11-22-0002-sessions-and-resets';
import * as blog from './migrations/2026-11-22-0003-blog';
import * as subscribers from './migrations/2026-11-22-0004-subscribers';
import * as blogLongAddresses from './migrations/2026-11-22-0005-blog-long-addresses';
import * as versionRowAndJobs from './migrations/2026-11-23-0006-version-row-and-jobs';
import * as publishing from './migrations/2026-11-23-0007-publishing';
import * as subscriberConsent from './migrations/2026-11-23-0008-subscriber-consent';
import * as history from './migrations/2026-11-23-0009-history';
import * as mediaLibrary from './migrations/2026-11-24-0010-media-library';
import * as uniquePostAddresses from './migrations/2026-11-24-0011-unique-post-addresses';
import * as mailClaims from './migrations/2026-11-25-0012-mail-claims';
import * as categoryAddressKeys from './migrations/2026-11-25-0013-category-address-keys';
import * as growthIndexes from './migrations/2026-11-26-0014-growth-indexes';
import * as listOrderIndexes from './migrations/2026-11-27-0015-list-order-indexes';
import * as pageSecret from './migrations/2026-11-27-0016-page-secret';
import * as resetCodeWindow from './migrations/2026-11-28-0017-reset-code-window';
import * as team from './migrations/2026-11-29-0018-team';
import * as profiles from './migrations/2026-11-29-0019-profiles';
import * as sessionDetails from './migrations/2026-11-30-0020-session-details';
import * as resetGuessBudget from './migrations/2026-11-30-0025-reset-guess-budget';
import * as activityLog from './migrations/2026-11-30-0021-activity-log';
import * as twoFactor from './migrations/2026-11-30-0022-two-factor';
import * as passkeys from './migrations/2026-11-30-0023-passkeys';
import * as tags from './migrations/2026-12-01-0026-tags';
import * as search from './migrations/2026-12-01-0027-search';
import * as readNext from './migrations/2026-12-01-0028-read-next';
import * as searchDates from './migrations/2026-12-02-0029-search-dates';
import * as postVersions from './migrations/2026-12-03-0030-post-versions';
import * as newsletterMessages from './migrations/2026-12-03-0031-newsletter-messages';
import * as sectionVersionsPresence from './migrations/2026-12-04-0032-section-versions-presence';
import * as redirects from './migrations/2026-12-04-0033-redirects';
import * as landingLayout from './migrations/2026-12-04-0035-landing-layout';
import * as pages from './migrations/2026-12-05-0036-pages';
import * as imports from './migrations/2026-12-06-0037-imports';
import * as redirectRetargets from './migrations/2026-12-07-0038-redirect-retargets';
import * as analytics from './migrations/2026-12-08-0039-analytics';
import * as newsletterClicks from './migrations/2026-12-09-0040-newsletter-clicks';

/**
 * Migrations are listed here rather than read from a folder at run time, so the bundled server carries
 * them. Names are date-prefixed and sort in the order they must run.
 */
const migrations: Record<string, Migration> = {
  '2026-11-22-0001-initial': initial,
  '2026-11-22-0002-sessions-and-resets': sessions,
  '2026-11-22-0003-blog': blog,
  '2026-11-22-0004-subscribers': subscribers,
  '2026-11-22-0005-blog-long-addresses': blogLongAddresses,
  '2026-11-23-0006-version-row-and-jobs': versionRowAndJobs,
  '2026-11-23-0007-publishing': publishing,
  '2026-11-23-0008-subscriber-consent': subscriberConsent,
  '2026-11-23-0009-history': history,
  '2026-11-24-0010-media-library': mediaLibrary,
  '2026-11-24-0011-unique-post-addresses': uniquePostAddresses,
  '2026-11-25-0012-mail-claims': mailClaims,
  '2026-11-25-0013-category-address-keys': categoryAddressKeys,
  '2026-11-26-0014-growth-indexes': growthIndexes,
  '2026-11-27-0015-list-order-indexes': listOrderIndexes,
  '2026-11-27-0016-page-secret': pageSecret,
  '2026-11-28-0017-reset-code-window': resetCodeWindow,
  '2026-11-29-0018-team': team,
  '2026-11-29-0019-profiles': profiles,
  '2026-11-30-0020-session-details': sessionDetails,
  '2026-11-30-0025-reset-guess-budget': resetGuessBudget,
  '2026-11-30-0021-activity-log': activityLog,
  '2026-11-30-0022-two-factor': twoFactor,
  '2026-11-30-0023-passkeys': passkeys,
  '2026-12-01-0026-tags': tags,
  '2026-12-01-0027-search': search,
  '2026-12-01-0028-read-next': readNext,
  '2026-12-02-0029-search-dates': searchDates,
  '2026-12-03-0030-post-versions': postVersions,
  '2026-12-03-0031-newsletter-messages': newsletterMessages,
  '2026-12-04-0032-section-versions-presence': sectionVersionsPresence,
  '2026-12-04-0033-redirects': redirects,
  '2026-12-04-0035-landing-layout': landingLayout,
  '2026-12-05-0036-pages': pages,
  '2026-12-06-0037-imports': imports,
  '2026-12-07-0038-redirect-retargets': redirectRetargets,
  '2026-12-08-0039-analytics': analytics,
  '2026-12-09-0040-newsletter-clicks': newsletterClicks,
};

/** Every migration this version knows (a backup made by a newer version is refused by restore). */
export const MIGRATION_NAMES = Object.keys(migrations);

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  // A migration may take long on a big site: the pool's statement time-out does not apply to it.
  const { error, results } = await withoutStatementTimeout(db, (conn) =>
    new Migrator({ db: conn, provider }).migrateToLatest(),
  );
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
