import { createHmac, timingSafeEqual } from 'node:crypto';
import { PROVIDER_TIMEOUT_MS } from './delivery-timing';

/**
 * The clients of the two messaging providers an academy in India uses (issue 37), each to its
 * documented HTTP contract. Their base addresses come from the environment (config.ts:
 * WHATSAPP_API_BASE, MSG91_API_BASE), so tests run them against local stand-ins. Neither ever logs
 * a credential; their errors carry the office's plain sentence and the provider's code.
 */

/** The Graph API version the messages are sent with. */
export const WHATSAPP_API_VERSION = 'v21.0';
// How long an answer is awaited: delivery-timing.ts (one place for every sender's timings, decision 072).
const TIMEOUT_MS = PROVIDER_TIMEOUT_MS;

/** A send that did not go through: `final` means trying again will not help (another channel should carry it). */
export class ProviderError extends Error {
  constructor(
    /** The office's sentence (the Messages screen shows it). */
    message: string,
    readonly final: boolean,
    readonly code?: number | string,
  ) {
    super(message);
  }
}

// Graph API error codes (developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes).
/** The number cannot get this message on WhatsApp: not on WhatsApp, not allowed, blocked, or an experiment. */
const NOT_ON_WHATSAPP = new Set([131026, 131021, 131030, 131045, 131050, 131051, 130472]);
/** Throttled or a passing fault on Meta's side: try again later. */
const TRY_AGAIN = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131048, 131056, 133004]);
/** The token or the app's permission is refused. */
const AUTH = new Set([0, 3, 10, 190, 200]);

/** The office's sentence for a WhatsApp error code (status webhooks carry the same codes). */
export function whatsAppErrorText(code: number | undefined, template?: string): string {
  if (code !== undefined && NOT_ON_WHATSAPP.has(code)) return 'This number is not on WhatsApp or cannot receive WhatsApp messages';
  if (code !== undefined && AUTH.has(code)) return 'WhatsApp refused the access token: enter a new one in Settings → Messages';
  if (code !== undefined && code >= 132000 && code <= 132999) return `The WhatsApp template${template ? ` "${template}"` : ''} is missing, not approved or has other values in this language`;
  if (code === 131047) return 'WhatsApp allows only an approved template outside 24 hours of the parent’s last message';
  if (code !== undefined && TRY_AGAIN.has(code)) return 'WhatsApp is busy; the message will be tried again';
  return code === undefined ? 'WhatsApp did not answer' : `WhatsApp refused the message (error ${code})`;
}

/** Whether a WhatsApp error means the message will never arrive that way (another channel should carry it). */
export function isFinalWhatsAppError(code: number | undefined): boolean {
  return code !== undefined && !TRY_AGAIN.has(code);
}

export type WhatsAppTemplateMessage = {
  base: string;
  phoneNumberId: string;
  accessToken: string;
  /** +91XXXXXXXXXX */
  to: string;
  template: string;
  /** mr, hi, en: the template's language. */
  language: string;
  /** The body's parameters in order ({{1}}, {{2}} …). */
  values: readonly string[];
  /**
   * An authentication template (a sign-in code): Meta's shape is the code as the body's one parameter
   * and again as the copy-code button's; the expiry is the template's own setting, never a parameter.
   */
  authenticationCode?: string;
  /**
   * The payloads of the template's quick-reply buttons, in order (issue 60: the absence alert's Sick /
   * Family reason / Will call): the button's words are the template's own, its payload comes back in the reply.
   */
  quickReplies?: readonly string[];
};

/** The template's components: the body's parameters, or an authentication template's code and copy-code button. */
export function whatsAppTemplateComponents(message: Pick<WhatsAppTemplateMessage, 'values' | 'authenticationCode' | 'quickReplies'>): object[] {
  if (message.authenticationCode !== undefined) {
    const code = [{ type: 'text', text: message.authenticationCode }];
    return [
      { type: 'body', parameters: code },
      { type: 'button', sub_type: 'url', index: '0', parameters: code },
    ];
  }
  const body = message.values.length > 0 ? [{ type: 'body', parameters: message.values.map((text) => ({ type: 'text', text: text || '-' })) }] : [];
  const buttons = (message.quickReplies ?? []).map((payload, index) => ({ type: 'button', sub_type: 'quick_reply', index: String(index), parameters: [{ type: 'payload', payload }] }));
  return [...body, ...buttons];
}

/** POST {base}/{version}/{phone-number-id}/messages: one approved template; answers the message id (wamid). */
export async function sendWhatsAppTemplate(message: WhatsAppTemplateMessage): Promise<{ id: string }> {
  const body = {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: message.to.replace(/^\+/, ''),
    type: 'template',
    template: {
      name: message.template,
      language: { code: message.language },
      components: whatsAppTemplateComponents(message),
    },
  };
  return postWhatsAppMessage(message, body, message.template);
}

/**
 * POST {base}/{version}/{phone-number-id}/messages, a template or a session message alike: answers the
 * message id (wamid), or throws a ProviderError worded for the office (`template` names the refused one).
 */
