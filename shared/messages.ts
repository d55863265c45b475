/**
 * Every user-visible text the spec fixes, spelt exactly as docs/product.md#messages-and-toasts gives them
 * (trailing spaces and odd spellings are part of the contract).
 */
export const MESSAGES = {
  fieldEmpty: 'Field cannot be empty !',
  invalidFirstName: 'Please enter a valid name!',
  invalidLastName: 'Please enter a valid last name!',
  invalidContactEmail: 'Please enter a valid Email!',
  emptyMessage: 'Please enter a message!',
  sendMailSuccess: 'Success !',
  somethingWentWrong: 'something went wrong! ',
  updatedSuccessfully: 'Updated Successfully !',
  newPasswordTooShort: 'New password must contain atleast 5 characters',
  confirmPasswordTooShort: 'Confirm password must contain atleast 5 characters',
  confirmPasswordMismatch: 'Confirm password does not match with new password!',
  invalidResetEmail: 'Please enter a valid Email',
  passwordChanged: 'Password changed successfully !',
  loginFailedFallback: 'Something went wrong',
  categorySaved: 'SuccessFul ',
  categoryDeleted: 'Blog Category Deleted! ',
  blogCreated: 'Blog Created ',
  blogUpdated: 'Blog Updated ',
  subscribeEmpty: 'Email field cannot be empty!',
  subscribeInvalid: 'Please enter a valid email address!',
  subscribed: 'Thank you for subscribing !',
  uploadFailed: 'unable to upload image. Please try again later',
} as const;

/** The team: accounts, roles, invitations (docs/product.md#team-and-roles). */
export const TEAM_MESSAGES = {
  forbidden: 'Your role does not allow this',
  accountSuspended: 'This account is suspended. Ask the owner of the site or an administrator to restore it.',
  personNotFound: 'This person is not on the staff',
  ownerProtected: 'The Owner cannot be demoted, suspended or deleted: hand the site over to someone else first',
  notYourself: 'You cannot suspend or delete your own account',
  cannotGiveRole: (role: string) => `You cannot make someone ${role}`,
  alreadyOnStaff: 'Someone on the staff already uses this e-mail address',
  invitePending: 'This address already has an open invitation: resend it instead',
  inviteNotFound: 'This invitation does not exist',
  inviteExpired: 'This invitation has expired. Ask whoever invited you for a new one.',
  inviteUsed: 'This invitation has already been used. Log in instead.',
  inviteRevoked: 'This invitation was withdrawn.',
  inviteSent: (email: string) => `Invitation sent to ${email}`,
  inviteResent: (email: string) => `Invitation sent again to ${email}`,
  inviteLinkOnly: 'E-mail is not set up, so nothing was sent: copy this link and send it yourself.',
  inviteRevokedDone: 'Invitation withdrawn',
  reassignTarget: 'Their posts must go to another active person on the staff',
  ownershipTarget: 'The new Owner must be another active person on the staff',
  ownershipTransferred: (name: string) => `${name} is now the Owner`,
  roleChanged: 'Role changed',
  switchesSaved: 'Saved',
  suspended: (name: string) => `${name} is suspended`,
  reactivated: (name: string) => `${name} can sign in again`,
  deleted: (name: string) => `${name} was removed from the staff`,
  categoryNotAllowed: 'You may not post in this category',
  publishNotAllowed: 'Your role cannot publish posts: submit it for review instead',
  nameRequired: 'Please enter your name',
  reviewNoteRequired: 'Say what should change',
  notPending: 'Only a post waiting for review can be sent back',
  changesRequested: 'Sent back to the writer',
} as const;

/** The admin's staff screen and the invitation page (docs/product.md#team-and-roles). */
export const TEAM_UI_MESSAGES = {
  linkCopied: 'Link copied',
  copyFailed: 'The link could not be copied: select it and copy it yourself.',
  noInvites: 'No open invitations.',
  anyCategory: 'None ticked: every category.',
  confirmSuspend: (name: string) =>
    `Suspend ${name}? They are signed out at once and cannot sign in until reactivated.`,
  confirmRevoke: (email: string) => `Withdraw the invitation to ${email}? Its link stops working.`,
  confirmTransfer: (name: string) =>
    `Hand the site over to ${name}? They become the Owner and you become an Administrator. Only the new Owner can undo this.`,
  deleteIntro: (name: string, posts: number) =>
    posts === 1
      ? `${name} is removed from the staff. Their post goes to:`
      : `${name} is removed from the staff. Their ${posts} posts go to:`,
  joinAs: (siteName: string, role: string) => `Join ${siteName} as ${role}`,
  invitePageFailed: 'This invitation could not be opened.',
  changesRequestedBy: (name: string, at: string) => `${name} asked for changes (${at}):`,
  waitsForReview: 'Submitted for review: an editor will publish it or ask for changes.',
  waitsForYourReview:
    'This post waits for review: publish it (Status: Published, then Save) or send it back with a note.',
  requestChangesHelp: 'What should the writer change? They see this in the editor and receive it by e-mail.',
  notYoursToEdit: 'This post is public now: only an editor can change it.',
  submitted: 'Submitted for review',
  pendingBadge: (n: number) => (n === 1 ? '1 post waits for review' : `${n} posts wait for review`),
} as const;

/** Sessions one can see and end, and re-authentication (docs/product.md#sessions, #re-authentication). */
export const SESSION_MESSAGES = {
  /** The 403 of an action that needs a recent proof of who one is; the admin recognises it by this text. */
  reauthRequired: 'Confirm it is you to continue: enter your password again.',
  wrongPassword: 'That password is not right',
  reauthDone: 'Confirmed',
  reauthCancelled: 'Not confirmed, so nothing was changed. Your changes are still here.',
  reauthIntro: 'This change needs you to confirm who you are. Your changes are still here.',
  sessionNotFound: 'This session has already ended',
  ownerSessions: "Only the Owner can see or end the Owner's sessions",
  sessionEnded: 'Signed out on that device',
  othersEnded: (count: number) =>
    count === 0
      ? 'There was no other session to sign out'
      : count === 1
        ? 'Signed out on 1 other device'
        : `Signed out on ${count} other devices`,
  allEnded: (name: string, count: number) =>
    count === 1 ? `${name} was signed out on 1 device` : `${name} was signed out on ${count} devices`,
  noOtherSessions: 'You are signed in only here.',
  securityLink: 'where you are signed in, and signing out other devices.',
  sessionsFailed: 'The sessions could not be loaded. Please try again.',
  noSessions: 'Not signed in anywhere.',
  unknownBrowser: 'Unknown browser',
  unknownDevice: 'Unknown device',
  unknownPlace: 'Unknown address',
  sessionsIntro:
    'Sign out a device you no longer use or do not recognise. A session ends after 14 days without use, and 90 days after signing in.',
  personSessionsTitle: (name: string) => `Sessions of ${name}`,
  confirmEndAll: (name: string) => `Sign ${name} out everywhere? They need to sign in again on every device.`,
} as const;

