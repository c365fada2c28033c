import { z } from 'zod';
import { NEWSLETTER_EMAIL_PATTERN } from '../email-patterns';
import { MESSAGES } from '../messages';

export { NEWSLETTER_EMAIL_PATTERN };

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
