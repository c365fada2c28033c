/** Sending to the academy's own webhook (its SMS/WhatsApp provider), signed with its secret. */
import { createHmac } from 'node:crypto';
import { postJson } from '../../lib/outbound-address';
import { UnreadableSecretError } from '../../lib/secret-box';
import { PROVIDER_TIMEOUT_MS } from '../../lib/delivery-timing';
import { parentWebhookConfig } from '../../academy-settings';
import { type ClaimedMessage, WEBHOOK_STATUS_MESSAGE, WEBHOOK_MISSING_MESSAGE, WEBHOOK_SECRET_UNREADABLE_MESSAGE, SendFailure, type ParentSenderDeps } from './sender-parts';

/** The header carrying the webhook's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-academy-signature';
const WEBHOOK_TIMEOUT_MS = PROVIDER_TIMEOUT_MS;

/** The webhook as the sender needs it, or the office's sentence saying why there is none. */
export type WebhookTarget = { url: string; secret: string } | { failure: string };

export async function loadWebhook(deps: ParentSenderDeps): Promise<WebhookTarget> {
  try {
    return (await parentWebhookConfig(deps.db, deps.keys)) ?? { failure: WEBHOOK_MISSING_MESSAGE };
  } catch (error) {
    if (!(error instanceof UnreadableSecretError)) throw error;
    deps.log?.warn({ err: error }, 'the parents webhook secret could not be opened (APP_SECRET changed?)');
    return { failure: WEBHOOK_SECRET_UNREADABLE_MESSAGE };
  }
}

export async function sendToWebhook(deps: ParentSenderDeps, webhook: WebhookTarget, message: ClaimedMessage): Promise<void> {
  if ('failure' in webhook) throw new SendFailure(webhook.failure);
  const body = JSON.stringify({
    id: message.id,
    kind: message.kind,
    date: message.date,
    parent: { name: message.parentName, phone: message.parentPhone, language: message.parentLanguage, relation: message.relation },
    phone: message.parentPhone,
    ...message.payload,
    message: message.text,
  });
  const timestamp = Math.floor(Date.now() / 1000);
  const status = await postJson(
    webhook.url,
    {
      headers: { 'content-type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: `t=${timestamp},v1=${signWebhook(webhook.secret, timestamp, body)}` },
      body,
      timeoutMs: WEBHOOK_TIMEOUT_MS,
    },
    deps.outbound,
  );
  if (status < 200 || status > 299) throw new SendFailure(WEBHOOK_STATUS_MESSAGE.replace('{status}', String(status)));
}

/** The signature of a webhook body: hex HMAC-SHA256 of `${timestamp}.${body}` with the academy's secret. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}
