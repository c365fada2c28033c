/**
 * How long a message to a family may try before it is given up on one channel (issue 73, point 12;
 * decision 072), in ONE place: the family outbox's sender (absence alerts, reminders, codes …), the
 * WhatsApp conversation sender (the office's replies, the automatic answers) and the provider clients.
 *
 * A provider that cannot be reached (connection refused, a name that does not resolve, no answer in
 * PROVIDER_TIMEOUT_MS) or that answers "busy" (429, 5xx) counts as a failed try like any other; the
 * message is tried again after each delay below, and after the last try it is failed with its reason:
 * the office sees it, and the next channel (SMS, then email) takes it over at once. A message that no
 * provider can take therefore ends `failed` within about three minutes, never "Sending" for ever.
 */

/** The most a provider's answer is awaited (WhatsApp, MSG91, the academy's webhook). */
export const PROVIDER_TIMEOUT_MS = 10_000;

/** The waits before the second and the third try of one message on one channel, in seconds. */
export const SEND_RETRY_DELAYS_SECONDS: readonly number[] = [20, 60];

/** Tries of one message on one channel before it stays `failed` (the office can send it again). */
export const SEND_MAX_ATTEMPTS = SEND_RETRY_DELAYS_SECONDS.length + 1;

/** The wait after the `attempts`-th failed try (1-based), in milliseconds. */
export function sendRetryDelayMs(attempts: number): number {
  const index = Math.min(Math.max(attempts, 1), SEND_RETRY_DELAYS_SECONDS.length) - 1;
  return SEND_RETRY_DELAYS_SECONDS[index]! * 1000;
}
