import { and, eq, sql } from 'drizzle-orm';
import type webpush from 'web-push';
import { PUSH_SERVICE_MESSAGE, type PushPayload, type PushSubscriptionInput } from '@academy/shared/schemas/push';
import type { Actor } from '../../access/actor';
import type { Db, DbExecutor } from '../../db/client';
import { pushSubscriptions, pushVapidKeys } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isPushServiceEndpoint } from '../../lib/push-endpoint';
import { openSecret, sealSecret } from '../../lib/secret-box';
import type { ServerKeys } from '../../lib/server-keys';
import { getAcademySettings } from '../../academy-settings';
import { appNowSql } from '../../db/app-time';

const VAPID_CONTEXT = 'push:vapid-private-key';
/** A push waits at most a day at the push service for a phone that is off. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;

export type VapidKeys = { publicKey: string; privateKey: string };

/**
 * The academy's VAPID key pair (one per academy), made at first use. Several servers may start at once: each inserts
 * its own pair and the first one wins (on conflict do nothing), then all read the same row.
 */
export async function vapidKeys(db: DbExecutor, keys: ServerKeys): Promise<VapidKeys> {
  let [row] = await db.select().from(pushVapidKeys).where(eq(pushVapidKeys.academyId, sql`current_academy_id()`));
  if (!row) {
    const { generateVAPIDKeys } = (await import('web-push')).default;
    const made = generateVAPIDKeys();
    await db
      .insert(pushVapidKeys)
      .values({ publicKey: made.publicKey, privateKey: sealSecret(keys, VAPID_CONTEXT, made.privateKey) })
      .onConflictDoNothing();
    [row] = await db.select().from(pushVapidKeys).where(eq(pushVapidKeys.academyId, sql`current_academy_id()`));
  }
  return { publicKey: row!.publicKey, privateKey: openSecret(keys, VAPID_CONTEXT, row!.privateKey) };
}

/** The key a browser subscribes with (public by nature; only signed-in parents and students ask). */
export async function vapidPublicKey(db: DbExecutor, keys: ServerKeys): Promise<string> {
  return (await vapidKeys(db, keys)).publicKey;
}

function assertPushService(endpoint: string, allowedHosts: readonly string[]): void {
  if (!isPushServiceEndpoint(endpoint, allowedHosts)) throw new AppError('BAD_REQUEST', PUSH_SERVICE_MESSAGE, { endpoint: PUSH_SERVICE_MESSAGE });
}

/**
 * This browser's subscription for the signed-in parent or student. The endpoint is one browser's:
 * subscribed again (new keys) or by another account signed in there, the row follows the newest.
 */
export async function savePushSubscription(
  db: DbExecutor,
  actor: Actor,
  input: PushSubscriptionInput,
  options: { userAgent?: string; allowedHosts: readonly string[] },
): Promise<void> {
  assertPushService(input.endpoint, options.allowedHosts);
  const values = { userId: actor.userId, p256dh: input.keys.p256dh, auth: input.keys.auth, userAgent: options.userAgent?.slice(0, 300) ?? null };
  await db
    .insert(pushSubscriptions)
    .values({ endpoint: input.endpoint, ...values })
    .onConflictDoUpdate({ target: [pushSubscriptions.academyId, pushSubscriptions.endpoint], set: { ...values, createdAt: appNowSql(), lastSuccessAt: null } });
}

/** Turns notifications off on this browser: only the caller's own subscription; answers whether one was removed. */
export async function deletePushSubscription(db: DbExecutor, actor: Actor, endpoint: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, actor.userId)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

/** No push could be sent to the user: none subscribed, every subscription gone, or every push service refused. */
export class PushNotSentError extends Error {
  constructor(
    message: string,
    /** Subscriptions removed because their push service called them gone (404/410). */
    readonly gone: number,
  ) {
    super(message);
    this.name = 'PushNotSentError';
  }
}

export type PushDeps = { db: Db; keys: ServerKeys; log?: { warn(object: object, message: string): void }; allowedHosts?: readonly string[] };

/**
 * Sends one message to every browser where the user turned notifications on (the family outbox's
 * cheapest channel). A subscription the push service calls gone (404, 410) is deleted; each accepted
 * one records its last success. Throws PushNotSentError when no browser took it, so the caller can
 * try the next channel.
 */
export async function sendPushToUser(deps: PushDeps, userId: string, message: PushPayload): Promise<{ sent: number; gone: number }> {
  const subscriptions = await deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  if (subscriptions.length === 0) throw new PushNotSentError('This person has not turned on notifications in the app', 0);
  const [vapid, settings] = await Promise.all([vapidKeys(deps.db, deps.keys), getAcademySettings(deps.db)]);
  const vapidDetails = { subject: `mailto:${settings.email}`, publicKey: vapid.publicKey, privateKey: vapid.privateKey };
  // A push carries at most about 4 kB; the app opens the full message at `url`.
  const payload = JSON.stringify({ ...message, title: message.title.slice(0, 200), body: message.body.slice(0, 1000) } satisfies PushPayload);
  let sent = 0;
  let gone = 0;
  const failures: string[] = [];
  for (const subscription of subscriptions) {
    const outcome = await sendOne(deps, subscription, payload, vapidDetails);
    if (outcome === 'sent') {
      sent += 1;
      await deps.db.update(pushSubscriptions).set({ lastSuccessAt: sql`now()` }).where(eq(pushSubscriptions.id, subscription.id));
    } else if (outcome === 'gone') {
      gone += 1;
      await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
    } else {
      failures.push(outcome.failed);
    }
  }
  if (sent === 0) {
    const reasons = [...(gone > 0 ? [`${gone} subscription(s) no longer exist and were removed`] : []), ...failures];
    throw new PushNotSentError(`No push notification could be sent: ${reasons.join('; ')}`, gone);
  }
  return { sent, gone };
}

type Outcome = 'sent' | 'gone' | { failed: string };

async function sendOne(deps: PushDeps, subscription: typeof pushSubscriptions.$inferSelect, payload: string, vapidDetails: VapidKeys & { subject: string }): Promise<Outcome> {
  // Checked again when sending: the accepted hosts may have changed since the browser subscribed.
  if (!isPushServiceEndpoint(subscription.endpoint, deps.allowedHosts ?? [])) return 'gone';
  const { generateRequestDetails } = (await import('web-push')).default;
  let request: webpush.RequestDetails;
  try {
    request = generateRequestDetails({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, payload, {
      vapidDetails,
      TTL: PUSH_TTL_SECONDS,
      urgency: 'high',
      contentEncoding: 'aes128gcm',
    });
  } catch (error) {
    // Keys the browser gave that do not encrypt (malformed): the subscription can never work.
    deps.log?.warn({ err: error, subscriptionId: subscription.id }, 'Push subscription unusable; removed');
    return 'gone';
  }
  try {
    const response = await fetch(request.endpoint, {
      method: 'POST',
      headers: request.headers,
      body: request.body ? new Uint8Array(request.body) : null,
      redirect: 'manual',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.status >= 200 && response.status < 300) return 'sent';
    if (response.status === 404 || response.status === 410) return 'gone';
    deps.log?.warn({ status: response.status, subscriptionId: subscription.id }, 'Push service refused a notification');
    return { failed: `the push service answered ${response.status}` };
  } catch (error) {
    deps.log?.warn({ err: error, subscriptionId: subscription.id }, 'Push service not reached');
    return { failed: `the push service could not be reached (${(error as Error).message})` };
  }
}
