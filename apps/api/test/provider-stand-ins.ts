import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins of the two messaging providers' HTTP contracts (tests only; the product never fakes
 * a send): Meta's WhatsApp Cloud API (`POST /{version}/{phone-number-id}/messages`, Bearer token,
 * Graph-style errors such as 131026 for a number not on WhatsApp) and MSG91's Flow API
 * (`POST /api/v5/flow`, `authkey` header). Each records what it was sent.
 */
/** `id`: the message id the stand-in answered with (a WhatsApp message it accepted), which a reply's `context.id` names. */
export type StandInRequest = { path: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown>; id?: string };

export type ProviderStandIns = {
  base: string;
  whatsapp: StandInRequest[];
  sms: StandInRequest[];
  /** Numbers (91XXXXXXXXXX) that are not on WhatsApp: the Graph API answers error 131026. */
  notOnWhatsApp: Set<string>;
  /** When set, every send (WhatsApp or MSG91) is answered with this HTTP status and no message id (a provider that is down or busy). */
  failWith: number | null;
  reset(): void;
  close(): Promise<void>;
};

/**
 * `port`: a fixed one (the end-to-end server is pointed at it before any test runs); 0 picks a free one.
 * `GET /_stand-in/sent` answers what each provider was sent, so an end-to-end test in another process
 * can read the code a parent would have received on their phone.
 */
