/**
 * Web Push in the browser (issue 37): what this browser can do, and the small conversions the
 * subscription needs. No React, no requests: tested on their own (push-support.test.ts).
 */

/** The server's VAPID public key (base64url, as the API gives it) as the bytes `pushManager.subscribe` takes. */
export function base64UrlToUint8Array(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Whether a subscription was made with this key (a new server key needs a new subscription). */
export function sameKey(applicationServerKey: ArrayBuffer | null | undefined, publicKey: string): boolean {
  if (!applicationServerKey) return false;
  const expected = base64UrlToUint8Array(publicKey);
  const actual = new Uint8Array(applicationServerKey);
  return actual.length === expected.length && actual.every((byte, index) => byte === expected[index]);
}

type PushEnvironment = { isSecureContext?: boolean; Notification?: unknown; PushManager?: unknown; navigator?: { serviceWorker?: unknown } };

/** Notifications can be offered here: a secure page with service workers, the Push API and notifications. */
export function pushSupported(scope: PushEnvironment): boolean {
  return scope.isSecureContext === true && scope.Notification !== undefined && scope.PushManager !== undefined && scope.navigator?.serviceWorker !== undefined;
}

/** What the card shows. `blocked`: the person (or the browser) refused notifications for this site. */
export type PushState = 'checking' | 'unsupported' | 'blocked' | 'on' | 'off';

/**
 * The state from what the browser says: permission, whether this browser has a subscription, and
 * whether it was made by the person signed in now (a shared phone: someone else's is "off" for them).
 */
export function pushStateOf(input: { supported: boolean; permission: NotificationPermission | undefined; subscribed: boolean; ownedByThisUser: boolean }): Exclude<PushState, 'checking'> {
  if (!input.supported) return 'unsupported';
  if (input.permission === 'denied') return 'blocked';
  return input.permission === 'granted' && input.subscribed && input.ownedByThisUser ? 'on' : 'off';
}