/** Profiles, e-mail changes and the authors of posts (docs/product.md#profiles-and-author-pages). */
export const PROFILE_MESSAGES = {
  segmentRequired: 'Choose the address of your author page',
  segmentInvalid: 'Use lower-case letters, digits and single hyphens (a-z, 0-9, -)',
  segmentTooLong: 'The address must be at most 60 characters',
  segmentTaken: 'Someone else already has this address',
  bioTooLong: 'The bio must be at most 500 characters',
  avatarInvalid: 'Choose the picture from the media library',
  websiteInvalid: 'Enter the full address of the website, starting with https://',
  saved: 'Profile saved',
  emailSame: 'This already is your e-mail address',
  emailSent: (email: string) => `We sent a link to ${email}: follow it to use the new address.`,
  emailLinkNotFound: 'This link does not exist',
  emailLinkExpired: 'This link has expired. Ask for a new one on your profile.',
  emailLinkUsed: 'This link has already been used.',
  emailChanged: (email: string) => `Your e-mail address is now ${email}.`,
  authorsRequired: 'A post needs at least one author',
  authorsTooMany: 'A post has at most 10 authors',
  authorsUnknown: 'Authors must be active people on the staff',
  authorsSaved: 'Authors saved',
  // Public pages and the admin screen.
  byline: 'By',
  authorsLabel: 'Authors',
  authorPageTitle: (name: string, site: string) => `${name} | ${site}`,
  authorPageDescription: (name: string, site: string) => `Articles by ${name} on ${site}.`,
  authorPostsHeading: (name: string) => `Articles by ${name}`,
  authorFeed: (name: string, site: string) => `${name} on ${site}`,
  avatarAlt: (name: string) => `Photo of ${name}`,
  profileHeading: 'Your profile',
  addressPreview: 'Your author page:',
  confirmEmailHeading: 'Confirm your new e-mail address',
  confirmEmailButton: 'Use this address',
} as const;

/** Texts of our own server where the product contract shows none (docs/product.md#server-messages). */
export const SERVER_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  loginRequired: 'Please log in to continue',
  resetRequested: 'If an account exists for that e-mail, a reset code has been sent to it.',
  passwordReset: 'Your password has been reset. Please log in with the new password.',
  invalidResetCode: 'The code is invalid or has expired. Please request a new one.',
  wrongOldPassword: 'Old password is incorrect',
  notYourAccount: 'You can only change your own password',
  loggedOut: 'Logged out',
  passwordChangedData: 'Password changed',
  contactReceived: 'Thank you, your message has been received.',
  postNotFound: 'Post not found',
  categoryNotFound: 'Category not found',
  categoryMissing: 'The selected category does not exist',
  categoryNameTaken: (name: string) => `A category named "${name}" already exists`,
  categoryNameReserved: (name: string) => `"${name}" is reserved for posts without a category`,
  categoryNameUnusable: (name: string) => `"${name}" cannot be used as a category name`,
  messageNotFound: 'Message not found',
  subscriberNotFound: 'Subscriber not found',
  mailNotFound: 'This e-mail is not in the outbox any more',
  /** A test send waits for the mail server (docs/product.md#newsletter-tools). */
  mailServerRefused: (error: string) => `The mail server did not take the test e-mail: ${error}`,
  mailServerSilent: (seconds: number) =>
    `The mail server did not answer within ${seconds} seconds, so the test e-mail was not sent. Check SMTP_URL and that the server is up.`,
  mailBeingSent: 'This e-mail is being sent right now',
  mailAlreadySent: 'This e-mail has been sent',
  revisionNotFound: 'Revision not found',
  notInTrash: 'This is not in the trash any more',
  sectionNotFound: (key: string, id: string) => `No ${key} section with id ${id}`,
  notFound: 'Not found',
  internalError: 'Internal server error',
  pageFailed: 'Something went wrong. Please try again later.',
  invalidJson: 'The request body is not valid JSON',
  bodyTooLarge: 'The request body is too large',
  jsonTooDeep: (levels: number) => `The request body nests deeper than ${levels} levels`,
  unsupportedContentType: 'Unsupported content type',
  badAddress: 'The address is not valid',
  badRequest: 'The request is not valid',
  databaseUnavailable: 'The database does not answer',
  storageUnavailable: 'The image store does not answer right now. Please try again in a minute.',
  shuttingDown: 'The server is shutting down',
  metricsTokenRequired: 'A valid metrics token is required (Authorization: Bearer …)',
  siteUnavailable: 'The site cannot reach its database right now. Please try again in a minute.',
  unsafeText: 'The text contains a character that is not allowed (a NUL byte or a broken Unicode character)',
  noEndpoint: (method: string, path: string) => `No API endpoint ${method} ${path}`,
  pageMethodNotAllowed: (method: string) => `A page cannot take a ${method} request`,
  tooManyRequests: (wait: string) => `Too many requests. Please try again in ${wait}.`,
} as const;

/** The subscription flow's texts (docs/product.md#subscriptions). */
export const SUBSCRIBE_MESSAGES = {
  confirmationSent: 'Please check your inbox and confirm your subscription.',
  invalidLink: 'This link is not valid.',
  unsubscribed: 'You have been unsubscribed.',
  unsubscribedBefore: 'This address has been unsubscribed. Please subscribe again.',
  confirmed: (email: string) => `Thank you! ${email} will get an e-mail when we publish a new article.`,
  unsubscribedEmail: (email: string) => `${email} will get no more e-mails from our blog.`,
  unsubscribeQuestion: (email: string) => `Stop e-mails about new articles to ${email}?`,
  badCsv: (reason: string) => `The file is not a CSV file the import can read (${reason}).`,
  added: (email: string) => `${email} was added.`,
  alreadyConfirmed: (email: string) => `${email} is already a confirmed subscriber.`,
  imported: (added: number, existing: number, invalid: number) =>
    `${added} added, ${existing} already subscribed, ${invalid} not valid.`,
  checkInbox: 'Almost done: please confirm with the link in the e-mail we have just sent you.',
} as const;

/** The image upload's texts (docs/product.md#image-upload). */
export const UPLOAD_MESSAGES = {
  notMultipart: 'Send the image as multipart/form-data in the field "image"',
  noFile: 'Choose an image to upload (field "image")',
  empty: 'The file is empty',
  tooLarge: (mb: number) => `The image is larger than ${mb} MB`,
  notAnImage: 'The file is not an image',
  unsupportedFormat: 'Only JPEG, PNG, WebP, AVIF and GIF images are accepted',
  heic: 'HEIC photos (from iPhones) cannot be shown on websites: please save the photo as JPEG and upload that.',
  svg: 'SVG images are not accepted, as they can carry scripts: please upload a PNG instead.',
  tooManyPixels: (side: number, megapixels: number) =>
    `The image is too large: at most ${side.toLocaleString('en-US')} pixels a side and ${megapixels} megapixels.`,
  pngOnly: 'Please choose a PNG image.',
  inUse: (places: string[]) => `This image is used in ${places.join(', ')}, so it cannot be deleted.`,
  uploadNotFound: 'Image not found',
  tooManyInline: (max: number) => `A post may hold at most ${max} pasted images at once: please upload them instead.`,
  inlineTooLarge: (megapixels: number) =>
    `The pasted images are larger than ${megapixels} million pixels together: please add big pictures through the media library instead.`,
  badMultipart: 'The upload could not be read: send the image as multipart/form-data in the field "image".',
  damaged: 'The image is damaged or incomplete',
} as const;

/** What rich text's embedded frames are called when the editor named them nothing (server/lib/sanitize-html.ts). */
export const EMBED_MESSAGES = {
  frameTitle: 'Embedded video',
  /** The click-to-play preview's label (app/features/blog/click-to-play.ts). */
  play: (title: string) => `Play video: ${title}`,
  /** The editor's dialog for a selected video (app/components/ui/editor-embeds.ts). */
  detailsButton: 'Video title and poster',
  detailsTitle: 'Video details',
  titleLabel: 'Video title (read out to screen readers and shown before the video plays)',
  posterLabel: 'Poster image address from the media library (optional, /uploads/…)',
  posterRefused: 'The poster must be an image of the media library: its address starts with /uploads/.',
} as const;

