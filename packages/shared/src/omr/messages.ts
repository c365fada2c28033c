/** Reasons the OMR reader's callers give in their own words (issue 76; translated in i18n/server-messages.ts), apart from the reader so a screen can name them without loading it. */
export const NOT_A_PICTURE = 'The file is not a picture that can be read (send a JPEG or PNG photo, or a PDF)';
export const OTHER_TEST = 'This sheet is of another test: scan it on that test’s page';
