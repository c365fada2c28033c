import { msg } from '@lingui/core/macro';
import type { PushSubscriptionInput } from '@academy/shared/schemas/push';
import { apiRequest } from '../../lib/api-client';

/** Web Push (issue 37): the server's key, and this browser's subscription for the person signed in. */
export const PUSH_FAILURES = {
  on: msg`Notifications could not be turned on. Please try again.`,
  off: msg`Notifications could not be turned off. Please try again.`,
};

export function fetchPushPublicKey(): Promise<string> {
  return apiRequest<{ publicKey: string }>('GET', '/push/public-key').then((data) => data.publicKey);
}

export function savePushSubscription(subscription: PushSubscriptionInput): Promise<unknown> {
  return apiRequest('POST', '/push/subscriptions', { endpoint: subscription.endpoint, keys: subscription.keys });
}

export function deletePushSubscription(endpoint: string): Promise<unknown> {
  return apiRequest('DELETE', '/push/subscriptions', { endpoint });
}