/** The notice above the admin while mail delivery fails (docs/product.md#outgoing-mail). */
export const MAIL_TROUBLE_MESSAGES = {
  heading: 'E-mail is not being delivered',
  body: (since: string, waiting: number) =>
    `Every try since ${since} has failed, and ${waiting} ${waiting === 1 ? 'e-mail waits' : 'e-mails wait'} to be sent. The mail server's last answer:`,
  link: 'Open Outgoing mail',
} as const;

/** The media library's upload of several images at once (docs/product.md#media-library). */
export const BATCH_UPLOAD_MESSAGES = {
  progress: (done: number, total: number) => `Uploading ${done + 1} of ${total}…`,
  summary: (uploaded: number, total: number) =>
    uploaded === total
      ? `Uploaded ${total} ${total === 1 ? 'image' : 'images'}.`
      : `Uploaded ${uploaded} of ${total} images. Not uploaded:`,
} as const;

/** Drafts, scheduling, previews and newsletters (docs/product.md#blog-posts). */
export const PUBLISHING_MESSAGES = {
  badStatus: 'Status must be draft, scheduled or published',
  badPublishAt: 'The publish date must be an ISO 8601 date and time with a time zone',
  publishAtRequired: 'Choose when to publish the post',
  publishAtPast: 'The publish date must be in the future',
  slugTooLong: 'The address must be at most 200 characters',
  badSlug: 'The address may use letters, digits, hyphens, underscores, dots and tildes',
  slugTaken: 'Another post in this category already has this address',
  previewNotFound: 'This preview link is not valid any more.',
  testSent: (to: string) => `A test e-mail is on its way to ${to}.`,
} as const;

/** What the API's validation answers (the `message` of a 400), and the admin forms show beside a field. */
export const VALIDATION_MESSAGES = {
  tooLong: (max: number) => `Must be at most ${max} characters`,
  categoryNameRequired: 'Category name is required',
  categoryNameTooLong: 'Category name must be at most 100 characters',
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be at most 300 characters',
  excerptTooLong: 'Excerpt must be at most 1000 characters',
  contentTooLong: 'Content is too long',
  metaTitleTooLong: 'Meta title must be at most 200 characters',
  metaDescriptionTooLong: 'Meta description must be at most 500 characters',
  altTooLong: 'The alt text must be at most 500 characters',
  testAddressInvalid: 'Please enter a valid Email!',
  searchTooLong: 'Search for at most 200 characters',
  consentSourceRequired: 'Say where these addresses come from',
  csvRequired: 'Choose a CSV file',
} as const;

/** Texts of the browser side beyond the product contract. */
export const UI_MESSAGES = {
  unreachable: 'The server could not be reached. Please check your connection.',
  blogDeleted: 'Blog Deleted ',
  historyFailed: 'The history could not be loaded. Please try again.',
  restored: (when: string) => `The version of ${when} is back.`,
  undone: 'Undone',
  itemDeleted: 'The item was deleted.',
  deleted: (name: string) => `"${name}" was deleted.`,
  restoredFromTrash: (title: string) => `"${title}" is back.`,
  sessionEnded: 'Your session has ended. Log in again to finish what you were doing: your changes are still here.',
  mailRetried: (to: string) => `The e-mail to ${to} is being sent again.`,
  mailDiscarded: (to: string) => `The e-mail to ${to} was discarded.`,
  noFailedMail: 'No e-mail has failed. Every message went out or is still being tried.',
  noWaitingMail: 'No e-mail is waiting to be sent.',
  mailWaiting: (count: number) =>
    count === 1 ? '1 e-mail is waiting to be sent.' : `${count} e-mails are waiting to be sent.`,
} as const;

/** Passkeys (docs/product.md#passkeys): their card, the login card's button and every refusal. */
export const PASSKEY_MESSAGES = {
  unavailableInsecure: (origin: string) =>
    `Passkeys need a secure connection: this site's address (PUBLIC_URL, ${origin}) is plain HTTP. Serve the site over HTTPS and set PUBLIC_URL to its https:// address to use passkeys.`,
  unavailableAddress: (origin: string) =>
    `Passkeys need a domain name: this site's address (PUBLIC_URL, ${origin}) is an IP address. Set PUBLIC_URL to the site's https:// address with its domain name to use passkeys.`,
  limitReached: (max: number) => `You already have ${max} passkeys, the most one person can have. Remove one first.`,
  nameRequired: 'Give the passkey a name',
  nameTooLong: (max: number) => `A passkey's name has at most ${max} characters`,
  notFound: 'This passkey does not exist (it may have been removed)',
  unknownPasskey: 'This passkey is not registered on this site (it may have been removed). Sign in with your password.',
  otherAccount: 'This passkey belongs to another account',
  otherSite: 'This passkey answered for another site: it cannot be used here',
  challengeExpired: 'This passkey request has expired or was already used. Please try again.',
  staleCounter:
    "This passkey's signature counter did not move forward, so the answer may come from a copy of it. It was refused; if this keeps happening, remove the passkey and add it again.",
  notVerified: "The passkey's answer could not be verified. Please try again.",
  userNotVerified:
    'This passkey did not verify you (with a PIN, a fingerprint or a face), so it cannot replace your password. Sign in with your password.',
  reauthenticated: 'Confirmed with your passkey',
  alreadyRegistered: 'This passkey is already registered',
  added: (name: string) => `Passkey "${name}" added`,
  renamed: (name: string) => `Passkey renamed to "${name}"`,
  removed: (name: string) => `Passkey "${name}" removed`,
  lastSecondFactor:
    'This is your last second factor and two-factor sign-in is required for your role: add another passkey or an authenticator app before removing it.',
  cancelled: 'The passkey request was cancelled or timed out.',
  browserUnsupported: 'This browser cannot use passkeys.',
  signInButton: 'Sign in with a passkey',
  signInFailedFallback: 'Signing in with the passkey failed. Please try again.',
  empty: 'No passkeys yet. Add one to sign in without typing your password.',
  loadFailed: 'Your passkeys could not be loaded. Please reload the page.',
  syncedHint: 'Backed up by its provider, so it is on your other devices too',
  confirmRemove: (name: string) =>
    `Remove the passkey "${name}"? You can no longer sign in with it; your password still works.`,
  reauthIntro: 'Use one of your passkeys: your browser will ask for it when you confirm.',
} as const;

/** docs/product.md#setup-notices: settings a production site lacks, logged at start-up and shown in the admin. */
export const SETUP_NOTICES = {
  publicUrl: (localUrl: string) =>
    `PUBLIC_URL is not set: links in e-mails (password resets, subscription confirmations, newsletters) point to ${localUrl}, which readers cannot open. Set PUBLIC_URL to the site's public address.`,
  smtp: 'SMTP_URL is not set: no e-mail is delivered (password resets, contact messages, newsletters); each is only written to a file in the data folder. Set SMTP_URL to send them.',
  dismiss: 'Hide this notice',
} as const;

/** docs/product.md#timings-and-constants: minimum password length. */
export const MIN_PASSWORD_LENGTH = 5;

/** docs/product.md#timings-and-constants: toasts close after 3000 ms. */
export const TOAST_AUTO_CLOSE_MS = 3000;
/** docs/product.md#timings-and-constants: delay between closing a modal's Contact Us and navigating to the contact section. */
export const CONTACT_REDIRECT_DELAY_MS = 200;
/** docs/product.md#timings-and-constants: portfolio carousel autoplay interval. */
export const CAROUSEL_AUTOPLAY_MS = 3000;
/** docs/product.md#timings-and-constants: the header turns black after this many pixels of scroll. */
export const HEADER_SCROLL_THRESHOLD_PX = 10;
/** docs/product.md#header-and-footer footer copyright years. */
export const COPYRIGHT_YEARS = '2021-2023';

