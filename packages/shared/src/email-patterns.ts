/**
 * The newsletter's basic email check (spec section 5): non-space text, an at sign, more text, a dot,
 * more text. In its own module without zod, so the footer form can use it without the schema library.
 */
export const NEWSLETTER_EMAIL_PATTERN = /^\S+@\S+\.\S+$/;
