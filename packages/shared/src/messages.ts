/**
 * User-facing texts shared by the server and the browser. The spec's texts are requirements,
 * word for word: change them only when the spec changes.
 */
export const MESSAGES = {
  fallbackError: 'An error occurred',
  invalidCredentials: 'Invalid email or password',
  tooManyLoginAttempts: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
  notSignedIn: 'Please sign in to continue',
  forbidden: 'You do not have permission to do this',
  notFound: 'Not found',
  validationFailed: 'Please check the highlighted fields',
  crossOrigin: 'Request refused: it did not come from this site',
  // A Host header that is not a plain name, or an absolute address in the request line (issue 71).
  addressRefused: 'Request refused: the address it was sent to is not valid',
  unsupportedContentType: 'Send this request as JSON',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  // A NUL (U+0000) anywhere in a request (issue 53): PostgreSQL's text cannot hold it.
  nulCharacter: 'This field contains a character that is not allowed',
  // An .xlsx (a zip) that unpacks to far more than a sheet of cells needs (issue 53).
  spreadsheetTooLarge: 'This spreadsheet is too large once opened. Keep only the sheet of rows (no pictures or other sheets) and try again.',
  // Sheets are read a few at a time per server (issue 71): too many waiting already.
  spreadsheetsBusy: 'Many spreadsheets are being read just now. Please try again in a minute.',
  internal: 'Something went wrong on our side. Please try again.',
  // Many academies on one deployment (issue 55): an academy the platform's operator has paused.
  academySuspended: 'This academy is paused for now: its site and sign-ins are closed, and its records are kept safe. Please contact the academy.',
  loggedOut: 'You have been successfully logged out',
  authCheckFailed: 'Authentication check failed',
  loginFailed: 'Login failed',
  logoutFailed: 'Logout failed',
  newsletterSubscribed: 'Thank you for subscribing! We will keep you posted about new batches and results.',
  newsletterAlreadySubscribed: 'You are already subscribed. Thank you!',
  newsletterInvalidEmail: 'Please enter a valid email address.',
  newsletterFailed: 'Failed to subscribe. Please try again.',
  forgotPasswordSent: 'If an account exists for that email, we have sent a link to reset the password. It is valid for 30 minutes.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please ask for a new one.',
  passwordResetDone: 'Your password has been reset. You can now log in with your new password.',
  settingsSaved: 'Academy settings saved',
  // Catalogue (spec section 8 gives the subject texts; the others follow them).
  subjectCreated: 'Subject created successfully',
  subjectUpdated: 'Subject updated successfully',
  subjectDeleted: 'Subject deleted successfully',
  standardCreated: 'Standard created successfully',
  standardUpdated: 'Standard updated successfully',
  standardDeleted: 'Standard deleted successfully',
  teacherCreated: 'Teacher created successfully',
  teacherCreatedInvited: 'Teacher created successfully. We have mailed them a link to set their password.',
  teacherUpdated: 'Teacher updated successfully',
  teacherDeleted: 'Teacher deleted successfully',
  studentCreated: 'Student created successfully',
  studentCreatedInvited: 'Student created successfully. We have mailed them a link to set their password.',
  studentUpdated: 'Student updated successfully',
  studentArchived: 'Student archived successfully. Their records are kept and they can no longer sign in.',
  emailInUse: 'This email is already in use',
  // Own profile and password.
  profileUpdated: 'Profile updated successfully',
  passwordChanged: 'Your password has been changed. Your other devices have been signed out.',
  currentPasswordIncorrect: 'Current password is incorrect',
  fieldNotEditable: 'This field cannot be changed here',
} as const;

/** Popups of the logout flow (spec section 8). */
export const LOGOUT_POPUPS = {
  success: { title: 'Logged Out', message: 'You have been successfully logged out' },
  failure: { title: 'Logout Failed', message: 'There was an issue logging you out. Please try again.' },
  autoCloseMs: 2000,
} as const;

/** Popups of the footer's newsletter form (spec sections 5, 8 and 9). */
export const NEWSLETTER_POPUPS = {
  invalidEmail: { title: 'Invalid Email', message: MESSAGES.newsletterInvalidEmail, autoCloseMs: 2000 },
  failure: { title: 'Failed to Subscribe', message: MESSAGES.newsletterFailed },
  resultAutoCloseMs: 2500,
} as const;