/** Authenticator codes, recovery codes, the second step of sign-in and the Owner's requirement (docs/product.md#two-factor-sign-in). */
export const TWO_FACTOR_MESSAGES = {
  codeFormat: 'Enter the 6-digit code from your authenticator app',
  recoveryCodeFormat: 'Enter one of your recovery codes, such as abcde-fghij',
  wrongCode: 'That code is not right. Check the time on your phone and try the newest code.',
  codeReused: 'This code has already been used. Wait for the next one in your authenticator app.',
  wrongRecoveryCode: 'That recovery code is not right',
  recoveryCodeUsed: 'This recovery code has already been used. Each one works once: use another.',
  ticketExpired: 'Signing in took too long or had too many wrong codes. Enter your e-mail and password again.',
  noSetupPending: 'Start the set-up again: no authenticator is waiting to be confirmed',
  alreadyOn: 'Your authenticator app is already set up. Turn it off first to set up another.',
  notOn: 'No authenticator app is set up for your account',
  totpOn: 'Authenticator app set up. Keep your recovery codes somewhere safe.',
  totpOff: 'Authenticator app turned off',
  codesRegenerated: 'New recovery codes made: the old ones no longer work',
  reauthenticated: 'Confirmed',
  lastFactorRequired:
    'Two-factor sign-in is required for your account, and this is your only second factor. Add a passkey first.',
  required: 'Two-factor sign-in is required for your account: set up an authenticator app or a passkey to continue.',
  requiredExplained:
    'The site requires two-factor sign-in for your account. Set up an authenticator app (or a passkey) below; the rest of the admin opens once you have.',
  graceLeft: (days: number) =>
    `Two-factor sign-in will be required for your account in ${days === 1 ? '1 day' : `${days} days`}. Set it up now on Sign-in and security.`,
  policySaved: 'Requirement saved',
  graceRange: 'Enter a number of days from 0 to 90',
  keyMismatch: (stored: string, current: string) =>
    `Authenticator secrets in the database were encrypted with key ${stored}, but this process has key ${current}. Give every process the same TWO_FACTOR_KEY (or the same DATA_DIR/two-factor.key); without it nobody could sign in with an authenticator code.`,
  keyInvalid: 'TWO_FACTOR_KEY must be 32 bytes written as 64 hexadecimal characters or as base64',
  codesCopied: 'Recovery codes copied',
  copyFailed: 'The codes could not be copied: select them and copy them yourself.',
} as const;

/** The activity log (docs/product.md#activity-log). */
export const ACTIVITY_MESSAGES = {
  badDate: 'A date must be an ISO 8601 date and time, such as 2026-11-30T00:00:00Z',
  badAction: 'Unknown action: choose one of the actions the log records',
  badRange: 'The end of the range must come after its start',
  empty: 'Nothing has been recorded yet.',
  emptyFiltered: 'Nothing matches these filters.',
} as const;

/** Tags, Read next and reading time (docs/product.md#tags, docs/product.md#read-next). */
export const TAG_MESSAGES = {
  nameRequired: 'Enter a tag name',
  nameTooLong: 'A tag name can be at most 100 characters',
  nameComma: 'A tag name cannot contain a comma',
  nameUnusable: (name: string) => `"${name}" cannot be a tag's address: choose another`,
  nameTaken: (name: string) => `A tag named "${name}" already exists`,
  slugTaken: (slug: string) => `Another tag already has the address "${slug}"`,
  badSlug: 'An address may hold letters, digits and - _ . ~ only',
  slugTooLong: 'An address can be at most 200 characters',
  descriptionTooLong: 'A description can be at most 2000 characters',
  metaTitleTooLong: 'A search title can be at most 200 characters',
  metaDescriptionTooLong: 'A search description can be at most 500 characters',
  tooMany: 'A post can have at most 20 tags',
  notFound: 'Tag not found',
  mergeSame: 'Choose two different tags to merge',
  saved: 'Tag saved',
  merged: (from: string, into: string) => `"${from}" merged into "${into}"`,
  deleted: (name: string) => `Tag "${name}" deleted`,
  confirmDelete: (name: string, posts: number) =>
    `Delete the tag "${name}"? ${posts === 1 ? 'Its post keeps' : `Its ${posts} posts keep`} their other tags.`,
  heading: (name: string) => `Tagged “${name}”`,
  pageTitle: (name: string, site: string) => `${name} | ${site} blog`,
  pageDescription: (name: string, site: string) => `Articles tagged ${name} from ${site}.`,
  feedTitle: (name: string, site: string) => `${site}: articles tagged ${name}`,
  readingTime: (minutes: number) => `${minutes} min read`,
  readNext: 'Read next',
  tagsLabel: 'Tags',
  tagsHelp: 'Type a tag and press Enter or comma; a name starting with # is internal and never shown publicly.',
  removeTag: (name: string) => `Remove tag ${name}`,
} as const;

/** Search (docs/product.md#search). */
export const SEARCH_MESSAGES = {
  pagesLabel: 'Pages',
  queryRequired: 'Type what to search for',
  queryTooLong: (max: number) => `Search for at most ${max} characters`,
  noResults: (query: string) => `No articles match “${query}”.`,
  didYouMean: 'Did you mean:',
  latest: 'Latest articles',
  label: 'Search articles',
  placeholder: 'Search articles',
  button: 'Search',
  heading: 'Search',
  resultsFor: (query: string) => `Results for “${query}”`,
  count: (total: number) => (total === 1 ? '1 article' : `${total} articles`),
  adminPlaceholder: 'Search posts',
  adminNoResults: 'No posts match this search.',
} as const;

/** A newsletter's own subject and preheader, and its test send (docs/product.md#newsletter-tools). */
export const NEWSLETTER_MESSAGES = {
  subjectTooLong: (max: number) => `The subject must be at most ${max} characters`,
  preheaderTooLong: (max: number) => `The preheader must be at most ${max} characters`,
  oneLine: 'Must be one line, without line breaks or control characters',
  alreadySent: 'This post has been e-mailed already: its subject and preheader stay as they were sent.',
  subjectHelp: (fallback: string) => `Empty: “${fallback}”.`,
  preheaderHelp: 'The line inboxes show after the subject. Empty: the excerpt.',
  sentWith: 'This post has been e-mailed with this subject and preheader.',
  testNotice:
    'This is a test. The post is not published yet: Read more opens its preview. Once published it will be at',
  countClicks: 'Count clicks on links',
  countClicksHelp:
    'Each link in the e-mail leads through this site, which counts clicks per link, never who clicked. Your unsubscribe link is left as it is.',
  countClicksSent: 'Clicks on the links of this e-mail are counted.',
  linksHeading: 'Clicks on links',
  linkColumn: 'Link',
  clicksColumn: 'Clicks',
  clicksNote:
    'Counted per link, not per reader; bots and link checkers are left out, and one address counts once a minute.',
  noClicksCounted: 'Clicks on links were not counted for this e-mail.',
  opensNotTracked:
    'Opens are not tracked: an open-tracking pixel is unreliable and follows readers, so this site has none.',
} as const;

/** Forms posted to the server without JavaScript (docs/product.md#forms-without-javascript). */
export const FORM_POST_MESSAGES = {
  crossSite: 'This form can only be sent from this site.',
  subscribeTitle: 'Subscribe to the blog',
  subscribedTitle: MESSAGES.subscribed,
} as const;

