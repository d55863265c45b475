/**
 * Every user-visible text the spec fixes, spelt exactly as SPEC.md §5 and §8 give them
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
} as const;

/** Texts of our own server where the spec shows none (SPEC §8 "Other error responses: not shown"). */
export const SERVER_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  loginRequired: 'Please log in to continue',
  resetRequested: 'If an account exists for that e-mail, a reset code has been sent to it.',
  passwordReset: 'Your password has been reset. Please log in with the new password.',
  invalidResetCode: 'The code is invalid or has expired. Please request a new one.',
  wrongOldPassword: 'Old password is incorrect',
  notYourAccount: 'You can only change your own password',
  loggedOut: 'Logged out',
} as const;

/** SPEC §9: minimum password length. */
export const MIN_PASSWORD_LENGTH = 5;

/** SPEC §9: toasts close after 3000 ms. */
export const TOAST_AUTO_CLOSE_MS = 3000;
/** SPEC §9: delay between closing a modal's Contact Us and navigating to the contact section. */
export const CONTACT_REDIRECT_DELAY_MS = 200;
/** SPEC §9: portfolio carousel autoplay interval. */
export const CAROUSEL_AUTOPLAY_MS = 3000;
/** SPEC §9: the header turns black after this many pixels of scroll. */
export const HEADER_SCROLL_THRESHOLD_PX = 10;
/** SPEC §2 footer copyright years. */
export const COPYRIGHT_YEARS = '2021-2023';
