import { useMutation } from '@tanstack/react-query';
import { MESSAGES } from '@academy/shared/messages';
import { apiRequestWithMessage } from '../../lib/api-client';

/** Subscribes an email; resolves with the server's words (new subscriber or already subscribed). */
export function useSubscribeToNewsletter() {
  return useMutation({
    mutationFn: async (email: string) => {
      const { message } = await apiRequestWithMessage<void>('POST', '/newsletter/subscribe', { email });
      return message ?? MESSAGES.newsletterSubscribed;
    },
  });
}
