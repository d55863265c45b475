import type { Endpoint } from './endpoint';
import * as activity from './activity';
import * as analytics from './analytics';
import * as auth from './auth';
import * as autosave from './autosave';
import * as blog from './blog';
import * as contact from './contact';
import * as imports from './imports';
import * as content from './content';
import * as mail from './mail';
import * as navigation from './navigation';
import * as newsletter from './newsletter';
import * as pages from './pages';
import * as passkeys from './passkeys';
import * as policies from './policies';
import * as presence from './presence';
import * as profile from './profile';
import * as redirects from './redirects';
import * as review from './review';
import * as revisions from './revisions';
import * as search from './search';
import * as sessions from './sessions';
import * as setup from './setup';
import * as siteExport from './site-export';
import * as siteIdentity from './site-identity';
import * as staff from './staff';
import * as subscribers from './subscribers';
import * as tags from './tags';
import * as twoFactor from './two-factor';
import * as uploads from './uploads';

/** Every endpoint of the API, for checks that must cover all of them (tests, docs). */
export const ALL_ENDPOINTS: Endpoint[] = [
  content.getContent,
  ...Object.values(content.sectionUpdates),
  content.getSectionForEdit,
  content.getLandingLayout,
  content.saveLandingLayout,
  ...[
    activity,
    analytics,
    auth,
    autosave,
    blog,
    contact,
    imports,
    mail,
    navigation,
    newsletter,
    pages,
    passkeys,
    policies,
    presence,
    profile,
    redirects,
    review,
    revisions,
    search,
    sessions,
    setup,
    siteExport,
    siteIdentity,
    staff,
    subscribers,
    tags,
    twoFactor,
    uploads,
  ].flatMap((group) =>
    Object.values(group).filter((value): value is Endpoint => typeof value === 'object' && 'access' in value),
  ),
];
