import { MESSAGES } from '@academy/shared/messages';
import type { Db } from '../../db/client';
import { newsletterSubscriptions } from '../../db/schema';

/** Subscribing twice is not an error: the answer only says so, kindly. */
export async function subscribeToNewsletter(db: Db, email: string): Promise<{ message: string }> {
  const inserted = await db
    .insert(newsletterSubscriptions)
    .values({ email: email.toLowerCase() })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscriptions.id });
  return { message: inserted.length > 0 ? MESSAGES.newsletterSubscribed : MESSAGES.newsletterAlreadySubscribed };
}