/** Publishing with a second look (docs/product.md#newsletter). */
export const PUBLISH_CONFIRM_MESSAGES = {
  question: (audience: number | null) =>
    audience === null
      ? 'Publish and e-mail the subscribers?'
      : `Publish and e-mail ${audience} ${audience === 1 ? 'subscriber' : 'subscribers'}?`,
  confirm: 'Publish and e-mail',
  saveAsDraft: 'Save as draft',
} as const;

/** Two saves of one post from versions apart (docs/product.md#edit-conflicts). */
export const EDIT_CONFLICT_MESSAGES = {
  conflict: 'Someone saved this post after you opened it. Compare the two versions before you save.',
  sectionConflict: 'Someone saved this section after you opened it. Compare the two versions before you save.',
  badVersion: 'The version must be a whole number from 1',
  heading: 'This post was saved meanwhile',
  intro: 'Someone saved this post after you opened it. Nothing is lost: their version is stored, yours is below.',
  sectionHeading: 'This section was saved meanwhile',
  sectionIntro:
    'Someone saved this section after you opened it. Nothing is lost: their version is stored, yours is below.',
  items: 'Items',
  theirs: 'Saved meanwhile',
  mine: 'Yours, not saved yet',
  keepMine: 'Keep mine',
  keepMineHelp: 'Saves your version over theirs (theirs stays in the history).',
  takeTheirs: 'Take theirs',
  useTheirs: 'Use theirs',
  empty: '(empty)',
} as const;

/** Who else has the same editor open (docs/product.md#edit-conflicts). */
export const PRESENCE_MESSAGES = {
  badSubject: 'Say which post or section is open',
  badTab: 'The tab id must be 8 to 64 letters, digits or dashes',
  noSuchSection: 'There is no such section',
  /** "Anna Berg is also editing this post" */
  others: (names: string, what: 'post' | 'section') =>
    `${names} ${names.includes(' and ') ? 'are' : 'is'} also editing this ${what}`,
  selfElsewhere: (what: 'post' | 'section') => `You also have this ${what} open in another tab`,
  you: 'You (another tab)',
  lastTyped: (ago: string) => `last typed ${ago}`,
  notTyped: 'not typed yet',
  saveCarefully: 'Saving over their changes asks you first.',
} as const;

/** The landing page's layout (docs/product.md#landing-layout). */
export const LAYOUT_MESSAGES = {
  unknownSection: 'There is no such landing section',
  everySectionOnce: 'List each of the seven landing sections once',
  oneShown: 'Show at least one section',
  heading: 'Landing page layout',
  intro:
    'Drag the sections, or use the arrow buttons, to change their order. A hidden section leaves the page and its menu.',
  moveUp: (label: string) => `Move ${label} up`,
  moveDown: (label: string) => `Move ${label} down`,
  shown: 'Shown',
  save: 'Save layout',
  saved: 'Layout saved',
} as const;

/** Settings → Redirects (docs/product.md#redirects). */
export const REDIRECT_MESSAGES = {
  fromRequired: 'Enter the old address, starting with /',
  fromInvalid: 'The old address must be a path starting with /, without ? or #, and at most 1,000 characters',
  fromReserved: 'Addresses under /admin, /api, /assets and /uploads cannot be redirected',
  fromEverything: 'A redirect of every address (/*) is not allowed',
  toRequired: 'Enter the new address: a path starting with / or an http(s) address',
  toInvalid: 'The new address must be a path starting with / or an http(s) address, at most 1,000 characters',
  toNotForGone: 'A 410 (gone) rule has no new address: leave it empty',
  prefixTarget: 'A prefix rule (/old/*) leads to a prefix (/new/*)',
  prefixOnlyFromPrefix: 'Only a prefix rule (/old/*) can lead to a prefix (/new/*)',
  statusInvalid: 'The status must be 301, 302 or 410',
  duplicate: (from: string) => `There is already a rule for ${from}`,
  loop: (chain: string) => `This rule would make a loop: ${chain}`,
  notFound: 'This redirect does not exist',
  collides: (path: string) => `${path} is redirected: change or delete its redirect first`,
  created: 'Redirect added',
  saved: 'Redirect saved',
  deleted: 'Redirect deleted',
  ignored: 'Hidden from the log',
  imported: (added: number, updated: number, refused: number) =>
    `${added} added, ${updated} updated, ${refused} refused`,
  csvRow: (line: number, message: string) => `Line ${line}: ${message}`,
  csvHeader: 'The first line must be the columns from,to,status',
  csvTooManyRows: 'At most 20,000 rows per file',
  goneTitle: 'Page gone',
  goneText: 'This page was removed and is not coming back.',
  confirmDelete: (from: string) => `Delete the redirect of ${from}?`,
  noRules: 'No redirects yet.',
  automaticReadOnly: 'Made by the site: change the post, category, tag or author',
  noNotFound: 'No addresses answered "not found" yet.',
} as const;

/** Settings → Navigation (docs/product.md#navigation). */
export const NAV_MESSAGES = {
  title: 'Navigation',
  intro:
    'The header menu (up to 8 items, each with a dropdown of up to 8 links) and the footer columns (up to 4, each with up to 8 links). A link to something deleted, in the trash, unpublished or hidden is left out of the site.',
  unknownKind: 'Choose what the link points at',
  unknownSection: 'There is no such landing section',
  targetRequired: 'Choose what the link points at',
  targetMissing: (label: string) => `“${label}” points at something that does not exist`,
  badUrl: 'Enter an http(s) address, at most 1,000 characters',
  labelRequired: 'Enter a label',
  labelTooLong: (max: number) => `At most ${max} characters`,
  tooManyItems: (max: number) => `The header menu holds at most ${max} items`,
  tooManyChildren: (max: number) => `A dropdown holds at most ${max} links`,
  tooManyColumns: (max: number) => `The footer holds at most ${max} columns`,
  tooManyLinks: (max: number) => `A footer column holds at most ${max} links`,
  header: 'Header menu',
  footer: 'Footer columns',
  kinds: {
    section: 'Landing section',
    blog: 'Blog',
    page: 'Page',
    post: 'Post',
    category: 'Category',
    tag: 'Tag',
    author: 'Author',
    external: 'Web address',
  },
  blogTitle: 'Blogs',
  kindLabel: 'Points at',
  targetLabel: 'Target',
  urlLabel: 'Address',
  labelLabel: 'Label',
  headingLabel: 'Heading',
  searchPosts: 'Search posts by title',
  choose: 'Choose…',
  addItem: 'Add menu item',
  addChild: (label: string) => `Add a link under ${label}`,
  addColumn: 'Add footer column',
  addLink: (heading: string) => `Add a link to ${heading}`,
  newColumn: 'Links',
  remove: (label: string) => `Remove ${label}`,
  moveUp: (label: string) => `Move ${label} up`,
  moveDown: (label: string) => `Move ${label} down`,
  makeChild: (label: string) => `Put ${label} under the item above`,
  moveOut: (label: string) => `Move ${label} out of its dropdown`,
  dragHandle: (label: string) => `Drag ${label}`,
  flagged: {
    trashed: (kind: string) => `This ${kind} is in the trash: the link is hidden`,
    unpublished: (kind: string) => `This ${kind} is not published: the link is hidden`,
    hidden: (kind: string) => `This ${kind} is hidden: the link is hidden`,
    deleted: (kind: string) => `This ${kind} was deleted: the link is hidden`,
  },
  parentGone: 'Its dropdown stays, under the label alone',
  usingSpec: 'The site shows the spec’s menu (it follows the landing layout) and no footer columns.',
  reset: 'Reset to the spec’s menu',
  resetDone: 'The spec’s menu is back',
  save: 'Save navigation',
  saved: 'Navigation saved',
  full: 'Full',
  submenu: (label: string) => `${label}: show its links`,
  add: 'Add',
  cancel: 'Cancel',
  labelOf: (label: string) => `Label of ${label}`,
  headingOf: (heading: string) => `Heading of ${heading}`,
  removeColumn: (heading: string) => `Remove the column ${heading}`,
  moveColumnLeft: (heading: string) => `Move the column ${heading} left`,
  moveColumnRight: (heading: string) => `Move the column ${heading} right`,
  noChoices: 'Nothing found',
  emptyHeader: 'The header menu is empty: the site shows no menu links.',
  emptyColumn: 'No links yet: a column without links is not shown.',
  resetConfirm: 'Reset to the spec’s menu? The saved menu and footer columns are replaced (History keeps them).',
} as const;

