/**
 * Set when the admin leaves on purpose (the session ended and the administrator chose to log out): the
 * unsaved-changes guard then lets the page go without the browser's "leave site?" question.
 */
export const leaving = { onPurpose: false };
