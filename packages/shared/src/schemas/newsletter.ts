import { z } from 'zod';
import { MESSAGES } from '../messages';

/** The spec's basic check: non-space text, an at sign, more text, a dot, more text. */
export const NEWSLETTER_EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

/** POST /api/newsletter/subscribe. Every failure has the one message the footer form shows. */
export const newsletterSubscribeSchema = z.object(
  {
    email: z
      .string({ error: MESSAGES.newsletterInvalidEmail })
      .trim()
      .max(254, MESSAGES.newsletterInvalidEmail)
      .regex(NEWSLETTER_EMAIL_PATTERN, MESSAGES.newsletterInvalidEmail)
      .pipe(z.email({ error: MESSAGES.newsletterInvalidEmail }))
      .transform((email) => email.toLowerCase()),
  },
  { error: MESSAGES.newsletterInvalidEmail },
);
export type NewsletterSubscribeInput = z.input<typeof newsletterSubscribeSchema>;