/** Settings → Site identity (docs/product.md#site-identity). */
export const IDENTITY_MESSAGES = {
  title: 'Site identity',
  nameRequired: 'Enter the site name',
  tooLong: (max: number) => `Must be at most ${max} characters`,
  notAnUpload: 'Choose an image of the media library (its address starts with /uploads/)',
  notAColour: 'Enter a colour as # and six hexadecimal digits, such as #1560bd',
  lowContrast: (min: number) =>
    `This colour is too light for the white text of buttons: choose one with a contrast ratio of at least ${min}:1.`,
  contrast: (ratio: string) => `Contrast with the button text: ${ratio}:1`,
  badYear: 'Enter a year from 1900 to 2100',
  badEmail: 'Enter a valid e-mail address',
  badProfileUrl: 'Enter the profile address, starting with https://',
  tooManyProfiles: (max: number) => `At most ${max} profiles`,
  faviconMissing: 'Upload the favicon image again: its icons were not found.',
  imageKind: 'Say which image this is: logoLight, logoDark, favicon or shareImage',
  saved: 'Site identity saved',
  uploaded: 'Image uploaded: save to use it',
} as const;

/** Pages built from blocks: the blocks' fields (shared/page-blocks.ts, docs/product.md#pages). */
export const PAGE_BLOCK_MESSAGES = {
  unknownType: 'There is no such block type',
  tooManyBlocks: (max: number) => `A page holds at most ${max} blocks`,
  tooManyItems: (max: number) => `At most ${max} items`,
  tooLong: (max: number) => `Must be at most ${max} characters`,
  headingRequired: 'Enter a heading',
  textRequired: 'Enter the text',
  imageRequired: 'Choose an image',
  altRequired: 'Describe the image for people who cannot see it',
  labelRequired: 'Enter the button text',
  linkInvalid: 'Enter a path starting with / or an http(s) address',
  questionRequired: 'Enter the question',
  answerRequired: 'Enter the answer',
  sourceInvalid: 'Choose a category, tag or author',
  limitInvalid: 'Show from 1 to 12 posts',
  sectionInvalid: 'Choose the team, services or portfolio',
  badId: 'Each block needs its own id',
  oncePerPage: 'A page shows this block only once',
} as const;

/** Pages at /{segment} (docs/product.md#pages, docs/decisions/0034-pages.md). */
export const PAGE_MESSAGES = {
  titleRequired: 'Enter the page title',
  segmentRequired: 'Enter the page address',
  segmentInvalid: 'Use lower-case letters, digits and hyphens only (e.g. careers)',
  segmentReserved: (segment: string) => `/${segment} is an address the site uses itself: choose another`,
  segmentTaken: (segment: string) => `Another page has the address /${segment}`,
  segmentTakenMeanwhile: 'Another page took this address meanwhile: choose another',
  notFound: 'There is no such page',
  conflict: 'Someone saved this page after you opened it. Reload it to see their version before you save.',
  publishAtRequired: 'Choose when to publish the page',
  publishAtPast: 'Choose a time in the future to schedule the page',
  created: 'Page created',
  saved: 'Page saved',
  published: 'Page published',
  scheduled: 'Page scheduled',
  unpublished: 'Page back to draft',
  deleted: 'Page moved to the trash',
  restored: 'Page restored',
  starterCreated: (title: string, segment: string) => `${title} created as a draft at /${segment}`,
  starterTaken: (title: string, segment: string) =>
    `${title} was not created: /${segment} is taken. Rename or delete the page at that address first.`,
  previewNotFound: 'This preview link is not valid (any more).',
  metaTitleTooLong: 'The SEO title is at most 200 characters',
  metaDescriptionTooLong: 'The meta description is at most 500 characters',
  socialImageInvalid: 'Choose an image from the media library',
} as const;

/** Importing a site (docs/product.md#import): the screen, the job and its report. */
export const IMPORT_MESSAGES = {
  notFound: 'There is no such import',
  noFile: 'Choose the export file of your WordPress or Ghost site',
  tooLarge: (mb: number) =>
    `The files are larger than ${mb} MB: export without media and send the images as a separate ZIP`,
  notMultipart: 'Send the export as a file upload (multipart/form-data)',
  oneFileEach: 'Send one export file, and at most one ZIP of its images',
  uploadBroken: 'The upload stopped before the whole file arrived: send it again',
  unknownFile: 'This is not a WordPress export (.xml), a Ghost export (.json) or a ZIP holding one',
  badClash: 'Choose skip, replace or keep for addresses that are taken',
  badAuthor: 'Choose a person of the staff or a byline-only author for each author',
  notStartable: 'This import was started or discarded already',
  anotherRunning: 'Another import is running or being undone: wait until it has finished',
  notUndoable: 'This import can no longer be undone (it is more than 7 days old, running, or undone already)',
  notDiscardable: 'Only an import that was not started can be discarded',
  imageFailed: (reason: string) => `Image not imported: ${reason}`,
  imageKey: 'Name the report line of an image (its key starts with "image:")',
  imageUrl: 'Give the address of an image of the media library (/uploads/…)',
  imageNotFound: 'This import has no such image',
  imageNotFailed: 'This image is not a failed one any more: it was imported or replaced already',
  imageNotReplaceable: 'Images can be replaced only in an import that is done or failed (not running, or undone)',
  imageNotUploaded: 'This address is not an image of the media library: upload the image first',
  jobFailed:
    'The import stopped on an error of the server (its log says which). What it made is listed below; undo it, or start the import again.',
  untitled: '(untitled)',
  titleCut: 'Title cut to 300 characters',
  /** Its old address is named: an image uploaded by hand in its place later becomes the featured image. */
  featureImageMissing: (url: string) => `Its featured image could not be imported (${url})`,
  privateAsDraft: 'Private in the old site: imported as a draft',
  emptyContent: '(This post had no content in the export.)',
  keptBoth: (slug: string) => `Address taken here: imported beside it as ${slug}`,
  badSubscriberEmail: (email: string) => `Not a valid e-mail address: ${email}`,
  rulesLabel: 'Old addresses (301 redirects)',
} as const;