export async function startProviderStandIns(
  expect: { accessToken: string; phoneNumberId: string; authKey: string; authenticationTemplates?: readonly string[] },
  port = 0,
): Promise<ProviderStandIns> {
  const authenticationTemplates = new Set(expect.authenticationTemplates ?? ['sign_in_code']);
  const whatsapp: StandInRequest[] = [];
  const sms: StandInRequest[] = [];
  const notOnWhatsApp = new Set<string>();
  let sequence = 0;
  const state: { failWith: number | null } = { failWith: null };
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const reply = (status: number, body: object) => {
        response.statusCode = status;
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(body));
      };
      if (request.method === 'GET' && request.url === '/_stand-in/sent') return reply(200, { whatsapp: whatsapp.map((sent) => sent.body), whatsappIds: whatsapp.map((sent) => sent.id ?? null), sms: sms.map((sent) => sent.body) });
      // A parent's message as Meta would deliver it (issue 60): `{ webhook, appSecret, body }` posted to the
      // academy's webhook, signed with the app secret; answers the academy's status.
      if (request.method === 'POST' && request.url === '/_stand-in/inbound') {
        const given = (() => {
          try {
            return JSON.parse(raw) as { webhook: string; appSecret: string; body: string };
          } catch {
            return undefined;
          }
        })();
        if (!given) return reply(400, { error: 'Send { webhook, appSecret, body }' });
        void fetch(given.webhook, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': metaSignature(given.appSecret, given.body) }, body: given.body })
          .then((answer) => reply(200, { status: answer.status }))
          .catch((error: Error) => reply(502, { error: error.message }));
        return;
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return reply(400, { error: { code: 100, message: 'Invalid JSON' } });
      }
      const path = request.url ?? '';
      if (state.failWith !== null && request.method === 'POST') return reply(state.failWith, { error: { message: 'Service unavailable' } });
      if (request.method === 'POST' && /^\/v\d+\.\d+\/[^/]+\/messages$/.test(path)) {
        if (request.headers.authorization !== `Bearer ${expect.accessToken}`) return reply(401, { error: { code: 190, message: 'Invalid OAuth access token' } });
        if (!path.includes(`/${expect.phoneNumberId}/`)) return reply(400, { error: { code: 100, message: 'Unknown phone number id' } });
        const refusal = body.type === 'text' || body.type === 'interactive' ? whatsAppSessionRefusal(body) : whatsAppTemplateRefusal(body, authenticationTemplates);
        if (refusal) return reply(400, { error: { ...refusal, type: 'OAuthException' } });
        const sent: StandInRequest = { path, headers: request.headers, body };
        whatsapp.push(sent);
        if (notOnWhatsApp.has(String(body.to))) return reply(400, { error: { code: 131026, message: 'Message undeliverable', type: 'OAuthException' } });
        sequence += 1;
        sent.id = `wamid.stand-in-${sequence}`;
        return reply(200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: sent.id }] });
      }
      if (request.method === 'POST' && path === '/api/v5/flow') {
        if (request.headers.authkey !== expect.authKey) return reply(401, { type: 'error', message: 'Authentication failure' });
        if (!Array.isArray(body.recipients) || typeof body.template_id !== 'string' || (body.unicode !== undefined && body.unicode !== 0 && body.unicode !== 1)) {
          return reply(400, { type: 'error', message: 'Invalid request' });
        }
        sms.push({ path, headers: request.headers, body });
        sequence += 1;
        return reply(200, { type: 'success', message: `msg91-request-${sequence}` });
      }
      return reply(404, { error: { code: 100, message: 'Unknown path' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    whatsapp,
    sms,
    notOnWhatsApp,
    get failWith() {
      return state.failWith;
    },
    set failWith(status: number | null) {
      state.failWith = status;
    },
    reset() {
      whatsapp.length = 0;
      sms.length = 0;
      notOnWhatsApp.clear();
      state.failWith = null;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * What Meta refuses in a session message (issue 60): a text's body (1-4096 characters), or an
 * interactive list's body, button and rows (ids and titles of at most 24 characters).
 */
function whatsAppSessionRefusal(body: Record<string, unknown>): { code: number; message: string } | undefined {
  const invalid = { code: 100, message: 'Invalid parameter' };
  if (body.messaging_product !== 'whatsapp' || typeof body.to !== 'string' || !/^\d{10,15}$/.test(body.to)) return invalid;
  if (body.type === 'text') {
    const text = (body.text as { body?: unknown } | undefined)?.body;
    return typeof text === 'string' && text.length > 0 && text.length <= 4096 ? undefined : invalid;
  }
  const interactive = body.interactive as { type?: unknown; body?: { text?: unknown }; action?: { button?: unknown; sections?: { rows?: { id?: unknown; title?: unknown }[] }[] } } | undefined;
  if (interactive?.type !== 'list' || typeof interactive.body?.text !== 'string' || typeof interactive.action?.button !== 'string') return invalid;
  const rows = (interactive.action.sections ?? []).flatMap((section) => section.rows ?? []);
  return rows.length > 0 && rows.length <= 10 && rows.every((row) => typeof row.id === 'string' && typeof row.title === 'string' && row.title.length <= 24) ? undefined : invalid;
}

type TextParameter = { type?: unknown; text?: unknown };
type Component = { type?: unknown; sub_type?: unknown; index?: unknown; parameters?: (TextParameter & { payload?: unknown })[] };
/** A quick-reply button's dynamic payload (the absence alert's Sick / Family reason / Will call). */
const isQuickReply = (component: Component) =>
  component.type === 'button' && component.sub_type === 'quick_reply' && typeof component.index === 'string' && component.parameters?.length === 1 && component.parameters[0]!.type === 'payload' && typeof component.parameters[0]!.payload === 'string';

/**
 * What Meta's Cloud API refuses in a template message, with its error: the message's shape (error
 * 100), and for a template of the authentication category (a sign-in code) anything but its one shape,
 * the code as the body's only parameter and as the copy-code button's (error 132000: "Number of
 * parameters does not match the expected number of params"). The expiry is the template's setting.
 */
function whatsAppTemplateRefusal(body: Record<string, unknown>, authenticationTemplates: ReadonlySet<string>): { code: number; message: string } | undefined {
  const template = body.template as { name?: unknown; language?: { code?: unknown }; components?: Component[] } | undefined;
  if (body.messaging_product !== 'whatsapp' || body.type !== 'template' || typeof body.to !== 'string' || !/^\d{10,15}$/.test(body.to)) return { code: 100, message: 'Invalid parameter' };
  if (!template || typeof template.name !== 'string' || typeof template.language?.code !== 'string' || !Array.isArray(template.components)) return { code: 100, message: 'Invalid parameter' };
  const texts = (component: Component | undefined) => (Array.isArray(component?.parameters) && component.parameters.every((p) => p.type === 'text' && typeof p.text === 'string' && p.text !== '') ? component.parameters.map((p) => p.text as string) : undefined);
  if (!authenticationTemplates.has(template.name)) {
    return template.components.every((component) => (component.type === 'body' && texts(component)) || isQuickReply(component)) ? undefined : { code: 100, message: 'Invalid parameter' };
  }
  const mismatch = { code: 132000, message: '(#132000) Number of parameters does not match the expected number of params' };
  if (template.components.length !== 2) return mismatch;
  const [first, second] = template.components;
  const bodyTexts = first?.type === 'body' ? texts(first) : undefined;
  const buttonTexts = second?.type === 'button' && second.sub_type === 'url' && second.index === '0' ? texts(second) : undefined;
  if (bodyTexts?.length !== 1 || buttonTexts?.length !== 1 || bodyTexts[0] !== buttonTexts[0] || bodyTexts[0]!.length > 15) return mismatch;
  return undefined;
}

/** A body as Meta signs it for the webhook: `sha256=` + hex HMAC-SHA256 with the app secret. */
export function metaSignature(appSecret: string, body: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
}

/** Meta's webhook envelope (the business account, one change of its messages) around the change's `value`. */
function whatsAppWebhookBody(value: Record<string, unknown>): string {
  return JSON.stringify({ object: 'whatsapp_business_account', entry: [{ id: 'WABA-ID', changes: [{ field: 'messages', value }] }] });
}

/** Meta's webhook body for one status of one message. */
export function whatsAppStatusBody(id: string, status: 'sent' | 'delivered' | 'read' | 'failed', errorCode?: number): string {
  return whatsAppWebhookBody({
    messaging_product: 'whatsapp',
    metadata: { display_phone_number: '919800000000', phone_number_id: 'PNID' },
    statuses: [{ id, status, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: '919800000001', ...(errorCode ? { errors: [{ code: errorCode, title: 'error' }] } : {}) }],
  });
}

/** Meta's webhook body for a parent's text reply; each reply has its own id unless given (a replay repeats one). */
export function whatsAppReplyBody(from: string, text: string, id = `wamid.in-${randomUUID()}`): string {
  return whatsAppWebhookBody({ messaging_product: 'whatsapp', messages: [{ from, id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: text } }] });
}

/** What a parent's message may carry (issue 60): words, a template's quick-reply button, a session list's choice, the message answered. */
export type InboundParts = {
  text?: string;
  button?: { text: string; payload: string };
  listReply?: { id: string; title: string };
  context?: string;
  /** Unix seconds; now unless given. */
  timestamp?: number;
  phoneNumberId?: string;
};

/** Meta's webhook body for one message from `from` (91XXXXXXXXXX), as documented for the Cloud API. */
export function whatsAppInboundBody(from: string, id: string, parts: InboundParts): string {
  const message: Record<string, unknown> = { from, id, timestamp: String(parts.timestamp ?? Math.floor(Date.now() / 1000)) };
  if (parts.text !== undefined) Object.assign(message, { type: 'text', text: { body: parts.text } });
  if (parts.button) Object.assign(message, { type: 'button', button: parts.button });
  if (parts.listReply) Object.assign(message, { type: 'interactive', interactive: { type: 'list_reply', list_reply: parts.listReply } });
  if (parts.context) message.context = { from: '919800000000', id: parts.context };
  return whatsAppWebhookBody({
    messaging_product: 'whatsapp',
    metadata: { display_phone_number: '919800000000', phone_number_id: parts.phoneNumberId ?? 'PNID' },
    contacts: [{ profile: { name: 'Parent' }, wa_id: from }],
    messages: [message],
  });
}
