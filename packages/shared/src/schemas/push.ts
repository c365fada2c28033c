import { z } from 'zod';
import { idSchema } from './common';

/**
 * Web Push to parents and students who installed the app (issue 37): the browser's subscription as
 * `PushSubscription.toJSON()` gives it, the service worker's "shown" report, and the server's public
 * (VAPID) key the browser subscribes with.
 */

export const PUSH_ENDPOINT_MESSAGE = 'Enter the push address the browser gave (an https address)';
export const PUSH_SERVICE_MESSAGE = 'This address is not a known push service (those of Chrome, Firefox, Edge and Safari are accepted)';

// base64url as browsers write it: 65 bytes (87 characters) for p256dh, 16 bytes (22) for auth; padding allowed.
const base64Url = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .min(min, message)
    .max(max, message)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, message);

export const pushEndpointSchema = z
  .string({ error: PUSH_ENDPOINT_MESSAGE })
  .trim()
  .max(1000, PUSH_ENDPOINT_MESSAGE)
  .refine((value) => URL.canParse(value), PUSH_ENDPOINT_MESSAGE);

/** POST /api/push/subscriptions: the browser's subscription (expirationTime and others are ignored). */
export const pushSubscriptionInputSchema = z.object({
  endpoint: pushEndpointSchema,
  keys: z.object(
    {
      p256dh: base64Url(86, 88, 'Enter the subscription key the browser gave (p256dh)'),
      auth: base64Url(22, 24, 'Enter the subscription secret the browser gave (auth)'),
    },
    { error: 'Enter the keys of the subscription the browser gave' },
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

/** DELETE /api/push/subscriptions: this device's subscription, by its address. */
export const pushUnsubscribeInputSchema = z.object({ endpoint: pushEndpointSchema });

/** POST /api/push/received: the service worker showed this message. */
export const pushReceivedInputSchema = z.object({ messageId: idSchema });

export const pushPublicKeySchema = z.object({ publicKey: z.string() });
export const pushSubscribedSchema = z.object({ subscribed: z.boolean() });
export const pushReceivedSchema = z.object({ recorded: z.boolean() });

/** What a push carries to the service worker (JSON, encrypted for the browser). */
export type PushPayload = { title: string; body: string; url: string; messageId: string };
