import { NEWSLETTER_EMAIL_PATTERN } from '@academy/shared/email-patterns';

/** The spec's basic check (section 5), done before any call: text, @, text, a dot, text; no spaces. */
export function isValidNewsletterEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= 254 && NEWSLETTER_EMAIL_PATTERN.test(email);
}