/** The admin's import screen, Settings → Import (app/routes/admin/import.tsx, docs/product.md#import). */
export const IMPORT_UI_MESSAGES = {
  title: 'Import',
  intro:
    'Bring the posts, pages, images, authors, categories, tags and subscribers of a WordPress or Ghost site here. Nothing is written until you start the import, every old address gets a redirect, and for 7 days "Undo this import" removes exactly what it made.',
  uploadTitle: 'Upload the export',
  fileLabel: 'Export file (.xml, .json or .zip)',
  fileHelp:
    'WordPress (Tools → Export → All content): an .xml file with the posts, pages, authors, categories and tags, and the addresses of the images. Ghost (Settings → Advanced → Export): its .json file, or a .zip that also holds content/images.',
  uploadsLabel: 'Images of a WordPress site: a ZIP of wp-content/uploads (optional)',
  uploadsHelp:
    'With it, the images are taken from the ZIP. Without it, they are downloaded from the old site, which must still be online; those that cannot be fetched are listed in the report.',
  limit: (mb: number) => `Up to ${mb} MB in all.`,
  analyse: 'Analyse',
  uploadProgress: 'Upload progress',
  uploading: (percent: number) => `Uploading: ${percent}%`,
  analysing: 'Uploaded: reading the file…',
  analysisTitle: 'What the file holds',
  analysisNote: 'Nothing has been written yet.',
  from: (title: string, url: string) => (title ? `${title}, ${url}` : url),
  counts: {
    posts: 'Posts',
    pages: 'Pages',
    authors: 'Authors',
    categories: 'Categories',
    tags: 'Tags',
    images: 'Images',
    attachments: 'Attachments',
    comments: 'Comments (not imported)',
    subscribers: 'Subscribers',
    skipped: 'Skipped',
  },
  problemsTitle: (n: number) => (n === 1 ? '1 problem found' : `${n} problems found`),
  noProblems: 'No problems found.',
  showAllProblems: (n: number) => `Show all ${n}`,
  choicesTitle: 'Your choices',
  authorsTitle: 'Authors',
  authorsHelp:
    'Whose name each author’s posts carry: a person of your staff, or a new byline-only author (a name on posts, who cannot sign in).',
  authorOf: (name: string, email: string | null, posts: number) =>
    `${name}${email ? ` (${email})` : ''}: ${posts === 1 ? '1 post' : `${posts} posts`}`,
  authorSelect: (name: string) => `Posts of ${name} go to`,
  newByline: 'New byline-only author',
  clashTitle: 'Posts and pages whose address is already taken here',
  clash: {
    skip: { label: 'Skip', help: 'Keep what is here and leave the imported one out.' },
    replace: { label: 'Replace', help: 'Overwrite what is here with the imported one.' },
    keep: { label: 'Keep both', help: 'Import it beside what is here, at the address with a number added.' },
  },
  subscribersTitle: (n: number) => (n === 1 ? '1 subscriber' : `${n} subscribers`),
  optedIn: 'These people opted in elsewhere (import them as confirmed; otherwise each gets the confirmation e-mail)',
  start: 'Start import',
  startAgain: 'Start again',
  againTitle: 'Start again where it stopped',
  againHelp: 'What was made stays and is not made twice; the choices below apply to the rest.',
  started: 'Import started',
  discard: 'Discard',
  confirmDiscard: 'Discard this analysis? Its uploaded files are deleted; nothing of the site changes.',
  discarded: 'Import discarded',
  runningTitle: 'Importing',
  undoingTitle: 'Undoing the import',
  progressLabel: 'Import progress',
  phases: {
    queued: 'Waiting to start',
    people: 'Authors',
    terms: 'Categories and tags',
    images: 'Images',
    content: 'Posts and pages',
    redirects: 'Redirects from the old addresses',
    subscribers: 'Subscribers',
    undoing: 'Removing what the import made',
  } as Record<string, string>,
  phaseLine: (phase: string, done: number, total: number) => `${phase}: ${done} of ${total}`,
  background: 'It runs on the server: you can leave this page and come back later.',
  reportTitle: 'Report',
  statuses: {
    analysed: 'Analysed',
    queued: 'Queued',
    running: 'Running',
    done: 'Done',
    failed: 'Failed',
    undoing: 'Undoing',
    undone: 'Undone',
    cancelled: 'Discarded',
  } as Record<string, string>,
  outcomes: {
    created: 'Created',
    replaced: 'Replaced',
    existing: 'Existing',
    skipped: 'Skipped',
    failed: 'Failed',
    pending: 'Not done',
  } as Record<string, string>,
  kinds: {
    person: 'Author',
    category: 'Category',
    tag: 'Tag',
    upload: 'Image',
    post: 'Post',
    page: 'Page',
    redirect: 'Redirect',
    subscriber: 'Subscriber',
    redirects: 'Redirects',
  } as Record<string, string>,
  redirectsMade: (added: number, existing: number, refused: number) =>
    `${added} made, ${existing} there already${refused ? `, ${refused} refused` : ''}`,
  filterLabel: 'Show',
  allOutcomes: 'All',
  columns: { item: 'Item', kind: 'Kind', outcome: 'Outcome', detail: 'Detail', address: 'New address' },
  noLines: 'No lines to show.',
  reportPages: 'Report pages',
  failedImages: 'Images that could not be imported can be uploaded by hand in the',
  replaceImage: 'Upload a replacement',
  replaceImageLabel: (name: string) => `Upload a replacement for ${name}`,
  imageReplaced: 'Image replaced: the posts and pages of this import now show the new one',
  mediaLibrary: 'Media library',
  undo: 'Undo this import',
  undoUntil: (date: string) =>
    `Possible until ${date}: it removes exactly what this import made; what was here before stays.`,
  confirmUndo:
    'Undo this import? Its posts, pages, images, redirects, the categories and tags it made and its byline-only authors are removed. What was here before stays.',
  undoStarted: 'Undo started',
  undone: 'This import was undone: what it made has been removed.',
  cancelled: 'This analysis was discarded.',
  earlierTitle: 'Earlier imports',
  noEarlier: 'No imports yet.',
  listColumns: { file: 'File', date: 'Date', status: 'Status' },
  newImport: 'New import',
} as const;

/** Reading a WordPress export (server/modules/site-import/wordpress/): refusals and problems in the report. */
export const WORDPRESS_IMPORT_MESSAGES = {
  // Refusals: the file is not read any further and nothing is imported.
  empty: 'The file is empty. Export the site again from WordPress (Tools → Export → All content).',
  doctype:
    'The file has a document type declaration (<!DOCTYPE …>), which WordPress exports never have: it is refused, since such declarations can expand without end or read files of the server.',
  notXml: (line: number, reason: string) =>
    `The file is not a WordPress export: it is not readable XML (line ${line}: ${reason}).`,
  truncated: (line: number) =>
    `The file ends too early (after line ${line}): it was probably cut off while downloading or uploading. Export the site again from WordPress (Tools → Export → All content).`,
  notRss: (root: string) =>
    `The file is XML but not a WordPress export: it starts with <${root}>, where an export starts with <rss>. Export the site from WordPress with Tools → Export → All content.`,
  rssWithoutWordPress:
    "The file is an RSS feed, not a WordPress export: it holds none of WordPress's data (the wp: namespace). Export the site from WordPress with Tools → Export → All content.",
  noWxrVersion:
    'The file is not a WordPress export: it has no export version (wp:wxr_version). Export the site from WordPress with Tools → Export → All content.',
  fieldTooLarge: (line: number, megabytes: number) =>
    `The file has a field larger than ${megabytes} MB (line ${line}): it cannot be imported.`,
  // What the report names.
  fileItem: 'File',
  postItem: (title: string, id: string) => `Post "${title}" (id ${id})`,
  pageItem: (title: string, id: string) => `Page "${title}" (id ${id})`,
  attachmentItem: (id: string) => `Attachment ${id}`,
  untitled: '(no title)',
  moreProblems: (count: number) => `… and ${count.toLocaleString('en-US')} more`,
  // Problems: the item is imported, the report says what was changed or left out.
  unknownShortcode: (name: string) => `Unknown shortcode [${name}] removed (the text inside it is kept)`,
  galleryImageMissing: (id: string) => `A gallery image (attachment ${id}) is not in the export: left out`,
  featureImageMissing: (id: string) => `The featured image (attachment ${id}) is not in the export`,
  unknownAuthor: (login: string) => `The author "${login}" is not among the export's authors`,
  noAuthor: 'The item has no author in the export',
  passwordProtected: 'The item was password-protected on the old site: it is imported without a password',
  mediaAsLink: (kind: 'video' | 'audio', url: string) =>
    `The ${kind} [${kind}] became a link to ${url}: this site does not play ${kind} files`,
  mediaWithoutSource: (kind: 'video' | 'audio') => `A [${kind}] without a file address was removed`,
  attachmentWithoutUrl: 'The attachment has no file address (wp:attachment_url)',
} as const;