async function postWhatsAppMessage(account: { base: string; phoneNumberId: string; accessToken: string }, body: object, template?: string): Promise<{ id: string }> {
  let response: Response;
  try {
    response = await fetch(`${account.base}/${WHATSAPP_API_VERSION}/${encodeURIComponent(account.phoneNumberId)}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new ProviderError(whatsAppErrorText(undefined), false);
  }
  const answer = (await response.json().catch(() => ({}))) as { messages?: { id?: string }[]; error?: { code?: number } };
  const id = answer.messages?.[0]?.id;
  if (response.ok && id) return { id };
  const code = answer.error?.code;
  // A 5xx without a code is Meta's passing fault.
  throw new ProviderError(whatsAppErrorText(code, template), response.status < 500 && isFinalWhatsAppError(code), code);
}

/** A free-form (session) message: words, or an interactive list of choices (ids come back as `list_reply`). */
export type WhatsAppSessionMessage = {
  base: string;
  phoneNumberId: string;
  accessToken: string;
  /** +91XXXXXXXXXX */
  to: string;
  text: string;
  list?: { button: string; rows: readonly { id: string; title: string }[] };
};

/**
 * POST {base}/{version}/{phone-number-id}/messages with `type: text` or `type: interactive` (issue 60):
 * allowed only inside the 24-hour customer-service window after the parent's last message (else Meta
 * answers 131047). Answers the message id (wamid).
 */
export async function sendWhatsAppSession(message: WhatsAppSessionMessage): Promise<{ id: string }> {
  const content = message.list
    ? {
        type: 'interactive',
        interactive: { type: 'list', body: { text: message.text.slice(0, 1024) }, action: { button: message.list.button.slice(0, 20), sections: [{ title: message.list.button.slice(0, 24), rows: message.list.rows.map((row) => ({ id: row.id, title: row.title.slice(0, 24) })) }] } },
      }
    : { type: 'text', text: { preview_url: true, body: message.text.slice(0, 4096) } };
  return postWhatsAppMessage(message, { messaging_product: 'whatsapp', recipient_type: 'individual', to: message.to.replace(/^\+/, ''), ...content });
}

/** `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body with the app secret>`, compared in constant time. */
export function isWhatsAppSignatureValid(appSecret: string, rawBody: string | Buffer, header: string | undefined): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type Msg91FlowMessage = {
  base: string;
  authKey: string;
  senderId: string;
  /** The DLT-registered template's id in MSG91. */
  templateId: string;
  /** +91XXXXXXXXXX */
  to: string;
  /** VAR1, VAR2 … in order. */
  values: readonly string[];
  /** Marathi or Hindi: MSG91's `unicode: 1` (English goes as GSM-7 text, `unicode: 0`). */
  unicode?: boolean;
};

/** POST {base}/api/v5/flow (header `authkey`): one SMS from a DLT template; answers MSG91's request id. */
export async function sendMsg91Flow(message: Msg91FlowMessage): Promise<{ id: string }> {
  const recipient: Record<string, string> = { mobiles: message.to.replace(/^\+/, '') };
  message.values.forEach((value, index) => {
    recipient[`VAR${index + 1}`] = value;
  });
  let response: Response;
  try {
    response = await fetch(`${message.base}/api/v5/flow`, {
      method: 'POST',
      headers: { authkey: message.authKey, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ template_id: message.templateId, sender: message.senderId, short_url: '0', unicode: message.unicode ? 1 : 0, recipients: [recipient] }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new ProviderError('MSG91 did not answer', false);
  }
  const answer = (await response.json().catch(() => ({}))) as { type?: string; message?: string; code?: string | number };
  if (response.ok && answer.type === 'success' && answer.message) return { id: answer.message };
  if (response.status === 401 || /auth/i.test(answer.message ?? '')) throw new ProviderError('MSG91 refused the auth key: enter a new one in Settings → Messages', true, answer.code);
  if (response.status >= 500 || response.status === 429) throw new ProviderError('MSG91 is busy; the message will be tried again', false, answer.code);
  throw new ProviderError(`MSG91 refused the SMS${answer.message ? `: ${answer.message.slice(0, 200)}` : ''}`, true, answer.code);
}

/**
 * MSG91's delivery report status (its DLR codes): 1 delivered; 2 failed, 9 NDNC, 16 rejected,
 * 17 blocked, 25 rejected by DLT, 26 template mismatch: failed; others (8 submitted, 5 pending): no change.
 */
export function msg91ReportStatus(status: string | number | undefined): 'delivered' | 'failed' | undefined {
  const code = String(status ?? '');
  if (code === '1') return 'delivered';
  if (['2', '9', '16', '17', '25', '26'].includes(code)) return 'failed';
  return undefined;
}

export function msg91ErrorText(status: string | number | undefined, description: string | undefined): string {
  const code = String(status ?? '');
  if (code === '9') return 'The number is on the Do Not Disturb (NDNC) list';
  if (code === '25' || code === '26') return 'The SMS did not match its DLT template';
  return `The SMS was not delivered${description ? ` (${description.slice(0, 100)})` : ''}`;
}

/**
 * When MSG91 says a report happened: its reports write local Indian time without a zone
 * ("2024-05-22 10:06:20"), read as Asia/Kolkata (+05:30, no daylight saving); a time with its own
 * zone (or Z) is read as written, a Unix time in seconds as such. Anything else: `fallback` (now).
 */
export function msg91ReportTime(date: string | undefined, fallback = new Date()): Date {
  const text = date?.trim() ?? '';
  if (/^\d{9,10}$/.test(text)) return new Date(Number(text) * 1000);
  const local = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/.exec(text);
  const parsed = local ? new Date(`${local[1]}T${local[2]}+05:30`) : /[zZ]|[+-]\d{2}:?\d{2}$/.test(text) ? new Date(text) : new Date(Number.NaN);
  return Number.isNaN(parsed.getTime()) ? fallback : parsed;
}