/** Reading a Ghost export and any uploaded ZIP (server/modules/site-import/ghost/, server/lib/safe-zip.ts). */
export const GHOST_IMPORT_MESSAGES = {
  // Refusals of a ZIP (server/lib/safe-zip.ts): nothing of it is extracted.
  zipUnreadable:
    'The file is not a readable ZIP: it is damaged or was cut off while downloading or uploading. Make the ZIP again and send it.',
  zipUnsafeName:
    'The ZIP holds a file whose name leads outside its folder (an absolute path, "..", a backslash or a drive letter): it is refused.',
  zipDuplicateName: 'The ZIP holds two files of the same name: it is refused.',
  zipSymlink: 'The ZIP holds a symbolic link: it is refused. Make the ZIP again from the files themselves.',
  zipEncrypted: 'The ZIP is protected by a password: make it again without one.',
  zipTooManyEntries: (max: number) => `The ZIP holds more than ${max.toLocaleString('en-US')} files: it is refused.`,
  zipTooLarge: (megabytes: number) =>
    `The files in the ZIP add up to more than ${megabytes.toLocaleString('en-US')} MB once unpacked: it is refused.`,
  zipBomb: (name: string) =>
    `The file "${name}" in the ZIP unpacks to more than 200 times its packed size, as ZIP bombs do: the ZIP is refused.`,
  zipEntryTooLarge: (name: string, megabytes: number) =>
    `The file "${name}" in the ZIP is larger than ${megabytes} MB (or larger than the ZIP says): it is refused.`,
  // Refusals of a Ghost export: the file is not read any further and nothing is imported.
  notJson: (reason: string) =>
    `The file is not a Ghost export: it is not readable JSON (${reason}). Export the site again from Ghost (Settings → Advanced → Import/Export → Export content).`,
  truncatedJson:
    'The file ends too early: it was probably cut off while downloading or uploading. Export the site again from Ghost (Settings → Advanced → Import/Export → Export content).',
  notGhost:
    'The file is JSON but not a Ghost export: it has no posts (db[0].data.posts). Export the site from Ghost with Settings → Advanced → Import/Export → Export content.',
  jsonTooLarge: (megabytes: number) =>
    `The Ghost export is larger than ${megabytes} MB: it cannot be imported in one go.`,
  zipWithoutExport:
    'The ZIP holds no Ghost export: put the .json file Ghost exported at its top (or in one folder) beside content/images.',
  zipManyExports: (names: string) => `The ZIP holds more than one Ghost export (${names}): send a ZIP with only one.`,
  // What the report names.
  fileItem: 'File',
  postItem: (title: string, id: string) => `Post "${title}" (id ${id})`,
  pageItem: (title: string, id: string) => `Page "${title}" (id ${id})`,
  untitled: '(no title)',
  moreProblems: (count: number) => `… and ${count.toLocaleString('en-US')} more`,
  // Problems: the item is imported, the report says what was changed or left out.
  noHtml:
    "No HTML in the export (only Ghost's editor format, lexical or mobiledoc): the content is empty. Open the post in Ghost, save it, and export again.",
  membersOnly: (visibility: string) => `Visible to ${visibility} only in Ghost; public here`,
  internalTags: (count: number) =>
    `${count.toLocaleString('en-US')} internal tag${count === 1 ? '' : 's'} (names starting with #) left out`,
  unknownAuthor: (id: string) => `The author (user id ${id}) is not among the export's users`,
  noAuthor: 'The item has no author in the export',
  unknownStatus: (status: string) => `Unknown status "${status}": imported as a draft`,
  noSiteUrl:
    'The export does not say the address of the old site: images at relative addresses are only found in the ZIP, and old addresses are kept as paths.',
  membersCsvUnreadable: (name: string, reason: string) =>
    `The members file "${name}" in the ZIP is not readable CSV (${reason}): its members are not imported. Export them again from Ghost (Members → Export).`,
} as const;

/** Exporting the site (docs/product.md#export). */
export const EXPORT_MESSAGES = {
  siteSaved: 'The site export was downloaded.',
  wxrSaved: 'The WordPress file was downloaded.',
  notAnExport: 'This file is not a site export: it has no manifest.json of format site-export.',
  unknownVersion: (version: unknown) =>
    `This export is of format version ${String(version)}, which this version of the site cannot read.`,
  damaged: (name: string) => `The export is damaged: ${name} does not match its checksum in the manifest.`,
  unlisted: (name: string) => `The export holds ${name}, which its manifest does not list.`,
  missing: (name: string) => `The export's manifest lists ${name}, which the archive does not hold.`,
  unreadable: (name: string) => `The export's ${name} cannot be read.`,
  notEmpty:
    'An export is restored only into a new site: this one already has pages, posts, people, redirects, subscribers or messages of its own.',
} as const;

/** Cookieless analytics (docs/product.md#analytics): the counting endpoint's refusals and the settings' checks. */
export const ANALYTICS_MESSAGES = {
  badEvent: 'Send an event as JSON: { "k": "view" or "read", "p": the page\'s path, "r": the referrer }.',
  unknownPath: 'This site has no public page at that address.',
  rangeInvalid: 'Choose a range of days: from a date to a date on or after it, at most about three years.',
  retentionInvalid: 'Choose how long daily summaries are kept from the list.',
  postNotFound: 'No such post.',
  // The dashboard (app/routes/admin/analytics.tsx, docs/product.md#the-dashboard).
  settingsSaved: 'Analytics settings saved.',
  badRange: 'The last day must be on or after the first one.',
  empty:
    'No visits counted in these days yet. Every public page loads a small script that counts a page view when it opens and a read when a post is read to its end; bots, link previews and signed-in staff are left out. The figures here are summed once a minute.',
  authorOnly: 'You see the figures of your own posts: how many visitors read them and who subscribed from them.',
  noPosts: 'None of your posts was read in these days.',
  noRows: 'Nothing in these days.',
  noCountries:
    'Countries are counted only when the server has a GeoIP country file (the GEOIP_DATABASE setting: a MaxMind-format country file such as GeoLite2-Country.mmdb).',
  privacy:
    'Visits are counted without cookies and without storing anything in the browser. Addresses are never stored: a visitor is a hash of the address, the browser and a random value that changes every day, so nobody is recognised from one day to the next.',
  refresh: 'Summaries refresh every minute.',
  neverSummarized: 'Not summed up yet: the first summary is made within a minute of the server starting.',
} as const;

/** The post editor's stats card (app/features/blog-editor/PostStatsPanel.tsx, docs/product.md#analytics). */
export const ANALYTICS_UI_MESSAGES = {
  statsTitle: 'Stats',
  visitors: 'Visitors',
  views: 'Views',
  reads: 'Read to the end',
  readShare: (percent: number) => `${percent} % of visitors`,
  subscriptions: 'Subscriptions',
  noVisits: 'No visits yet.',
  last30: 'Views, last 30 days',
  sparkline: (views: number, peak: { day: string; views: number } | null) =>
    peak
      ? `Views in the last 30 days: ${views} in all, most on ${peak.day} (${peak.views}).`
      : 'Views in the last 30 days: none.',
  allAnalytics: 'All analytics',
} as const;
